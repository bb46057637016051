/**
 * Attribute lists as pandoc and kramdown write them, and as Hugo's goldmark
 * reads them: an id, classes and other attributes in braces.
 *
 * - At the end of a heading: `## Compiling {#compiling}`, `{ #compiling .x }`,
 *   `{: #compiling}` (pandoc's header attributes; kramdown's header IDs).
 * - On a line of its own directly after a block, or directly before it:
 *   `{: .lead}`, `{.note}` (kramdown's block IAL; goldmark's block
 *   attributes). After a list or a quote, written at the left margin, it is
 *   the list's or the quote's; kramdown's `{:toc}` after a list makes the
 *   list a table of contents (toc.ts).
 * - Directly after a link, an image, code or emphasis: `[docs](/x){:target="_blank"}`,
 *   `![a](b.png){.wide}` (kramdown's span IAL; pandoc's link attributes).
 * - kramdown's attribute list definitions (`{:name: .class}`) define, and
 *   show nothing.
 *
 * A brace pair is taken as attributes only when all of it reads as
 * attributes (`#id`, `.class`, `key=value`), or when it is kramdown's (`{:`):
 * `the placeholder {name}` stays text. (markdown-it-attrs and
 * @mdit/plugin-attrs take it as an attribute `name` and drop the words,
 * which is why this is not one of them.)
 */
import type MarkdownIt from "markdown-it";
import type StateCore from "markdown-it/lib/rules_core/state_core.mjs";
import type Token from "markdown-it/lib/token.mjs";
import { reportWarning } from "./warnings.ts";

export interface AttributeList {
  id?: string;
  classes: string[];
  /** Other attributes, by name as written. */
  others: [name: string, value: string][];
  /** kramdown's `{:toc}`. */
  toc: boolean;
  /** kramdown's attribute list definition, `{:name: …}`: applies to nothing where it stands. */
  definition: boolean;
}

