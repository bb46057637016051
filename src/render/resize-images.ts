/**
 * The narrower copies of the posts' covers that the manifest publishes
 * (src/manifest/image-variants.ts), made with sharp (libvips) before the
 * plan's jobs run, which are synchronous: each copy in its original's
 * format, at the width and height the manifest gave it, so that its page's
 * `srcset` names it truly. libvips gives the same bytes for the same input
 * and settings, whatever the threads, so the output stays reproducible.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { SitegenError, SitegenErrors } from "../errors.ts";
import type { PublishedFile } from "../manifest/manifest.ts";

/** The copies' bytes, by output file. */
export type ResizedImages = Map<string, Uint8Array>;

/** Copies made earlier in a watch session, by their source's hash and their size: a rebuild does not make them again. */
export type ResizeMemo = Map<string, Uint8Array>;

/**
 * Every copy of `published` (the files with `variantOf`), one source at a
 * time, its copies together. A source libvips cannot decode (its header read
 * as an image, its pixels not) is an error naming it: a page would name
 * copies that are not there.
 */
export async function resizeImages(published: PublishedFile[], memo?: ResizeMemo): Promise<ResizedImages> {
  const resized: ResizedImages = new Map();
  const variants = published.filter((file) => file.variantOf !== undefined);
  if (variants.length === 0) return resized;
  const { default: sharp } = await import("sharp");
  const bySource = new Map<string, PublishedFile[]>();
  for (const file of variants) bySource.set(file.sourcePath, [...(bySource.get(file.sourcePath) ?? []), file]);
  const errors: SitegenError[] = [];
  const used = new Set<string>();
  for (const [sourcePath, copies] of bySource) {
    const input = readFileSync(sourcePath);
    const hash = createHash("sha256").update(input).digest("hex");
    try {
      const { orientation } = await sharp(input).metadata();
      await Promise.all(
        copies.map(async (copy) => {
          const key = `${hash}\0${copy.width}x${copy.height}\0${copy.file}`;
          used.add(key);
          let bytes = memo?.get(key);
          if (!bytes) {
            // The original's colour profile and orientation are kept, so the copy shows as it does; its other metadata (a camera's, a place's) is not.
            const image = sharp(input).resize(copy.width, copy.height, { fit: "fill" }).keepIccProfile();
            bytes = await encoded(orientation && orientation > 1 ? image.withExif({ IFD0: { Orientation: String(orientation) } }) : image, copy.file).toBuffer();
            memo?.set(key, bytes);
          }
          resized.set(copy.file, bytes);
        }),
      );
    } catch (error) {
      errors.push(new SitegenError("E_CONTENT", `cannot make the narrower copies of this image: ${(error as Error).message}`, { kind: "unreadable", location: { file: copies[0].source }, hint: "save the image again in an image editor: its pixels cannot be read", cause: error }));
    }
  }
  // A session keeps only the copies its site still has.
  for (const key of memo?.keys() ?? []) if (!used.has(key)) memo!.delete(key);
  if (errors.length > 0) throw new SitegenErrors(errors);
  return resized;
}

/** The copy in its original's format, at sharp's and Astro's default quality (80); JPEG with mozjpeg's smaller coding. */
function encoded(image: import("sharp").Sharp, file: string): import("sharp").Sharp {
  if (/\.png$/i.test(file)) return image.png({ compressionLevel: 9 });
  if (/\.webp$/i.test(file)) return image.webp({ quality: 80 });
  return image.jpeg({ quality: 80, mozjpeg: true });
}
