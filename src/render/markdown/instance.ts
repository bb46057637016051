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
import MarkdownIt from "markdown-it";
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
import { mathPlugin } from "./math.ts";
import { rawHtmlPlugin } from "./raw-html.ts";
import { summaryPlugin } from "./summary.ts";
import { tablesPlugin } from "./tables.ts";
import { taskListsPlugin } from "./task-lists.ts";

export const md = new MarkdownIt({ typographer: false })
  .use(cjkFriendly)
  .use(rawHtmlPlugin)
  .use(imagesPlugin)
  .use(autolinksPlugin)
  .use(codePlugin)
  .use(mathPlugin)
  .use(headingsPlugin)
  .use(footnotesPlugin)
  .use(admonitionsPlugin)
  .use(deflist)
  .use(emojiPlugin)
  .use(taskListsPlugin)
  .use(extensionsPlugin)
  .use(attributesPlugin)
  .use(summaryPlugin)
  .use(tablesPlugin);
