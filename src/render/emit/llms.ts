/**
 * /llms.txt (the llms.txt format: H1, blockquote summary, prose with no
 * heading, H2 sections that are lists of links, `## Optional` last) and /llms-full.txt (the site as one Markdown
 * document). Both fit their budgets (src/plan/budgets.ts) at any size of the
 * blog, by leaving out the oldest posts whole and saying so in the file, with
 * where every post is: the blog index and the sitemap.
 */
import type { Manifest, PageRoute, SurfaceRole } from "../../manifest/manifest.ts";
import { budgetsOf } from "../../plan/budgets.ts";
import { markdownInline } from "../../text/markdown-inline.ts";
import type { Written } from "../../write/output.ts";
import { byRoute, type KeptParts } from "../kept-parts.ts";
import { mcpLinks } from "./mcp-surface.ts";

/**
 * A site with translations lists each of its languages: how many of its
 * pages and posts are in it, and its home there. A site whose texts are each
 * in one language has no such section. Each line is a link, as every line
 * of an H2 section of llms.txt must be (llmstxt.org): to the language's
 * home, or its first page or post where it has no home, or the sitemap
 * where it has none yet.
 */
function languagesSection(manifest: Manifest): string[] {
  if (!manifest.routes.some((route) => route.alternates)) return [];
  const lines = manifest.site.languages.map((lang) => {
    const count = manifest.routes.filter((route) => route.lang === lang).length;
    const home =
      manifest.pages.find(
        (page) => page.lang === lang && (page.path === "/" || page.path === `/${lang.toLowerCase()}/`),
      ) ?? manifest.routes.find((route) => route.lang === lang);
    const { sitemap } = manifest.surface;
    const [label, url] = home
      ? [markdownInline(home.title), home.markdownUrl]
      : [sitemap.path.slice(1), sitemap.url];
    return `- [${label}](${url}): ${lang}, ${count} page(s) and post(s)`;
  });
  return ["## Languages", "", ...lines, ""];
}

export function llmsTxt(manifest: Manifest, parts?: KeptParts): string {
  const { site, surface } = manifest;
  const listed = (role: SurfaceRole) =>
    `- [${surface[role].path.slice(1)}](${surface[role].url}): ${surface[role].summary}`;
  const head = [
    `# ${markdownInline(site.name)}`,
    "",
    `> ${markdownInline(site.summary)}`,
    "",
    `Every page is served as HTML or Markdown from the same URL by the \`Accept\` header (\`text/markdown\` selects Markdown), and as Markdown at the \`.md\` links below. Errors are JSON problem documents (RFC 9457); see ${manifest.errors.documentation}.`,
    "",
    // The when-to-use guidance is free text before the first H2, named in bold: llmstxt.org's H2 sections
    // are lists of links only, and its reference parser (parse_llms_file) raises on any other line in one.
    "**When to use**",
    "",
    ...site.when_to_use.map((item) => `- ${markdownInline(item)}`),
    "",
    "Do not route here:",
    "",
    ...site.when_not_to_use.map((item) => `- ${markdownInline(item)}`),
    "",
    "## Pages",
    "",
    ...manifest.pages.map(
      (page) => `- [${markdownInline(page.title)}](${page.markdownUrl}): ${markdownInline(page.description)}`,
    ),
    "",
    ...languagesSection(manifest),
    // A site with no post yet has no Blog section: an H2 lists links, and an empty one says nothing.
    ...(manifest.posts.length > 0 ? ["## Blog", ""] : []),
  ];
  // The files a site publishes where site.yaml asks (the feed, /sitemap.md, the API catalog), after the surface's own.
  const optional = [manifest.feed, manifest.sitemapMarkdown, manifest.apiCatalog].flatMap((file) =>
    file ? [`- [${file.path.slice(1)}](${file.url}): ${file.summary}`] : [],
  );
  const tail = [
    "",
    "## Machine-readable",
    "",
    ...(["agentInstructions", "blogIndex", "openapi", "sitemap"] as const).map(listed),
    ...optional,
    ...mcpLinks(manifest),
    "",
    "## Optional",
    "",
    listed("llmsFullTxt"),
    "",
  ];
  const { posts } = manifest;
  const listings = listingSection(manifest);
  const fixed = bytesOf(head) + bytesOf(tail) + listings.fixed;
  const budget = budgetsOf(site).llms_txt_bytes;
  // The listings after the posts need room for their note at least, or for all of them where that is less.
  const kept = newestThatFit(
    posts.length,
    (at) => postLine(posts[at], parts).bytes,
    budget - fixed,
    lineBytes(postsLeftOut(manifest, posts.length, posts.length)) + lineBytes("") + listings.least,
    listings.least,
  );
  const lines = posts.slice(0, kept).map((post) => postLine(post, parts));
  const note = kept < posts.length ? [postsLeftOut(manifest, kept, posts.length), ""] : [];
  const used = fixed + bytesOf(note) + lines.reduce((sum, { bytes }) => sum + bytes, 0);
  // One blank line between blocks where a section left out leaves two (no line of the file spans lines).
  return [...head, ...note, ...lines.map(({ line }) => line), ...listings.lines(budget - used), ...tail]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
}

