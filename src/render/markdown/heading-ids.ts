/**
 * A heading's id made from its words as the generator a site came from made
 * it, so that the anchors its posts link to (`#moco--moco-v2`), and the ones
 * readers have bookmarked, still land. One setting chooses
 * (`markdown: { heading_ids: … }` in site.yaml); GitHub's is the default,
 * as GitHub, Astro and most editors' previews spell ids so. An id the
 * author wrote (`{#id}`) is never made here.
 *
 * Each spelling is checked against the real tool's output for the same
 * headings (test/heading-ids.test.ts): Hugo 0.111's goldmark in each of its
 * `autoHeadingIDType`s, Jekyll 4.3's kramdown with its default GFM input and
 * with `input: kramdown`.
 */
import { slug as githubSlug } from "github-slugger";
import { asciiWords } from "../../content/slug.ts";
import type { HeadingIdStyle } from "../../content/types.ts";

/** A heading's words as the generators read them. */
export interface HeadingWords {
  /** Its text, part by part as rendered: code spans apart, an image by its alt text (`other`). */
  parts: { text: string; kind: "text" | "code" | "other" }[];
  /** The heading's Markdown as written (Hugo and kramdown read that), without its attribute list. */
  source: string;
}

interface Spelling {
  /** The id before it is made unique. */
  base: (words: HeadingWords, lang: string | undefined) => string;
  /** What an id is when nothing of the heading is left; undefined where the generator gives such a heading none (kramdown's GFM input). */
  empty?: string;
  /** The number the first repeat gets (`-1`, or sitegen's own `-2`). */
  firstRepeat: number;
}

const textOf = (words: HeadingWords, kinds: HeadingWords["parts"][number]["kind"][]) =>
  words.parts
    .filter((part) => kinds.includes(part.kind))
    .map((part) => part.text)
    .join("");

const SPELLINGS: Record<HeadingIdStyle, Spelling> = {
  // github-slugger, on the heading's text as GitHub shows it (an image's alt text is no text there).
  github: { base: (words) => githubSlug(textOf(words, ["text", "code"])), empty: "section", firstRepeat: 1 },
  jekyll: { base: (words) => kramdownGfm(words), firstRepeat: 1 },
  kramdown: { base: (words) => kramdownAutoId(words.source), empty: "section", firstRepeat: 1 },
  hugo: { base: (words) => goldmarkGithub(words.source, false), empty: "heading", firstRepeat: 1 },
  "hugo-ascii": { base: (words) => goldmarkGithub(words.source, true), empty: "heading", firstRepeat: 1 },
  blackfriday: { base: (words) => blackfriday(words.source), empty: "heading", firstRepeat: 1 },
  eleventy: {
    base: (words) => markdownItAnchor(textOf(words, ["text", "code"])),
    empty: "section",
    firstRepeat: 1,
  },
  ascii: {
    base: (words, lang) => asciiWords(textOf(words, ["text", "code", "other"]), lang),
    empty: "section",
    firstRepeat: 2,
  },
};

export interface HeadingIdMaker {
  /** A heading's id, unique among those taken; undefined where the generator would give it none. */
  next: (words: HeadingWords) => string | undefined;
  /** An id the author gave a heading: no made id takes it. */
  take: (id: string) => void;
  /** An id for a heading the generator gives none (`section`), once every other heading has its own: it takes none of theirs. */
  fallback: () => string;
}

/**
 * The ids of one page's headings, in order: `next` spells a heading's and
 * makes it unique among the ids already taken, numbering a repeat as the
 * generator does.
 */
export function headingIdMaker(style: HeadingIdStyle = "github", lang?: string): HeadingIdMaker {
  const spelling = SPELLINGS[style];
  const taken = new Set<string>();
  const repeats = new Map<string, number>();
  const unique = (base: string) => {
    let id = base;
    for (let count = repeats.get(base) ?? spelling.firstRepeat - 1; taken.has(id); )
      (id = `${base}-${++count}`), repeats.set(base, count);
    taken.add(id);
    return id;
  };
  return {
    take: (id) => void taken.add(id),
    next: (words) => {
      const base = spelling.base(words, lang) || spelling.empty;
      return base === undefined ? undefined : unique(base);
    },
    fallback: () => unique("section"),
  };
}

/**
 * Jekyll's default: kramdown's GFM parser (kramdown-parser-gfm's
 * `generate_gfm_header_id`) on the heading's text after kramdown's
 * typography, where `--` and `---` are dashes, which the id drops.
 */
function kramdownGfm(words: HeadingWords): string {
  const text = words.parts
    .filter((part) => part.kind !== "other")
    .map((part) => (part.kind === "text" ? part.text.replace(/---|--/g, "–") : part.text))
    .join("");
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- \t]/gu, "")
    .replace(/[ \t]/g, "-");
}

/** kramdown's own `auto_ids` (`basic_generate_id`), on the heading as written: ASCII letters, digits, spaces and dashes, from its first letter. */
function kramdownAutoId(source: string): string {
  return source
    .replace(/^[^a-zA-Z]+/, "")
    .replace(/[^a-zA-Z0-9 -]/g, "")
    .replace(/ /g, "-")
    .toLowerCase();
}

/**
 * Hugo's goldmark `github` and `github-ascii` (markup/goldmark/autoid.go), on
 * the heading as written: letters, digits and `_` lowercased, a space or
 * `-` a dash, anything else dropped; `github-ascii` first takes the accents
 * off and then drops what is still not ASCII.
 */
function goldmarkGithub(source: string, asciiOnly: boolean): string {
  const text = asciiOnly
    ? source
        .normalize("NFD")
        .replace(/\p{Mn}/gu, "")
        .normalize("NFC")
    : source;
  let id = "";
  for (const char of text.trim()) {
    if (asciiOnly && char.charCodeAt(0) > 0x7f) continue;
    if (char === "-" || char === " ") id += "-";
    else if (/[_\p{L}\p{Nd}]/u.test(char)) id += char.toLowerCase();
  }
  return id;
}

/** blackfriday's `SanitizedAnchorName`, as Hugo's `blackfriday` id type: runs of letters and numbers, lowercased, joined by one dash. */
function blackfriday(source: string): string {
  return (source.match(/[\p{L}\p{N}]+/gu) ?? []).join("-").toLowerCase();
}

/** markdown-it-anchor's default `slugify`, as an Eleventy site that adds it gets: spaces as dashes, then percent-encoded. */
function markdownItAnchor(text: string): string {
  return encodeURIComponent(text.trim().toLowerCase().replace(/\s+/g, "-"));
}