const ITEM = /\s*(?:#([\p{L}\p{N}_:-]+)|\.([\p{L}\p{N}_-]+)|([A-Za-z_:][\w.:-]*)=(?:"([^"]*)"|'([^']*)'|([^\s"'}]+))|(-)|([A-Za-z_][\w-]*))/uy;
const DEFINITION = /^:([A-Za-z_][\w-]*):/;

/** The attributes `{…}` holds (`inner` is what is between the braces), or undefined when it is not an attribute list. */
export function readAttributes(inner: string): AttributeList | undefined {
  const kramdown = inner.startsWith(":");
  const definition = DEFINITION.exec(inner);
  let rest = definition ? inner.slice(definition[0].length) : kramdown ? inner.slice(1) : inner;
  const list: AttributeList = { classes: [], others: [], toc: false, definition: definition !== null };
  let items = 0;
  ITEM.lastIndex = 0;
  while (rest.trim() !== "") {
    ITEM.lastIndex = 0;
    const item = ITEM.exec(rest);
    if (!item) return undefined;
    rest = rest.slice(item[0].length);
    items++;
    if (item[1] !== undefined) list.id = item[1];
    else if (item[2] !== undefined) list.classes.push(item[2]);
    else if (item[3] !== undefined) list.others.push([item[3], item[4] ?? item[5] ?? item[6]]);
    else if (item[7] !== undefined) list.classes.push("unnumbered");
    // A bare word: kramdown's reference to a definition, or `toc`; in pandoc's form it makes the braces text.
    else if (!kramdown) return undefined;
    else if (item[8] === "toc") list.toc = true;
  }
  return items > 0 || kramdown ? list : undefined;
}

/** A whole line (or text) that is an attribute list and nothing else. */
function attributeLine(text: string): AttributeList | undefined {
  const match = /^[ \t]*\{([^{}\n]*)\}[ \t]*$/.exec(text);
  return match ? readAttributes(match[1]) : undefined;
}

/** Sets the attributes on a token: an id, classes, others; a code block's `language-x` class names its language. */
export function applyAttributes(token: Token, list: AttributeList): void {
  if (list.id !== undefined) token.attrSet("id", list.id);
  for (const name of list.classes) token.attrJoin("class", name);
  for (const [name, value] of list.others) if (name !== "id" && name !== "class") token.attrSet(name, value);
  if ((token.type === "fence" || token.type === "code_block") && token.info.trim() === "") {
    const language = list.classes.find((name) => name.startsWith("language-"));
    if (language) token.info = language.slice("language-".length);
  }
  if (list.toc) token.meta = { ...token.meta, toc: true };
}

export function attributesPlugin(md: MarkdownIt): void {
  md.core.ruler.push("attributes", (state) => {
    headingAttributes(state.tokens);
    tableAttributes(state.tokens);
    blockAttributes(state);
    spanAttributes(state.tokens);
  });
}

const HEADING_TAIL = /[ \t]*\{([^{}\n]*)\}[ \t]*$/;

function headingAttributes(tokens: Token[]): void {
  tokens.forEach((token, index) => {
    if (token.type !== "heading_open") return;
    const last = tokens[index + 1].children?.at(-1);
    const tail = last?.type === "text" ? HEADING_TAIL.exec(last.content) : null;
    const list = tail ? readAttributes(tail[1]) : undefined;
    if (!last || !tail || !list) return;
    last.content = last.content.slice(0, tail.index).trimEnd();
    // The heading as written, which some generators make its id of, without them too.
    tokens[index + 1].content = tokens[index + 1].content.replace(HEADING_TAIL, "");
    applyAttributes(token, list);
  });
}

/** A table's last row that is an attribute list in its first cell, the others empty: GFM reads the line after a table as a row. */
function tableAttributes(tokens: Token[]): void {
  for (let index = tokens.length - 1; index >= 0; index--) {
    if (tokens[index].type !== "tbody_close") continue;
    const rowClose = index - 1;
    let rowOpen = rowClose;
    while (rowOpen > 0 && tokens[rowOpen].type !== "tr_open") rowOpen--;
    const cells = tokens.slice(rowOpen, rowClose + 1).filter((token) => token.type === "inline");
    const list = cells.length > 0 ? attributeLine(cells[0].content) : undefined;
    if (!list || cells.slice(1).some((cell) => cell.content.trim() !== "")) continue;
    let table = index;
    while (tokens[table].type !== "table_open") table--;
    applyAttributes(tokens[table], list);
    const bodyOpen = tokens.findIndex((token, at) => at > table && token.type === "tbody_open");
    // A body of that one row goes with it.
    if (bodyOpen === rowOpen - 1) tokens.splice(bodyOpen, index - bodyOpen + 1);
    else tokens.splice(rowOpen, rowClose - rowOpen + 1);
    index = table;
  }
}

/** Attribute lists on lines of their own: the first or last line of a paragraph, or a paragraph of their own. */
function blockAttributes(state: StateCore): void {
  const { tokens } = state;
  let lines: string[] | undefined;
  const sourceLine = (line: number) => (lines ??= state.src.split("\n"))[line] ?? "";
  for (let index = 0; index < tokens.length; index++) {
    if (tokens[index].type !== "paragraph_open") continue;
    const inline = tokens[index + 1];
    const children = inline.children ?? [];
    const breaks = children.map((child, at) => (child.type === "softbreak" ? at : -1)).filter((at) => at !== -1);
    const lineOf = (from: number, to: number) => (to - from === 1 && children[from].type === "text" ? attributeLine(children[from].content) : undefined);
    if (breaks.length === 0) {
      const list = lineOf(0, children.length);
      if (list) index = standalone(state, index, list) - 1;
      continue;
    }
    const last = lineOf(breaks.at(-1)! + 1, children.length);
    if (last) {
      children.splice(breaks.at(-1)!, 2);
      const [start, end] = inline.map ?? [0, 0];
      applyAttributes(lazyContainer(tokens, index, sourceLine(end - 1), sourceLine(start), inline.content) ?? tokens[index], last);
    }
    const first = breaks.length > 0 && lineOf(0, breaks[0]) ? lineOf(0, breaks[0]) : undefined;
    if (first && (!last || breaks.length > 1)) {
      children.splice(0, 2);
      applyAttributes(tokens[index], first);
    }
  }
}

const SPAN_HEAD = /^\{([^{}\n]*)\}/;

/** An attribute list that follows a link, an image, code or emphasis with no space between is that element's. */
function spanAttributes(tokens: Token[]): void {
  for (const token of tokens) {
    const children = token.type === "inline" ? token.children : null;
    for (let index = 1; children && index < children.length; index++) {
      const head = spanHead(children, index);
      const list = head && readAttributes(head.inner);
      const element = list && elementEndingAt(children, index - 1);
      if (!head || !list || !element) continue;
      applyAttributes(element, list);
      head.take();
    }
  }
}

/**
 * The attribute list a text token starts with, and how to take it out of the
 * text. kramdown reads one that a hard-wrapped paragraph breaks across two
 * lines (`![cover](c.png){:` then `.icon width="70"}`) as one list, so a
 * list opened at the end of a line may close on the next.
 */
function spanHead(children: Token[], index: number): { inner: string; take: () => void } | undefined {
  const text = children[index];
  if (text.type !== "text") return undefined;
  const head = SPAN_HEAD.exec(text.content);
  if (head) return { inner: head[1], take: () => (text.content = text.content.slice(head[0].length)) };
  const [lineBreak, next] = [children[index + 1], children[index + 2]];
  if (!/^\{[^{}]*$/.test(text.content) || lineBreak?.type !== "softbreak" || next?.type !== "text") return undefined;
  const close = /^[^{}]*\}/.exec(next.content);
  if (!close) return undefined;
  return {
    inner: `${text.content.slice(1)} ${close[0].slice(0, -1)}`,
    take: () => {
      text.content = "";
      children.splice(index + 1, 1);
      next.content = next.content.slice(close[0].length);
    },
  };
}

/** The element whose last token is `children[index]`: an image or code itself, or the opening token of a link or emphasis. */
function elementEndingAt(children: Token[], index: number): Token | undefined {
  const last = children[index];
  if (last.type === "image" || last.type === "code_inline") return last;
  if (last.nesting !== -1) return undefined;
  for (let at = index - 1; at >= 0; at--) if (children[at].nesting === 1 && children[at].level === last.level && children[at].tag === last.tag) return children[at];
  return undefined;
}

/**
 * The list or quote an attribute line written at the left margin belongs to,
 * where Markdown read it as a lazy continuation of the paragraph inside.
 */
function lazyContainer(tokens: Token[], paragraph: number, line: string, firstLine: string, content: string): Token | undefined {
  const column = line.length - line.trimStart().length;
  const contentColumn = firstLine.indexOf(content.split("\n")[0]);
  if (line.trimStart().startsWith(">") || column >= contentColumn) return undefined;
  let level = tokens[paragraph].level;
  for (let index = paragraph - 1; index >= 0; index--) {
    const token = tokens[index];
    if (token.nesting !== 1 || token.level >= level) continue;
    level = token.level;
    if (token.type === "blockquote_open" || token.type === "bullet_list_open" || token.type === "ordered_list_open") return token;
  }
  return undefined;
}

/**
 * A paragraph that is an attribute list alone: it is the block's before it,
 * or after it, that it touches (no blank line between). It never shows; one
 * that touches no block is reported, a definition is not.
 */
function standalone(state: StateCore, paragraph: number, list: AttributeList): number {
  const { tokens } = state;
  const [start, end] = tokens[paragraph + 1].map ?? [0, 0];
  tokens.splice(paragraph, 3);
  if (list.definition) return paragraph;
  const before = blockEndingAt(tokens, paragraph - 1, start);
  const after = tokens[paragraph]?.map?.[0] === end && tokens[paragraph].nesting !== -1 ? tokens[paragraph] : undefined;
  const target = before ?? after;
  if (target) applyAttributes(target, list);
  else reportWarning(state.env, { kind: "stray-attributes", line: start + 1, message: "an attribute list that touches no block: it is left out", hint: "write it on the line directly after the block it is for (kramdown's `{: .class}`), or at the end of a heading's line" });
  return paragraph;
}

/** The block whose last token is at `index`, when it ends on `line` (its opening token for a container). */
function blockEndingAt(tokens: Token[], index: number, line: number): Token | undefined {
  const token = tokens[index];
  if (!token) return undefined;
  if (token.nesting === 0) return token.map?.[1] === line && token.type !== "html_block" ? token : undefined;
  if (token.nesting !== -1) return undefined;
  let open = index;
  while (open > 0 && !(tokens[open].nesting === 1 && tokens[open].level === token.level)) open--;
  return tokens[open].map?.[1] === line ? tokens[open] : undefined;
}
