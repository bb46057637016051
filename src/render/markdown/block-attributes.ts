/**
 * kramdown's block attribute lists (`{: .lead}` on a line of its own), as
 * attributes.ts describes them: found where a paragraph holds one, and given
 * to the block they touch.
 */
import type StateCore from "markdown-it/lib/rules_core/state_core.mjs";
import Token from "markdown-it/lib/token.mjs";
import { applyAttributes, attributeLine, type AttributeList, type Definitions } from "./attribute-lists.ts";
import { opensWithTag } from "./html-attributes.ts";
import { reportWarning } from "./warnings.ts";

/**
 * Attribute lists on lines of their own: the first or last line of a
 * paragraph, or a paragraph of their own. One between two lines of a
 * paragraph ends it, as kramdown reads it: `![shiba](a.png)`, then
 * `{: .center}`, then `*Fig. 1.*` is a paragraph with the image, of class
 * `center`, and one with the caption.
 */
export function blockAttributes(state: StateCore, definitions: Definitions): void {
  const { tokens } = state;
  let lines: string[] | undefined;
  const sourceLine = (line: number) => (lines ??= state.src.split("\n"))[line] ?? "";
  for (let index = 0; index < tokens.length; index++) {
    if (tokens[index].type !== "paragraph_open") continue;
    const inline = tokens[index + 1];
    const children = inline.children ?? [];
    const breaks = children
      .map((child, at) => (child.type === "softbreak" ? at : -1))
      .filter((at) => at !== -1);
    const lineOf = (from: number, to: number) =>
      to - from === 1 && children[from].type === "text" ? attributeLine(children[from].content) : undefined;
    if (breaks.length === 0) {
      const list = lineOf(0, children.length);
      if (list) index = standalone(state, index, list, definitions) - 1;
      continue;
    }
    const middle = breaks.findIndex(
      (at, line) => line + 1 < breaks.length && lineOf(at + 1, breaks[line + 1]),
    );
    if (middle !== -1) {
      const list = lineOf(breaks[middle] + 1, breaks[middle + 1])!;
      splitParagraph(tokens, index, breaks[middle], breaks[middle + 1], middle + 1);
      applyAttributes(tokens[index], list, definitions, (inline.map?.[0] ?? 0) + middle + 2);
      // The first part may still start with a list of its own; the second is read next.
      index--;
      continue;
    }
    const last = lineOf(breaks.at(-1)! + 1, children.length);
    if (last) {
      children.splice(breaks.at(-1)!, 2);
      const [start, end] = inline.map ?? [0, 0];
      applyAttributes(
        lazyContainer(tokens, index, sourceLine(end - 1), sourceLine(start), inline.content) ?? tokens[index],
        last,
        definitions,
        end,
      );
    }
    const first = breaks.length > 0 && lineOf(0, breaks[0]) ? lineOf(0, breaks[0]) : undefined;
    if (first && (!last || breaks.length > 1)) {
      children.splice(0, 2);
      // Under a block that ends on the line above (a heading, a code fence, kramdown's `</div>`), the list is that block's, as kramdown gives it.
      applyAttributes(
        blockEndingAt(tokens, index - 1, inline.map?.[0] ?? -1) ?? tokens[index],
        first,
        definitions,
      );
    }
  }
}

/**
 * The paragraph at `paragraph` as two, the attribute line between them (its
 * children from the break `before` it to the break `after` it, the `line`th
 * of the paragraph) left out of both.
 */
function splitParagraph(
  tokens: Token[],
  paragraph: number,
  before: number,
  after: number,
  line: number,
): void {
  const [open, inline, close] = tokens.slice(paragraph, paragraph + 3);
  const [start, end] = inline.map ?? [0, 0];
  const contentLines = inline.content.split("\n");
  const copy = (token: Token, map: [number, number] | null) =>
    Object.assign(new Token(token.type, token.tag, token.nesting), {
      level: token.level,
      block: true,
      hidden: token.hidden,
      markup: token.markup,
      map,
    });
  const secondMap: [number, number] | null = inline.map ? [start + line + 1, end] : null;
  const second = copy(inline, secondMap);
  second.children = (inline.children ?? []).slice(after + 1);
  second.content = contentLines.slice(line + 1).join("\n");
  inline.children = (inline.children ?? []).slice(0, before);
  inline.content = contentLines.slice(0, line).join("\n");
  if (inline.map) inline.map = [start, start + line];
  if (open.map) open.map = [start, start + line];
  tokens.splice(paragraph + 3, 0, copy(open, secondMap), second, copy(close, null));
}

/**
 * The list or quote an attribute line written at the left margin belongs to,
 * where Markdown read it as a lazy continuation of the paragraph inside.
 */
function lazyContainer(
  tokens: Token[],
  paragraph: number,
  line: string,
  firstLine: string,
  content: string,
): Token | undefined {
  const column = line.length - line.trimStart().length;
  const contentColumn = firstLine.indexOf(content.split("\n")[0]);
  if (line.trimStart().startsWith(">") || column >= contentColumn) return undefined;
  let level = tokens[paragraph].level;
  for (let index = paragraph - 1; index >= 0; index--) {
    const token = tokens[index];
    if (token.nesting !== 1 || token.level >= level) continue;
    level = token.level;
    if (
      token.type === "blockquote_open" ||
      token.type === "bullet_list_open" ||
      token.type === "ordered_list_open"
    )
      return token;
  }
  return undefined;
}

/**
 * A paragraph that is an attribute list alone: it is the block's before it,
 * or after it, that it touches (no blank line between). It never shows; one
 * that touches no block is reported, a definition is not.
 */
function standalone(
  state: StateCore,
  paragraph: number,
  list: AttributeList,
  definitions: Definitions,
): number {
  const { tokens } = state;
  const [start, end] = tokens[paragraph + 1].map ?? [0, 0];
  tokens.splice(paragraph, 3);
  if (list.definition) return paragraph;
  const before = blockEndingAt(tokens, paragraph - 1, start);
  const after =
    tokens[paragraph]?.map?.[0] === end && tokens[paragraph].nesting !== -1 ? tokens[paragraph] : undefined;
  const target = before ?? after;
  if (target) applyAttributes(target, list, definitions, start + 1);
  else
    reportWarning(state.env, {
      kind: "stray-attributes",
      line: start + 1,
      message: "an attribute list that touches no block: it is left out",
      hint: "write it on the line directly after the block it is for (kramdown's `{: .class}`), or at the end of a heading's line",
    });
  return paragraph;
}

/** The block whose last token is at `index`, when it ends on `line` (its opening token for a container). */
function blockEndingAt(tokens: Token[], index: number, line: number): Token | undefined {
  const token = tokens[index];
  if (!token) return undefined;
  // Raw HTML takes a list on its first tag (html-attributes.ts), where it opens with one.
  if (token.nesting === 0)
    return token.map?.[1] === line && (token.type !== "html_block" || opensWithTag(token.content))
      ? token
      : undefined;
  if (token.nesting !== -1) return undefined;
  let open = index;
  while (open > 0 && !(tokens[open].nesting === 1 && tokens[open].level === token.level)) open--;
  return tokens[open].map?.[1] === line ? tokens[open] : undefined;
}
