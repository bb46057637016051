/**
 * What a moved page kept of its old one: the share of the old page's words,
 * images and links that the new page shows. Words are counted with their
 * repeats (a paragraph lost from a page whose words all occur elsewhere on
 * it still counts); an image is the same when its file name is; a link is
 * the same when it leads to the same place, an old address of the site
 * followed to where it moved.
 */
import { sameMonth, withoutCalendarWords } from "./calendar-words.ts";
import { altKeys } from "./generated-images.ts";
import { wordsOf, type PageText } from "./page-text.ts";

export interface Kept {
  /** What the old page had, and how much of it the new one shows. */
  words: { old: number; kept: number };
  media: { old: number; kept: number };
  links: { old: number; kept: number };
  /** What is missing: a few of the words (in the old page's order), every image and link. */
  missing: { words: string[]; media: string[]; links: string[] };
}

export interface Sides {
  old: { url: string; page: PageText };
  new: { url: string; page: PageText };
  /** Where an address of the old site is now (its path in the new site), or undefined when it is no address of the old site's. */
  moved(path: string): string | undefined;
  /** The old site's origin, for links written with it. */
  origin?: string;
  /** What the old site's theme repeats on most of its pages (a reading time, a share button, a licence): no text of this page's own. */
  chrome?: Chrome;
}

export interface Chrome {
  texts: Set<string>;
  media: Set<string>;
  links: Set<string>;
}

/**
 * What most of a site's pages repeat: each text, image and link found on at
 * least a fifth of them (and on three at least), as a theme puts its reading
 * time, its licence and its buttons inside every post's article.
 */
export function chromeOf(pages: PageText[], least = Math.max(3, Math.ceil(pages.length / 5))): Chrome {
  const repeated = (pick: (page: PageText) => string[]) => {
    const counts = new Map<string, number>();
    for (const page of pages)
      for (const item of new Set(pick(page))) counts.set(item, (counts.get(item) ?? 0) + 1);
    return new Set([...counts].filter(([, count]) => count >= least).map(([item]) => item));
  };
  return {
    texts: repeated((page) => page.texts.map(shapeOf)),
    media: repeated((page) => page.media),
    links: repeated((page) => page.links),
  };
}

/**
 * A text with its numbers as one sign, and the names of days and months as another: a theme's "330 words · 5
 * minutes" is one text on every page, whatever the page counts, and so is its byline "Posted Thursday, March 3",
 * whatever day the post is of.
 */
function shapeOf(text: string): string {
  return withoutCalendarWords(text.replace(/\d+/g, "#"));
}

const SHOWN_MISSING_WORDS = 12;

export function keptOf(sides: Sides): Kept {
  const chrome = sides.chrome ?? { texts: new Set(), media: new Set(), links: new Set() };
  const page = sides.old.page;
  // A text that names the page's own address (a licence's "this post is at …") is the theme's, not the author's.
  const own = (text: string) =>
    text.includes(sides.old.url) && /^(?:https?:\/\/|\/)\S*$/.test(text.trim().split(/\s+/).pop() ?? "");
  // An image's alt that holds every word of the page's title is the theme's, made of the title (Astro's blog: `'<title>' hero`).
  const titled = new Set(page.alts.filter((alt) => madeOfTitle(alt, page.title)));
  const wordsIn = (texts: string[]) =>
    // A text right after the same text is one shown twice (Starlight's heading of the title, then the text's own `# Title`, which the move keeps once).
    wordsOf(
      texts.filter(
        (text, index) =>
          (index === 0 || text.toLowerCase() !== texts[index - 1].toLowerCase()) &&
          !chrome.texts.has(shapeOf(text)) &&
          !own(text) &&
          !titled.has(text),
      ),
    ).map(sameMonth);
  const newWords = wordsOf(sides.new.page.texts).map(sameMonth);
  const old = textPart(page, wordsIn, newWords);
  const oldWords = wordsIn(old.texts);
  const words = keptWords(oldWords, newWords);
  const media = keptItems(
    old.media.filter((src) => !chrome.media.has(src)).map(imageName),
    new Set([...sides.new.page.media.map(imageName), ...altKeys(sides.new.page.alts)]),
  );
  // A link to the page itself (its title's permalink) leads nowhere a reader would miss.
  const oldLinks = old.links
    .filter((href) => !chrome.links.has(href))
    .map((href) => place(href, sides.old.url, sides))
    .filter((path) => path !== sides.new.url);
  // A link the move kept as written with the old site's origin (`https://example.com/stevedata`) is the site's own on both sides.
  const newLinks = new Set(
    sides.new.page.links.map((href) =>
      place(href, sides.new.url, { moved: (path) => path, origin: sides.origin }),
    ),
  );
  // An old theme linked a post's tags to one list of them (`/tags.html#php`, now /tags/); the new page links each tag's own page.
  if ([...newLinks].some((link) => link.startsWith("/tags/"))) newLinks.add("/tags/");
  const links = keptItems(oldLinks, newLinks);
  return {
    words: { old: oldWords.length, kept: words.kept },
    media: { old: media.old, kept: media.kept },
    links: { old: links.old, kept: links.kept },
    missing: {
      words: words.missing.slice(0, SHOWN_MISSING_WORDS),
      media: media.missing,
      links: links.missing,
    },
  };
}

