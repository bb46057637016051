/**
 * The build cache: what one build leaves for the next, so that a build in a
 * fresh checkout where one post changed renders that post and not the
 * others. `sitegen build` keeps it in DEFAULT_CACHE (cache-folder.ts) unless
 * told otherwise (`--cache <dir>`, `--no-cache`). A folder:
 *
 *   CACHEDIR.TAG     the mark of a folder sitegen made (cache-folder.ts)
 *   index.json       the format, the fingerprint of the sitegen that wrote it,
 *                    the Node.js version it ran on, and a record per published
 *                    post (src/execute/reuse.ts)
 *   objects/<id>     the bytes of each post page's files, named by their ETag
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
 * used only when its bytes hash to its name: those bytes, read once, are
 * what is written into the output. A record that fails any check is dropped
 * and its post built again, which the build's summary notes. Two builds
 * never share the folder at once: the second goes without it.
 */
import { createHash } from "node:crypto";
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join, sep } from "node:path";
import { codeFingerprint, type PostRecord, type PostRecords, type ReuseStore } from "../execute/reuse.ts";
import { claimCacheFolder, MARKER, openNoFollow, readWhole } from "./cache-folder.ts";
import { recordProblem } from "./cache-records.ts";
import { etagOf, type Written } from "./output.ts";
import { linkOrCopy, type StagingFolder } from "./staging.ts";
import { pushAll } from "../collector.ts";

/** 3: each record carries its checksum, and the folder sitegen's CACHEDIR.TAG. */
const FORMAT = 3;


interface Index {
  format: number;
  code: string;
  node: string;
  records: Record<string, PostRecord>;
}

/** A build's cache folder; or why the build goes without one (`refused`: a folder sitegen must not empty, `unusable`: one it cannot use). */
export type OpenedCache = { cache: BuildCache } | { unusable: string } | { refused: string };

export class BuildCache implements ReuseStore<StagingFolder> {
  /** What was found, for the build's summary: the records read, and why an index was ignored. */
  readonly found: { records: number; ignored?: string };
  /** Why each record dropped was, with its key: its post was built again. */
  private readonly droppedRecords: string[] = [];
  /** The objects whose bytes this build read and found to hash to their names. */
  private readonly verified = new Set<string>();

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
  static open(dir: string): OpenedCache {
    const claim = claimCacheFolder(dir);
    if ("refused" in claim || "unusable" in claim) return claim;
    if (claim.made !== undefined) madeBy.set(dir, claim.made);
    const held = hold(dir);
    if (held !== undefined) return { unusable: held };
    const strays = clearStrayParts(dir);
    if (strays !== undefined) return { cache: new BuildCache(dir, new Map(), strays) };
    const read = readIndexFile(join(dir, "index.json"));
    if (read === undefined) return { cache: new BuildCache(dir, new Map()) };
    if (typeof read !== "string") return { cache: new BuildCache(dir, new Map(), `its index cannot be read (${read.problem})`) };
    return { cache: BuildCache.read(dir, read) };
  }

  private static read(dir: string, text: string): BuildCache {
    try {
      const { index, lines } = parseIndex(text);
      if (index.format !== FORMAT) return new BuildCache(dir, new Map(), `it has format ${String(index.format)}, not ${FORMAT}`);
      if (index.code !== codeFingerprint()) return new BuildCache(dir, new Map(), "another sitegen, or other packages, wrote it");
      if (index.node !== process.versions.node) return new BuildCache(dir, new Map(), `Node.js ${String(index.node)} wrote it, and this is ${process.versions.node}`);
      if (typeof index.records !== "object" || index.records === null || Array.isArray(index.records)) return new BuildCache(dir, new Map(), "it has no records");
      const records: PostRecords = new Map();
      const keys = new Map<PostRecord, string>();
      const dropped: string[] = [];
      for (const [key, record] of Object.entries(index.records)) {
        const problem = sumProblem(key, record, lines.get(record)) ?? recordProblem(key, record);
        if (problem !== undefined) {
          dropped.push(`${key}: ${problem}`);
          continue;
        }
        records.set(key, record);
        keys.set(record, key);
      }
      return new BuildCache(dir, records, undefined, lines, keys, dropped);
    } catch (error) {
      return new BuildCache(dir, new Map(), `its index does not parse (${(error as Error).message})`);
    }
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
    rmSync(join(this.dir, LOCK), { force: true });
    const made = madeBy.get(this.dir);
    if (made !== undefined && isEmpty(this.dir)) rmSync(made, { recursive: true, force: true });
  }

  /**
   * Puts a record's files into the staging folder; false when one cannot be
   * had, and then nothing was put in place and the record is dropped. Each
   * object is read once, as a regular file of the folder of the size its
   * record says, and its bytes hashed: only bytes that hash to the object's
   * name are written, the very bytes hashed, so nothing can change between
   * the check and the use (a link made, a file swapped or edited in place).
   */
  restore(record: PostRecord, staging: StagingFolder): boolean {
    const bodies: Buffer[] = [];
    for (const { written } of record.files) {
      const read = this.readObject(written);
      if (typeof read === "string") {
        this.droppedRecords.push(`${this.keys.get(record) ?? "a record"}: ${read}`);
        return false;
      }
      bodies.push(read);
    }
    // Written as the build's own files are: by its disk thread, once it has one, while this thread reads and checks the next.
    record.files.forEach(({ file, written }, index) => {
      staging.write(file, bodies[index]);
      this.verified.add(objectId(written.etag));
    });
    return true;
  }

