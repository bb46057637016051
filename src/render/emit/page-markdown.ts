/**
 * The Markdown representation of a page: what `Accept: text/markdown` and the
 * `.md` sibling return (spec §4.1.6), and what llms-full.txt concatenates.
 */
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";
import type { TagEntry } from "../../manifest/routes.ts";
import type { RenderedMarkdown } from "../markdown/index.ts";
import { markdownInline } from "../../text/markdown-inline.ts";
import { markdownUrl } from "../../text/markdown-url.ts";
import { yearSpan, type BlogListing } from "./blog-listing.ts";

/**
 * `body` is the page's Markdown body; `code`, where its code blocks are
 * (`renderMarkdown`); `listing`, on the blog page, the posts it lists;
 * `forms`, the lines that describe its forms.
 */
export function pageMarkdown(
  manifest: Manifest,
  route: PageRoute,
  body: string,
  code: RenderedMarkdown["code"],
  listing?: BlogListing,
  forms: string[] = [],
): string {
  const lines = [
    `# ${markdownInline(route.title)}`,
    "",
    `> ${markdownInline(route.description)}`,
    "",
    ...metadata(manifest, route),
    "",
  ];
  const published = publicMarkdown(body, manifest.baseUrl, code, route.path).trim();
  if (published) lines.push(published, "");
  // What the page's HTML adds that an agent can act on: its forms (src/render/page/forms.ts), when the site describes them.
  lines.push(...forms);
  if (route.listing?.tags) lines.push(...tagIndexMarkdown(route.listing.tags));
  if (listing) lines.push(...listingMarkdown(manifest, listing));
  else if (route.template === "home" && manifest.listed.length > 0) {
    lines.push("## Recent writing", "", ...manifest.listed.slice(0, 3).map(fullEntry), "");
  }
  return lines.join("\n");
}

/**
 * The page's facts, and where the agent index is: an agent that lands on any
 * page learns of /llms.txt before the body, in the page and in llms-full.txt.
 */
function metadata(manifest: Manifest, route: PageRoute): string[] {
  const lines = [`- URL: ${route.url}`, `- Markdown: ${route.markdownUrl}`];
  if (route.kind === "post") {
    // A draft is only in a build that shows drafts (a preview), and says so.
    if (route.draft) lines.push("- Status: draft, not published");
    lines.push(`- Published: ${route.date}`);
    if (route.updated) lines.push(`- Updated: ${route.updated}`);
    if (route.author) lines.push(`- Author: ${markdownInline(route.author)}`);
    if (route.image) lines.push(`- Image: ${markdownUrl(route.image)}`);
    // Its text for a reader who cannot see it, as its page's `<img alt>` gives it.
    if (route.image && route.imageAlt) lines.push(`- Image text: ${markdownInline(route.imageAlt)}`);
  } else {
    lines.push(`- Last updated: ${route.lastmod}`);
  }
  lines.push(...pageOfLines(route));
  lines.push(`- Language: ${route.lang}`);
  if (route.tags.length > 0)
    lines.push(
      `- Tags: ${route.tagLinks ? route.tagLinks.map((tag) => `[${markdownInline(tag.name)}](${tag.url})`).join(", ") : route.tags.map(markdownInline).join(", ")}`,
    );
  lines.push(`- Agent index: ${manifest.surface.llmsTxt.url}`);
  return lines;
}

/** A numbered listing page's place: which page it is, and the pages before and after it. */
function pageOfLines(route: PageRoute): string[] {
  const pagination = route.listing?.pagination;
  if (!pagination || pagination.count < 2) return [];
  const { number, count, pages } = pagination;
  return [
    `- Page: ${number} of ${count}`,
    ...(number > 1 ? [`- Previous page: ${pages[number - 2].url}`] : []),
    ...(number < count ? [`- Next page: ${pages[number].url}`] : []),
  ];
}

/** The tag index's list: each tag with its page and its number of posts. */
function tagIndexMarkdown(tags: TagEntry[]): string[] {
  if (tags.length === 0) return [];
  return [
    "## Tags",
    "",
    ...tags.map(
      (tag) =>
        `- [${markdownInline(tag.name)}](${tag.url}) (${tag.count === 1 ? "1 post" : `${tag.count} posts`}; Markdown: ${tag.markdownUrl})`,
    ),
    "",
  ];
}

