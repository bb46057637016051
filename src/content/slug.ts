/**
 * The one slug function: the build, `check` and `sitegen new` all use it, so a
 * title always maps to the same URL segment.
 */

/** Longest slug we produce or accept. Truncation may leave a trailing hyphen. */
export const MAX_SLUG_LENGTH = 60;

/** A slug: lowercase ASCII words joined by single hyphens, optionally ending in one. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*-?$/;

/** Turns a title (English or Vietnamese) into a slug. */
export function slugify(title: string): string {
  // Cut at the limit and keep what is there, even a trailing hyphen: a slug is a
  // stable identifier, and trimming it would make two titles collide more often.
  return asciiWords(title).slice(0, MAX_SLUG_LENGTH);
}

/**
 * Text as lowercase ASCII words joined by hyphens: the shape of slugs and of
 * heading anchors. Vietnamese: NFD splits letters from their tone and vowel
 * marks, which we drop; đ/Đ is a letter of its own, not a d with a combining
 * mark, so it is mapped by hand. An apostrophe joins a word (`Kafka's` →
 * `kafkas`), it does not split it.
 */
export function asciiWords(text: string): string {
  // ASCII text has nothing to decompose: most headings skip that work.
  const letters = /^[\x00-\x7f]*$/.test(text) ? text : text.replace(/đ/g, "d").replace(/Đ/g, "D").normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return letters
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Why `slug` is not acceptable, or undefined when it is. */
export function slugProblem(slug: string): string | undefined {
  if (slug.length === 0) return "the slug is empty";
  if (slug.length > MAX_SLUG_LENGTH) return `the slug is ${slug.length} characters long; the maximum is ${MAX_SLUG_LENGTH}`;
  if (!SLUG_PATTERN.test(slug)) return "a slug is lowercase ASCII letters and digits joined by single hyphens (a trailing hyphen is allowed)";
  return undefined;
}
