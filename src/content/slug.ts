/**
 * The one slug function: the build, `check` and `sitegen new` all use it, so a
 * title always maps to the same URL segment.
 */

/** Longest slug we produce or accept. Truncation may leave a trailing hyphen. */
export const MAX_SLUG_LENGTH = 60;

/** A slug: lowercase ASCII words joined by single hyphens, optionally ending in one. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*-?$/;

/**
 * Turns a title into a slug. `lang` is the language the title is written in:
 * it decides only what German umlauts become (see `asciiWords`).
 */
export function slugify(title: string, lang?: string): string {
  // Cut at the limit and keep what is there, even a trailing hyphen: a slug is a
  // stable identifier, and trimming it would make two titles collide more often.
  return asciiWords(title, lang).slice(0, MAX_SLUG_LENGTH);
}

/**
 * A tag's slug: its URL segment (src/manifest/listings.ts). `+` and `#` are
 * spelled out, so that `C++`, `C#` and `C` are three tags (`c-plus-plus`,
 * `c-sharp`, `c`). A tag whose words run past the slug's length keeps their
 * start and ends in a hash of them all: cut at 60 characters, two long tags
 * that shared their first 60 were one tag, with one page, and neither author
 * was told. A tag written in another script (`日本語`, `Ελλάδα`) has no Latin
 * letter to spell a URL with: its slug is `t-` and a hash of the tag, so that
 * it has a page at an address every host serves as it is; only a tag of
 * punctuation alone has none ("").
 */
export function tagSlug(name: string): string {
  const words = tagWords(name);
  if (words === "") {
    const own = name.normalize("NFC").trim().toLowerCase();
    return SCRIPT_TEXT.test(own) ? `t-${fnv1a(own).toString(16).padStart(8, "0")}` : "";
  }
  if (words.length <= MAX_SLUG_LENGTH) return words;
  const hash = fnv1a(words).toString(16).padStart(8, "0");
  return `${words.slice(0, MAX_SLUG_LENGTH - hash.length - 1).replace(/-+$/, "")}-${hash}`;
}

/** A tag's Latin words, `+` and `#` spelled out: "" for a tag written in another script. */
export function tagWords(name: string): string {
  return asciiWords(name.replace(/\+/g, " plus ").replace(/#/g, " sharp "));
}

/** A letter, a digit or a symbol of any script (an emoji too): what a tag is named by, where it has no Latin one. */
const SCRIPT_TEXT = /[\p{L}\p{N}\p{S}\p{Extended_Pictographic}]/u;

/** FNV-1a's 32-bit hash of `text`'s UTF-16 units: a short, stable name for a long text, with no I/O (this module runs on the hosts too). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++)
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash;
}

/**
 * Latin letters that are letters of their own, not a base letter and a
 * combining mark, so NFD does not split them: each is written as the ASCII
 * letters its language spells it with when it has to (`ß` → `ss`, `æ` → `ae`,
 * Vietnamese and Croatian `đ` → `d`, Icelandic `þ` → `th`).
 */
const OWN_LETTERS: Record<string, string> = {
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "TH",
  ł: "l",
  Ł: "L",
  ı: "i",
  ħ: "h",
  Ħ: "H",
  ŧ: "t",
  Ŧ: "T",
  ŋ: "n",
  Ŋ: "N",
  ĸ: "k",
};
const OWN_LETTER = new RegExp(`[${Object.keys(OWN_LETTERS).join("")}]`, "g");

/** German writes an umlaut as the vowel and `e` where it cannot use the letter (`Grüße` → `gruesse`). */
const UMLAUTS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue" };

/**
 * Text as lowercase ASCII words joined by hyphens: the shape of slugs and of
 * heading anchors. NFD splits a letter from its accents, tone and vowel marks
 * (Vietnamese `ờ`, French `é`), which are dropped; letters of their own are
 * spelled out (`OWN_LETTERS`). Umlauts become `ae`, `oe`, `ue` in German
 * (`lang` `de` or `de-…`) and lose their dots elsewhere, as Finnish, Swedish
 * and Turkish write them without. An apostrophe joins a word (`Kafka's` →
 * `kafkas`), it does not split it. Other scripts are dropped.
 */
export function asciiWords(text: string, lang?: string): string {
  // ASCII text has nothing to decompose: most headings skip that work.
  const letters = /^[\x00-\x7f]*$/.test(text) ? text : latin(text, lang);
  return letters
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function latin(text: string, lang: string | undefined): string {
  const composed = text.normalize("NFC");
  const spelled =
    lang !== undefined && /^de(?:-|$)/i.test(lang)
      ? composed.replace(/[äöüÄÖÜ]/g, (letter) => UMLAUTS[letter])
      : composed;
  return spelled
    .replace(OWN_LETTER, (letter) => OWN_LETTERS[letter])
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

/** Why `slug` is not acceptable, or undefined when it is. */
export function slugProblem(slug: string): string | undefined {
  if (slug.length === 0) return "the slug is empty";
  if (slug.length > MAX_SLUG_LENGTH)
    return `the slug is ${slug.length} characters long; the maximum is ${MAX_SLUG_LENGTH}`;
  if (!SLUG_PATTERN.test(slug))
    return "a slug is lowercase ASCII letters and digits joined by single hyphens (a trailing hyphen is allowed)";
  return undefined;
}
