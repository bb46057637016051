/**
 * The head of the Markdown recovery map that a 404 answers to `Accept:
 * text/markdown` (spec §7.1): templates/404.md with the agent index, the
 * fixed pages and the agent files. The core adds the posts closest to the
 * path asked for (src/negotiation/recovery-map.ts), so the map stays small
 * whatever the size of the blog.
 */
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";
import type { SitemapPart } from "../../manifest/sitemap-parts.ts";
import { markdownInline } from "../../text/markdown-inline.ts";
import { recoveryMap, ECHOED_PATH_MAX } from "../../negotiation/recovery-map.ts";
import type { TemplateSet } from "../template.ts";
import { notFoundPages } from "./page-html.ts";

export function notFoundMarkdown(manifest: Manifest, templates: TemplateSet): string {
  // The map is Markdown: a title or the site's name is escaped for it, as HTML templates escape for HTML.
  const entry = (route: PageRoute) => ({ title: markdownInline(route.title), url: route.url, markdownUrl: route.markdownUrl });
  return templates.render("404.md", {
    site: { ...manifest.site, name: markdownInline(manifest.site.name) },
    llmsTxt: manifest.surface.llmsTxt,
    blogIndex: manifest.surface.blogIndex,
    sitemap: manifest.surface.sitemap,
    posts: manifest.posts.length,
    pages: notFoundPages(manifest).map(entry),
    // The sitemap's parts are found through /sitemap.xml; the map names the files an agent starts from.
    files: manifest.files.filter((file) => !manifest.sitemapParts.includes(file as SitemapPart)).map((file) => ({ path: file.path, url: file.url, summary: file.summary })),
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
  const page = heaviest([...manifest.pages, ...manifest.listings], 1, (route) => route.url.length + route.markdownUrl.length)[0];
  const closest = heaviest(manifest.posts, closestCount, (post) => Buffer.byteLength(markdownInline(post.title)) + post.url.length + post.markdownUrl.length)
    .map((post) => ({ slug: post.slug!, title: post.title, url: post.url, markdownUrl: post.markdownUrl, distance: 0 }));
  const path = "/".repeat(ECHOED_PATH_MAX + 1);
  const added = Math.max(...[{ canonical: page, closest: [] }, { closest }].map((found) => Buffer.byteLength(recoveryMap("", path, found))));
  return headBytes + added;
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
