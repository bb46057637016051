/**
 * kramdown's extensions, as Jekyll posts use them: `{::comment}…{:/comment}`
 * is a note to the author and shows nothing; `{::nomarkdown}…{:/nomarkdown}`
 * is passed through as written, as raw HTML is (and checked as raw HTML is);
 * `{::options … /}` sets kramdown's parser options, which mean nothing here,
 * and shows nothing. Each is read as a block (its own lines, blank lines
 * inside it too) and within a line; the closing tag may be `{:/}`. Any
 * other `{::name}` is left as written. (kramdown's syntax, "Extensions".)
 */
import type MarkdownIt from "markdown-it";
import type StateBlock from "markdown-it/lib/rules_block/state_block.mjs";
import type StateInline from "markdown-it/lib/rules_inline/state_inline.mjs";

const NAMES = "comment|nomarkdown|options";
/** An opening tag: its name, its options, and `/` when it closes itself. */
const OPEN = new RegExp(`^\\{::(${NAMES})(?=[\\s/}])([^}]*?)(/)?\\}`);

export function extensionsPlugin(md: MarkdownIt): void {
  md.block.ruler.before("paragraph", "kramdown_extension", extensionBlock);
  md.inline.ruler.before("emphasis", "kramdown_extension", extensionSpan);
  md.renderer.rules.kramdown_extension = () => "";
}

/** Where the extension opened at `from` closes in `text`: the index after its closing tag, or -1. */
function closingEnd(text: string, name: string, from: number): number {
  const close = new RegExp(`\\{:/(?:${name})?\\}`, "g");
  close.lastIndex = from;
  const found = close.exec(text);
  return found ? found.index + found[0].length : -1;
}

function extensionBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  if (state.sCount[startLine] - state.blkIndent >= 4 || state.src.charCodeAt(start) !== 0x7b) return false;
  const open = OPEN.exec(state.src.slice(start, state.eMarks[startLine]));
  if (!open) return false;
  const [tag, name, , selfClosing] = open;
  // A block extension is alone on its lines: what follows its closing tag on that line is no part of it.
  const end = selfClosing ? start + tag.length : closingEnd(state.src, name, start + tag.length);
  if (end === -1) return false;
  let last = startLine;
  while (last < endLine && state.eMarks[last] < end) last++;
  if (state.src.slice(end, state.eMarks[last]).trim() !== "") return false;
  if (silent) return true;
  const token =
    name === "nomarkdown" ? state.push("html_block", "", 0) : state.push("kramdown_extension", "", 0);
  token.map = [startLine, last + 1];
  token.markup = name;
  if (name === "nomarkdown") token.content = innerText(state.src.slice(start, end), tag);
  state.line = last + 1;
  return true;
}

function extensionSpan(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x7b) return false;
  const open = OPEN.exec(state.src.slice(state.pos, state.posMax));
  if (!open) return false;
  const [tag, name, , selfClosing] = open;
  const end = selfClosing
    ? state.pos + tag.length
    : closingEnd(state.src.slice(0, state.posMax), name, state.pos + tag.length);
  if (end === -1) return false;
  if (!silent && name === "nomarkdown")
    state.push("html_inline", "", 0).content = innerText(state.src.slice(state.pos, end), tag);
  else if (!silent) state.push("kramdown_extension", "", 0).markup = name;
  state.pos = end;
  return true;
}

/** What an extension holds: between its opening tag and its closing one, the line breaks around it left out. */
function innerText(whole: string, tag: string): string {
  const inner = whole.slice(tag.length).replace(/\{:\/[a-z]*\}$/, "");
  return inner.replace(/^[ \t]*\n/, "").replace(/\n[ \t]*$/, "\n");
}
