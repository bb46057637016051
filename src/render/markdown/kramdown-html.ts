/**
 * A line holding only a span-level tag, in content written for kramdown
 * (Jekyll's reader): `<a name="intro" />` before a heading, `<br />`,
 * `<span id="fn1">`. CommonMark starts an HTML block of type 7 at such a
 * line (spec §4.6: one complete open or closing tag alone on its line, of a
 * name not in type 6's list), which runs to the next blank line, so the
 * Markdown on the lines after it (`## Heading`, `{: .class}`, emphasis) is
 * passed through as text. (`<a name="intro"></a>` is two tags, which
 * CommonMark already reads as a paragraph.) kramdown reads a span-level element as part of a paragraph, and
 * the Markdown around it as Markdown. Where the page's env says the content
 * is kramdown's (`readsAsKramdown`), such a line is
 * no HTML block here either: it opens a paragraph, and its tag is inline
 * HTML. Type 6's names (`<div>`, `<section>`, `<details>`) and types 1 to 5
 * (`<script>`, `<pre>`, comments) still open blocks, as they do in kramdown,
 * which leaves their lines as written; other content keeps CommonMark's rule.
 *
 * A block-level element ends at its end tag in kramdown (`<div>…</div>`,
 * `<p class="lead">…</p>`), and what follows it is Markdown again, on its
 * next line (`## Heading`, `{: .wide}`, a paragraph) or after the end tag on
 * the same line; CommonMark's HTML block of type 6 runs on to the next blank
 * line, taking those lines in as raw HTML, so a heading or attribute list
 * right under a `</div>` shows as typed. In kramdown's content the block
 * ends where its first element does (`blockEnd`).
 *
 * An element that runs past a blank line is raw HTML to kramdown too, up to
 * its end tag (its `parse_block_html` off, as Jekyll leaves it): a
 * `<details>` whose list items are set apart by blank lines and indented
 * four spaces or more is one element. CommonMark ends the block at the
 * blank line, and reads the indented lines after it as a code block, so the
 * rest of the element shows as escaped tags, its links with it. In
 * kramdown's content the block runs on to that end tag (`throughEndTag`),
 * and the Markdown inside is left as written, as kramdown leaves it.
 */
import { Tokenizer } from "htmlparser2";
import type MarkdownIt from "markdown-it";
import type { StateBlock } from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import { MARKDOWN_TAG, markdownInside } from "./kramdown-markdown.ts";
import blockNames from "markdown-it/lib/common/html_blocks.mjs";
import { HTML_OPEN_CLOSE_TAG_RE } from "markdown-it/lib/common/html_re.mjs";

/** What the page tells the rule: its Markdown is kramdown's. */
export interface KramdownEnv {
  kramdown?: true;
}

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

/** A type-7 start: a whole open or closing tag and nothing after it but spaces. */
const LONE_TAG = new RegExp(`^(?:${HTML_OPEN_CLOSE_TAG_RE.source})\\s*$`);
/** The names that open blocks of other types: type 1's and type 6's. */
const BLOCK_NAMES = new Set(["script", "pre", "style", "textarea", ...blockNames]);

/** Whether a line, its indent left out, is a type-7 start of a tag that is not one of the block names. */
export function isSpanTagLine(line: string): boolean {
  if (!LONE_TAG.test(line)) return false;
  const name = /^<\/?([A-Za-z][A-Za-z0-9-]*)/.exec(line)?.[1];
  return name !== undefined && !BLOCK_NAMES.has(name.toLowerCase());
}

export function kramdownHtmlPlugin(md: MarkdownIt): void {
  // markdown-it's own html_block rule, kept in its place (and as the paragraph's terminator): the one rule that decides types 1 to 7.
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; fn: BlockRule }[] }).__rules__;
  const htmlBlock = rules.find((rule) => rule.name === "html_block")?.fn;
  if (!htmlBlock) return;
  md.block.ruler.at("html_block", (state, startLine, endLine, silent) => {
    if (!silent && state.env && readsAsKramdown(state.env)) {
      const line = state.src.slice(
        state.bMarks[startLine] + state.tShift[startLine],
        state.eMarks[startLine],
      );
      // Left to the paragraph rule, which takes the line and the lines after it up to what may end a paragraph.
      if (state.sCount[startLine] - state.blkIndent < 4 && isSpanTagLine(line)) return false;
      if (!htmlBlock(state, startLine, endLine, silent)) return false;
      const token = state.tokens[state.tokens.length - 1];
      const end = blockEnd(token.content);
      // An element that asks for Markdown inside (`<div markdown="1">`), up to where the block's first element ends: its lines are read as Markdown.
      if (markdownInside(state, token, endLine, end === undefined ? undefined : lineAt(token.content, end)))
        return true;
      if (!BLOCK_START.test(line)) return true;
      const through = end ?? throughEndTag(state, token, endLine);
      if (through !== undefined) endAtEndTag(state, token, through, endLine);
      return true;
    }
    return htmlBlock(state, startLine, endLine, silent);
  });
}

/** A type-6 start: an open or end tag of CommonMark's block-level names. */
const BLOCK_START = new RegExp(`^</?(?:${blockNames.join("|")})(?=[\\s/>]|$)`, "i");
/** Elements with no end tag, which neither open nor close a level. */
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);
/** The rest of a line that holds only tags (`</div></div>`, `</div><br>`): still the element's. */
const TAGS_ONLY = /^(?:\s*<\/?[A-Za-z][^<>]*>)*\s*$/;

