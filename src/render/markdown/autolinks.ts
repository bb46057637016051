/**
 * Bare URLs become links as GitHub makes them: `https://…` and other schemes,
 * and `www.…` (GFM's extended autolinks, with markdown-it's linkify-it). A
 * name that only looks like a domain is left as text: linkify-it would link
 * `README.md` and `install.sh` (.md and .sh are country domains). E-mail
 * addresses stay text, as they were.
 */
import type MarkdownIt from "markdown-it";
import type StateCore from "markdown-it/lib/rules_core/state_core.mjs";
import type Token from "markdown-it/lib/token.mjs";

const LINKED = /^(?:[a-z][a-z0-9+.-]*:|www\.)/i;
/** An entity reference at the end of a linked URL: its `&` and name, and its `;` unless linkify-it left that after the link. */
const TRAILING_ENTITY = /&[A-Za-z0-9]+(;?)$/;

export function autolinksPlugin(md: MarkdownIt): void {
  md.set({ linkify: true });
  md.linkify.set({ fuzzyEmail: false });
  md.core.ruler.after("linkify", "linkify_gfm", (state) => {
    for (const token of state.tokens) {
      const children = token.children;
      if (token.type !== "inline" || !children) continue;
      for (let index = children.length - 3; index >= 0; index--) {
        const open = children[index];
        if (open.type !== "link_open" || open.markup !== "linkify") continue;
        if (!LINKED.test(children[index + 1].content)) children.splice(index, 3, children[index + 1]);
        else endBeforeEntity(state, children, index);
      }
    }
  });
}

/**
 * GFM's extended autolink ends before an entity reference
 * (`&lt;https://x.example/a.tar.gz&gt;` links `https://x.example/a.tar.gz`,
 * then shows `>`), where linkify-it takes the entity into the URL, with its
 * `;` or without it.
 */
function endBeforeEntity(state: StateCore, children: Token[], open: number): void {
  const [text, after] = [children[open + 1], children[open + 3]];
  const entity = TRAILING_ENTITY.exec(text.content);
  const semicolonInside = entity?.[1] === ";";
  if (!entity || !(semicolonInside || (after?.type === "text" && after.content.startsWith(";")))) return;
  const written = semicolonInside ? entity[0] : `${entity[0]};`;
  const shown = state.md.utils.unescapeAll(written);
  // Not an entity HTML knows (`&v2;`): the URL is left as linkify-it read it.
  if (shown === written) return;
  text.content = text.content.slice(0, entity.index);
  children[open].attrSet("href", state.md.normalizeLink(text.content));
  if (after?.type === "text")
    after.content = shown + (semicolonInside ? after.content : after.content.slice(1));
  else children.splice(open + 3, 0, Object.assign(new state.Token("text", "", 0), { content: shown }));
}
