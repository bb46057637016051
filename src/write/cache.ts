/**
 * The build cache: what one build leaves for the next, so that a build in a
 * fresh checkout where one post changed renders that post and not the
 * others. `sitegen build` keeps it in DEFAULT_CACHE (cache-folder.ts) unless
 * told otherwise (`--cache <dir>`, `--no-cache`). A folder:
 *
 *   CACHEDIR.TAG     the mark of a folder sitegen made (cache-folder.ts)
 *   index.json       the format, the fingerprint of the sitegen that wrote it,
 *                    the Node.js version it ran on, and a record per published
 *                    post (src/execute/reuse.ts; its layout: cache-index.ts)
 *   stat             each post file's stat data when its hash was known, so an
 *                    unchanged file is not read again (stat-records.ts)
 *   listings         how many posts each page fitted to its budget listed, where
 *                    the next build's search starts (listing-counts.ts)
 *   objects/<id>     the bytes of each post page's files, named by their ETag
 *                    (cache-objects.ts)
 *   highlight/       highlighted code blocks (src/write/highlight-store.ts),
 *                    kept across sitegen versions as long as the highlighter is the same
 *   images/          the narrower copies of images (src/write/image-store.ts), kept
 *                    across sitegen versions as long as the resizer is the same
 *   lock             the process id of the build using the folder
 *
 * It arrives from outside the build (committed by mistake, restored by a
 * CI), so it is data to verify, never to trust. A folder without sitegen's
 * mark, or that is a link, is refused and left as it is. An index that
 * cannot be read, does not parse, or was written by another sitegen, with
 * other packages, on another Node.js or in another format, is ignored whole;
 * a record that fails its schema or names a slug, alias or file no post
 * could (cache-records.ts) is dropped. An object is read only as a regular
 * file of the folder (no link followed), of the size its record says, and
 * used only when its bytes hash to its name: that very file, hard-linked,
 * is what is put into the output (object-links.ts). A record that fails any check is dropped
 * and its post built again, which the build's summary notes. Two builds
 * never share the folder at once: the second goes without it.
 */
import { lstatSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { SourceEntry } from "../content/load.ts";
import type { FileStat } from "../content/tree.ts";
import {
  keyPath,
  recordKey,
  statusOf,
  type PostRecord,
  type PostRecords,
  type ReuseStore,
} from "./post-records.ts";
import { claimCacheFolder, MARKER } from "./cache-folder.ts";
import { keepObjects, namedObjects, objectId, objectPath } from "./cache-objects.ts";
import { ObjectChecks } from "./object-checks.ts";
import { readChecked } from "./object-links.ts";
import { writtenOf } from "./output.ts";
import { readIndex, readIndexFile, writeIndex } from "./cache-index.ts";
import { hold, LOCK } from "./cache-lock.ts";
import type { StagingFolder } from "./staging.ts";
import { headOf, STAT_FILE, StatRecords } from "./stat-records.ts";
import { pushAll } from "../collector.ts";
import { readListingCounts, writeListingCounts } from "./listing-counts.ts";

/** A build's cache folder; or why the build goes without one (`refused`: a folder sitegen must not empty, `unusable`: one it cannot use). */
export type OpenedCache = { cache: BuildCache } | { unusable: string } | { refused: string };

export class BuildCache implements ReuseStore<StagingFolder> {
  /** What was found, for the build's summary: the records read, and why an index was ignored. */
  readonly found: { records: number; ignored?: string };
  /** Why each record dropped was, with its key: its post was built again. */
  private readonly droppedRecords: string[] = [];
  /** The objects whose bytes this build read and found to hash to their names. */
  private readonly verified = new Set<string>();
  /** When this build opened the folder: a post file changed since that second began is not vouched for by the next (stat-records.ts). */
  private readonly began = Date.now();
  /** The folder the posts are read from, by which records are keyed; without it, every post file is read. */
  private root?: string;
  private stats = StatRecords.none();
  /** The objects the records name, checked on a thread of their own from the moment the index is read. */
  private checks?: ObjectChecks;
  /** How many posts each listing page listed, by path: read with the index, given to the render, and kept as the render leaves them. */
  listings = new Map<string, { listed?: number }>();

  private constructor(
    readonly dir: string,
    readonly records: PostRecords,
    ignored?: string,
    /** Each record's line in the index it was read from: a record kept as it was is written back as that text, not serialized again. */
    private readonly lines = new Map<PostRecord, string>(),
    /** Each record's key, to name the post when it is dropped. */
    private readonly keys = new Map<PostRecord, string>(),
    dropped: string[] = [],
  ) {
    this.found = { records: records.size, ignored };
    pushAll(this.droppedRecords, dropped);
  }

  /**
   * Opens the cache folder for this build, making it if need be, and holds it
   * until `close`. A folder sitegen did not make, or a link, is refused
   * (cache-folder.ts). A missing index gives an empty cache; an unreadable or
   * foreign one an empty cache that says why; a record that fails a check is
   * dropped. A folder that cannot be made or that another running build holds
   * is unusable: the build goes without.
   */
  static open(dir: string, contentRoot?: string): OpenedCache {
    const opened = BuildCache.opened(dir);
    // Without an index's records, nothing else of the folder is read: stat records, counts and objects all go with them.
    if ("cache" in opened) opened.cache.root = contentRoot;
    if ("cache" in opened && opened.cache.records.size > 0) {
      const { cache } = opened;
      // Stat records only vouch for posts whose records were kept.
      if (contentRoot !== undefined) cache.stats = StatRecords.read(dir);
      cache.listings = readListingCounts(dir);
      // Checked while the build reads its posts: by the time a page is taken from the cache, its object is known good or not.
      cache.checks = new ObjectChecks(join(dir, "objects"), namedObjects(cache.records));
    }
    return opened;
  }

  private static opened(dir: string): OpenedCache {
    const claim = claimCacheFolder(dir);
    if ("refused" in claim || "unusable" in claim) return claim;
    if (claim.made !== undefined) madeBy.set(dir, claim.made);
    const held = hold(dir);
    if (held !== undefined) return { unusable: held };
    const strays = clearStrayParts(dir);
    if (strays !== undefined) return { cache: new BuildCache(dir, new Map(), strays) };
    const read = readIndexFile(join(dir, "index.json"));
    if (read === undefined) return { cache: new BuildCache(dir, new Map()) };
    if (typeof read !== "string")
      return { cache: new BuildCache(dir, new Map(), `its index cannot be read (${read.problem})`) };
    return { cache: BuildCache.read(dir, read) };
  }

  private static read(dir: string, text: string): BuildCache {
    const read = readIndex(text);
    if ("ignored" in read) return new BuildCache(dir, new Map(), read.ignored);
    return new BuildCache(dir, read.records, undefined, read.lines, read.keys, read.dropped);
  }

  /**
   * Whether a post file is unchanged since this cache's record of it, known
   * by its stat data (stat-records.ts): then only its frontmatter is read,
   * for its status, which a record is never trusted with, and nothing is
   * hashed. Never for a post with files of its own, whose hash they enter.
   */
  vouches(path: string, entry?: Pick<SourceEntry, "bundle" | "file">, stated?: FileStat): boolean {
    if (this.root === undefined || entry?.bundle !== undefined) return false;
    const key = recordKey(this.root, path);
    const record = this.records.get(key);
    if (record === undefined || !this.stats.vouches(key, path, record.source, stated)) return false;
    const head = headOf(path);
    return head !== undefined && statusOf(head, entry?.file ?? key) === record.post.status;
  }

  /**
   * What the build's summary says of the records dropped, if any: how many
   * posts were built again for it, and the first reason, with its post (a
   * cache damaged one way is most often damaged that way throughout).
   */
  dropped(): string | undefined {
    const [first, ...more] = this.droppedRecords;
    if (first === undefined) return undefined;
    const count = this.droppedRecords.length;
    return `${count} ${count === 1 ? "post" : "posts"} built again: ${first}${more.length > 0 ? ` (and ${more.length} more)` : ""}`;
  }

  /** Where highlighted code blocks are kept (src/write/highlight-store.ts): apart from the pages, and from the index that vouches for them. */
  get highlights(): string {
    return join(this.dir, "highlight");
  }

  /** Where the narrower copies of images are kept (src/write/image-store.ts): apart from the pages too. */
  get images(): string {
    return join(this.dir, "images");
  }

  /** Lets the folder go, for the next build; a folder this build made and left empty (a build that failed) goes too. */
  close(): void {
    this.checks?.close();
    rmSync(join(this.dir, LOCK), { force: true });
    const made = madeBy.get(this.dir);
    if (made !== undefined && isEmpty(this.dir)) rmSync(made, { recursive: true, force: true });
  }

  /** Resolves once every object the records name is checked (object-checks.ts): before the first page is taken from the cache. */
  ready(): Promise<void> {
    return this.checks?.ready() ?? Promise.resolve();
  }

  /**
   * Puts a record's files into the staging folder; false when one cannot be
   * had, and then nothing was put in place and the record is dropped. Each
   * object was opened as a regular file of the folder of the size its record
   * says, and its bytes hashed (object-checks.ts); only the file whose bytes
   * hashed to the object's name is put in place, by a hard link that must
   * be that very file (object-links.ts), so that nothing put under its name
   * after the check (a link made, another file renamed over it) is
   * published.
   */
  restore(record: PostRecord, staging: StagingFolder): boolean {
    const placed: (() => void)[] = [];
    const drop = (problem: string) => {
      this.droppedRecords.push(`${this.keys.get(record) ?? "a record"}: ${problem}`);
      return false;
    };
    for (const { file, written } of record.files) {
      const id = objectId(written.etag);
      const checked =
        this.checks?.result(id, `objects/${id}`, written.bytes) ?? `objects/${id} was not checked`;
      if (typeof checked === "string") return drop(checked);
      const path = objectPath(this.dir, id);
      // A file with a mode no page is written with is copied, not linked: read again from the file checked, and hashed again.
      const bytes = checked.link ? undefined : readChecked(path, checked.identity);
      if (bytes !== undefined && writtenOf(bytes).etag !== written.etag)
        return drop(`objects/${id} does not match its hash (edited, or damaged)`);
      // Linked by the build's disk thread, once it has one; the bytes hashed to the record's ETag: the folder need not hash them again.
      placed.push(() =>
        bytes === undefined
          ? staging.link(file, path, written, checked.identity)
          : staging.write(file, bytes, written),
      );
      this.verified.add(id);
    }
    for (const place of placed) place();
    return true;
  }

  /**
   * After a build that succeeded: keeps the files of every record (each once,
   * by its ETag: an object this build read and verified is there already;
   * any other is written from the page just built, over whatever has its
   * name), removes everything else in objects/, and writes the index last,
   * so that a build killed meanwhile leaves an index that names only objects
   * that exist.
   */
  save(records: PostRecords, staging: StagingFolder): void {
    keepObjects(this.dir, records, staging, this.verified);
    // Before the index: each stat record names the hash its post's record must hold, so a build killed between the two
    // leaves stat records that vouch for nothing the index does not say.
    const root = this.root;
    if (root !== undefined)
      StatRecords.save(
        this.dir,
        [...records].map(([key, record]) => [key, keyPath(root, key), record.source]),
        this.began,
        this.stats,
      );
    else rmSync(join(this.dir, STAT_FILE), { force: true });
    writeListingCounts(this.dir, this.listings, staging.written);
    writeIndex(this.dir, records, this.lines);
  }
}

/** Whether a folder holds nothing but sitegen's mark (and the lock of the build closing it). */
function isEmpty(dir: string): boolean {
  try {
    return readdirSync(dir).every((name) => name === MARKER || name === LOCK);
  } catch {
    return false;
  }
}

/** The parts of the folder a build reads and empties; each must be a folder of its own, never a link out. */
const PARTS = ["objects", "highlight", "images"];

/**
 * Removes a part of the folder that is not a folder (a link planted where
 * objects/ was would have a build read and empty where it points): the
 * entry itself goes, never what a link names. Undefined when all is well or
 * mended; else why the build goes without the cache.
 */
function clearStrayParts(dir: string): string | undefined {
  try {
    for (const part of PARTS) {
      const found = lstatSync(join(dir, part), { throwIfNoEntry: false });
      if (found !== undefined && !found.isDirectory()) rmSync(join(dir, part), { force: true });
    }
    // highlight/ holds a folder per highlighter, which a build writes into: each must be a folder too.
    const highlight = join(dir, "highlight");
    if (lstatSync(highlight, { throwIfNoEntry: false }) !== undefined) {
      for (const entry of readdirSync(highlight, { withFileTypes: true }))
        if (!entry.isDirectory()) rmSync(join(highlight, entry.name), { force: true });
    }
    return undefined;
  } catch (error) {
    return `its folders cannot be looked at (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
}

/** The first folder each cache folder's opening made, when it made any: removed again if the build leaves nothing in it. */
const madeBy = new Map<string, string>();