  /** An object's bytes, checked against what its record says; else why they cannot be used. */
  private readObject(written: Written): Buffer | string {
    const id = objectId(written.etag);
    const name = `objects/${id}`;
    let fd: number;
    try {
      fd = openNoFollow(this.objectPath(id));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === "ENOENT" ? `${name} is missing` : code === "ELOOP" ? `${name} is a link, not a file of the cache` : `${name} cannot be read (${code ?? (error as Error).message})`;
    }
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile()) return `${name} is not a file of the cache`;
      if (stat.size !== written.bytes) return `${name} holds ${stat.size} bytes, not the ${written.bytes} its record says`;
      const bytes = readWhole(fd, stat.size);
      if (bytes === undefined) return `${name} was cut short while it was read`;
      return etagOf(createHash("sha256").update(bytes)) === written.etag ? bytes : `${name} does not match its hash (edited, or damaged)`;
    } catch (error) {
      return `${name} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
    } finally {
      closeSync(fd);
    }
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
    const objects = join(this.dir, "objects");
    mkdirSync(objects, { recursive: true });
    const kept = new Set<string>();
    for (const record of records.values()) {
      for (const { file, written } of record.files) {
        const id = objectId(written.etag);
        if (kept.has(id)) continue;
        kept.add(id);
        // An object this build did not verify may be anything (a link, an edited file): the page just written replaces it.
        if (this.verified.has(id)) continue;
        const object = this.objectPath(id);
        rmSync(object, { force: true, recursive: true });
        linkOrCopy(staging.pathOf(file), object);
      }
    }
    // Whatever else the folder holds, no record names: the folder is sitegen's (its mark says so), so it goes.
    for (const name of readdirSync(objects)) if (!kept.has(name)) rmSync(this.objectPath(name), { force: true, recursive: true });
    const sorted = [...records].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const lineOf = ([key, record]: [string, PostRecord]) => {
      const line = this.lines.get(record);
      return line !== undefined && line.startsWith(`${JSON.stringify(key)}:`) ? line : recordLine(key, record);
    };
    const temporary = join(this.dir, `index.json.${process.pid}`);
    const texts = function* () {
      yield `${indexHead(codeFingerprint())}\n`;
      for (const [index, entry] of sorted.entries()) yield `${index > 0 ? ",\n" : ""}${lineOf(entry)}`;
      yield "\n}}";
    };
    writeInChunks(temporary, texts());
    renameSync(temporary, join(this.dir, "index.json"));
  }

  /** Where an object is: a string joined, not a path resolved, for each of twenty thousand files of a large blog. */
  private objectPath(id: string): string {
    return `${this.dir}${sep}objects${sep}${id}`;
  }
}

/**
 * The index is one JSON document, laid out a record a line:
 *
 *   {"format":3,"code":"…","node":"20.20.2","records":{
 *   "blog/a.md":{"sum":"…",…},
 *   "blog/b.md":{"sum":"…",…}
 *   }}
 *
 * so that each record is parsed from, and can be written back as, its own
 * line, its checksum first (`recordSum`). Any other layout of the same document (one edited by hand) is read
 * whole, and then no line is kept.
 */
function indexHead(code: string): string {
  return `{"format":${FORMAT},"code":${JSON.stringify(code)},"node":${JSON.stringify(process.versions.node)},"records":{`;
}

/**
 * A record's line. Its post is kept without the paths of its file and bundle:
 * a build places those where it finds them (src/execute/sources.ts). It opens
 * with its checksum (`recordSum`), so that a record edited by hand, or
 * damaged, is told from one sitegen wrote.
 */
function recordLine(key: string, record: PostRecord): string {
  const { file: _file, path: _path, bundle: _bundle, ...post } = record.post;
  const { sum: _sum, ...rest } = record as PostRecord & { sum?: string };
  const body = JSON.stringify({ ...rest, post });
  return `${JSON.stringify(key)}:{"sum":"${recordSum(key, body)}",${body.slice(1)}`;
}

/**
 * A record's checksum: its key and its text, hashed. It tells an edit or a
 * damaged line, as an object's name tells a damaged object; it cannot tell
 * a record forged with its checksum made again, and nothing in a cache can
 * (whoever writes the folder writes the pages too): what it cannot do is
 * kept from a forged record by the checks that read nothing from it on trust
 * (cache-records.ts, the status read from the post file, the objects read
 * as files of the folder).
 */
function recordSum(key: string, body: string): string {
  return createHash("sha256").update(key).update("\0").update(body).digest("base64url").slice(0, 22);
}

/**
 * Why a record read from the index does not match its checksum, if it does
 * not. Its text is the line it was read from, as `recordLine` wrote it (a
 * slice, where serializing each record of a large blog again cost more than
 * hashing them); a record of an index laid out otherwise is serialized again.
 */
function sumProblem(key: string, record: unknown, line: string | undefined): string | undefined {
  if (typeof record !== "object" || record === null || typeof (record as { sum?: unknown }).sum !== "string") return "it has no checksum";
  const { sum, ...rest } = record as { sum: string };
  const head = `${JSON.stringify(key)}:{"sum":${JSON.stringify(sum)},`;
  const body = line?.startsWith(head) ? `{${line.slice(head.length)}` : JSON.stringify(rest);
  return recordSum(key, body) === sum ? undefined : "it does not match its checksum (edited, or damaged)";
}

function parseIndex(text: string): { index: Partial<Index>; lines: Map<PostRecord, string> } {
  const rows = text.split("\n");
  const lines = new Map<PostRecord, string>();
  if (rows.length < 2 || !rows[0].startsWith('{"format":') || !rows[0].endsWith('"records":{') || rows.at(-1) !== "}}") return { index: JSON.parse(text) as Partial<Index>, lines };
  const index = JSON.parse(`${rows[0]}}}`) as Partial<Index> & { records: Record<string, PostRecord> };
  for (let at = 1; at < rows.length - 1; at++) {
    const line = rows[at].endsWith(",") ? rows[at].slice(0, -1) : rows[at];
    if (line === "") continue;
    const entries = Object.entries(JSON.parse(`{${line}}`) as Record<string, PostRecord>);
    if (entries.length !== 1) throw new Error(`line ${at + 1} holds ${entries.length} records`);
    const [[key, record]] = entries;
    index.records[key] = record;
    lines.set(record, line);
  }
  return { index, lines };
}

/** An ETag without its quotes: 22 base64url characters, safe as a file name. */
function objectId(etag: string): string {
  return etag.slice(1, -1);
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
      for (const entry of readdirSync(highlight, { withFileTypes: true })) if (!entry.isDirectory()) rmSync(join(highlight, entry.name), { force: true });
    }
    return undefined;
  } catch (error) {
    return `its folders cannot be looked at (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
}

/** A large blog's index is 18 MB at 10,000 posts: one past this is not one sitegen wrote. */
const INDEX_LIMIT = 1 << 30;

/** The index's text; undefined when there is none; else why it cannot be read (a link, a folder, too large). */
function readIndexFile(path: string): string | { problem: string } | undefined {
  let fd: number;
  try {
    fd = openNoFollow(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    return { problem: code === "ELOOP" ? "it is a link" : (code ?? (error as Error).message) };
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { problem: "EISDIR" };
    if (!stat.isFile()) return { problem: "it is not a file" };
    if (stat.size > INDEX_LIMIT) return { problem: `it is ${stat.size} bytes long` };
    return readWhole(fd, stat.size)?.toString("utf8") ?? { problem: "it was cut short while it was read" };
  } catch (error) {
    return { problem: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  } finally {
    closeSync(fd);
  }
}

const LOCK = "lock";

/** The first folder each cache folder's opening made, when it made any: removed again if the build leaves nothing in it. */
const madeBy = new Map<string, string>();

/**
 * Takes the folder for this process: its lock file names the machine and the
 * process. A lock of a process that is gone (a build killed), of another
 * machine (a folder a CI restored), or older than a day is taken over.
 * Undefined when held, else why the build must go without the folder.
 */
function hold(dir: string): string | undefined {
  const lock = join(dir, LOCK);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, "wx");
      writeSync(fd, `${hostname()}\n${process.pid}\n`);
      closeSync(fd);
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return `it cannot be made or written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
      const holder = holderOf(lock);
      if (holder !== undefined) return `another build (process ${holder}) is using it`;
      rmSync(lock, { force: true });
    }
  }
  return "its lock could not be taken";
}

const DAY = 24 * 60 * 60 * 1000;

/** The process holding a lock, if it runs on this machine and took it within the day. */
function holderOf(lock: string): number | undefined {
  try {
    const [host, pid] = readFileSync(lock, "utf8").split("\n");
    const holder = Number(pid);
    if (host !== hostname() || !Number.isInteger(holder) || holder <= 0 || Date.now() - statSync(lock).mtimeMs > DAY) return undefined;
    return running(holder) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process of this id runs (signal 0 tests without sending). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Writes texts one after another in chunks of about a megabyte: a large
 * blog's index (18 MB at 10,000 posts) is never held twice, as one joined
 * string beside its lines.
 */
function writeInChunks(path: string, texts: Iterable<string>): void {
  // Made anew, never opened through what is there: a link planted under this name would have the write land where it points.
  rmSync(path, { force: true });
  const fd = openSync(path, "wx");
  try {
    let chunk: string[] = [];
    let size = 0;
    for (const text of texts) {
      chunk.push(text);
      size += text.length;
      if (size < 1 << 20) continue;
      writeSync(fd, chunk.join(""));
      [chunk, size] = [[], 0];
    }
    writeSync(fd, chunk.join(""));
  } finally {
    closeSync(fd);
  }
}
