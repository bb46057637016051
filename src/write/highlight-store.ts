/**
 * Highlighted code blocks in the build cache (src/write/cache.ts), kept
 * apart from its pages: a new sitegen renders every page again, but a block
 * is highlighted again only by another highlighter. A folder per highlighter
 * (render/highlight.ts `highlighterId`), a checked file per block named by
 * its key (checked-files.ts): a file whose HTML does not match its hash is
 * not used, and the block is highlighted again.
 */
import { join } from "node:path";
import type { HighlightStore } from "../render/highlight.ts";
import { CheckedFiles } from "./checked-files.ts";

export class HighlightFiles implements HighlightStore {
  private readonly files: CheckedFiles;

  /**
   * `folder`: the highlighter's folder in the cache's highlight/ (`folderFor`),
   * named by the build's thread: a render worker's bundle may print the same
   * highlighter's code otherwise, so it is given the folder, not left to find it.
   */
  constructor(folder: string) {
    this.files = new CheckedFiles(folder);
  }

  /** The folder of `highlighter`'s blocks under the cache's `root`. */
  static folderFor(root: string, highlighter: string): string {
    return join(root, highlighter);
  }

  get(key: string): string | undefined {
    return this.files.read(key)?.toString("utf8");
  }

  put(key: string, html: string): void {
    this.files.write(key, html);
  }

  /** Removes the blocks of every other highlighter under the cache's `root`: none will be read again. */
  static prune(root: string, highlighter: string): void {
    CheckedFiles.keepOnly(root, new Set([highlighter]));
  }
}
