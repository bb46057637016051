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
 *   show nothing; a list that names one (`{: name}`) gets its attributes.
 * - A `style` is the one attribute the page's Content-Security-Policy
 *   blocks (`style-src` allows no inline style unless the site's `security:`
 *   setting says so): it is left out, with a warning at its line, rather
 *   than written for the browser to refuse and report.
 *
 * A brace pair is taken as attributes only when all of it reads as
 * attributes (`#id`, `.class`, `key=value`), or when it is kramdown's (`{:`):
 * `the placeholder {name}` stays text. (markdown-it-attrs and
 * @mdit/plugin-attrs take it as an attribute `name` and drop the words,
 * which is why this is not one of them.)
 */
import type MarkdownIt from "markdown-it";
import type StateCore from "markdown-it/lib/rules_core/state_core.mjs";
import Token from "markdown-it/lib/token.mjs";
import { opensWithTag } from "./html-attributes.ts";
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
  /** The definitions it names (`{: name}`), in order. */
  references: string[];
}

/** kramdown's attribute list definitions of a text, by name. */
export type Definitions = Map<string, AttributeList>;

const ITEM = /\s*(?:#([\p{L}\p{N}_:-]+)|\.([\p{L}\p{N}_-]+)|([A-Za-z_:][\w.:-]*)=(?:"([^"]*)"|'([^']*)'|([^\s"'}]+))|(-)|([A-Za-z_][\w-]*))/uy;
const DEFINITION = /^:([A-Za-z_][\w-]*):/;

/** The attributes `{…}` holds (`inner` is what is between the braces), or undefined when it is not an attribute list. */
export function readAttributes(inner: string): AttributeList | undefined {
  const kramdown = inner.startsWith(":");
  const definition = DEFINITION.exec(inner);
  let rest = definition ? inner.slice(definition[0].length) : kramdown ? inner.slice(1) : inner;
  const list: AttributeList = { classes: [], others: [], toc: false, definition: definition !== null, references: [] };
  let items = 0;
  ITEM.lastIndex = 0;
  while (rest.trim() !== "") {
    ITEM.lastIndex = 0;
    const item = ITEM.exec(rest);
    // kramdown passes over what it cannot read (`title="Warning` with no closing quote); pandoc's braces are then text.
    if (!item && kramdown) {
      rest = rest.replace(/^\s*\S+/, "");
      continue;
    }
    if (!item) return undefined;
    rest = rest.slice(item[0].length);
    items++;
    if (item[1] !== undefined) list.id = item[1];
    else if (item[2] !== undefined) list.classes.push(item[2]);
    else if (item[3] !== undefined) addOther(list, item[3], item[4] ?? item[5] ?? item[6]);
    else if (item[7] !== undefined) list.classes.push("unnumbered");
    // A bare word: kramdown's reference to a definition, or `toc`; in pandoc's form it makes the braces text.
    else if (!kramdown) return undefined;
    else if (item[8] === "toc") list.toc = true;
    else list.references.push(item[8]);
  }
  return items > 0 || kramdown ? list : undefined;
}

/** `class="a b"` and `id="x"` written as others are a list's classes and id, as kramdown reads them. */
function addOther(list: AttributeList, name: string, value: string): void {
  if (name === "class") list.classes.push(...value.split(/\s+/).filter((word) => word !== ""));
  else if (name === "id") list.id = value;
  else list.others.push([name, value]);
}

/** A whole line (or text) that is an attribute list and nothing else. */
function attributeLine(text: string): AttributeList | undefined {
  const match = /^[ \t]*\{([^{}\n]*)\}[ \t]*$/.exec(text);
  return match ? readAttributes(match[1]) : undefined;
}

/**
 * Sets the attributes on a token: an id, classes, others, those of the
 * definitions it names first; a code block's `language-x` class names its
 * language. A `style` is marked as the author's (`attributeStyle`), with the
 * list's 1-based `line` where it is known.
 */
export function applyAttributes(token: Token, written: AttributeList, definitions?: Definitions, line?: number): void {
  const list = withDefinitions(written, definitions);
  if (list.id !== undefined) token.attrSet("id", list.id);
  for (const name of list.classes) token.attrJoin("class", name);
  for (const [name, value] of list.others) if (name !== "id" && name !== "class") token.attrSet(name, value);
  if ((token.type === "fence" || token.type === "code_block") && token.info.trim() === "") {
    const language = list.classes.find((name) => name.startsWith("language-"));
    if (language) token.info = language.slice("language-".length);
  }
  if (list.toc) token.meta = { ...token.meta, toc: true };
  // Where the list is, when it is not on the element's first line: what a warning of its style points at.
  if (list.others.some(([name]) => name === "style")) token.meta = { ...token.meta, attributeStyle: line ?? true };
}

/** A list with what the definitions it names give, theirs first (kramdown's order), a definition naming another followed once. */
function withDefinitions(list: AttributeList, definitions: Definitions | undefined, seen = new Set<string>()): AttributeList {
  if (!definitions || list.references.length === 0) return list;
  const merged: AttributeList = { ...list, classes: [], others: [], references: [] };
  for (const name of list.references) {
    const definition = definitions.get(name);
    if (!definition || seen.has(name)) continue;
    seen.add(name);
    const resolved = withDefinitions(definition, definitions, seen);
    merged.id ??= resolved.id;
    merged.classes.push(...resolved.classes);
    merged.others.push(...resolved.others);
  }
  if (list.id !== undefined) merged.id = list.id;
  merged.classes.push(...list.classes);
  merged.others.push(...list.others);
  return merged;
}

const DEFINITION_LINE = /^ {0,3}\{:([A-Za-z_][\w-]*):([^{}\n]*)\}[ \t]*$/gm;

/** The attribute list definitions a text makes, wherever they stand: kramdown reads them all before it applies any. */
function definitionsOf(src: string): Definitions {
  const definitions: Definitions = new Map();
  if (!src.includes("{:")) return definitions;
  for (const [, name, rest] of src.matchAll(DEFINITION_LINE)) {
    const list = readAttributes(`:${name}:${rest}`);
    if (list) definitions.set(name, list);
  }
  return definitions;
}
export function attributesPlugin(md: MarkdownIt): void {
  md.core.ruler.push("attributes", (state) => {
    const definitions = definitionsOf(state.src);
    headingAttributes(state.tokens, definitions);
    tableAttributes(state.tokens, definitions);
    blockAttributes(state, definitions);
    spanAttributes(state.tokens, definitions);
    blockedStyles(state);
  });
}

const HEADING_TAIL = /[ \t]*\{([^{}\n]*)\}[ \t]*$/;

function headingAttributes(tokens: Token[], definitions: Definitions): void {
  tokens.forEach((token, index) => {
    if (token.type !== "heading_open") return;
    const last = tokens[index + 1].children?.at(-1);
    const tail = last?.type === "text" ? HEADING_TAIL.exec(last.content) : null;
    const list = tail ? readAttributes(tail[1]) : undefined;
    if (!last || !tail || !list) return;
    last.content = last.content.slice(0, tail.index).trimEnd();
    // The heading as written, which some generators make its id of, without them too.
    tokens[index + 1].content = tokens[index + 1].content.replace(HEADING_TAIL, "");
    applyAttributes(token, list, definitions);
  });
}

/** A table's last row that is an attribute list in its first cell, the others empty: GFM reads the line after a table as a row. */
function tableAttributes(tokens: Token[], definitions: Definitions): void {
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
    applyAttributes(tokens[table], list, definitions);
    const bodyOpen = tokens.findIndex((token, at) => at > table && token.type === "tbody_open");
    // A body of that one row goes with it.
    if (bodyOpen === rowOpen - 1) tokens.splice(bodyOpen, index - bodyOpen + 1);
    else tokens.splice(rowOpen, rowClose - rowOpen + 1);
    index = table;
  }
}

