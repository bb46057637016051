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
import { elementsOf, htmlTags, type PageElement } from "../checks/html-tags.ts";
import { withAttributes } from "./html-attributes.ts";
import { kramdownHtmlPlugin } from "./kramdown-html.ts";
import { childLines } from "./lines.ts";
import type { RenderEnv } from "./env.ts";
import type { MarkdownWarning } from "./warnings.ts";

export function rawHtmlPlugin(md: MarkdownIt): void {
  md.set({ html: true });
  // A span-level tag alone on its line, in kramdown's content, is the paragraph's, not an HTML block.
  md.use(kramdownHtmlPlugin);
  md.renderer.rules.html_block = (tokens, index, _options, env: RenderEnv) =>
    withImageSizes(withAttributes(tokens[index].content, tokens[index].attrs), env);
  md.renderer.rules.html_inline = (tokens, index, _options, env: RenderEnv) =>
    withImageSizes(tokens[index].content, env);
}

/** `html` with `width` and `height` on each `<img>` of the site's own that has neither. */
function withImageSizes(html: string, env: RenderEnv): string {
  if (!env.imageSize || !/<img/i.test(html)) return html;
  let sized = "";
  let from = 0;
  for (const tag of htmlTags(html)) {
    const src = tag.attributes.get("src");
    if (
      tag.name !== "img" ||
      src === undefined ||
      tag.attributes.has("width") ||
      tag.attributes.has("height")
    )
      continue;
    const size = env.imageSize(src);
    if (!size) continue;
    const end = tag.end - (/\s*\/?>$/.exec(html.slice(tag.start, tag.end))?.[0].length ?? 1);
    sized += `${html.slice(from, end)} width="${size.width}" height="${size.height}"`;
    from = end;
  }
  return sized + html.slice(from);
}

/** A raw HTML piece of the body and the line its block starts on (0-based); one within a sentence keeps its token. */
export interface RawHtml {
  html: string;
  line: number;
  inline?: Token;
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
    else if (token.type === "inline")
      for (const piece of inlinePieces(token.children ?? [], line)) pieces.push(piece);
  }
  return pieces;
}

/** A paragraph's inline raw HTML, each piece at its own line, each after words of the sentence keeping its token (`shownAsText`). */
function inlinePieces(children: Token[], line: number): RawHtml[] {
  const pieces: RawHtml[] = [];
  const lines = childLines(children, line);
  let afterWords = false;
  for (const [index, child] of children.entries()) {
    if (child.type === "html_inline")
      pieces.push({ html: child.content, line: lines[index], ...(afterWords ? { inline: child } : {}) });
    else if (child.type === "text" && child.content.trim() !== "") afterWords = true;
  }
  return pieces;
}

/** The elements of the body's raw HTML, each at its line of the body (1-based). */
export function rawHtmlElements(pieces: RawHtml[]): PageElement[] {
  return pieces.flatMap((piece) => elementsOf(piece.html, piece.line + 1));
}

/** The links (`<a href>`) and images (`<img src>`) of raw HTML, as the link check takes them, and its ids. */
export function rawHtmlTargets(elements: PageElement[]): {
  links: { href: string; line: number; image?: true }[];
  ids: string[];
} {
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
const SWALLOWING = new Set([
  "template",
  "textarea",
  "script",
  "style",
  "title",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
]);
const MAY_SWALLOW = new RegExp(`<(?:!--|${[...SWALLOWING].join("|")})`, "i");

/** Raw HTML left open at the end of the body: what it is, the body line it opens on (1-based), and what closes it. */
export interface Unclosed {
  what: string;
  line: number;
  closing: string;
  /** The inline token that opened it, where a sentence did (`you may have heard of the <script> tag`). */
  openedBy?: Token;
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
  const opened: { name: string; line: number; inline?: Token }[] = [];
  let piece: RawHtml & { start: number } = { start: 0, line: 0, html: "" };
  let ending = false;
  const lineAt = (offset: number) => piece.line + 1 + newlines(piece.html, offset - piece.start);
  const parser: Parser = new Parser(
    {
      onopentagname(name) {
        if (SWALLOWING.has(name))
          opened.push({ name, line: lineAt(parser.startIndex), inline: piece.inline });
      },
      onclosetag(name, implied) {
        if (!SWALLOWING.has(name)) return;
        let open = opened.length - 1;
        while (open >= 0 && opened[open].name !== name) open--;
        if (open === -1) return;
        const [element] = opened.splice(open, 1);
        if (ending && implied)
          unclosed.push({
            what: `<${name}>`,
            line: element.line,
            closing: `</${name}>`,
            ...(element.inline ? { openedBy: element.inline } : {}),
          });
      },
      oncomment() {
        // A comment the tokenizer gives only as the input ends is one with no `-->`.
        if (ending)
          unclosed.push({ what: "a comment (`<!--`)", line: lineAt(parser.startIndex), closing: "-->" });
      },
    },
    { decodeEntities: false },
  );
  for (const each of pieces) {
    piece = { ...each, start: piece.start + piece.html.length };
    parser.write(each.html);
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

/**
 * An element opened within a sentence and never closed (`you may have heard of the <script> tag`) is the
 * author's text, as a reader of the sentence takes it, not markup: kramdown and markdown-it pass the tag
 * through, and the browser then hides everything after it. Its token becomes text, shown as typed.
 * True when it did.
 */
export function shownAsText({ openedBy }: Unclosed): boolean {
  if (!openedBy || !/^<[A-Za-z][A-Za-z0-9-]*\s*>$/.test(openedBy.content.trim())) return false;
  openedBy.type = "text";
  return true;
}

/** The warning for an element opened within a sentence and shown as the text it is. */
export function inlineTextWarning({ what, line, closing }: Unclosed): MarkdownWarning {
  return {
    kind: "unclosed-html",
    line,
    message: `${what} opens within a sentence and is never closed: shown as the text it is, since as markup it would hide the rest of the page`,
    hint: `write it as code (\`${what}\`) to show it as a tag, or close it with \`${closing}\` if it is markup`,
  };
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
