/**
 * The one markdown-it instance (CommonMark), with the Markdown people write
 * for Jekyll, Hugo, Eleventy, Astro and GitHub: GFM's tables,
 * strikethrough, task lists and autolinks; raw HTML as CommonMark passes it;
 * footnotes; pandoc's and kramdown's attribute lists and extensions
 * (`{::comment}`); GitHub's alerts and
 * `:::` containers; definition lists; emoji shortcodes; Liquid and Hugo
 * highlight blocks as code; TeX math as the site's generator delimits it;
 * the site's own images with their sizes. Each
 * module below sets up one of these, its syntax and its markup. No
 * typographer: the text keeps the author's quotes and dashes.
 *
 * Emphasis as Chinese, Japanese and Korean writers mark it
 * (markdown-it-cjk-friendly): CommonMark's flanking rules leave
 * `**重点。**然后` as asterisks, because a CJK full stop stands inside the
 * closing `**` and a letter outside it, where kramdown (Jekyll) and most
 * editors' previews show bold. The plugin's rules are CommonMark's
 * proposed amendment (commonmark-spec issue 650); text without CJK is read
 * as before.
 */
import MarkdownIt, { type PluginSimple } from "markdown-it";
import type { RuleCore } from "markdown-it/lib/parser_core.mjs";
import cjkFriendly from "markdown-it-cjk-friendly";
import deflist from "markdown-it-deflist";
import { admonitionsPlugin } from "./admonitions.ts";
import { attributesPlugin } from "./attributes.ts";
import { autolinksPlugin } from "./autolinks.ts";
import { codePlugin } from "./code.ts";
import { emojiPlugin } from "./emoji.ts";
import { extensionsPlugin } from "./extensions.ts";
import { footnotesPlugin } from "./footnotes.ts";
import { headingsPlugin } from "./headings.ts";
import { imagesPlugin } from "./images.ts";
import { figuresPlugin } from "./figures.ts";
import { kramdownLinksPlugin } from "./kramdown-links.ts";
import { mathPlugin } from "./math.ts";
import { rawHtmlPlugin } from "./raw-html.ts";
import { summaryPlugin } from "./summary.ts";
import { tablesPlugin } from "./tables.ts";
import { taskListsPlugin } from "./task-lists.ts";

/**
 * The constructs a post may use that cost every post something to look for:
 * each is set up only in an instance for posts whose source may hold it
 * (constructs.ts decides which). The rest are always on: CJK emphasis too,
 * since its plugin gives the inline parser a state class of its own, and
 * posts parsed with two classes made every inline rule slower.
 */
export type Construct =
  | "autolinks"
  | "math"
  | "footnotes"
  | "admonitions"
  | "emoji"
  | "extensions"
  | "attributes";

export const CONSTRUCTS: readonly Construct[] = [
  "autolinks",
  "math",
  "footnotes",
  "admonitions",
  "emoji",
  "extensions",
  "attributes",
];

/**
 * An instance with the plugins the set names and every other one, each in
 * its place in the full chain: a plugin left out changes nothing for a
 * source without its construct, as its rules never match there. `probe`
 * is a core rule run where linkify runs in the full chain.
 */
export function markdownWith(constructs: ReadonlySet<Construct>, probe?: RuleCore): MarkdownIt {
  const instance = new MarkdownIt({ typographer: false });
  // Where linkify would run: what it would read is what a probe (constructs.ts) reads instead.
  if (probe) instance.core.ruler.after("linkify", "autolinks_probe", probe);
  const use = (construct: Construct, plugin: PluginSimple) => {
    if (constructs.has(construct)) instance.use(plugin);
  };
  instance.use(cjkFriendly).use(rawHtmlPlugin).use(kramdownLinksPlugin).use(imagesPlugin);
  use("autolinks", autolinksPlugin);
  instance.use(codePlugin);
  use("math", mathPlugin);
  instance.use(headingsPlugin);
  use("footnotes", footnotesPlugin);
  use("admonitions", admonitionsPlugin);
  instance.use(deflist);
  use("emoji", emojiPlugin);
  instance.use(taskListsPlugin);
  use("extensions", extensionsPlugin);
  use("attributes", attributesPlugin);
  return instance.use(summaryPlugin).use(tablesPlugin).use(figuresPlugin);
}

/** The full chain, every construct on. */
export const md = markdownWith(new Set(CONSTRUCTS));
