/**
 * The narrower copies of a post's cover that its `<img srcset>` offers, so
 * that a phone loads a picture as wide as it shows it, not the original
 * (Hugo's image processing and Astro's `<Image>` do the same). Which copies
 * there are is decided here, from the cover's URL path and size alone, so
 * that the manifest that publishes them and the page that names them agree
 * without asking each other; src/render/media/resize-images.ts makes them.
 */

/**
 * The widths offered, in pixels: a phone's column at its device pixel ratio
 * (about 360 to 430 CSS pixels at 1.5 to 3), a tablet's and a desktop's
 * column at 1 and 2. Only those narrower than the original are made; the
 * original itself is the widest candidate.
 */
export const VARIANT_WIDTHS = [480, 720, 960, 1440, 1920] as const;

/** The raster formats a copy is made in, each in its own format: what sharp reads and writes without a loss of kind. */
const RASTER = /\.(jpe?g|png|webp)$/i;

export interface ImageVariant {
  /** Its URL path, beside the original: `/blog/<slug>/cover-480w.jpg`. */
  path: string;
  width: number;
  height: number;
}

/**
 * The copies of an image at `path` (a URL path, percent-encoded as the
 * manifest writes it) of the given size, narrowest first; none for a format
 * that is not a raster one sitegen resizes (SVG, GIF, AVIF) or an image
 * narrower than the narrowest width. Each height keeps the original's
 * proportions, rounded as the resizer rounds it.
 */
export function imageVariants(path: string, size: { width: number; height: number }): ImageVariant[] {
  const extension = RASTER.exec(path);
  if (!extension) return [];
  const stem = path.slice(0, extension.index);
  return VARIANT_WIDTHS.filter((width) => width < size.width).map((width) => ({
    path: `${stem}-${width}w${extension[0]}`,
    width,
    height: Math.max(1, Math.round((size.height * width) / size.width)),
  }));
}

/**
 * The `srcset` of an image with its copies: each copy by its width, then the
 * original by its own. A comma, which `encodeURI` leaves, is encoded: it
 * would end the candidate (HTML's srcset attribute).
 */
export function srcsetOf(
  original: { path: string; width: number },
  variants: { path: string; width: number }[],
): string {
  return [...variants, original]
    .map(({ path, width }) => `${path.replaceAll(",", "%2C")} ${width}w`)
    .join(", ");
}
