/**
 * Raw HTML in the text passes through as CommonMark says, block and inline
 * (`<figure>`, `<details>`, `<kbd>`, an `<iframe>` embed, an inline `<svg>`).
 * What the page needs from it: every `<img>` of the site's own gets its width
 * and height (unless the author wrote them), as a Markdown image does; its
 * links and images are checked like Markdown's; its ids (`<a id="x">`,
 * `<a name="x">`) are link targets.
 */
import { Parser } from "htmlparser2";
import type MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import { elementsOf, htmlTags, type PageElement } from "../html-tags.ts";
import type { RenderEnv } from "./render.ts";
import type { MarkdownWarning } from "./warnings.ts";

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

/**
 * Elements whose content runs to their end tag and is not shown as the
 * page's elements: a template's is inert, the others' is text (WHATWG HTML
 * §13.2.5: RCDATA, RAWTEXT and script data). One left open takes in the rest
 * of the page. `<plaintext>` is left out: nothing can end it.
 */
const SWALLOWING = new Set(["template", "textarea", "script", "style", "title", "xmp", "iframe", "noembed", "noframes"]);
const MAY_SWALLOW = new RegExp(`<(?:!--|${[...SWALLOWING].join("|")})`, "i");

/** Raw HTML left open at the end of the body: what it is, the body line it opens on (1-based), and what closes it. */
export interface Unclosed {
  what: string;
  line: number;
  closing: string;
}

/**
 * What the body's raw HTML leaves open at its end that would take in the
 * rest of the page: a comment, or an element of SWALLOWING, innermost first.
 * The pieces are read in order by htmlparser2's tokenizer, as a browser
 * reads them; the Markdown between them adds no tag that could close one
 * (its text is escaped), so they alone decide what is left open.
 */
export function unclosedRawHtml(pieces: RawHtml[]): Unclosed[] {
  // Most bodies have no such opening at all, and need no tokenizer.
  if (!pieces.some((piece) => MAY_SWALLOW.test(piece.html))) return [];
  const unclosed: Unclosed[] = [];
  const opened: { name: string; line: number }[] = [];
  let piece = { start: 0, line: 0, html: "" };
  let ending = false;
  const lineAt = (offset: number) => piece.line + 1 + newlines(piece.html, offset - piece.start);
  const parser: Parser = new Parser(
    {
      onopentagname(name) {
        if (SWALLOWING.has(name)) opened.push({ name, line: lineAt(parser.startIndex) });
      },
      onclosetag(name, implied) {
        if (!SWALLOWING.has(name)) return;
        let open = opened.length - 1;
        while (open >= 0 && opened[open].name !== name) open--;
        if (open === -1) return;
        const [element] = opened.splice(open, 1);
        if (ending && implied) unclosed.push({ what: `<${name}>`, line: element.line, closing: `</${name}>` });
      },
      oncomment() {
        // A comment the tokenizer gives only as the input ends is one with no `-->`.
        if (ending) unclosed.push({ what: "a comment (`<!--`)", line: lineAt(parser.startIndex), closing: "-->" });
      },
    },
    { decodeEntities: false },
  );
  for (const { html, line } of pieces) {
    piece = { start: piece.start + piece.html.length, line, html };
    parser.write(html);
  }
  ending = true;
  parser.end();
  return unclosed;
}

function newlines(text: string, upTo: number): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < upTo; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/** The warning for raw HTML left open, at the line it opens on. */
export function unclosedWarning({ what, line, closing }: Unclosed): MarkdownWarning {
  return {
    kind: "unclosed-html",
    line,
    message: `${what} is never closed: it would take in the rest of the page; closed at the end of the post`,
    hint: `close it where it ends, with \`${closing}\`: closed after the post's last line, it takes in all that follows it in the post`,
  };
}

/** What closes everything `unclosed` names, innermost first: what the page and its Markdown end the body with. */
export function closingOf(unclosed: Unclosed[]): string {
  return unclosed.map((each) => each.closing).join("");
}
