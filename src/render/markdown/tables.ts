/**
 * GFM's column alignment (`|:---|:---:|---:|`) as a class on each cell
 * (`align-left`, `align-center`, `align-right`), which both themes'
 * stylesheets align. markdown-it writes `style="text-align:right"`, and the
 * page's Content-Security-Policy sends `style-src` without
 * `'unsafe-inline'`: a browser drops every such attribute (the column loses
 * its alignment) and logs an error for each cell, and the build warned of
 * sitegen's own markup as if the author had written it.
 */
import type MarkdownIt from "markdown-it";

const ALIGNMENT = /^text-align:(left|center|right)$/;

export function tablesPlugin(md: MarkdownIt): void {
  md.core.ruler.push("table_alignment", (state) => {
    for (const token of state.tokens) {
      if (token.type !== "th_open" && token.type !== "td_open") continue;
      const align = ALIGNMENT.exec(token.attrGet("style") ?? "");
      if (!align) continue;
      token.attrs = token.attrs!.filter(([name]) => name !== "style");
      token.attrJoin("class", `align-${align[1]}`);
    }
  });
}
