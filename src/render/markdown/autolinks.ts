/**
 * Bare URLs become links as GitHub makes them: `https://…` and other schemes,
 * and `www.…` (GFM's extended autolinks, with markdown-it's linkify-it). A
 * name that only looks like a domain is left as text: linkify-it would link
 * `README.md` and `install.sh` (.md and .sh are country domains). E-mail
 * addresses stay text, as they were.
 */
import type MarkdownIt from "markdown-it";

const LINKED = /^(?:[a-z][a-z0-9+.-]*:|www\.)/i;

export function autolinksPlugin(md: MarkdownIt): void {
  md.set({ linkify: true });
  md.linkify.set({ fuzzyEmail: false });
  md.core.ruler.after("linkify", "linkify_gfm", (state) => {
    for (const token of state.tokens) {
      const children = token.children;
      if (token.type !== "inline" || !children) continue;
      for (let index = children.length - 3; index >= 0; index--) {
        const open = children[index];
        if (open.type !== "link_open" || open.markup !== "linkify" || LINKED.test(children[index + 1].content)) continue;
        children.splice(index, 3, children[index + 1]);
      }
    }
  });
}
