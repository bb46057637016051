/**
 * A description for a page or post that has none, as Jekyll and Hugo make
 * their excerpts and summaries: the text before the summary marker
 * (`<!--more-->`, or the site's `excerpt_separator`) when the body has one,
 * else its first paragraph, as plain text (links as their text, code as its
 * text, images, HTML, footnote marks and template tags left out; a formula
 * as its TeX was written, delimiters and all), at most 200 characters, cut
 * at a word. The body is read by the renderer's own markdown-it instance
 * (parseMarkdown), so what counts as a paragraph, a footnote or an attribute
 * list is what the page shows; nothing here renders. An HTML body
 * (src/content/markup.ts) is summarised by the text of its first `<p>`, or
 * of what comes before the marker.
 *
 * Here, beside the parser it reads, and not in content/: reading the content
 * is given this function (src/content/excerpt.ts's `ExcerptOf`) by whoever
 * reads it (the build, a render lane, `sitegen new`), so content/ stays below
 * render/ in the layers (.dependency-cruiser.cjs).
 */
import type Token from "markdown-it/lib/token.mjs";
import type { SummarySettings } from "../../content/excerpt.ts";
import type { Markup } from "../../content/markup.ts";
import { parseMarkdown } from "./render.ts";

export const EXCERPT_MAX = 200;

/** Liquid (`{% … %}`, `{{ … }}`) and Hugo shortcodes (`{{< … >}}`, `{{% … %}}`), which no reader should see as text. */
const TEMPLATE_TAG = /\{%.*?%\}|\{\{[<%].*?[>%]\}\}|\{\{.*?\}\}/g;

/** The body's summary as plain text within EXCERPT_MAX; "" when it has none. */
export function excerptOf(body: string, settings: SummarySettings = {}, markup?: Markup): string {
  const { separator, math } = settings;
  if (markup === "html") return htmlExcerpt(body, separator);
  const tokens = parseMarkdown(body, {
    ...(separator !== undefined ? { excerptSeparator: separator } : {}),
    ...(math !== undefined ? { math } : {}),
  });
  const summary = summaryText(tokens);
  if (summary) return cutAtWord(summary, EXCERPT_MAX);
  // A paragraph with Liquid in it (`{{ site.title }}`, `{% if %}`) has holes where the values go, or both branches: the first without, if any, describes the text.
  let first = "";
  for (let index = 0; index < tokens.length; index++) {
    if (tokens[index].type !== "paragraph_open") continue;
    const inline = tokens[index + 1];
    const text = clean(plainText(inline?.children ?? []));
    if (text === "") continue;
    // A tag in code (`{{ page.title }}` in backticks) leaves no hole in the text: code is left out of a description.
    if (!(inline.children ?? []).some((child) => child.type === "text" && /\{\{|\{%/.test(child.content)))
      return cutAtWord(text, EXCERPT_MAX);
    first ||= text;
  }
  return cutAtWord(first, EXCERPT_MAX);
}

/** An HTML body's summary: its text before the summary marker, else its first paragraph's (`<p>`), tags left out. */
function htmlExcerpt(body: string, separator = "<!--more-->"): string {
  const marker = body.indexOf(separator);
  const part = marker !== -1 ? body.slice(0, marker) : (/<p[\s>][\s\S]*?<\/p>/i.exec(body)?.[0] ?? "");
  return cutAtWord(clean(textOfHtml(part)), EXCERPT_MAX);
}

const ENTITIES: Record<string, string> = {
  "&nbsp;": " ",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&amp;": "&",
};

/** HTML as text: a block's edges and a line break are spaces, other tags and comments nothing, the common entities their characters. */
function textOfHtml(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(?:br|\/?(?:p|div|li|h[1-6]|td|th|tr|blockquote))\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:nbsp|lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]);
}

/** The paragraphs before the summary marker, as one text; undefined when the body has no marker. */
function summaryText(tokens: Token[]): string | undefined {
  const parts: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token.type === "summary_marker") return clean(parts.join(" "));
    const children =
      token.type === "inline" && tokens[index - 1]?.type === "paragraph_open" ? (token.children ?? []) : [];
    const marker = children.findIndex((child) => child.type === "summary_marker");
    parts.push(plainText(marker === -1 ? children : children.slice(0, marker)));
    if (marker !== -1) return clean(parts.join(" "));
  }
  return undefined;
}

function clean(text: string): string {
  return text.replace(TEMPLATE_TAG, " ").replace(/\s+/g, " ").trim();
}

function plainText(children: Token[]): string {
  let text = "";
  let image = 0;
  for (const token of children) {
    if (token.type === "image") image++;
    else if (token.type === "text" || token.type === "code_inline" || token.type === "emoji")
      text += token.content;
    // A formula is read in its TeX, which is what a description, plain text, can hold of it.
    else if (token.type === "math_inline")
      text += (token.meta as { written?: string } | null)?.written ?? token.content;
    else if (token.type === "softbreak" || token.type === "hardbreak") text += " ";
  }
  // A paragraph of images alone has nothing to say in words.
  return image > 0 && text.trim() === "" ? "" : text;
}

/** `text` within `max` characters, cut after the last whole word and marked with an ellipsis. */
export function cutAtWord(text: string, max: number): string {
  if ([...text].length <= max) return text;
  const room = [...text].slice(0, max - 1).join("");
  const space = room.lastIndexOf(" ");
  const cut = (space > max / 2 ? room.slice(0, space) : room).replace(/[\s,;:.–—-]+$/u, "");
  return `${cut}…`;
}
