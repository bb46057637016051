/**
 * Emoji shortcodes (`:tada:`), with markdown-it-emoji; not emoticons: `:p`
 * and `8)` are text in code-minded writing.
 *
 * The plugin tests every text token of a page against one expression of its
 * 1,903 names, which V8 compiles and runs slowly: on a small site that was a
 * tenth of a build's rendering. Every name is letters, digits, `_`, `+` and
 * `-` (test/markdown-dialect.test.ts holds the data to that), so the plugin
 * runs only on a page whose source has such a word between two colons that
 * is a name: a time (`12:30:00`), a port or JSON in a code block is not.
 */
import type MarkdownIt from "markdown-it";
import type { StateCore } from "markdown-it";
import { full as emoji } from "markdown-it-emoji";
import NAMES from "markdown-it-emoji/lib/data/full.mjs";

/** What every shortcode looks like in a page's source: each word between two colons, overlapping ones too (`:a:b:`). */
const SHORTCODE_SHAPE = /:(?=([\w+-]+):)/g;

/** Whether `source` may hold a shortcode: a word between two colons that names an emoji. */
export function mayHoldShortcode(source: string): boolean {
  for (const [, name] of source.matchAll(SHORTCODE_SHAPE)) if (Object.hasOwn(NAMES, name)) return true;
  return false;
}

export function emojiPlugin(md: MarkdownIt): void {
  md.use(emoji, { shortcuts: {} });
  const replace = (
    md.core.ruler as unknown as { __rules__: { name: string; fn: (state: StateCore) => boolean | void }[] }
  ).__rules__.find((rule) => rule.name === "emoji")!.fn;
  md.core.ruler.at("emoji", (state) => (mayHoldShortcode(state.src) ? replace(state) : false));
}