/**
 * Attribute lists on lines of their own: the first or last line of a
 * paragraph, or a paragraph of their own. One between two lines of a
 * paragraph ends it, as kramdown reads it: `![shiba](a.png)`, then
 * `{: .center}`, then `*Fig. 1.*` is a paragraph with the image, of class
 * `center`, and one with the caption.
 */
function blockAttributes(state: StateCore, definitions: Definitions): void {
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
      if (list) index = standalone(state, index, list, definitions) - 1;
      continue;
    }
    const middle = breaks.findIndex((at, line) => line + 1 < breaks.length && lineOf(at + 1, breaks[line + 1]));
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
      applyAttributes(lazyContainer(tokens, index, sourceLine(end - 1), sourceLine(start), inline.content) ?? tokens[index], last, definitions, end);
    }
    const first = breaks.length > 0 && lineOf(0, breaks[0]) ? lineOf(0, breaks[0]) : undefined;
    if (first && (!last || breaks.length > 1)) {
      children.splice(0, 2);
      // Under a block that ends on the line above (a heading, a code fence, kramdown's `</div>`), the list is that block's, as kramdown gives it.
      applyAttributes(blockEndingAt(tokens, index - 1, inline.map?.[0] ?? -1) ?? tokens[index], first, definitions);
    }
  }
}