/**
 * The block `token` (type 6, just pushed) cut at `end`, the end of its
 * first element (`blockEnd`), when lines of the block or words on the end tag's line follow
 * it: those are read again as Markdown. Words after the end tag on its line
 * start the next block there (the line's start is moved past the tag, as
 * markdown-it's container rules move it past their markers), and read to `lastLine`.
 */
function endAtEndTag(state: StateBlock, token: Token, end: number, lastLine: number): void {
  const lines = token.content.split("\n");
  let line = 0;
  let column = end;
  while (column > lines[line].length) column -= lines[line++].length + 1;
  const rest = lines[line].slice(column);
  const startLine = token.map![0];
  const endLine = startLine + line;
  const words = !TAGS_ONLY.test(rest);
  // Nothing follows the element in its block: the block is CommonMark's as it is.
  if (!words && endLine + 1 >= token.map![1]) return;
  token.content = `${lines.slice(0, line).join("\n")}${line > 0 ? "\n" : ""}${words ? lines[line].slice(0, column) : lines[line]}\n`;
  token.map = [startLine, endLine + 1];
  if (!words) {
    state.line = endLine + 1;
    return;
  }
  // The words start where the end tag ends, counted from the line's end: the block's text is the line's own from there.
  const at = state.eMarks[endLine] - rest.length;
  const indent = /^[ \t]*/.exec(rest)![0].length;
  state.bMarks[endLine] = at;
  state.tShift[endLine] = indent;
  state.sCount[endLine] = state.blkIndent;
  state.line = endLine;
  // A rule must leave the parse past its first line: words after an end tag on that line are read here, with the rest of the container.
  if (endLine === startLine) state.md.block.tokenize(state, endLine, lastLine);
}

/**
 * The block `token` (type 6, just pushed, its first element still open at
 * the blank line that ended it) taken on to the line of that element's end
 * tag, as kramdown reads an element of raw HTML: blank lines and indented
 * lines in it are its text. The offset of the end in the new content, for
 * `endAtEndTag`; undefined, the block left as it was, when the end tag is
 * not in the container (`endLine`, or a line less indented than the
 * container's), or when an element inside asks for Markdown (`markdown="1"`:
 * kramdown reads its content as Markdown, which the block it then starts
 * does here).
 */
function throughEndTag(state: StateBlock, token: Token, endLine: number): number | undefined {
  const startLine = token.map![0];
  let last = token.map![1];
  while (last < endLine && (state.isEmpty(last) || state.sCount[last] >= state.blkIndent)) last++;
  const text = state.getLines(startLine, last, state.blkIndent, true);
  const end = blockEnd(text);
  if (end === undefined) return undefined;
  const lines = text.split("\n").slice(0, lineAt(text, end) + 1);
  if (lines.some((each) => MARKDOWN_TAG.test(each))) return undefined;
  token.content = `${lines.join("\n")}\n`;
  token.map = [startLine, startLine + lines.length];
  state.line = startLine + lines.length;
  return end;
}

/** The line (0-based) of `text` that the offset `at` is on. */
function lineAt(text: string, at: number): number {
  let line = 0;
  for (let from = text.indexOf("\n"); from !== -1 && from < at; from = text.indexOf("\n", from + 1)) line++;
  return line;
}

/**
 * The offset in `html` just past the end tag of its first element, as
 * htmlparser2's tokenizer reads the tags (a `</div>` in an attribute's
 * value or a comment is no end tag): where the open elements, counted from
 * the first tag, are all closed, or an end tag closes one the block did not
 * open (a block that starts with `</div>` ends with it). Undefined when
 * the elements are still open at the block's end.
 */
export function blockEnd(html: string): number | undefined {
  let depth = 0;
  let name = "";
  let end: number | undefined;
  const nothing = () => {};
  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      onopentagname(start, endIndex) {
        name = html.slice(start, endIndex).toLowerCase();
      },
      onopentagend(endIndex) {
        if (end !== undefined) return;
        if (!VOID.has(name)) depth++;
        // A first element with no end tag (`<hr />`) ends at its own `>`: the lines after it are Markdown again.
        else if (depth === 0) end = endIndex + 1;
      },
      onclosetag(start, endIndex) {
        if (end !== undefined || VOID.has(html.slice(start, endIndex).toLowerCase())) return;
        if (--depth <= 0) end = html.indexOf(">", endIndex) + 1;
      },
      onattribdata: nothing,
      onattribentity: nothing,
      onattribend: nothing,
      onattribname: nothing,
      oncdata: nothing,
      oncomment: nothing,
      ondeclaration: nothing,
      onend: nothing,
      onprocessinginstruction: nothing,
      onselfclosingtag(endIndex) {
        if (end === undefined && depth === 0) end = endIndex + 1;
      },
      ontext: nothing,
      ontextentity: nothing,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return end;
}

/**
 * Whether a page's Markdown is kramdown's: its env says so (`kramdown`, set
 * for a content folder with Jekyll's _config.yml or _includes/:
 * src/render/page/body-env.ts's bodySettings), or site.yaml spells heading ids or reads math as kramdown does
 * (`markdown.heading_ids: jekyll | kramdown`, `markdown.math: kramdown`, as
 * `sitegen import` sets them for a Jekyll site).
 */
export function readsAsKramdown(env: KramdownEnv & { headingIds?: string; math?: string }): boolean {
  return (
    env.kramdown === true ||
    env.headingIds === "jekyll" ||
    env.headingIds === "kramdown" ||
    env.math === "kramdown"
  );
}
