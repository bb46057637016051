/**
 * What a reader sees of an HTML page's own text: its words, its images and
 * its links, read from the page's main part (its one `<article>`, else its
 * `<main>`, else its body, with the elements in it that may hold the text),
 * without what every page of a site repeats
 * (navigation, asides, footers) or what no reader sees (scripts, styles,
 * templates, what is `hidden` or `display: none`). Old and new pages are read alike, so what
 * one keeps of the other is measured on the same terms.
 */
import { parseDocument } from "htmlparser2";
import { allElements, findElement, isElement, textOf } from "./elements.ts";
import type { ChildNode, Element } from "domhandler";
import { pushAll } from "../../collector.ts";
import { isNeighbours } from "./page-neighbours.ts";
import { mediaKey } from "./generated-images.ts";
import { codeText, isGutter, isNumberColumn } from "./code-text.ts";
import {
  formulaReading,
  mathShown,
  scriptFormula,
  withFormulasShown,
  type FormulaReading,
} from "./formulas.ts";

export interface PageText {
  title: string;
  /** The page it sends readers on to (a `<meta http-equiv="refresh">` or a canonical elsewhere): a redirect page, not a page of text. */
  redirectsTo?: string;
  /** Its `<html lang>`, in lower case, where it says one. */
  lang?: string;
  /** Its `<link rel="canonical">`, where it names one: the origin the site was served at. */
  canonical?: string;
  /** Each run of text as the page shows it (a text node, trimmed): what words are read from, and what the site's every page repeats is known by. */
  texts: string[];
  /** Each image's, video's and audio's source, as written. */
  media: string[];
  /** Each image's alt text, as shown (among `texts` too): a theme's alt made of the page's title is known by it. */
  alts: string[];
  /** Each link's target, as written; links within the page (`#…`) are left out: generators name footnotes and headings each their own way. */
  links: string[];
  /**
   * Where the page names no element for its text (no `e-content`, no one `<article>`): the elements that might
   * hold it, each a quarter of the page's words at least, so that the comparison takes the one that holds the
   * post's own text, not the theme's header, sidebar and footer laid out around it in `<div>`s (parity.ts).
   */
  parts?: TextPart[];
}

/** An element of the page by the ranges of `texts`, `media` and `links` it holds, each `[start, end)`. */
export interface TextPart {
  texts: [number, number];
  media: [number, number];
  links: [number, number];
}

/** What no reader sees as text; and what a theme puts around a page's own text, which an old page's text is read without. */
const UNSEEN = new Set(["script", "style", "noscript", "template", "svg", "math", "head"]);
const AROUND = new Set(["nav", "aside", "footer", "button", "form"]);
/** What a theme writes for screen readers alone (Expressive Code's "Terminal window" on every shell block): an old page's own text is read without it. */
const SCREEN_READER_ONLY = /(?:^|\s)(?:sr-only|visually-hidden|screen-reader-text)(?:\s|$)/;
/** Words as a reader's language divides them: by spaces, and by dictionary where a script writes none (Chinese, Japanese, Thai). */
const SEGMENTER = new Intl.Segmenter("und", { granularity: "word" });

/**
 * The page's text as compared: an old page's own part (`whole: false`), or
 * everything a new page shows a reader (`whole: true`), its navigation and
 * neighbours' links too, since what the old page had anywhere counts as kept
 * wherever the new one shows it.
 */
