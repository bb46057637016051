/**
 * The width and height of an image the content publishes, read from its
 * header with image-size (PNG, JPEG, GIF, WebP, AVIF, SVG, ICO and more), so
 * that every `<img>` to it can carry them and the page does not shift as it
 * loads. A file that is not an image, or one image-size cannot read, has none.
 */
import { readFileSync } from "node:fs";
import { imageSize } from "image-size";

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?)$/i;

export interface Dimensions {
  width: number;
  height: number;
}

/** Whether a file's name says it is an image image-size may read. */
export function isImageName(name: string): boolean {
  return IMAGE.test(name);
}

export function imageDimensions(path: string, name = path): Dimensions | undefined {
  if (!isImageName(name)) return undefined;
  return dimensionsOf(readFileSync(path));
}

export function dimensionsOf(bytes: Uint8Array): Dimensions | undefined {
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
