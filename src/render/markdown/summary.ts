/**
 * The summary marker: `<!--more-->` (Hugo's, and Jekyll's when a site sets
 * it), or the site's `excerpt_separator`, ends a post's summary, from which
 * its description is made when it has none (src/render/markdown/excerpt.ts). It
 * never shows: it becomes a token of its own that renders as nothing, in a
 * block of its own or within a paragraph.
 */
import type MarkdownIt from "markdown-it";
import type StateCore from "markdown-it/lib/rules_core/state_core.mjs";

export const SUMMARY_SEPARATOR = "<!--more-->";

/** What a parse's env may say about the marker. */
export interface SummaryEnv {
  /** The site's `excerpt_separator`; `<!--more-->` when it sets none. */
  excerptSeparator?: string;
}

export function summaryPlugin(md: MarkdownIt): void {
  md.core.ruler.push("summary_marker", (state) => markSummary(state));
  md.renderer.rules.summary_marker = () => "";
}

function markSummary(state: StateCore): void {
  const separator = ((state.env as SummaryEnv).excerptSeparator ?? SUMMARY_SEPARATOR).trim();
  if (separator === "" || !state.src.includes(separator)) return;
  for (const token of state.tokens) {
    if (token.type === "html_block" && token.content.trim() === separator) {
      token.type = "summary_marker";
      continue;
    }
    const children = token.type === "inline" ? token.children : null;
    for (let index = 0; children && index < children.length; index++) {
      const child = children[index];
      if (child.type === "html_inline" && child.content.trim() === separator) child.type = "summary_marker";
      else if (child.type === "text" && child.content.includes(separator)) {
        // A separator that is not HTML (Jekyll allows any text) splits its text.
        const [before, ...after] = child.content.split(separator);
        const marker = new state.Token("summary_marker", "", 0);
        const rest = new state.Token("text", "", 0);
        rest.content = after.join("");
        child.content = before;
        children.splice(index + 1, 0, marker, rest);
        index += 2;
      }
    }
  }
}
