/**
 * The narrower copies of the posts' covers that the manifest publishes
 * (src/manifest/image-variants.ts), made with sharp (libvips) before the
 * plan's jobs run, which are synchronous: each copy in its original's
 * format, at the width and height the manifest gave it, so that its page's
 * `srcset` names it truly. libvips gives the same bytes for the same input
 * and settings, whatever the threads, so the output stays reproducible.
 *
 * Encoding a copy takes tens of milliseconds, so a copy is made once: it is
 * kept by its key (the source's bytes, its size and format, and this
 * resizer: sharp's and its libraries' versions and the code here) in a watch
 * session's memo, and in the build cache across builds (ResizeStore).
 *
 * Decoding costs memory by the pixel (a 16-bit RGBA pixel is 8 bytes), so
 * the copies are made one at a time, and a cover over MAX_COVER_PIXELS is
 * refused by the size its header gives, before libvips decodes it: a
 * 16,383² 16-bit cover took 1.09 GB with its five copies decoded at once.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { SitegenError, SitegenErrors } from "../../errors.ts";
import type { PublishedFile } from "../../manifest/manifest.ts";
import type { ResizeStore } from "../../write/image-store.ts";

type Sharp = typeof import("sharp");

/** The most pixels of a cover the build decodes: a 100-megapixel camera's, 10,000 × 10,000. */
export const MAX_COVER_PIXELS = 100_000_000;

/** The copies' bytes, by output file. */
export type ResizedImages = Map<string, Uint8Array>;

/** Copies made earlier in a watch session, by their key: a rebuild does not make them again. */
export type ResizeMemo = Map<string, Uint8Array>;

export interface Resized {
  images: ResizedImages;
  /** How many copies sharp made, and how many came from the memo or the store instead. */
  made: number;
  reused: number;
}

/**
 * Every copy of `published` (the files with `variantOf`), one source at a
 * time, its copies together. A source libvips cannot decode (its header read
 * as an image, its pixels not) is an error naming it: a page would name
 * copies that are not there.
 */
export async function resizeImages(
  published: PublishedFile[],
  kept: { memo?: ResizeMemo; store?: ResizeStore } = {},
): Promise<Resized> {
  const resized: Resized = { images: new Map(), made: 0, reused: 0 };
  const variants = published.filter((file) => file.variantOf !== undefined);
  if (variants.length === 0) return resized;
  const { default: sharp } = await import("sharp");
  const resizer = resizerId(sharp);
  const bySource = new Map<string, PublishedFile[]>();
  for (const file of variants)
    bySource.set(file.sourcePath, [...(bySource.get(file.sourcePath) ?? []), file]);
  const errors: SitegenError[] = [];
  const used = new Set<string>();
  for (const [sourcePath, copies] of bySource) {
    const input = readFileSync(sourcePath);
    const source = createHash("sha256").update(input).digest("base64url");
    const decode = () => sharp(input, { limitInputPixels: MAX_COVER_PIXELS });
    try {
      // Read once per source (its header only), and only when a copy of it is made.
      let header: Promise<import("sharp").Metadata> | undefined;
      // One copy at a time: each decodes the whole image.
      for (const copy of copies) {
        const key = copyKey(resizer, source, copy);
        used.add(key);
        let bytes = kept.memo?.get(key) ?? kept.store?.get(key);
        if (bytes) resized.reused++;
        else {
          header ??= sharp(input).metadata();
          const { width = 0, height = 0, orientation } = await header;
          if (width * height > MAX_COVER_PIXELS) {
            errors.push(tooManyPixels(copies[0].source, width, height));
            break;
          }
          bytes = await made(decode(), copy, orientation);
          kept.store?.put(key, bytes);
          resized.made++;
        }
        kept.memo?.set(key, bytes);
        resized.images.set(copy.file, bytes);
      }
    } catch (error) {
      errors.push(
        new SitegenError(
          "E_CONTENT",
          `cannot make the narrower copies of this image: ${(error as Error).message}`,
          {
            kind: "unreadable",
            location: { file: copies[0].source },
            hint: "save the image again in an image editor: its pixels cannot be read",
            cause: error,
          },
        ),
      );
    }
  }
  // A session keeps only the copies its site still has.
  for (const key of kept.memo?.keys() ?? []) if (!used.has(key)) kept.memo!.delete(key);
  if (errors.length > 0) throw new SitegenErrors(errors);
  return resized;
}

/** Why a cover of `width` × `height` pixels is not decoded, and what to do instead. */
function tooManyPixels(file: string, width: number, height: number): SitegenError {
  const pixels = (count: number) => count.toLocaleString("en");
  return new SitegenError(
    "E_CONTENT",
    `a cover of ${pixels(width)} × ${pixels(height)} pixels (${pixels(width * height)}): the build decodes a cover of at most ${pixels(MAX_COVER_PIXELS)} pixels (10,000 × 10,000) to make its narrower copies`,
    {
      kind: "too-large",
      location: { file },
      hint: "save it smaller (a page shows a cover at most a few thousand pixels wide), or link a large image from where it is hosted",
    },
  );
}

/** A copy of the image `input` holds, at `copy`'s size. */
async function made(
  input: import("sharp").Sharp,
  copy: PublishedFile,
  orientation: number | undefined,
): Promise<Buffer> {
  // The original's colour profile and orientation are kept, so the copy shows as it does; its other metadata (a camera's, a place's) is not.
  const image = input.resize(copy.width, copy.height, { fit: "fill" }).keepIccProfile();
  return encoded(
    orientation && orientation > 1 ? image.withExif({ IFD0: { Orientation: String(orientation) } }) : image,
    formatOf(copy.file),
  ).toBuffer();
}

type Format = "png" | "webp" | "jpeg";

/** A copy's format: its original's, which its name's extension says (image-variants.ts makes only these). */
function formatOf(file: string): Format {
  if (/\.png$/i.test(file)) return "png";
  if (/\.webp$/i.test(file)) return "webp";
  return "jpeg";
}

/** The copy in its format, at sharp's and Astro's default quality (80); JPEG with mozjpeg's smaller coding. */
function encoded(image: import("sharp").Sharp, format: Format): import("sharp").Sharp {
  if (format === "png") return image.png({ compressionLevel: 9 });
  if (format === "webp") return image.webp({ quality: 80 });
  return image.jpeg({ quality: 80, mozjpeg: true });
}

/**
 * A copy's key, a file name: what decides its bytes and nothing else (not
 * its name or its post), so two covers of the same bytes share their copies.
 */
function copyKey(resizer: string, source: string, copy: PublishedFile): string {
  return createHash("sha256")
    .update(`${resizer}\0${source}\0${copy.width}x${copy.height}\0${formatOf(copy.file)}`)
    .digest("base64url");
}

let id: string | undefined;

/**
 * This resizer: sharp's version and its libraries' (libvips, mozjpeg,
 * libspng, libwebp…), and the code here that sets them to work. Another of
 * any of them may make other bytes, so nothing an earlier one made is used.
 */
function resizerId(sharp: Sharp): string {
  const code = [made, formatOf, encoded].map(String).join("\n");
  return (id ??= createHash("sha256")
    .update(`${JSON.stringify(sharp.versions)}\0${code}`)
    .digest("base64url"));
}
