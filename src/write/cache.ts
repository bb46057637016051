/**
 * The build cache: what one build leaves for the next, so that a build in a
 * fresh checkout where one post changed renders that post and not the
 * others. `sitegen build` keeps it in DEFAULT_CACHE (cache-folder.ts) unless
 * told otherwise (`--cache <dir>`, `--no-cache`). A folder:
 *
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
 * It is never trusted: an index that cannot be read, does not parse, or was
 * written by another sitegen, with other packages, on another Node.js or in
 * another format, is ignored whole; a record whose objects are missing or of
 * another size, or that names one by anything but an ETag (a path out of the
 * folder), is not used, and its page is rendered again. Two builds never
 * share the folder at once: the second goes without it.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join, sep } from "node:path";
import { codeFingerprint, type PostRecord, type PostRecords, type ReuseStore } from "../execute/reuse.ts";
import { linkOrCopy, type StagingFolder } from "./staging.ts";

const FORMAT = 2;


interface Index {
  format: number;
  code: string;
  node: string;
  records: Record<string, PostRecord>;
}

/** A build's cache folder, or why the build goes without one. */
export type OpenedCache = { cache: BuildCache } | { unusable: string };

export class BuildCache implements ReuseStore<StagingFolder> {
  /** What was found, for the build's summary: the records read, and why an index was ignored. */
  readonly found: { records: number; ignored?: string };

  private constructor(
    readonly dir: string,
    readonly records: PostRecords,
    ignored?: string,
    /** Each record's line in the index it was read from: a record kept as it was is written back as that text, not serialized again. */
    private readonly lines = new Map<PostRecord, string>(),
  ) {
    this.found = { records: records.size, ignored };
  }

  /**
   * Opens the cache folder for this build, making it if need be, and holds it
   * until `close`. A missing index gives an empty cache; an unreadable or
   * foreign one an empty cache that says why. A folder that cannot be made or
   * that another running build holds is unusable: the build goes without.
   */
  static open(dir: string): OpenedCache {
    const held = hold(dir);
    if (held !== undefined) return { unusable: held };
    let text: string;
    try {
      text = readFileSync(join(dir, "index.json"), "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return { cache: new BuildCache(dir, new Map(), code === "ENOENT" ? undefined : `its index cannot be read (${code ?? (error as Error).message})`) };
    }
    return { cache: BuildCache.read(dir, text) };
  }

  private static read(dir: string, text: string): BuildCache {
    try {
      const { index, lines } = parseIndex(text);
      if (index.format !== FORMAT) return new BuildCache(dir, new Map(), `it has format ${String(index.format)}, not ${FORMAT}`);
      if (index.code !== codeFingerprint()) return new BuildCache(dir, new Map(), "another sitegen, or other packages, wrote it");
      if (index.node !== process.versions.node) return new BuildCache(dir, new Map(), `Node.js ${String(index.node)} wrote it, and this is ${process.versions.node}`);
      if (typeof index.records !== "object" || index.records === null) return new BuildCache(dir, new Map(), "it has no records");
      return new BuildCache(dir, new Map(Object.entries(index.records)), undefined, lines);
    } catch (error) {
      return new BuildCache(dir, new Map(), `its index does not parse (${(error as Error).message})`);
    }
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
   * Puts a record's files into the staging folder, linked from the cache
   * folder (or copied, across file systems); false when one is missing or
   * has another size than the record says, and nothing was put in place.
   * Objects are named by their content hash and never written twice, so an
   * object of the right name and size is the file.
   */
  restore(record: PostRecord, staging: StagingFolder): boolean {
    // An ETag that is not one sitegen writes names no object: a tampered index must not reach outside the folder.
    if (!record.files.every(({ written }) => typeof written?.etag === "string" && ETAG.test(written.etag))) return false;
    const objects = record.files.map(({ written }) => this.objectPath(objectId(written.etag)));
    // An object that cannot be looked at (a folder made unreadable) is as good as missing.
    const intact = record.files.every(({ written }, index) => sizeOf(objects[index]) === written.bytes);
    if (!intact) return false;
    record.files.forEach(({ file, written }, index) => staging.link(file, objects[index], written));
    return true;
  }

  /**
   * After a build that succeeded: keeps the files of every record (each once,
   * by its ETag: the objects of the records it was opened with are there
   * already), removes the objects no record names any more, and writes the
   * index last, so that a build killed meanwhile leaves an index that names
   * only objects that exist.
   */
  save(records: PostRecords, staging: StagingFolder): void {
    const objects = join(this.dir, "objects");
    mkdirSync(objects, { recursive: true });
    const had = new Set([...this.records.values()].flatMap((record) => record.files.map(({ written }) => objectId(written.etag))));
    const kept = new Set<string>();
    for (const record of records.values()) {
      for (const { file, written } of record.files) {
        const id = objectId(written.etag);
        if (kept.has(id)) continue;
        kept.add(id);
        const object = this.objectPath(id);
        if (!had.has(id) && !exists(object)) linkOrCopy(staging.pathOf(file), object);
      }
    }
    // A cache opened empty (new, or ignored) may hold anything: clear it all; else only what the old index named.
    const stale = this.records.size === 0 ? readdirSync(objects) : [...had];
    for (const name of stale) if (!kept.has(name)) rmSync(this.objectPath(name), { force: true });
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
 *   {"format":2,"code":"…","node":"20.20.2","records":{
 *   "blog/a.md":{…},
 *   "blog/b.md":{…}
 *   }}
 *
 * so that each record is parsed from, and can be written back as, its own
 * line. Any other layout of the same document (one edited by hand) is read
 * whole, and then no line is kept.
 */
function indexHead(code: string): string {
  return `{"format":${FORMAT},"code":${JSON.stringify(code)},"node":${JSON.stringify(process.versions.node)},"records":{`;
}

/** A record's line. Its post is kept without the paths of its file and bundle: a build places those where it finds them (src/execute/sources.ts). */
function recordLine(key: string, record: PostRecord): string {
  const { file: _file, path: _path, bundle: _bundle, ...post } = record.post;
  return `${JSON.stringify(key)}:${JSON.stringify({ ...record, post })}`;
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

/** An ETag as `etagOf` writes it (src/write/output.ts). */
const ETAG = /^"[A-Za-z0-9_-]{22}"$/;

/** An ETag without its quotes: 22 base64url characters, safe as a file name. */
function objectId(etag: string): string {
  return etag.slice(1, -1);
}

function exists(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false }) !== undefined;
}

function isEmpty(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return false;
  }
}

function sizeOf(path: string): number | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false })?.size;
  } catch {
    return undefined;
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
      const made = mkdirSync(dir, { recursive: true });
      if (made !== undefined) madeBy.set(dir, made);
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
  const fd = openSync(path, "w");
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
