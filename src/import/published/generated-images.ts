/**
 * A picture whose name its generator made from a hash of its bytes, not
 * from the author's file: Eleventy Image writes `/img/0UEOI.png` as
 * `/img/qfuPRvechn-400.webp` (ten characters of the hash, then the width).
 * The name says nothing of the file it came from, so such a picture is known
 * by what its `alt` says, as the moved page shows it.
 */

/** Eleventy Image's own file names: an id of ten URL-safe characters and a width. */
const GENERATED = /\/[A-Za-z0-9_-]{10}-\d+\.(?:webp|avif|jpe?g|png|gif)$/i;

/** What a picture is known by when pages are compared: its source, or, where its name is a hash, its alt text. */
export function mediaKey(src: string, alt: string | undefined): string {
  const text = alt?.replace(/\s+/g, " ").trim();
  return text && GENERATED.test(src.split(/[?#]/)[0]) ? `alt:${text}` : src;
}

/** The keys a page's pictures are also known by: each alt text it shows. */
export function altKeys(alts: string[]): string[] {
  return alts.map((alt) => `alt:${alt}`);
}
