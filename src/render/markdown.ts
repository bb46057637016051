/**
 * The one markdown-it instance. Raw HTML is off: content is Markdown, and the
 * templates own all markup. The one exception is `<img>`, which blogs moved
 * from Eleventy and Hugo write to show a post's own picture: it is read as a
 * Markdown image (its src, alt, title, width and height, nothing else). Every
 * image of the site's own gets its width and height, so that the page does
 * not shift as it loads. Headings get ids (explicit `{#id}` or derived from
 * their text) so that links such as /developers/#errors have a target, and a
 * visible link to themselves. Fenced code is highlighted (highlight.ts).
 * Code blocks and tables scroll sideways in boxes a keyboard can reach (WCAG
 * 2.1.1; axe's `scrollable-region-focusable`).
 */
import MarkdownIt from "markdown-it";
import { asciiWords } from "../content/slug.ts";
import { highlightCode } from "./highlight.ts";

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
const { escapeHtml, unescapeAll } = md.utils;

md.renderer.rules.fence = (tokens, index) => {
  const token = tokens[index];
  const language = token.info ? unescapeAll(token.info).trim().split(/\s+/)[0] : "";
  const code = highlightCode(token.content, language) ?? escapeHtml(token.content);
  const type = language ? ` class="language-${escapeHtml(language)}"` : "";
  return `<pre tabindex="0"><code${type}>${code}</code></pre>\n`;
};
md.renderer.rules.code_block = (tokens, index) => `<pre tabindex="0"><code>${escapeHtml(tokens[index].content)}</code></pre>\n`;
md.renderer.rules.table_open = () => `<div class="table-scroll" tabindex="0">\n<table>\n`;
md.renderer.rules.table_close = () => `</table>\n</div>\n`;

/**
 * A heading and its anchor link side by side, the link named by the heading
 * (`aria-labelledby`): a screen reader hears the heading's words, in the
 * page's language, where a `#` alone would say nothing.
 */
md.renderer.rules.heading_open = (tokens, index, options, _env, self) => `<div class="heading">${self.renderToken(tokens, index, options)}`;
md.renderer.rules.heading_close = (tokens, index, options, _env, self) => {
  const id = escapeHtml(String(tokens[index - 2]?.attrGet("id") ?? ""));
  return `${self.renderToken(tokens, index, options)}<a class="heading-anchor" href="#${id}" aria-labelledby="${id}">#</a></div>\n`;
};

/** An `<img …>` tag in the text, and its attributes, quoted or not. */
const IMG_TAG = /^<img\s+((?:[^<>"']|"[^"]*"|'[^']*')*?)\s*\/?>/i;
const ATTRIBUTE = /([a-zA-Z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;

md.inline.ruler.before("html_inline", "img_tag", (state, silent) => {
  if (state.src.charCodeAt(state.pos) !== 0x3c) return false;
  const tag = IMG_TAG.exec(state.src.slice(state.pos));
  if (!tag) return false;
  const attributes = new Map([...tag[1].matchAll(ATTRIBUTE)].map((match) => [match[1].toLowerCase(), unescapeAll(match[2] ?? match[3] ?? match[4])]));
  const src = attributes.get("src");
  if (!src) return false;
  if (!silent) {
    const token = state.push("image", "img", 0);
    token.attrs = [["src", md.normalizeLink(src)], ["alt", ""]];
    const alt = new state.Token("text", "", 0);
    alt.content = attributes.get("alt") ?? "";
    token.children = [alt];
    token.content = alt.content;
    for (const name of ["title", "width", "height"]) {
      const value = attributes.get(name);
      if (value !== undefined && (name === "title" || /^\d+$/.test(value))) token.attrs.push([name, value]);
    }
  }
  state.pos += tag[0].length;
  return true;
});

const renderImage = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, index, options, env: RenderEnv, self) => {
  const token = tokens[index];
  const size = token.attrGet("width") === null && token.attrGet("height") === null ? env.imageSize?.(String(token.attrGet("src") ?? "")) : undefined;
  if (size) {
    token.attrSet("width", String(size.width));
    token.attrSet("height", String(size.height));
  }
  return renderImage(tokens, index, options, env, self);
};

/** What a page gives its render: the size of an image by its src as written, where it is one of the site's own. */
export interface RenderEnv {
  imageSize?: (src: string) => { width: number; height: number } | undefined;
}

type Token = ReturnType<typeof md.parse>[number];

const EXPLICIT_ID = /\s*\{#([A-Za-z][\w-]*)\}\s*$/;

export interface RenderedMarkdown {
  html: string;
  /** Every heading id, in order. */
  ids: string[];
  /** Every link target, and every image's (`image`), with the body line it sits on (1-based, relative to the body). */
  links: { href: string; line: number; image?: true }[];
  /** The body lines (1-based) of its level-1 headings: the page's title is its only H1. */
  titleHeadings: number[];
  /**
   * The code blocks (fenced and indented), as 0-based line ranges `[start,
   * end)` of the body in order: where the Markdown representation leaves the
   * text exactly as written.
   */
  code: [start: number, end: number][];
}

/** `lang` is the page's language: heading ids are spelled as its slugs are (`asciiWords`). */
export function renderMarkdown(body: string, lang?: string, env: RenderEnv = {}): RenderedMarkdown {
  const tokens = md.parse(body, env);
  const ids = assignHeadingIds(tokens, lang);
  const links = collectLinks(tokens);
  const code = tokens.filter((token) => (token.type === "fence" || token.type === "code_block") && token.map).map((token) => token.map as [number, number]);
  const titleHeadings = tokens.filter((token) => token.type === "heading_open" && token.tag === "h1").map((token) => (token.map?.[0] ?? 0) + 1);
  return { html: md.renderer.render(tokens, md.options, env), ids, links, code, titleHeadings };
}

function assignHeadingIds(tokens: Token[], lang: string | undefined): string[] {
  const seen = new Map<string, number>();
  const ids: string[] = [];
  tokens.forEach((token, index) => {
    if (token.type !== "heading_open") return;
    const inline = tokens[index + 1];
    const last = inline.children?.at(-1);
    let id: string;
    const explicit = last?.type === "text" ? EXPLICIT_ID.exec(last.content) : null;
    if (explicit && last) {
      id = explicit[1];
      last.content = last.content.replace(EXPLICIT_ID, "");
    } else {
      id = asciiWords(inline.children?.map((child) => child.content).join("") ?? "", lang) || "section";
    }
    const count = seen.get(id) ?? 0;
    seen.set(id, count + 1);
    if (count > 0) id = `${id}-${count + 1}`;
    token.attrSet("id", id);
    ids.push(id);
  });
  return ids;
}

function collectLinks(tokens: Token[]): RenderedMarkdown["links"] {
  const links: RenderedMarkdown["links"] = [];
  for (const token of tokens) {
    if (token.type !== "inline" || !token.children) continue;
    for (const child of token.children) {
      if (child.type === "link_open") links.push({ href: String(child.attrGet("href") ?? ""), line: (token.map?.[0] ?? 0) + 1 });
      else if (child.type === "image") links.push({ href: String(child.attrGet("src") ?? ""), line: (token.map?.[0] ?? 0) + 1, image: true });
    }
  }
  return links;
}
