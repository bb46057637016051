/**
 * The head of the Markdown recovery map that a 404 answers to `Accept:
 * text/markdown` (spec §7.1): templates/404.md with the agent index, the
 * fixed pages and the agent files. The core adds the posts closest to the
 * path asked for (src/negotiation/recovery-map.ts), so the map stays small
 * whatever the size of the blog.
 */
import { SitegenError } from "../../errors.ts";
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";
import type { SitemapPart } from "../../manifest/sitemap-parts.ts";
import { markdownInline } from "../../text/markdown-inline.ts";
import { budgetsOf } from "../../plan/budgets.ts";
import { recoveryMap, ECHOED_PATH_MAX } from "../../negotiation/recovery-map.ts";
import type { TemplateSet } from "../page/template.ts";
import { notFoundPages } from "./page-html.ts";

export function notFoundMarkdown(manifest: Manifest, templates: TemplateSet): string {
  return notFoundHead(manifest, templates, notFoundListed(manifest, templates).listed);
}

/**
 * How many of the pages a 404 names (`notFoundPages`) the Markdown 404 lists: all of them while the
 * map at its largest (src/plan/budgets.ts) is within
 * `budgets.not_found_markdown_bytes`, else the most that keep it within, the
 * shallowest first (`/docs/` before `/docs/guide/setup/`), and a line saying
 * how many more there are and where every one is. A site's 404 is small
 * until it has about a hundred pages.
 */
export function notFoundListed(manifest: Manifest, templates: TemplateSet): { listed: number; of: number } {
  const budgets = budgetsOf(manifest.site);
  const of = notFoundPages(manifest).length;
  const fits = (count: number) =>
    notFoundMarkdownBound(
      manifest,
      Buffer.byteLength(notFoundHead(manifest, templates, count)),
      budgets.not_found_closest_posts,
    ) <= budgets.not_found_markdown_bytes;
  if (fits(of)) return { listed: of, of };
  // More pages never make the map smaller: the most that fit is found by halving.
  let [low, high] = [0, of - 1];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return { listed: low, of };
}

/**
 * What the Markdown 404's budget found (`budget`): pages it could not list,
 * or, when even the map without pages is over, its size at its largest.
 * `headBytes` is the size of the head the build wrote.
 */
export function notFoundBudgetProblems(
  manifest: Manifest,
  templates: TemplateSet,
  headBytes: number,
): SitegenError[] {
  const budgets = budgetsOf(manifest.site);
  const file = manifest.notFound.markdown;
  const bound = notFoundMarkdownBound(manifest, headBytes, budgets.not_found_closest_posts);
  if (bound > budgets.not_found_markdown_bytes) {
    return [
      new SitegenError(
        "E_CHECK",
        `the Markdown 404 can reach ${bound} bytes; its budget is ${budgets.not_found_markdown_bytes} (budgets.not_found_markdown_bytes in site.yaml)`,
        {
          kind: "budget",
          location: { file },
          hint: "shorten templates/404.md or lower not_found_closest_posts",
        },
      ),
    ];
  }
  const { listed, of } = notFoundListed(manifest, templates);
  if (listed === of) return [];
  return [
    new SitegenError(
      "E_CHECK",
      `the Markdown 404 lists ${listed} of the site's ${of} pages: all of them would pass its budget of ${budgets.not_found_markdown_bytes} bytes (budgets.not_found_markdown_bytes in site.yaml); a line says how many more there are and where`,
      {
        kind: "budget",
        location: { file },
        hint: "every page is in /llms.txt and /sitemap.xml, which the 404 names; raise not_found_markdown_bytes (at most 16000) to list more",
      },
    ),
  ];
}

/** The head of the map listing the first `count` pages by depth, and how many more there are. */
function notFoundHead(manifest: Manifest, templates: TemplateSet, count: number): string {
  // The map is Markdown: a title or the site's name is escaped for it, as HTML templates escape for HTML.
  const entry = (route: PageRoute) => ({
    title: markdownInline(route.title),
    url: route.url,
    markdownUrl: route.markdownUrl,
  });
  const pages = notFoundPages(manifest);
  const byDepth = pages
    .map((route, index) => ({ route, index, depth: route.path.split("/").length }))
    .sort((a, b) => a.depth - b.depth || a.index - b.index);
  const listed = byDepth
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map(({ route }) => entry(route));
  const more = pages.length - listed.length;
  return templates.render("404.md", {
    site: { ...manifest.site, name: markdownInline(manifest.site.name) },
    llmsTxt: manifest.surface.llmsTxt,
    blogIndex: manifest.surface.blogIndex,
    sitemap: manifest.surface.sitemap,
    posts: manifest.posts.length,
    pages: listed,
    morePages: more > 0 ? { count: more, of: pages.length } : false,
    // The sitemap's parts are found through /sitemap.xml; the map names the files an agent starts from.
    files: manifest.files
      .filter((file) => !manifest.sitemapParts.includes(file as SitemapPart))
      .map((file) => ({ path: file.path, url: file.url, summary: file.summary })),
  });
}

/**
 * The most a recovery map naming `closestCount` posts can weigh, given its
 * head's size: the head, and the larger of what the core may add
 * (src/negotiation/recovery-map.ts): the page with the longest URLs as a
 * near miss, or the longest-titled posts as the closest ones to the longest
 * path it repeats.
 */
export function notFoundMarkdownBound(manifest: Manifest, headBytes: number, closestCount: number): number {
  // Asked for by the 404's render and again by its budget's check: the manifest's posts are weighed once.
  let byCount = ADDED.get(manifest);
  if (!byCount) ADDED.set(manifest, (byCount = new Map()));
  let added = byCount.get(closestCount);
  if (added === undefined) byCount.set(closestCount, (added = addedAtMost(manifest, closestCount)));
  return headBytes + added;
}

/** What the core may add to a manifest's recovery map, by the count of closest posts it names. */
const ADDED = new WeakMap<Manifest, Map<number, number>>();

function addedAtMost(manifest: Manifest, closestCount: number): number {
  const page = heaviest(
    [...manifest.pages, ...manifest.listings],
    1,
    (route) => route.url.length + route.markdownUrl.length,
  )[0];
  const closest = heaviest(
    manifest.posts,
    closestCount,
    (post) => Buffer.byteLength(markdownInline(post.title)) + post.url.length + post.markdownUrl.length,
  ).map((post) => ({
    slug: post.slug!,
    title: post.title,
    url: post.url,
    markdownUrl: post.markdownUrl,
    distance: 0,
  }));
  const path = "/".repeat(ECHOED_PATH_MAX + 1);
  return Math.max(
    ...[{ canonical: page, closest: [] }, { closest }].map((found) =>
      Buffer.byteLength(recoveryMap("", path, found)),
    ),
  );
}

/** The `count` heaviest items, heaviest first (earlier first among equals): one pass, each weighed once. */
function heaviest<T>(items: T[], count: number, weight: (item: T) => number): T[] {
  const top: { item: T; weight: number }[] = [];
  for (const item of items) {
    const entry = { item, weight: weight(item) };
    let at = top.length;
    while (at > 0 && top[at - 1].weight < entry.weight) at--;
    if (at < count) {
      top.splice(at, 0, entry);
      if (top.length > count) top.pop();
    }
  }
  return top.map((entry) => entry.item);
}
