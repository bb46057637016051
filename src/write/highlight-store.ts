/**
 * Highlighted code blocks in the build cache (src/write/cache.ts), kept
 * apart from its pages: a new sitegen renders every page again, but a block
 * is highlighted again only by another highlighter. A folder per highlighter
 * (render/highlight.ts `highlighterId`), a file per block named by its key,
 * holding the HTML after a line with its hash: a file whose HTML does not
 * match its hash (cut short, edited) is not used, and the block is
 * highlighted again. Files are written whole under another name and renamed
 * into place, so a render lane never reads one half written.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import type { HighlightStore } from "../render/highlight.ts";

export class HighlightFiles implements HighlightStore {
  private made = false;

  /**
   * `folder`: the highlighter's folder in the cache's highlight/ (`folderFor`),
   * named by the build's thread: a render worker's bundle may print the same
   * highlighter's code otherwise, so it is given the folder, not left to find it.
   */
  constructor(private readonly folder: string) {}

  /** The folder of `highlighter`'s blocks under the cache's `root`. */
  static folderFor(root: string, highlighter: string): string {
    return join(root, highlighter);
  }

  get(key: string): string | undefined {
    let text: string;
    try {
      text = readFileSync(join(this.folder, key), "utf8");
    } catch {
      return undefined;
    }
    const newline = text.indexOf("\n");
    const html = text.slice(newline + 1);
    return newline > 0 && text.slice(0, newline) === digest(html) ? html : undefined;
  }

  /** Keeps a block; a store that cannot be written is only a store that keeps nothing. */
  put(key: string, html: string): void {
    try {
      if (!this.made) mkdirSync(this.folder, { recursive: true });
      this.made = true;
      const temporary = join(this.folder, `.${key}.${process.pid}.${threadId}`);
      writeFileSync(temporary, `${digest(html)}\n${html}`);
      renameSync(temporary, join(this.folder, key));
    } catch {
      // A read-only or full cache folder: the block is highlighted again next time.
    }
  }

  /** Removes the blocks of every other highlighter under the cache's `root`: none will be read again. */
  static prune(root: string, highlighter: string): void {
    let names: string[];
    try {
      names = readdirSync(root);
    } catch {
      return;
    }
    for (const name of names) if (name !== highlighter) rmSync(join(root, name), { recursive: true, force: true });
  }
}

function digest(html: string): string {
  return createHash("sha256").update(html).digest("base64url");
}