/**
 * The pages that list posts (src/manifest/listings.ts), after the posts: the
 * tag index always, then the blog's numbered pages and each tag's pages
 * while they fit what the posts left; a line says how many were left out and
 * where every one is (the tag index links each tag's page, the sitemap every
 * page).
 */
function listingSection(manifest: Manifest): { fixed: number; least: number; lines(room: number): string[] } {
  const routes = manifest.listings;
  if (routes.length === 0) return { fixed: 0, least: 0, lines: () => [] };
  const line = (route: PageRoute) =>
    `- [${markdownInline(route.title)}](${route.markdownUrl}): ${markdownInline(route.description)}`;
  const [first, ...rest] = routes;
  const always = first.template === "tags" ? [line(first)] : [];
  const others = always.length > 0 ? rest : routes;
  const sitemap = `[${manifest.surface.sitemap.path.slice(1)}](${manifest.surface.sitemap.url})`;
  // A link item, as every line of an H2 section is: to the sitemap, where every page is.
  const leftOut = (count: number) =>
    `- ${sitemap}: ${count} more of these pages are not listed here: ${manifest.tags.length > 0 ? "the tag index links every tag's page, and " : ""}${sitemap} lists every page.`;
  const head = ["", "## Listings", ""];
  const sizes = others.map((route) => lineBytes(line(route)));
  return {
    fixed: bytesOf(head) + bytesOf(always),
    // The room the others take at least: all of them, or the note saying how many are left out.
    least: Math.min(
      sizes.reduce((sum, size) => sum + size, 0),
      lineBytes(leftOut(others.length)),
    ),
    lines(room) {
      const kept = newestThatFit(sizes.length, (at) => sizes[at], room, lineBytes(leftOut(others.length)));
      const note = kept < others.length ? [leftOut(others.length - kept)] : [];
      return [...head, ...always, ...others.slice(0, kept).map(line), ...note];
    },
  };
}

/** A post's line in llms.txt, and its size with its newline. */
const postLine = byRoute((post) => {
  const line = `- [${markdownInline(post.title)}](${post.markdownUrl}): ${markdownInline(post.description)}`;
  return { line, bytes: lineBytes(line) };
});

/** Says which posts llms.txt lists and where the rest are: a link item to the blog index, as every line of an H2 section is. */
function postsLeftOut(manifest: Manifest, kept: number, total: number): string {
  const { blogIndex, sitemap } = manifest.surface;
  return `- [${blogIndex.path.slice(1)}](${blogIndex.url}): The newest ${kept} of ${total} posts, newest first. The ${total - kept} older ones are not listed here: every post is in [${blogIndex.path.slice(1)}](${blogIndex.url}) and [${sitemap.path.slice(1)}](${sitemap.url}), and each post's Markdown is at /blog/<slug>.md.`;
}

