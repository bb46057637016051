/**
 * The writer of `serve --watch`'s rebuilds: each file of the rebuild is
 * compared with what the served folder holds, and only the changed ones are
 * kept, in memory, until the rebuild has succeeded. `apply` then writes them
 * all and removes the files the site no longer has, while the preview server
 * waits, so that a reader sees one build or the next, never a mixture, and a
 * failed rebuild leaves the folder untouched.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { bytesOf, writtenOf, type Body, type FileWriter, type Written } from "./output.ts";
import type { Listing } from "../content/tree.ts";
import type { PostRecord, PostRecords, ReuseStore } from "./post-records.ts";

/** A file a rebuild wrote from text, with its facts: the next rebuild, given the same text, need not hash it again. */
export type WrittenTexts = Map<string, { text: string; written: Written }>;

export class PatchWriter implements FileWriter {
  readonly written = new Map<string, Written>();
  /** The files this rebuild wrote from text: give them to the next rebuild's writer. */
  readonly texts: WrittenTexts = new Map();
  private readonly changed = new Map<string, Uint8Array>();

  /**
   * `previous`: every file the served folder holds, as the build that wrote it
   * recorded them; `earlierTexts`: the last rebuild's `texts`. The text
   * files every rebuild writes again (the negotiation data's shards and
   * slug nodes, llms.txt, the OpenAPI description) mostly come out as they
   * were, and comparing text costs far less than hashing it.
   */
  constructor(
    readonly root: string,
    private readonly previous: ReadonlyMap<string, Written>,
    private readonly earlierTexts: WrittenTexts = new Map(),
  ) {}

  write(file: string, body: Body): void {
    const pieces = typeof body === "string" || body instanceof Uint8Array ? [body] : [...body];
    const text = pieces.every((piece) => typeof piece === "string") ? pieces.join("") : undefined;
    if (text === undefined) {
      const bytes = bytesOf(pieces);
      return this.put(file, writtenOf(bytes), () => bytes);
    }
    const earlier = this.earlierTexts.get(file);
    if (earlier?.text === text) {
      this.texts.set(file, earlier);
      return this.put(file, earlier.written, () => bytesOf(text));
    }
    // Encoded once, for its hash and, when it changed, for the disk.
    const bytes = Buffer.from(text, "utf8");
    const written = writtenOf(bytes);
    this.texts.set(file, { text, written });
    this.put(file, written, () => bytes);
  }

  private put(file: string, written: Written, bytes: () => Uint8Array): void {
    this.written.set(file, written);
    if (this.previous.get(file)?.etag !== written.etag) this.changed.set(file, bytes());
  }

  /** A file the folder already holds, unchanged: nothing to write. */
  keep(file: string, written: Written): void {
    this.written.set(file, written);
  }

  read(file: string): Uint8Array {
    return this.changed.get(file) ?? readFileSync(join(this.root, file));
  }

  /** The files this rebuild changes, added or removes, by path. */
  get changes(): { written: string[]; removed: string[] } {
    return {
      written: [...this.changed.keys()].sort(),
      removed: [...this.previous.keys()].filter((file) => !this.written.has(file)).sort(),
    };
  }

  /** Writes the changed files (each under a temporary name, then renamed over the old one) and removes the files the site no longer has. */
  apply(): void {
    for (const [file, bytes] of this.changed) {
      const path = join(this.root, file);
      mkdirSync(dirname(path), { recursive: true });
      const temporary = `${path}.sitegen-${process.pid}`;
      writeFileSync(temporary, bytes);
      renameSync(temporary, path);
    }
    for (const file of this.changes.removed) rmSync(join(this.root, file), { force: true });
  }
}

/**
 * What a watch session remembers of its last good build: every post's
 * record, and which post files have changed since (from the watcher), so a
 * rebuild reads only those.
 */
export class WatchMemory implements ReuseStore<PatchWriter> {
  records: PostRecords = new Map();
  /** Files seen to change since the last rebuild began, and those the rebuild under way reads again. */
  private readonly changed = new Set<string>();
  private reading = new Set<string>();
  /** The post files as last listed, and every path the watcher has seen change since. */
  private listing: { files: Listing; paths: Set<string>; touched: Set<string> } | undefined;

  /** A file the watcher saw change: it is read again at the next rebuild. */
  touched(path: string): void {
    this.changed.add(path);
    this.listing?.touched.add(path);
  }

  /**
   * The post files: the last listing again while every path seen to change
   * since is either a post file in it that is still there (a post edited in
   * place) or gone and never in it (an editor's temporary file, renamed over
   * the post); anything else (a file or folder added, removed or renamed, a
   * bundle's picture) lists them again.
   */
  postFiles(list: () => Listing): Listing {
    const last = this.listing;
    const unchanged = (path: string): boolean =>
      existsSync(path)
        ? last!.paths.has(path)
        : !last!.paths.has(path) && ![...last!.paths].some((known) => known.startsWith(path + sep));
    if (last && [...last.touched].every(unchanged)) {
      last.touched.clear();
      return last.files;
    }
    const files = list();
    this.listing = { files, paths: new Set(files.entries.map((entry) => entry.path)), touched: new Set() };
    return files;
  }

  /** A rebuild begins: it reads what changed since the last good one (a failed rebuild's files included). */
  begin(): void {
    this.reading = new Set([...this.reading, ...this.changed]);
    this.changed.clear();
  }

  vouches(path: string): boolean {
    return !this.reading.has(path) && !this.changed.has(path);
  }

  /** The page's files are in the served folder as the record says: nothing to write. */
  restore(record: PostRecord, writer: PatchWriter): boolean {
    for (const { file, written } of record.files) writer.keep(file, written);
    return true;
  }

  save(records: PostRecords): void {
    this.records = records;
    this.reading.clear();
  }
}
