/**
 * Raw HTML in the text passes through as CommonMark says, block and inline
 * (`<figure>`, `<details>`, `<kbd>`, an `<iframe>` embed, an inline `<svg>`).
 * What the page needs from it: every `<img>` of the site's own gets its width
 * and height (unless the author wrote them), as a Markdown image does; its
 * links and images are checked like Markdown's; its ids (`<a id="x">`,
 * `<a name="x">`) are link targets.
 */
import type MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import { elementsOf, htmlTags, type PageElement } from "../html-tags.ts";
import type { RenderEnv } from "./render.ts";

export function rawHtmlPlugin(md: MarkdownIt): void {
  md.set({ html: true });
  md.renderer.rules.html_block = (tokens, index, _options, env: RenderEnv) => withImageSizes(tokens[index].content, env);
  md.renderer.rules.html_inline = (tokens, index, _options, env: RenderEnv) => withImageSizes(tokens[index].content, env);
}

/** `html` with `width` and `height` on each `<img>` of the site's own that has neither. */
function withImageSizes(html: string, env: RenderEnv): string {
  if (!env.imageSize || !/<img/i.test(html)) return html;
  let sized = "";
  let from = 0;
  for (const tag of htmlTags(html)) {
    const src = tag.attributes.get("src");
    if (tag.name !== "img" || src === undefined || tag.attributes.has("width") || tag.attributes.has("height")) continue;
    const size = env.imageSize(src);
    if (!size) continue;
    const end = tag.end - (/\s*\/?>$/.exec(html.slice(tag.start, tag.end))?.[0].length ?? 1);
    sized += `${html.slice(from, end)} width="${size.width}" height="${size.height}"`;
    from = end;
  }
  return sized + html.slice(from);
}

/** A raw HTML piece of the body and the line its block starts on (0-based). */
export interface RawHtml {
  html: string;
  line: number;
}

/**
 * Every piece of raw HTML in the body, block and inline, with its line. A
 * token markdown-it gives no lines (a table cell's text) is on the line of
 * the last one it did (the cell's row), not the body's first.
 */
export function rawHtmlOf(tokens: Token[]): RawHtml[] {
  const pieces: RawHtml[] = [];
  let line = 0;
  for (const token of tokens) {
    if (token.map) line = token.map[0];
    if (token.type === "html_block") pieces.push({ html: token.content, line });
    else if (token.type === "inline") for (const child of token.children ?? []) if (child.type === "html_inline") pieces.push({ html: child.content, line });
  }
  return pieces;
}

/** The elements of the body's raw HTML, each at its line of the body (1-based). */
export function rawHtmlElements(pieces: RawHtml[]): PageElement[] {
  return pieces.flatMap((piece) => elementsOf(piece.html, piece.line + 1));
}

/** The links (`<a href>`) and images (`<img src>`) of raw HTML, as the link check takes them, and its ids. */
export function rawHtmlTargets(elements: PageElement[]): { links: { href: string; line: number; image?: true }[]; ids: string[] } {
  const links: { href: string; line: number; image?: true }[] = [];
  const ids: string[] = [];
  for (const { tag, attributes, line } of elements) {
    const id = attributes.get("id") ?? (tag === "a" ? attributes.get("name") : undefined);
    if (id) ids.push(id);
    const href = tag === "a" ? attributes.get("href") : undefined;
    const src = tag === "img" ? attributes.get("src") : undefined;
    if (href) links.push({ href, line });
    if (src) links.push({ href: src, line, image: true });
  }
  return { links, ids };
}