export function readPage(html: string, options: { whole?: boolean } = {}): PageText {
  const document = parseDocument(html, { decodeEntities: true });
  const title = textOf(findElement(document.children, (element) => element.name === "title")).trim();
  const refresh = findElement(
    document.children,
    (element) => element.name === "meta" && (element.attribs["http-equiv"] ?? "").toLowerCase() === "refresh",
  );
  const redirectsTo = refresh
    ? /url\s*=\s*['"]?([^'"\s]+)/i.exec(refresh.attribs.content ?? "")?.[1]
    : undefined;
  const canonical = findElement(
    document.children,
    (element) =>
      element.name === "link" && (element.attribs.rel ?? "").toLowerCase().split(/\s+/).includes("canonical"),
  )?.attribs.href;
  const main = options.whole ? undefined : mainPart(document.children);
  const root = main
    ? main.nodes
    : (findElement(document.children, (element) => element.name === "body")?.children ?? document.children);
  const skipped = options.whole ? UNSEEN : new Set([...UNSEEN, ...AROUND]);
  const lang = findElement(document.children, (element) => element.name === "html")
    ?.attribs.lang?.trim()
    .toLowerCase();
  const page: PageText = {
    title,
    texts: [],
    media: [],
    alts: [],
    links: [],
    ...(lang ? { lang } : {}),
    ...(redirectsTo ? { redirectsTo } : {}),
    ...(canonical ? { canonical } : {}),
  };
  const parts: TextPart[] | undefined = main && !main.named ? [] : undefined;
  collect(root, page, skipped, false, !options.whole, parts, formulaReading(document.children));
  const large = parts && largeParts(page.texts, parts);
  if (large?.length) page.parts = large;
  return page;
}

/**
 * The element themes name for a post's own text (`post-content`, `entry-content`, `article-body`, schema.org's
 * `articleBody`, GitHub's `markdown-body`): inside an article it leaves out what the theme adds around the text
 * (reading time, related posts, share buttons, a licence).
 */
const BODY_CLASS =
  /(?:^|\s)(?:(?:post|entry|article|blog|page)[-_]?(?:content|body|text)|markdown-body|e-content)(?:\s|$)/i;

/** What names a post's own text by a standard rather than a theme's habit: microformats' h-entry and schema.org's Article. */
const STANDARD_BODY = (element: Element) =>
  /(?:^|\s)e-content(?:\s|$)/.test(element.attribs.class ?? "") || element.attribs.itemprop === "articleBody";

/** The part of the page that is its own: its text's element, else one `<article>`, else `<main>` or the element whose role is main, else the body. */
function mainPart(nodes: ChildNode[]): { nodes: ChildNode[]; named: boolean } {
  // A theme that names its text `e-content` may name its previous-and-next links `page-content` too: the standard's name is the text.
  const standard = allElements(nodes, STANDARD_BODY);
  if (standard.length === 1) return { nodes: [standard[0]], named: true };
  const bodies = allElements(
    nodes,
    (element) => BODY_CLASS.test(element.attribs.class ?? "") || element.attribs.itemprop === "articleBody",
  );
  if (bodies.length === 1) return { nodes: [bodies[0]], named: true };
  const articles = allElements(nodes, (element) => element.name === "article");
  if (articles.length === 1) return { nodes: [articles[0]], named: true };
  // Neither says which element is the text's: `parts` are the elements in it that may be.
  const main = findElement(nodes, (element) => element.name === "main" || element.attribs.role === "main");
  if (main) return { nodes: [main], named: false };
  const body = findElement(nodes, (element) => element.name === "body");
  return { nodes: body ? body.children : nodes, named: false };
}

/** The elements a theme lays a page out with: one of them, or a few nested, hold the text of a page that names none for it. */
const CONTAINERS = new Set(["div", "section", "article", "header", "table", "tbody", "tr", "td", "center"]);

/** The parts that may hold the text: a quarter of the page's words at least, the whole page's range and repeats left out. */
function largeParts(texts: string[], parts: TextPart[]): TextPart[] {
  const words = [0];
  for (const text of texts) words.push(words[words.length - 1] + text.split(" ").length);
  const least = words[words.length - 1] / 4;
  const seen = new Set<string>([`0:${texts.length}`]);
  return parts.filter(({ texts: [start, end] }) => {
    const key = `${start}:${end}`;
    if (words[end] - words[start] < least || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function collect(
  nodes: ChildNode[],
  page: PageText,
  skipped: Set<string>,
  inCode: boolean,
  ownOnly: boolean,
  parts?: TextPart[],
  formulas?: FormulaReading,
): void {
  for (const node of nodes) {
    if (node.type === "text") {
      const written = node.data.replace(/\s+/g, " ").trim();
      // TeX the page's script typesets is read as its formula's signs, as a new page's MathML is (formulas.ts).
      const text = formulas && !inCode ? withFormulasShown(written, formulas) : written;
      // A column of a code block's line numbers is its highlighter's (Hugo's lineNos), not the author's.
      if (text !== "" && !(inCode && isNumberColumn(node.data))) page.texts.push(text);
      continue;
    }
    if (!isElement(node)) continue;
    const formula =
      node.name === "math"
        ? mathShown(node)
        : node.name === "script"
          ? scriptFormula(node, formulas)
          : undefined;
    if (formula !== undefined) {
      if (formula !== "") page.texts.push(formula);
      continue;
    }
    if (skipped.has(node.name)) continue;
    const { name, attribs } = node;
    // KaTeX's drawing of a formula beside its MathML, which is read instead.
    if (/(?:^|\s)katex-html(?:\s|$)/.test(attribs.class ?? "")) continue;
    if (inCode && isGutter(attribs)) continue;
    // An element with `hidden` or `display: none` is shown to no reader (a theme's microformats for feed readers, `<div hidden class="h-entry">`; a link to each translation a script may show one of).
    if (attribs.hidden !== undefined || /(?:^|;)\s*display\s*:\s*none\b/i.test(attribs.style ?? "")) continue;
    if (ownOnly && (SCREEN_READER_ONLY.test(attribs.class ?? "") || isNeighbours(node))) continue;
    if ((name === "img" || name === "video" || name === "audio" || name === "source") && attribs.src)
      page.media.push(mediaKey(attribs.src, name === "img" ? attribs.alt : undefined));
    if (name === "img" && attribs.alt?.trim()) {
      const alt = attribs.alt.replace(/\s+/g, " ").trim();
      page.texts.push(alt);
      page.alts.push(alt);
    }
    if (name === "a" && attribs.href && !attribs.href.startsWith("#")) page.links.push(attribs.href);
    if (name === "pre" && !inCode) {
      // A code block is read as its text, each line one: a highlighter's spans cut words where its grammar does (a shell's `\w` is an escape to it), another's elsewhere.
      const lines = codeText(node.children, UNSEEN)
        .split("\n")
        .map((line) => line.replace(/\s+/g, " ").trim())
        .filter((line) => line !== "");
      pushAll(page.texts, lines);
      continue;
    }
    const start = parts && CONTAINERS.has(name) ? mark(page) : undefined;
    collect(
      node.children,
      page,
      skipped,
      inCode || name === "pre" || name === "code",
      ownOnly,
      parts,
      formulas,
    );
    if (start) {
      const end = mark(page);
      parts?.push({
        texts: [start.texts, end.texts],
        media: [start.media, end.media],
        links: [start.links, end.links],
      });
    }
  }
}

function mark(page: PageText): { texts: number; media: number; links: number } {
  return { texts: page.texts.length, media: page.media.length, links: page.links.length };
}

const PARTS = /[.:]+|(?<=\p{N})(?=\p{L})|(?<=\p{L})(?=\p{N})/u;

/** The words of some texts, each as compared: in lower case, its apostrophe straight, as a typographer that curls quotes (kramdown's, Hugo's) or one that does not would write it. */
export function wordsOf(texts: string[]): string[] {
  const words: string[] = [];
  for (const text of texts) {
    // A URL shown as its text is read decoded (`ajax%E3%81%AApagination` is `ajaxなpagination`): markdown-it shows an autolink so, Hugo and kramdown as written.
    for (const { segment, isWordLike } of SEGMENTER.segment(text.replace(/(?:%[0-9A-Fa-f]{2})+/g, decoded))) {
      // `date.setTime` and `10px` are one word to the segmenter and two to a highlighter's spans: both sides are read in parts.
      // A number is read without its leading zeros: a day shown as `01` by one theme is `1` by another.
      if (isWordLike)
        for (const part of segment.toLowerCase().replace(/’/g, "'").split(PARTS))
          if (part !== "") words.push(/^\d+$/.test(part) ? part.replace(/^0+(?=\d)/, "") : part);
    }
  }
  return words;
}

function decoded(escapes: string): string {
  try {
    return decodeURIComponent(escapes);
  } catch {
    return escapes;
  }
}