/**
 * The paragraph at `paragraph` as two, the attribute line between them (its
 * children from the break `before` it to the break `after` it, the `line`th
 * of the paragraph) left out of both.
 */
function splitParagraph(tokens: Token[], paragraph: number, before: number, after: number, line: number): void {
  const [open, inline, close] = tokens.slice(paragraph, paragraph + 3);
  const [start, end] = inline.map ?? [0, 0];
  const contentLines = inline.content.split("\n");
  const copy = (token: Token, map: [number, number] | null) => Object.assign(new Token(token.type, token.tag, token.nesting), { level: token.level, block: true, hidden: token.hidden, markup: token.markup, map });
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

const SPAN_HEAD = /^\{([^{}\n]*)\}/;

/** An attribute list that follows a link, an image, code or emphasis with no space between is that element's. */
function spanAttributes(tokens: Token[], definitions: Definitions): void {
  for (const token of tokens) {
    const children = token.type === "inline" ? token.children : null;
    for (let index = 1; children && index < children.length; index++) {
      const head = spanHead(children, index);
      const list = head && readAttributes(head.inner);
      const element = list && elementEndingAt(children, index - 1);
      if (!head || !list || !element) continue;
      applyAttributes(element, list, definitions);
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
function standalone(state: StateCore, paragraph: number, list: AttributeList, definitions: Definitions): number {
  const { tokens } = state;
  const [start, end] = tokens[paragraph + 1].map ?? [0, 0];
  tokens.splice(paragraph, 3);
  if (list.definition) return paragraph;
  const before = blockEndingAt(tokens, paragraph - 1, start);
  const after = tokens[paragraph]?.map?.[0] === end && tokens[paragraph].nesting !== -1 ? tokens[paragraph] : undefined;
  const target = before ?? after;
  if (target) applyAttributes(target, list, definitions, start + 1);
  else reportWarning(state.env, { kind: "stray-attributes", line: start + 1, message: "an attribute list that touches no block: it is left out", hint: "write it on the line directly after the block it is for (kramdown's `{: .class}`), or at the end of a heading's line" });
  return paragraph;
}

/** The block whose last token is at `index`, when it ends on `line` (its opening token for a container). */
function blockEndingAt(tokens: Token[], index: number, line: number): Token | undefined {
  const token = tokens[index];
  if (!token) return undefined;
  // Raw HTML takes a list on its first tag (html-attributes.ts), where it opens with one.
  if (token.nesting === 0) return token.map?.[1] === line && (token.type !== "html_block" || opensWithTag(token.content)) ? token : undefined;
  if (token.nesting !== -1) return undefined;
  let open = index;
  while (open > 0 && !(tokens[open].nesting === 1 && tokens[open].level === token.level)) open--;
  return tokens[open].map?.[1] === line ? tokens[open] : undefined;
}

/**
 * A `style` an attribute list gave, left out where the page's policy blocks
 * inline styles (every page, unless site.yaml's `security:` allows
 * `style-src` them: `RenderEnv.inlineStyles`), with a warning at its line.
 */
function blockedStyles(state: StateCore): void {
  if ((state.env as { inlineStyles?: true }).inlineStyles) return;
  let line = 1;
  for (const token of state.tokens) {
    if (token.map) line = token.map[0] + 1;
    for (const element of [token, ...(token.children ?? [])]) {
      if (!element.meta?.attributeStyle) continue;
      const style = element.attrGet("style");
      const at = typeof element.meta.attributeStyle === "number" ? element.meta.attributeStyle : line;
      element.attrs = element.attrs?.filter(([name]) => name !== "style") ?? null;
      reportWarning(state.env, {
        kind: "csp-blocked",
        line: at,
        message: `\`style="${style}"\` in an attribute list is left out: the page's Content-Security-Policy blocks inline styles (\`style-src\`)`,
        hint: "give the element a class instead (`{: .wide}`) and style the class in the theme's stylesheet; inline styles are allowed only by `style-src` in site.yaml's `security:` setting",
      });
    }
  }
}

/** The ids attribute lists gave elements other than headings (whose ids are the headings'): link targets too, as `[#](#signal){:#signal}`'s. */
export function attributeIds(tokens: Token[]): string[] {
  const ids: string[] = [];
  for (const token of tokens) {
    for (const element of [token, ...(token.children ?? [])]) {
      const id = element.type === "heading_open" ? null : element.attrGet("id");
      if (id !== null) ids.push(id);
    }
  }
  return ids;
}
