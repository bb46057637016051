/**
 * kramdown's `markdown="1"` (or `"block"`) on an element of raw HTML: the
 * element's content is Markdown, where kramdown otherwise leaves it as
 * written. Jekyll authors write it to put a code fence, a list or an image
 * inside `<details>` or a `<div class="figure">`; CommonMark reads the lines
 * up to the blank line as raw HTML, so ```` ```json ````, `* item` and
 * `![a](b.png)` show as typed. In kramdown's content (kramdown-html.ts), a
 * block that holds such a start tag at the end of one of its lines ends
 * there, the attribute left out as kramdown leaves it out; the lines after
 * it, to the line its end tag starts, are read as Markdown; the end tag's
 * line is a block of raw HTML again. The end tag is looked for as kramdown
 * looks for it, at the start of a line outside a code fence; an element of
 * the same name opened on such a line nests. Without an end tag the block
 * is left as CommonMark reads it.
 */
import type { StateBlock } from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import { closes, FENCE } from "../../text/code-fences.ts";

/** A start tag that ends its line and asks for Markdown inside: its name, and the attribute as written. */
export const MARKDOWN_TAG =
  /<([A-Za-z][A-Za-z0-9-]*)\b[^<>]*?(\s+markdown\s*=\s*(["']?)(?:1|block)\3)[^<>]*>\s*$/i;

/**
 * Reads the content of a `markdown="1"` element in `token` (an HTML block
 * just pushed) as Markdown, up to `endLine`: true when it did, the parse
 * then at the end tag's line. Only a tag on the block's first element's
 * lines (to `lastTagLine`, where it ends): what follows that element is
 * read again, as kramdown-html.ts says, and such a tag in it with it.
 */
export function markdownInside(
  state: StateBlock,
  token: Token,
  endLine: number,
  lastTagLine?: number,
): boolean {
  const lines = token.content.split("\n");
  const at = lines.findIndex((line) => MARKDOWN_TAG.test(line));
  if (at === -1 || (lastTagLine !== undefined && at > lastTagLine)) return false;
  const [, name, attribute] = MARKDOWN_TAG.exec(lines[at])!;
  const startLine = token.map![0];
  const close = endTagLine(state, name.toLowerCase(), startLine + at + 1, endLine);
  if (close === undefined) return false;
  const tagLine = lines[at].replace(attribute, "");
  token.content = `${[...lines.slice(0, at), tagLine].join("\n")}\n`;
  token.map = [startLine, startLine + at + 1];
  state.md.block.tokenize(state, startLine + at + 1, close);
  state.line = close;
  return true;
}

/** The line the element's end tag starts, from `from` on: outside code fences, an element of its name opened on such a line first closed. */
function endTagLine(state: StateBlock, name: string, from: number, endLine: number): number | undefined {
  const open = new RegExp(`^<${name}(?=[\\s>])`, "i");
  const end = new RegExp(`^</${name}\\s*>`, "i");
  let fence: string | undefined;
  let depth = 1;
  for (let line = from; line < endLine; line++) {
    if (state.sCount[line] < state.blkIndent) return undefined;
    const text = state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);
    const marker = FENCE.exec(state.src.slice(state.bMarks[line], state.eMarks[line]))?.[1];
    if (fence !== undefined) {
      if (marker && closes(fence, marker, text)) fence = undefined;
      continue;
    }
    if (marker) fence = marker;
    else if (open.test(text) && !end.test(text.slice(text.search(/>/) + 1))) depth++;
    else if (end.test(text) && --depth === 0) return line;
  }
  return undefined;
}