/**
 * llms-full.txt in pieces, so a large site is streamed to disk, not held whole:
 * the head, then each page's entry in route order. An entry is the page's
 * Markdown representation as written to its `.md` sibling (`written.read`),
 * so the two are the same bytes by construction. The fixed pages are always
 * in; the posts follow newest first while they fit, each whole, and the head
 * says which were left out and where they are.
 */
export function* llmsFullTxt(
  manifest: Manifest,
  written: { facts: Map<string, Written>; read(file: string): Uint8Array },
): Generator<string | Uint8Array> {
  const entryBytes = (route: PageRoute) =>
    ENTRY_SEPARATOR.length + written.facts.get(route.markdownFile)!.bytes;
  const pages = manifest.pages.reduce((sum, page) => sum + entryBytes(page), 0);
  const widest = Buffer.byteLength(
    fullHead(manifest, { kept: manifest.posts.length, from: "0000-00-00", to: "0000-00-00" }),
  );
  const kept = newestThatFit(
    manifest.posts.length,
    (at) => entryBytes(manifest.posts[at]),
    budgetsOf(manifest.site).llms_full_txt_bytes - pages,
    widest,
    Buffer.byteLength(fullHead(manifest)),
  );
  const left = manifest.posts.slice(kept);
  yield fullHead(
    manifest,
    left.length > 0 ? { kept, from: left.at(-1)!.date!, to: left[0].date! } : undefined,
  );
  for (const route of [...manifest.pages, ...manifest.posts.slice(0, kept)]) {
    yield ENTRY_SEPARATOR;
    yield written.read(route.markdownFile);
  }
}

/** The head of llms-full.txt: what it holds and, when posts were left out, which and where they are. */
function fullHead(manifest: Manifest, omission?: { kept: number; from: string; to: string }): string {
  const { baseUrl, surface, site, posts } = manifest;
  const holds = omission
    ? `This document holds every public page of ${baseUrl} and the newest ${omission.kept} of its ${posts.length} posts, each as served at its \`.md\` URL, separated by horizontal rules. The oldest ${posts.length - omission.kept} posts, published ${omission.from} to ${omission.to}, are left out to keep it within ${budgetsOf(site).llms_full_txt_bytes} bytes: every post is listed in ${surface.blogIndex.url} and ${surface.sitemap.url}, and each is at its own \`.md\` URL.`
    : `This document holds every public page and post of ${baseUrl}, each as served at its \`.md\` URL, separated by horizontal rules.`;
  return `# ${markdownInline(site.name)}: full text\n\n> ${markdownInline(site.summary)}\n\n${holds} The index is ${surface.llmsTxt.url}.\n`;
}

const ENTRY_SEPARATOR = "\n---\n\n";

/**
 * How many of the `count` newest entries, the one at `at` weighing
 * `sizeOf(at)` bytes, fit `room` bytes: all of them when they fit with `whole`
 * bytes of overhead; otherwise the longest run from the newest that fits with
 * `partial` bytes (the note saying what was left out). Entries are weighed
 * only as far as the answer needs: once their sum is past the room with the
 * smaller overhead, neither answer reads further, so a blog of 10,000 posts
 * has the lines of the few hundred that fit made, not all of them.
 */
function newestThatFit(
  count: number,
  sizeOf: (at: number) => number,
  room: number,
  partial: number,
  whole = 0,
): number {
  const sizes: number[] = [];
  let all = 0;
  while (sizes.length < count && all + Math.min(partial, whole) <= room) {
    const size = sizeOf(sizes.length);
    sizes.push(size);
    all += size;
  }
  if (sizes.length === count && all + whole <= room) return count;
  let used = partial;
  let kept = 0;
  while (kept < sizes.length && used + sizes[kept] <= room) used += sizes[kept++];
  return kept;
}

function lineBytes(line: string): number {
  return Buffer.byteLength(line) + 1;
}

function bytesOf(lines: string[]): number {
  return lines.reduce((sum, line) => sum + lineBytes(line), 0);
}
