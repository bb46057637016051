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
import type Token from "markdown-it/lib/token.mjs";
import {
  applyAttributes,
  attributeLine,
  definitionsOf,
  readAttributes,
  type Definitions,
} from "./attribute-lists.ts";
import { blockAttributes } from "./block-attributes.ts";
import { reportWarning } from "./warnings.ts";

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
  if (!/^\{[^{}]*$/.test(text.content) || lineBreak?.type !== "softbreak" || next?.type !== "text")
    return undefined;
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
  for (let at = index - 1; at >= 0; at--)
    if (children[at].nesting === 1 && children[at].level === last.level && children[at].tag === last.tag)
      return children[at];
  return undefined;
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
