/**
 * The one markdown-it instance (CommonMark), with the Markdown people write
 * for Jekyll, Hugo, Eleventy, Astro and GitHub: GFM's tables,
 * strikethrough, task lists and autolinks; raw HTML as CommonMark passes it;
 * footnotes; pandoc's and kramdown's attribute lists; GitHub's alerts and
 * `:::` containers; definition lists; emoji shortcodes; Liquid and Hugo
 * highlight blocks as code; the site's own images with their sizes. Each
 * module below sets up one of these, its syntax and its markup. No
 * typographer: the text keeps the author's quotes and dashes.
 */
import MarkdownIt from "markdown-it";
import deflist from "markdown-it-deflist";
import { full as emoji } from "markdown-it-emoji";
import { admonitionsPlugin } from "./admonitions.ts";
import { attributesPlugin } from "./attributes.ts";
import { autolinksPlugin } from "./autolinks.ts";
import { codePlugin } from "./code.ts";
import { footnotesPlugin } from "./footnotes.ts";
import { headingsPlugin } from "./headings.ts";
import { imagesPlugin } from "./images.ts";
import { rawHtmlPlugin } from "./raw-html.ts";
import { summaryPlugin } from "./summary.ts";
import { taskListsPlugin } from "./task-lists.ts";

export const md = new MarkdownIt({ typographer: false })
  .use(rawHtmlPlugin)
  .use(imagesPlugin)
  .use(autolinksPlugin)
  .use(codePlugin)
  .use(headingsPlugin)
  .use(footnotesPlugin)
  .use(admonitionsPlugin)
  .use(deflist)
  // Shortcodes (`:tada:`), not emoticons: `:p` and `8)` are text in code-minded writing.
  .use(emoji, { shortcuts: {} })
  .use(taskListsPlugin)
  .use(attributesPlugin)
  .use(summaryPlugin);
