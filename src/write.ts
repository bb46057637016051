/**
 * The writer: puts a plan on disk in a temporary folder beside the output and
 * swaps it into place only when everything succeeded, so a failed build never
 * leaves a half-written output folder.
 */
import { createHash, randomBytes, type Hash } from "node:crypto";
import { closeSync, mkdirSync, openSync, readSync, writeFileSync, writeSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { SitegenError } from "./errors.ts";
import type { Written } from "./emit/negotiation-table.ts";
import type { Output } from "./plan.ts";

export class StagingFolder {
  readonly path: string;
  readonly written = new Map<string, Written>();
  private readonly dirs = new Set<string>();

  private constructor(
    readonly target: string,
    path?: string,
  ) {
    this.path = path ?? join(dirname(target), `.sitegen-tmp-${basename(target)}-${randomBytes(4).toString("hex")}`);
  }

  /** Writes into a staging folder another thread created (render workers); never commits it. */
  static attach(path: string): StagingFolder {
    return new StagingFolder("", path);
  }

  static async create(target: string): Promise<StagingFolder> {
    const staging = new StagingFolder(resolve(target));
    await mkdir(staging.path, { recursive: true });
    return staging;
  }

  /**
   * Renders and writes every output, one after another. Writes are
   * synchronous: for many small files, a promise and a thread-pool round trip
   * per file cost more than the write itself, and workers write in parallel.
   */
  writeAll(outputs: Output[]): void {
    for (const output of outputs) this.write(output);
  }

  write(output: Output): void {
    const body = output.render();
    if (typeof body === "string" || body instanceof Uint8Array) {
      const path = this.pathOf(output.file);
      // A string is encoded once, into a buffer kept for the next file: the
      // hash and the file take the same bytes, and no Buffer per file is left
      // for the garbage collector.
      const bytes = typeof body === "string" ? encode(body) : body;
      writeFileSync(path, bytes);
      this.written.set(output.file, { etag: etagOf(createHash("sha256").update(bytes)), bytes: bytes.byteLength });
      return;
    }
    const stream = this.stream(output.file);
    for (const chunk of body) stream.append(chunk);
    stream.end();
  }

  /** A file written in pieces as they come, recorded like any other when it ends. */
  stream(file: string): { append(text: string | Uint8Array): void; end(): void } {
    const fd = openSync(this.pathOf(file), "w");
    const hash = createHash("sha256");
    let bytes = 0;
    let open = true;
    return {
      append: (text) => {
        const data = typeof text === "string" ? encode(text) : text;
        hash.update(data);
        bytes += data.byteLength;
        writeSync(fd, data);
      },
      // Ending twice is harmless: a failed build ends what it had open.
      end: () => {
        if (!open) return;
        open = false;
        closeSync(fd);
        this.written.set(file, { etag: etagOf(hash), bytes });
      },
    };
  }

  /** The absolute path of an output file, its folder created. */
  private pathOf(file: string): string {
    const path = resolve(this.path, file);
    // Compare with a trailing separator: `/out-evil` starts with `/out` too.
    if (!path.startsWith(this.path + sep)) throw new SitegenError("E_CHECK", `output path \`${file}\` would leave the output folder`);
    this.ensureDir(dirname(path));
    return path;
  }

  /** Moves the finished folder into place; the previous output is removed only after. */
  async commit(): Promise<void> {
    const old = `${this.target}.sitegen-old-${randomBytes(4).toString("hex")}`;
    const exists = await stat(this.target).then(() => true, () => false);
    if (exists) await rename(this.target, old);
    try {
      await rename(this.path, this.target);
    } catch (error) {
      if (exists) await rename(old, this.target);
      throw new SitegenError("E_IO", `cannot move the new build into ${this.target}`, { cause: error });
    }
    if (exists) await rm(old, { recursive: true, force: true });
  }

  async discard(): Promise<void> {
    await rm(this.path, { recursive: true, force: true });
  }

  private ensureDir(dir: string): void {
    if (this.dirs.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    this.dirs.add(dir);
  }
}

function etagOf(hash: Hash): string {
  return `"${hash.digest("base64url").slice(0, 22)}"`;
}

/** Large enough for a chunk's part of llms-full.txt, so that no chunk needs a buffer of its own. */
const scratch = Buffer.allocUnsafe(4 << 20);

/**
 * A scratch file of the staging folder, named by `file`, that one lane appends
 * pieces of text to and the build copies pieces out of by offset: large pieces
 * move between threads through the page cache, not as buffers in memory.
 */
export function appendPiece(stagingDir: string, file: string, offset: number, text: string): Piece {
  const path = join(stagingDir, file);
  if (offset === 0) mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, "a");
  try {
    const bytes = writeSync(fd, encode(text));
    return { file, offset, bytes };
  } finally {
    closeSync(fd);
  }
}

export interface Piece {
  file: string;
  offset: number;
  bytes: number;
}

const pieceBuffer = Buffer.allocUnsafe(1 << 20);

/** Hands the bytes of a piece to `take` a buffer at a time; the buffer is reused after `take` returns. */
export function copyPiece(stagingDir: string, piece: Piece, take: (bytes: Uint8Array) => void): void {
  const fd = openSync(join(stagingDir, piece.file), "r");
  try {
    for (let done = 0; done < piece.bytes; ) {
      const read = readSync(fd, pieceBuffer, 0, Math.min(pieceBuffer.length, piece.bytes - done), piece.offset + done);
      if (read === 0) throw new SitegenError("E_IO", `${piece.file} ended before its piece at ${piece.offset} did`);
      take(pieceBuffer.subarray(0, read));
      done += read;
    }
  } finally {
    closeSync(fd);
  }
}

/** UTF-8 bytes of `text` in a buffer that the next call reuses. */
function encode(text: string): Buffer {
  // At most three bytes per UTF-16 code unit. The rare large text gets a buffer of its own.
  if (text.length * 3 > scratch.length) return Buffer.from(text, "utf8");
  return scratch.subarray(0, scratch.write(text, "utf8"));
}