/**
 * Where an old page names no element for its text (page-text.ts's `parts`), the element that holds it: of those
 * that keep nine tenths of what the whole page shares with the new one, the one with the fewest words the new
 * page lacks (a theme's header, sidebar and footer in `<div>`s) and shares outside it. A paragraph the move lost
 * is in the text's own element, with the rest of the text, and still counts.
 */
function textPart(page: PageText, wordsIn: (texts: string[]) => string[], now: string[]): PageText {
  if (!page.parts) return page;
  const measure = (texts: string[]) => {
    const words = wordsIn(texts);
    const { kept } = keptWords(words, now);
    return { kept, extra: words.length - kept };
  };
  const whole = measure(page.texts);
  let best = page;
  let cost = whole.extra;
  for (const part of page.parts) {
    const texts = page.texts.slice(...part.texts);
    const { kept, extra } = measure(texts);
    if (kept < whole.kept * 0.9 || extra + whole.kept - kept >= cost) continue;
    cost = extra + whole.kept - kept;
    best = { ...page, texts, media: page.media.slice(...part.media), links: page.links.slice(...part.links) };
  }
  return best;
}

function keptWords(old: string[], now: string[]): { kept: number; missing: string[] } {
  const available = new Map<string, number>();
  for (const word of now) available.set(word, (available.get(word) ?? 0) + 1);
  const missing: string[] = [];
  let kept = 0;
  for (const word of old) {
    const left = available.get(word) ?? 0;
    if (left > 0) available.set(word, left - 1), kept++;
    else missing.push(word);
  }
  return { kept, missing };
}

function keptItems(old: string[], now: Set<string>): { old: number; kept: number; missing: string[] } {
  const missing = old.filter((item) => !now.has(item));
  return { old: old.length, kept: old.length - missing.length, missing: [...new Set(missing)] };
}

/**
 * An image's file name, decoded, without its extension and what a generator's image processing adds to it: the
 * folder it is served from may change in a move, its name does not. Astro writes `ferry.png` as
 * `/_astro/ferry.CkbaCcR9_6LRND.webp` (its hash, and the options' hash), Hugo's resize as
 * `ferry_hu<md5>_<bytes>_600x0_resize_q75_box.jpg` (`ferry_hu_<hash>.webp` from 0.123), eleventy-img's widths as a
 * site names them (`ferry-900w.webp`, as sitegen names its own), each in another format.
 */
function imageName(src: string): string {
  if (src.startsWith("alt:")) return src;
  const path = src.split(/[?#]/)[0];
  let name = path.slice(path.lastIndexOf("/") + 1);
  try {
    name = decodeURIComponent(name);
  } catch {
    // Kept as written.
  }
  return name
    .replace(/\.[^.]+$/, "")
    .replace(/_hu_?[0-9a-f]{16,}.*$/, "")
    .replace(/\.[\w-]{8}(?:_[\w-]+)?$/, "")
    .replace(/-\d+w$/, "");
}

/** Whether an image's alt text holds every word of the page's title (of two words or more). */
function madeOfTitle(alt: string, title: string): boolean {
  const words = new Set(wordsOf([title]));
  if (words.size < 2) return false;
  const altWords = new Set(wordsOf([alt]));
  return [...words].every((word) => altWords.has(word));
}

/** Where a link leads: another site's address as written, one of this site's as the path it answers now. */
function place(href: string, pageUrl: string, sides: Pick<Sides, "moved" | "origin">): string {
  let url: URL;
  try {
    url = new URL(href, `http://old.invalid${pageUrl}`);
  } catch {
    return href;
  }
  const own =
    url.origin === "http://old.invalid" ||
    (sides.origin !== undefined && sameSite(url, new URL(sides.origin)));
  // Written as the generator escaped it or not (`Replication_%28computing%29`, `#b%5D`), it is the same address.
  if (!own) return readable(url.href.replace(/\/$/, ""));
  const path = url.pathname;
  return sides.moved(path) ?? sides.moved(path.endsWith("/") ? path : `${path}/`) ?? path;
}

/** `http` and `https`, with and without `www.`, are one site, as the move reads a link written with either (links.ts). */
function sameSite(url: URL, origin: URL): boolean {
  const host = (each: URL) => each.host.toLowerCase().replace(/^www\./, "");
  return /^https?:$/.test(url.protocol) && host(url) === host(origin);
}

function readable(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

/** A share as people read it: 99.8 %, and 100 % only when nothing is missing. */
export function percent(kept: number, of: number): string {
  if (of === 0 || kept === of) return "100 %";
  return `${Math.min(99.9, Math.floor((kept / of) * 1000) / 10)} %`;
}
