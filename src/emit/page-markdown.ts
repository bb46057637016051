/**
 * The Markdown representation of a page: what `Accept: text/markdown` and the
 * `.md` sibling return (spec §4.1.6), and what llms-full.txt concatenates.
 */
import { absoluteUrl, type Manifest, type PageRoute } from "../manifest.ts";

export function pageMarkdown(manifest: Manifest, route: PageRoute): string {
  const lines = [`# ${route.title}`, "", `> ${route.description}`, "", ...metadata(manifest, route), ""];
  const body = publicMarkdown(route.body, manifest.baseUrl).trim();
  if (body) lines.push(body, "");
  const list = route.template === "blog" ? manifest.posts : route.template === "home" ? manifest.posts.slice(0, 3) : [];
  if (list.length > 0) {
    lines.push(route.template === "blog" ? "## Posts" : "## Recent writing", "");
    for (const post of list) {
      lines.push(`- [${post.title}](${absoluteUrl(manifest, post.path)}) (${post.date}, ${post.lang}): ${post.description}`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

function metadata(manifest: Manifest, route: PageRoute): string[] {
  const lines = [`- URL: ${absoluteUrl(manifest, route.path)}`, `- Markdown: ${absoluteUrl(manifest, route.markdownPath)}`];
  if (route.kind === "post") {
    lines.push(`- Published: ${route.date}`);
    if (route.updated) lines.push(`- Updated: ${route.updated}`);
  } else {
    lines.push(`- Last updated: ${route.lastmod}`);
  }
  lines.push(`- Language: ${route.lang}`);
  if (route.tags.length > 0) lines.push(`- Tags: ${route.tags.join(", ")}`);
  return lines;
}

/**
 * Markdown as published: `{#id}` heading markers removed and root-relative
 * links made absolute, so a document read out of context (an agent's context
 * window, llms-full.txt) still links correctly. Fenced code is left untouched.
 */
export function publicMarkdown(body: string, baseUrl: string): string {
  // The whole text at once, between fence lines, does what the line walk does,
  // unless a line holds a terminator other than \n that a regex would also
  // take for the end of a line.
  if (/[\r\u2028\u2029]/.test(body)) return publicMarkdownByLine(body, baseUrl);
  let published = "";
  let inFence = false;
  let at = 0;
  for (const fence of body.matchAll(FENCE_LINE)) {
    const text = body.slice(at, fence.index);
    published += (inFence ? text : publishedText(text, baseUrl)) + fence[0];
    inFence = !inFence;
    at = fence.index + fence[0].length;
  }
  const rest = body.slice(at);
  return published + (inFence ? rest : publishedText(rest, baseUrl));
}

const FENCE_LINE = /^[^\S\n]{0,3}(?:```|~~~)[^\n]*/gm;
const HEADING_ID = /^(?=[^\S\n]{0,3}#{1,6}[^\S\n])([^\n]*?)[^\S\n]*\{#[A-Za-z][\w-]*\}[^\S\n]*$/gm;
const ROOT_LINK = /\]\(\/(?!\/)/g;

function publishedText(text: string, baseUrl: string): string {
  const withoutIds = text.includes("{#") ? text.replace(HEADING_ID, "$1") : text;
  return withoutIds.replace(ROOT_LINK, `](${baseUrl}/`);
}

/** `publicMarkdown` one line at a time: the definition the whole-text version is tested against. */
export function publicMarkdownByLine(body: string, baseUrl: string): string {
  let inFence = false;
  return body
    .split("\n")
    .map((line) => {
      if (/^\s{0,3}(```|~~~)/.test(line)) {
        inFence = !inFence;
        return line;
      }
      if (inFence) return line;
      const withoutId = /^\s{0,3}#{1,6}\s/.test(line) ? line.replace(/\s*\{#[A-Za-z][\w-]*\}\s*$/, "") : line;
      return withoutId.replace(/\]\(\/(?!\/)/g, `](${baseUrl}/`);
    })
    .join("\n");
}

/** An estimate of the tokens a model spends reading `text`: UTF-8 bytes / 4, rounded up. */
export function estimateTokens(byteLength: number): number {
  return Math.ceil(byteLength / 4);
}
