/**
 * A page's body, from Markdown to HTML, with what the build needs to know
 * about it: its ids (link targets), its links and images (for the link
 * check), where its code blocks are (which the Markdown representation
 * leaves as written), and what the author should be told.
 */
import Token from "markdown-it/lib/token.mjs";
import { attributeIds } from "./attributes.ts";
import { footnoteIds } from "./footnotes.ts";
import { childLines } from "./lines.ts";
import { assignHeadingIds, titleHeadings } from "./headings.ts";
import { parseChosen } from "./constructs.ts";
import { md as fullChain } from "./instance.ts";
import type { PageElement } from "../checks/html-tags.ts";
import {
  closingOf,
  inlineTextWarning,
  rawHtmlElements,
  rawHtmlOf,
  rawHtmlTargets,
  shownAsText,
  unclosedRawHtml,
  unclosedWarning,
} from "./raw-html.ts";
import { tablesOfContents } from "./toc.ts";
import type { SummaryEnv } from "./summary.ts";
import { warningsOf, type MarkdownWarning } from "./warnings.ts";
import type { RenderEnv } from "./env.ts";

export interface RenderedMarkdown {
  html: string;
  /** Every id the body gives an element: its headings' in order, then its footnotes', its attribute lists' and its raw HTML's. */
  ids: string[];
  /** Every link target, and every image's (`image`), with the body line it sits on (1-based, relative to the body). */
  links: { href: string; line: number; image?: true }[];
  /**
   * The code blocks (fenced and indented), as 0-based line ranges `[start,
   * end)` of the body in order: where the Markdown representation leaves the
   * text exactly as written.
   */
  code: [start: number, end: number][];
  /** What the author should hear about, by body line. */
  warnings: MarkdownWarning[];
  /** What closes the raw HTML the body leaves open (`-->`, `</template>`): the page ends the body with it, and so does its Markdown. */
  closing?: string;
  /**
   * The elements the body adds to the page that a security policy governs,
   * by body line: its raw HTML's, its images, and what an attribute list
   * gives a `style` or an event handler.
   */
  elements: PageElement[];
}

/** The tokens of a body: what the excerpt of a page without a description is read from (src/render/markdown/excerpt.ts). */
export function parseMarkdown(body: string, env: SummaryEnv = {}): Token[] {
  return parseChosen(body, { ...env }).tokens;
}

/** `lang` is the page's language, which the `ascii` spelling of heading ids reads (heading-ids.ts). */
export function renderMarkdown(body: string, lang?: string, env: RenderEnv = {}): RenderedMarkdown {
  const state: RenderEnv & { warnings?: MarkdownWarning[] } = { ...env };
  const { md, tokens } = env.html ? { md: fullChain, tokens: htmlBlock(body) } : parseChosen(body, state);
  titleHeadings(tokens, env.title, state);
  const headingIds = assignHeadingIds(tokens, lang, env.headingIds);
  // The author's HTML, before a table of contents adds HTML of its own.
  const pieces = rawHtmlOf(tokens);
  const rawElements = rawHtmlElements(pieces);
  // Raw HTML left open would take in the rest of the page: closed after the body, and said.
  const open = unclosedRawHtml(pieces);
  // One opened within a sentence is text; the Markdown keeps it as written, closed after the body as the rest.
  const text = open.filter(shownAsText);
  const unclosed = open.filter((each) => !text.includes(each));
  const closing = closingOf(unclosed);
  const markdownClosing = closingOf(open);
  const raw = rawHtmlTargets(rawElements);
  tablesOfContents(tokens, { leading: env.toc });
  const code = tokens
    .filter((token) => (token.type === "fence" || token.type === "code_block") && token.map)
    .map((token) => token.map as [number, number]);
  return {
    html: md.renderer.render(tokens, md.options, state) + closing,
    ids: [...headingIds, ...footnoteIds(tokens), ...attributeIds(tokens), ...raw.ids],
    links: [...markdownLinks(tokens), ...raw.links].sort((a, b) => a.line - b.line),
    code,
    warnings: [...warningsOf(state), ...unclosed.map(unclosedWarning), ...text.map(inlineTextWarning)],
    ...(markdownClosing ? { closing: markdownClosing } : {}),
    elements: [...rawElements, ...markdownElements(tokens)].sort((a, b) => a.line - b.line),
  };
}

/** An HTML body as markdown-it would hold it were it all one block of raw HTML: what raw HTML in Markdown gets, it gets. */
function htmlBlock(body: string): Token[] {
  const token = new Token("html_block", "", 0);
  token.content = body;
  token.block = true;
  token.map = [0, body.split("\n").length];
  return [token];
}

/** A body's Markdown images, and the elements an attribute list gives a `style` or an event handler, as elements. */
function markdownElements(tokens: Token[]): PageElement[] {
  const elements: PageElement[] = [];
  const add = (token: Token, line: number) => {
    if (token.type === "image")
      elements.push({ tag: "img", attributes: new Map([["src", String(token.attrGet("src") ?? "")]]), line });
    else if (token.attrs?.some(([name]) => name === "style" || /^on[a-z]+$/.test(name)))
      elements.push({ tag: token.tag, attributes: new Map(token.attrs), line });
  };
  // A token with no lines (a table's cell) is on the line of the last that has them (its row), not the body's first.
  let line = 1;
  for (const token of tokens) {
    if (token.map) line = token.map[0] + 1;
    add(token, line);
    const children = token.children ?? [];
    const lines = childLines(children, line);
    children.forEach((child, index) => add(child, lines[index]));
  }
  return elements;
}

function markdownLinks(tokens: Token[]): RenderedMarkdown["links"] {
  const links: RenderedMarkdown["links"] = [];
  let line = 1;
  for (const token of tokens) {
    if (token.map) line = token.map[0] + 1;
    if (token.type !== "inline" || !token.children) continue;
    // Each at its own line of the paragraph.
    const lines = childLines(token.children, line);
    token.children.forEach((child, index) => {
      if (child.type === "link_open")
        links.push({ href: String(child.attrGet("href") ?? ""), line: lines[index] });
      else if (child.type === "image")
        links.push({ href: String(child.attrGet("src") ?? ""), line: lines[index], image: true });
    });
  }
  return links;
}
