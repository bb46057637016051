/**
 * The staging folder: a build writes into a temporary folder beside the
 * output and swaps it into place only when everything succeeded, so a failed
 * build never leaves a half-written output folder. Render workers write into
 * the same folder through a writer of their own (`attach`).
 */
import { createHash } from "node:crypto";
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { SitegenError } from "../errors.ts";
import { OLD_INFIX, ownTag, removeAbandoned, STAGING_PREFIX } from "./staging-leftovers.ts";
import { DiskThread, DiskWriter, type DiskChannel } from "./disk-thread.ts";
import { linkChecked, readChecked } from "./object-links.ts";
import { etagOf, writtenOf, type Body, type FileWriter, type Written } from "./output.ts";

export class StagingFolder implements FileWriter {
  readonly written = new Map<string, Written>();
  private readonly dirs = new Set<string>();
  /**
   * Text is encoded into this buffer, hashed and written in one synchronous
   * step; the buffer never leaves the writer, so the next file may reuse it.
   * Large enough for most pages; a larger text gets a buffer of its own.
   */
  private readonly scratch = Buffer.allocUnsafe(4 << 20);
  /** The thread that writes whole files, once `startDiskThread` gave this folder one. */
  private thread?: DiskThread;
  /** This writer's channel to that thread (a render lane's writer has one to its folder's thread). */
  private disk?: DiskWriter;
  /**
   * The files linked through the thread since it last settled, each with the
   * file it links (and the identity that file must have): until the link is
   * made, a read comes from that file.
   */
  private readonly linking = new Map<string, { from: string; identity?: string }>();

  private constructor(
    /** The output folder this build replaces; empty for a worker's writer. */
    readonly target: string,
    readonly path: string,
  ) {}

  /** A writer into a staging folder another thread created (render workers), through its disk thread when it has one; it never commits. */
  static attach(path: string, channel?: DiskChannel): StagingFolder {
    const writer = new StagingFolder("", path);
    if (channel) writer.disk = new DiskWriter(channel);
    return writer;
  }

  /** A new staging folder beside `target`, after removing those of builds that are no longer running. */
  static async create(target: string): Promise<StagingFolder> {
    const absolute = resolve(target);
    await removeAbandoned(absolute);
    const staging = new StagingFolder(
      absolute,
      join(dirname(absolute), `${STAGING_PREFIX}${basename(absolute)}-${ownTag()}`),
    );
    await mkdir(staging.path, { recursive: true });
    return staging;
  }

  /** From now on, whole files are written by a thread of their own (disk-thread.ts), and `flush` waits for them. */
  startDiskThread(): void {
    if (this.thread) return;
    this.thread = new DiskThread();
    this.disk = new DiskWriter(this.thread.channel());
  }

  /** A channel to this folder's disk thread for one more writer (`attach`), if it has one. */
  diskChannel(): DiskChannel | undefined {
    return this.thread?.channel();
  }

  /**
   * Writes a file: handed to the disk thread when the folder has one, else at
   * once. A synchronous write beats a promise and a thread-pool round trip per
   * file; a thread that takes whole batches beats both while this thread has
   * pages left to render. `known` is what the caller has just found bytes
   * to hold, by hashing those very bytes (the build cache's objects): they
   * are not hashed twice.
   */
  write(file: string, body: Body, known?: Written): void {
    if (typeof body !== "string" && !(body instanceof Uint8Array)) return this.writeStream(file, body);
    const bytes = known !== undefined && typeof body !== "string" ? body : undefined;
    // Behind thousands of links from the build cache, a file would wait for all of them; this thread's own pages are few then.
    if (this.disk && this.linking.size === 0 && this.handOver(file, body, bytes && known)) return;
    const encoded = bytes ?? (typeof body === "string" ? this.encode(body) : body);
    writeFileSync(this.pathOf(file), encoded);
    this.written.set(file, bytes && known ? known : writtenOf(encoded));
  }

  /**
   * Every file written so far can be read back: on disk, or (a link the
   * thread has yet to make) read from the file it links. Links queued behind
   * are not waited for; `settle` waits for everything.
   */
  async flush(): Promise<void> {
    if (this.linking.size === 0) await this.disk?.flush();
    else await this.disk?.slotsWritten();
  }

  /** Every file written so far on disk, or the first that could not be written named. */
  async settle(): Promise<void> {
    await this.disk?.flush();
    this.linking.clear();
  }

