/**
 * A description for a page or post that has none, as Jekyll and Hugo make
 * their excerpts and summaries: the first paragraph of the body as plain
 * text (links as their text, code as its text, images, HTML and template
 * tags left out), at most 200 characters, cut at a word. Its own markdown-it
 * parser, with the options of the renderer's (src/render/markdown.ts), only
 * tokenises: nothing here renders.
 */
import MarkdownIt from "markdown-it";

export const EXCERPT_MAX = 200;

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** Liquid (`{% … %}`, `{{ … }}`) and Hugo shortcodes (`{{< … >}}`, `{{% … %}}`), which no reader should see as text. */
const TEMPLATE_TAG = /\{%.*?%\}|\{\{[<%].*?[>%]\}\}|\{\{.*?\}\}/g;

/** The body's first paragraph with text in it, as plain text within EXCERPT_MAX; "" when it has none. */
export function excerptOf(body: string): string {
  const tokens = md.parse(body, {});
  for (let index = 0; index < tokens.length; index++) {
    if (tokens[index].type !== "paragraph_open") continue;
    const inline = tokens[index + 1];
    const text = plainText(inline?.children ?? []).replace(TEMPLATE_TAG, " ").replace(/\s+/g, " ").trim();
    if (text !== "") return cutAtWord(text, EXCERPT_MAX);
  }
  return "";
}

function plainText(children: ReturnType<typeof md.parseInline>[number]["children"] & object): string {
  let text = "";
  let image = 0;
  for (const token of children) {
    if (token.type === "image") image++;
    else if (token.type === "text" || token.type === "code_inline") text += token.content;
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
