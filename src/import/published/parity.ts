/**
 * What a moved page kept of its old one: the share of the old page's words,
 * images and links that the new page shows. Words are counted with their
 * repeats (a paragraph lost from a page whose words all occur elsewhere on
 * it still counts); an image is the same when its file name is; a link is
 * the same when it leads to the same place, an old address of the site
 * followed to where it moved.
 */
import type { PageText } from "./page-text.ts";

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
}

const SHOWN_MISSING_WORDS = 12;

export function keptOf(sides: Sides): Kept {
  const words = keptWords(sides.old.page.words, sides.new.page.words);
  const media = keptItems(sides.old.page.media.map(fileName), new Set(sides.new.page.media.map(fileName)));
  const oldLinks = sides.old.page.links.map((href) => place(href, sides.old.url, sides));
  const newLinks = new Set(sides.new.page.links.map((href) => place(href, sides.new.url, { moved: (path) => path, origin: undefined })));
  const links = keptItems(oldLinks, newLinks);
  return {
    words: { old: sides.old.page.words.length, kept: words.kept },
    media: { old: media.old, kept: media.kept },
    links: { old: links.old, kept: links.kept },
    missing: { words: words.missing.slice(0, SHOWN_MISSING_WORDS), media: media.missing, links: links.missing },
  };
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

/** An image's file name, decoded: the folder it is served from may change in a move, its name does not. */
function fileName(src: string): string {
  const path = src.split(/[?#]/)[0];
  const name = path.slice(path.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** Where a link leads: another site's address as written, one of this site's as the path it answers now. */
function place(href: string, pageUrl: string, sides: Pick<Sides, "moved" | "origin">): string {
  let url: URL;
  try {
    url = new URL(href, `http://old.invalid${pageUrl}`);
  } catch {
    return href;
  }
  const own = url.origin === "http://old.invalid" || (sides.origin !== undefined && url.origin === new URL(sides.origin).origin);
  if (!own) return url.href.replace(/\/$/, "");
  const path = url.pathname;
  return sides.moved(path) ?? sides.moved(path.endsWith("/") ? path : `${path}/`) ?? path;
}

/** A share as people read it: 99.8 %, and 100 % only when nothing is missing. */
export function percent(kept: number, of: number): string {
  if (of === 0 || kept === of) return "100 %";
  return `${Math.min(99.9, Math.floor((kept / of) * 1000) / 10)} %`;
}