  read(file: string): Uint8Array {
    const linked = this.linking.get(file);
    if (linked !== undefined)
      return linked.identity === undefined
        ? readFileSync(linked.from)
        : readChecked(linked.from, linked.identity);
    if (this.disk?.slotsInFlight) throw new Error(`${file} read before the staging folder was flushed`);
    return readFileSync(this.pathOf(file));
  }

  /**
   * A whole file to the disk thread, in the slot it gives; false when the
   * file is larger than a slot (it is written here instead).
   */
  private handOver(file: string, body: string | Uint8Array, known?: Written): boolean {
    const size =
      typeof body === "string"
        ? body.length * 3 <= DiskWriter.slotBytes
          ? 0
          : Buffer.byteLength(body)
        : body.byteLength;
    if (size > DiskWriter.slotBytes) return false;
    const path = this.checked(file);
    const slot = this.disk!.take();
    const length = typeof body === "string" ? slot.write(body, "utf8") : (slot.set(body), body.byteLength);
    this.written.set(file, known ?? writtenOf(slot.subarray(0, length)));
    this.disk!.send(path, length);
    return true;
  }

  /**
   * Puts an existing file in place under a second name (a hard link: no
   * bytes are copied), or a copy where the two are on different file
   * systems. `written` is what the caller knows the file to hold; given an
   * `identity`, that is known of that very file alone (object-links.ts),
   * and a link to any other fails the build.
   */
  link(file: string, from: string, written: Written, identity?: string): void {
    this.written.set(file, written);
    if (this.disk) {
      this.linking.set(file, { from, identity });
      return this.disk.link(from, this.checked(file), identity);
    }
    if (identity === undefined) linkOrCopy(from, this.pathOf(file));
    else linkChecked(from, this.pathOf(file), identity);
  }

  /** Text in pieces, written as they come: a large file is never held whole. */
  private writeStream(file: string, pieces: Iterable<string | Uint8Array>): void {
    const fd = openSync(this.pathOf(file), "w");
    const hash = createHash("sha256");
    let bytes = 0;
    try {
      for (const piece of pieces) {
        const data = typeof piece === "string" ? this.encode(piece) : piece;
        hash.update(data);
        writeSync(fd, data);
        bytes += data.byteLength;
      }
    } finally {
      closeSync(fd);
    }
    this.written.set(file, { etag: etagOf(hash), bytes });
  }

  /** UTF-8 bytes of `text`, in the scratch buffer when they fit (at most three bytes per UTF-16 code unit). */
  private encode(text: string): Buffer {
    if (text.length * 3 > this.scratch.length) return Buffer.from(text, "utf8");
    return this.scratch.subarray(0, this.scratch.write(text, "utf8"));
  }

  /** The absolute path of an output file, its folder created. */
  pathOf(file: string): string {
    const path = this.checked(file);
    const dir = dirname(path);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    return path;
  }

  /** The absolute path of an output file, which must be inside the folder. */
  private checked(file: string): string {
    const path = resolve(this.path, file);
    // Compare with a trailing separator: `/out-evil` starts with `/out` too.
    if (!path.startsWith(this.path + sep))
      throw new SitegenError("E_CHECK", `output path \`${file}\` would leave the output folder`);
    return path;
  }

  /** Moves the finished folder into place; the previous output is removed only after. */
  async commit(): Promise<void> {
    await this.settle();
    await this.stopThread();
    const old = join(dirname(this.target), `${basename(this.target)}${OLD_INFIX}${ownTag()}`);
    const exists = await stat(this.target).then(
      () => true,
      () => false,
    );
    if (exists) await rename(this.target, old);
    try {
      await rename(this.path, this.target);
    } catch (error) {
      if (exists) await rename(old, this.target);
      throw new SitegenError("E_IO", `cannot move the new build into ${this.target}`, { cause: error });
    }
    if (exists) await rm(old, { recursive: true, force: true });
  }

  private async stopThread(): Promise<void> {
    this.disk?.close();
    await this.thread?.close();
  }

  async discard(): Promise<void> {
    // The thread stops before the folder goes: it must not write into a removed folder.
    await this.stopThread();
    await rm(this.path, { recursive: true, force: true });
  }
}

/** A second name for a file (a hard link: no bytes are copied); a copy where the two folders are on different file systems. */
export function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    writeFileSync(to, readFileSync(from));
  }
}
