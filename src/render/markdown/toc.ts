/**
 * A table of contents where the author asked for one: kramdown's list
 * followed by `{:toc}` (attributes.ts), or a paragraph of `[[toc]]` alone
 * (VitePress, markdown-it-toc-done-right). It is replaced by the page's
 * headings, each linking to its id, nested by level; a heading with the class
 * `no_toc` is left out, as in kramdown. The list's own id and classes are
 * the table's, as kramdown keeps them.
 */
import Token from "markdown-it/lib/token.mjs";
import { headingText } from "./headings.ts";
import { wordsWithFormulas } from "./math.ts";

export function tablesOfContents(tokens: Token[], options: { leading?: boolean } = {}): void {
  for (let index = tokens.length - 1; index >= 0; index--) {
    const open = tokens[index];
    const marker = open.type === "paragraph_open" && /^\[\[toc\]\]$/i.test(tokens[index + 1].content.trim());
    if (
      !marker &&
      (!open.meta?.toc || (open.type !== "bullet_list_open" && open.type !== "ordered_list_open"))
    )
      continue;
    let close = index + 1;
    while (!(tokens[close].nesting === -1 && tokens[close].level === open.level)) close++;
    const nav = new Token("html_block", "", 0);
    nav.content = contents(tokens, open.attrGet("id"), open.attrGet("class"));
    nav.map = open.map;
    tokens.splice(index, close - index + 1, nav);
  }
  if (options.leading) leadingContents(tokens);
}

/**
 * A table of contents before the body, where the post or the site asks for
 * one (`toc: true`) and the body has none of its own: when it has at least
 * two headings, else there is nothing to find one's way among.
 */
function leadingContents(tokens: Token[]): void {
  if (tokens.some((token) => token.type === "html_block" && /^<nav class="toc[ "]/.test(token.content)))
    return;
  if (tokens.filter((token) => token.type === "heading_open").length < 2) return;
  const nav = new Token("html_block", "", 0);
  nav.content = contents(tokens, null, null);
  tokens.unshift(nav);
}

/** The table of contents, with the id and the classes the author's list had (`{: class="table-of-content"}`). */
function contents(tokens: Token[], id: string | null, classes: string | null): string {
  const escape = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  let html = `<nav class="${escape(["toc", ...(classes ?? "").split(/\s+/).filter((name) => name !== "" && name !== "toc")].join(" "))}"${id ? ` id="${escape(id)}"` : ""} aria-label="Contents">\n`;
  const open: number[] = [];
  tokens.forEach((token, index) => {
    if (token.type !== "heading_open" || (token.attrGet("class") ?? "").split(" ").includes("no_toc")) return;
    const level = Number(token.tag.slice(1));
    while (open.length > 0 && open.at(-1)! > level) (html += `</li>\n</ul>\n`), open.pop();
    if (open.at(-1) === level) html += "</li>\n";
    else (html += "<ul>\n"), open.push(level);
    html += `<li><a href="#${escape(String(token.attrGet("id")))}">${wordsWithFormulas(tokens[index + 1], (child) => escape(headingText({ children: [child] } as Token)))}</a>`;
  });
  while (open.pop() !== undefined) html += "</li>\n</ul>\n";
  return `${html}</nav>\n`;
}