/** The blog page's list: the newest posts with descriptions, then by year, then what was left off and where it is. */
function listingMarkdown(manifest: Manifest, listing: BlogListing): string[] {
  if (listing.total === 0) return [];
  const lines = ["## Posts", ""];
  if (listing.omitted) {
    const { blogIndex, sitemap } = manifest.surface;
    const { count, fromYear, toYear } = listing.omitted;
    lines.push(
      `The newest ${listing.listed} of ${listing.total} posts. The ${count} older ones (${yearSpan(fromYear, toYear)}) are not listed on this page; every post is in [${blogIndex.path.slice(1)}](${blogIndex.url}) and [${sitemap.path.slice(1)}](${sitemap.url}).`,
      "",
    );
  }
  if (listing.full.length > 0) lines.push(...listing.full.map(fullEntry), "");
  for (const { year, posts } of listing.years) {
    lines.push(
      `### ${year}`,
      "",
      ...posts.map((post) => `- [${markdownInline(post.title)}](${post.url}) (${post.date})`),
      "",
    );
  }
  return lines;
}

function fullEntry(post: PageRoute): string {
  return `- [${markdownInline(post.title)}](${post.url}) (${post.date}, ${post.lang}): ${markdownInline(post.description)}`;
}

/**
 * Markdown as published: the author's text as written, but for its links:
 * root-relative links are made absolute, so a document read out of context
 * (an agent's context window, llms-full.txt) still links correctly; with the
 * page's path, relative links and images (a post's own files) are made
 * absolute too, read from the page's URL as the HTML's are: the `.md`
 * sibling lives elsewhere. Everything else stays as written, attribute
 * lists (`{#errors}`), HTML, footnotes and summary markers included: they
 * are what the author wrote, and an id says where a link may point. Code
 * blocks are left exactly as written: `code` is where they are, as
 * markdown-it found them (`renderMarkdown`), so a fence that shows another
 * fence inside it is one block here as in the HTML.
 */
export function publicMarkdown(
  body: string,
  baseUrl: string,
  code: RenderedMarkdown["code"],
  pagePath?: string,
): string {
  // markdown-it reads a lone CR as a line break too; its line numbers count it.
  const text = body.includes("\r") ? body.replace(/\r\n?/g, "\n") : body;
  let published = "";
  let offset = 0;
  let line = 0;
  const offsetOf = (target: number) => {
    for (; line < target && offset !== -1; line++) offset = text.indexOf("\n", offset) + 1 || -1;
    return offset === -1 ? text.length : offset;
  };
  let from = 0;
  for (const [start, end] of code) {
    const codeStart = offsetOf(start);
    const codeEnd = offsetOf(end);
    published +=
      publishedText(text.slice(from, codeStart), baseUrl, pagePath) + text.slice(codeStart, codeEnd);
    from = codeEnd;
  }
  return published + publishedText(text.slice(from), baseUrl, pagePath);
}

const ROOT_LINK = /\]\(\/(?!\/)/g;

/** Text outside code blocks, published. */
export function publishedText(text: string, baseUrl: string, pagePath?: string): string {
  return relativeMadeAbsolute(text.replace(ROOT_LINK, `](${baseUrl}/`), baseUrl, pagePath);
}

/** A Markdown link's or image's target, or an `<img>`'s src, that is relative: no scheme, no leading `/` or `#`, no template tag left as written (`{% post_url x %}` naming nothing). */
const RELATIVE_TARGET =
  /(\]\(\s*<?|<img\b[^>]*?\ssrc\s*=\s*["']?)(?![a-z][a-z0-9+.-]*:|\/|#|<|\{[{%])([^\s)"'>]+)/gi;

function relativeMadeAbsolute(text: string, baseUrl: string, pagePath: string | undefined): string {
  if (pagePath === undefined || !(text.includes("](") || /<img/i.test(text))) return text;
  return text.replace(
    RELATIVE_TARGET,
    (_match, lead: string, target: string) =>
      `${lead}${baseUrl}${new URL(target, `http://site${pagePath}`).pathname}${target.includes("#") ? target.slice(target.indexOf("#")) : ""}`,
  );
}

/** An estimate of the tokens a model spends reading `text`: UTF-8 bytes / 4, rounded up. */
export function estimateTokens(byteLength: number): number {
  return Math.ceil(byteLength / 4);
}
