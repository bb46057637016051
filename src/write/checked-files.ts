/**
 * Files of the build cache that vouch for themselves: a file per key, its
 * bytes after a line with their hash. A file whose bytes do not match its
 * hash (cut short, edited, a disk that lost a block) reads as missing, and
 * what it held is made again: a damaged entry costs work, never a build.
 * Files are written whole under another name and renamed into place, so no
 * reader (a render lane, a build killed meanwhile) sees one half written.
 * Keeping highlighted blocks (highlight-store.ts) and narrower copies of
 * images (image-store.ts) in the build cache (cache.ts) is this and a name.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { readRegularFile } from "./cache-folder.ts";

/** A highlighted block or a narrower copy of an image larger than this is none sitegen kept. */
const ENTRY_LIMIT = 256 << 20;

export class CheckedFiles {
  private made = false;

  constructor(readonly folder: string) {}

  /** The bytes kept by `key`, if a file holds them whole: a regular file of the folder, never read through a link. */
  read(key: string): Buffer | undefined {
    const file = readRegularFile(join(this.folder, key), ENTRY_LIMIT);
    if (file === undefined) return undefined;
    const newline = file.indexOf(0x0a);
    const bytes = file.subarray(newline + 1);
    return newline > 0 && file.toString("latin1", 0, newline) === digest(bytes) ? bytes : undefined;
  }

  /** Keeps `bytes` by `key`; a folder that cannot be written is only a folder that keeps nothing. */
  write(key: string, bytes: string | Uint8Array): void {
    try {
      if (!this.made) mkdirSync(this.folder, { recursive: true });
      this.made = true;
      const temporary = join(this.folder, `.${key}.${process.pid}.${threadId}`);
      // Made anew ("wx"), never through what is there: a link planted under this name would have the write land where it points.
      rmSync(temporary, { force: true });
      writeFileSync(
        temporary,
        Buffer.concat([
          Buffer.from(`${digest(bytes)}\n`),
          typeof bytes === "string" ? Buffer.from(bytes) : bytes,
        ]),
        { flag: "wx" },
      );
      renameSync(temporary, join(this.folder, key));
    } catch {
      // A read-only or full cache folder: what was to be kept is made again next time.
    }
  }

  /** Removes every entry of `folder` but those named in `keep`: none of them will be read again. */
  static keepOnly(folder: string, keep: ReadonlySet<string>): void {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names)
      if (!keep.has(name)) rmSync(join(folder, name), { recursive: true, force: true });
  }
}

function digest(bytes: string | Uint8Array): string {
  return createHash("sha256").update(bytes).digest("base64url");
}
