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
 */
import type MarkdownIt from "markdown-it";
import type { StateBlock } from "markdown-it";
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
      const line = state.src.slice(state.bMarks[startLine] + state.tShift[startLine], state.eMarks[startLine]);
      // Left to the paragraph rule, which takes the line and the lines after it up to what may end a paragraph.
      if (state.sCount[startLine] - state.blkIndent < 4 && isSpanTagLine(line)) return false;
    }
    return htmlBlock(state, startLine, endLine, silent);
  });
}

/**
 * Whether a page's Markdown is kramdown's: its env says so (`kramdown`, set
 * for a content folder with Jekyll's _config.yml or _includes/:
 * src/render/render-page.ts's bodySettings), or site.yaml spells heading ids or reads math as kramdown does
 * (`markdown.heading_ids: jekyll | kramdown`, `markdown.math: kramdown`, as
 * `sitegen import` sets them for a Jekyll site).
 */
export function readsAsKramdown(env: KramdownEnv & { headingIds?: string; math?: string }): boolean {
  return env.kramdown === true || env.headingIds === "jekyll" || env.headingIds === "kramdown" || env.math === "kramdown";
}
