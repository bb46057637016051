/**
 * The narrower copies of images in the build cache (src/write/cache.ts),
 * apart from its pages: a new sitegen renders every page again, but a copy
 * is made again only from other bytes or by another resizer. A checked file
 * per copy (checked-files.ts) named by its key (render/media/resize-images.ts
 * `copyKey`, which names the resizer too), so a damaged copy is made again.
 * After each build the folder holds the copies that build used, and no more.
 */
import { CheckedFiles } from "./checked-files.ts";

/** Copies kept across builds by their key (this file's ImageFiles is the build cache's). */
export interface ResizeStore {
  get(key: string): Uint8Array | undefined;
  put(key: string, bytes: Uint8Array): void;
}

export class ImageFiles implements ResizeStore {
  private readonly files: CheckedFiles;
  private readonly used = new Set<string>();

  /** `folder`: the cache's images/. */
  constructor(folder: string) {
    this.files = new CheckedFiles(folder);
  }

  /** Every copy a build uses passes here: a build with the cache has no watch session's memo to find one in first. */
  get(key: string): Uint8Array | undefined {
    this.used.add(key);
    return this.files.read(key);
  }

  put(key: string, bytes: Uint8Array): void {
    this.used.add(key);
    this.files.write(key, bytes);
  }

  /** After a build that succeeded: removes the copies it did not use (of covers changed or gone, or of another resizer). */
  prune(): void {
    CheckedFiles.keepOnly(this.files.folder, this.used);
  }
}
