/**
 * Headings. The page's title is its only H1 (the template writes it), so an
 * H1 in the body is dropped when it repeats the title, as blogs moved from
 * other generators often do, and otherwise every heading of the body goes
 * down one level, so the outline the author wrote is kept under the title;
 * either way the author hears of it. Every heading gets an id, its own
 * (attributes.ts: `{#id}`) or one made from its words, and a link to itself
 * named by the heading (`aria-labelledby`): a screen reader hears the
 * heading's words, in the page's language, where a `#` alone would say
 * nothing. A feed's copy of the text has no such links (`headingAnchors`).
 */
import type MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import type { HeadingIdStyle } from "../../content/types.ts";
import { headingIdMaker, type HeadingWords } from "./heading-ids.ts";
import { reportWarning, type MarkdownWarning } from "./warnings.ts";

export function headingsPlugin(md: MarkdownIt): void {
  const { escapeHtml } = md.utils;
  const anchored = (env: { headingAnchors?: false } | undefined) => env?.headingAnchors !== false;
  md.renderer.rules.heading_open = (tokens, index, options, env, self) =>
    `${anchored(env) ? '<div class="heading">' : ""}${self.renderToken(tokens, index, options)}`;
  md.renderer.rules.heading_close = (tokens, index, options, env, self) => {
    if (!anchored(env)) return self.renderToken(tokens, index, options);
    const id = escapeHtml(String(tokens[index - 2]?.attrGet("id") ?? ""));
    return `${self.renderToken(tokens, index, options)}<a class="heading-anchor" href="#${id}" aria-labelledby="${id}">#</a></div>\n`;
  };
}

/** A heading's words as plain text (an image's by its alt text); raw HTML tags are not words. */
export function headingText(inline: Token): string {
  return inline.children?.map((child) => (child.type === "html_inline" ? "" : child.content)).join("") ?? "";
}

/**
 * The body's H1s, put under the page's title: the first block is dropped
 * when it is an H1 that says what the title says; any other H1 moves every
 * heading down a level (an H6 stays an H6). Each is reported at its line.
 */
export function titleHeadings(tokens: Token[], title: string | undefined, env: object): void {
  // An HTML comment before it (a Hugo summary marker, a note to self) is not a block that shows.
  const first = tokens.findIndex(
    (token) => token.type !== "html_block" || !/^<!--[\s\S]*-->$/.test(token.content.trim()),
  );
  if (
    first !== -1 &&
    tokens[first].type === "heading_open" &&
    tokens[first].tag === "h1" &&
    title !== undefined &&
    sameWords(headingText(tokens[first + 1]), title)
  ) {
    report(env, tokens[first], {
      kind: "title-heading",
      message: "a level-1 heading that repeats the title: it is left out, as the page's title is its H1",
      hint: "remove it: the title from the frontmatter is the page's heading",
    });
    tokens.splice(first, 3);
  }
  const h1s = tokens.filter((token) => token.type === "heading_open" && token.tag === "h1");
  if (h1s.length === 0) return;
  // One warning a page, at its first: a post written with H1 sections has many.
  const more = h1s.length > 1 ? ` (and ${h1s.length - 1} more after this one)` : "";
  report(env, h1s[0], {
    kind: "title-heading",
    message: `a level-1 heading in the body${more}: the page's title is its only H1, so every heading of the body is shown one level down`,
    hint: "start the body's headings at `##`",
  });
  for (const token of tokens) {
    if ((token.type === "heading_open" || token.type === "heading_close") && token.tag !== "h6")
      token.tag = `h${Number(token.tag.slice(1)) + 1}`;
  }
}

function report(env: object, token: Token, warning: Omit<MarkdownWarning, "line">): void {
  reportWarning(env, { line: (token.map?.[0] ?? 0) + 1, ...warning });
}

/** Two titles that say the same, whatever their case, spacing and closing punctuation. */
function sameWords(a: string, b: string): boolean {
  const words = (text: string) =>
    text
      .normalize("NFC")
      .toLowerCase()
      .replace(/[\s\p{P}]+$/u, "")
      .replace(/\s+/g, " ")
      .trim();
  return words(a) === words(b);
}

/**
 * Gives every heading its id, in order, and returns them: the one the author
 * gave it, or its words spelled as `style` says (heading-ids.ts: GitHub's
 * by default, or the generator the site came from); a repeat is numbered as
 * that generator numbers it, never taking an id the author gave another.
 */
export function assignHeadingIds(
  tokens: Token[],
  lang: string | undefined,
  style?: HeadingIdStyle,
): string[] {
  const maker = headingIdMaker(style, lang);
  const headings = tokens.flatMap((token, index) => (token.type === "heading_open" ? [index] : []));
  for (const index of headings) {
    const own = tokens[index].attrGet("id");
    if (own !== null) maker.take(own);
  }
  const made = headings.map(
    (index) => tokens[index].attrGet("id") ?? maker.next(headingWords(tokens[index + 1])),
  );
  return headings.map((index, at) => {
    const id = made[at] ?? maker.fallback();
    tokens[index].attrSet("id", id);
    return id;
  });
}

/** A heading's words, as heading-ids.ts reads them: its text in parts, and its Markdown as written. */
function headingWords(inline: Token): HeadingWords {
  const parts = (inline.children ?? []).flatMap((child): HeadingWords["parts"] => {
    if (child.type === "text" || child.type === "emoji") return [{ text: child.content, kind: "text" }];
    if (child.type === "softbreak") return [{ text: " ", kind: "text" }];
    if (child.type === "code_inline") return [{ text: child.content, kind: "code" }];
    return child.type === "image" ? [{ text: child.content, kind: "other" }] : [];
  });
  return { parts, source: inline.content };
}
