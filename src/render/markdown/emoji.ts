/**
 * Emoji shortcodes (`:tada:`), with markdown-it-emoji; not emoticons: `:p`
 * and `8)` are text in code-minded writing.
 *
 * The plugin tests every text token of a page against one expression of its
 * 1,903 names, which V8 compiles and runs slowly: on a small site that was a
 * tenth of a build's rendering. Every name is letters, digits, `_`, `+` and
 * `-` (test/markdown-dialect.test.ts holds the data to that), so a page
 * whose source has no such word between two colons can hold no shortcode,
 * and its text is left as it is without the test.
 */
import type MarkdownIt from "markdown-it";
import type { StateCore } from "markdown-it";
import { full as emoji } from "markdown-it-emoji";

/** What every shortcode looks like in a page's source. */
export const SHORTCODE_SHAPE = /:[\w+-]+:/;

export function emojiPlugin(md: MarkdownIt): void {
  md.use(emoji, { shortcuts: {} });
  const replace = (md.core.ruler as unknown as { __rules__: { name: string; fn: (state: StateCore) => boolean | void }[] }).__rules__.find((rule) => rule.name === "emoji")!.fn;
  md.core.ruler.at("emoji", (state) => (SHORTCODE_SHAPE.test(state.src) ? replace(state) : false));
}
