/**
 * The build cache's index.json (src/write/cache.ts): its layout, a record a
 * line with each line's checksum, how it is read and checked, and how it is
 * written. The index arrives from outside the build: one that cannot be
 * read, does not parse, or was written by another sitegen, with other
 * packages, on another Node.js or in another format, is ignored whole; a
 * record that fails its checksum or its schema (cache-records.ts) is
 * dropped, and its post built again.
 */
import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { codeFingerprint, type PostRecord, type PostRecords } from "./post-records.ts";
import { openNoFollow, readWhole } from "./cache-folder.ts";
import { recordProblem } from "./cache-records.ts";

/** 3: each record carries its checksum, and the folder sitegen's CACHEDIR.TAG. */
const FORMAT = 3;

interface Index {
  format: number;
  code: string;
  node: string;
  records: Record<string, PostRecord>;
}

/** The records an index holds, each with the line it was read from and its key, and why each record dropped was; or why the whole index was ignored. */
export type ReadIndex =
  | { records: PostRecords; lines: Map<PostRecord, string>; keys: Map<PostRecord, string>; dropped: string[] }
  | { ignored: string };

/** The records of an index's text that pass every check. */
export function readIndex(text: string): ReadIndex {
  try {
    const { index, lines } = parseIndex(text);
    if (index.format !== FORMAT) return { ignored: `it has format ${String(index.format)}, not ${FORMAT}` };
    if (index.code !== codeFingerprint()) return { ignored: "another sitegen, or other packages, wrote it" };
    if (index.node !== process.versions.node)
      return { ignored: `Node.js ${String(index.node)} wrote it, and this is ${process.versions.node}` };
    if (typeof index.records !== "object" || index.records === null || Array.isArray(index.records))
      return { ignored: "it has no records" };
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
    return { records, lines, keys, dropped };
  } catch (error) {
    return { ignored: `its index does not parse (${(error as Error).message})` };
  }
}

/**
 * Writes the index of `records` into `dir`, sorted by key, each record kept
 * as it was read (`lines`) written back as that text, not serialized again:
 * into a file of its own first, then renamed over the index, so that a build
 * killed meanwhile leaves the earlier index whole.
 */
export function writeIndex(dir: string, records: PostRecords, lines: ReadonlyMap<PostRecord, string>): void {
  const sorted = [...records].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const lineOf = ([key, record]: [string, PostRecord]) => {
    const line = lines.get(record);
    return line !== undefined && line.startsWith(`${JSON.stringify(key)}:`) ? line : recordLine(key, record);
  };
  const temporary = join(dir, `index.json.${process.pid}`);
  const texts = function* () {
    yield `${indexHead(codeFingerprint())}\n`;
    for (const [index, entry] of sorted.entries()) yield `${index > 0 ? ",\n" : ""}${lineOf(entry)}`;
    yield "\n}}";
  };
  writeInChunks(temporary, texts());
  renameSync(temporary, join(dir, "index.json"));
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
  if (typeof record !== "object" || record === null || typeof (record as { sum?: unknown }).sum !== "string")
    return "it has no checksum";
  const { sum, ...rest } = record as { sum: string };
  const head = `${JSON.stringify(key)}:{"sum":${JSON.stringify(sum)},`;
  const body = line?.startsWith(head) ? `{${line.slice(head.length)}` : JSON.stringify(rest);
  return recordSum(key, body) === sum ? undefined : "it does not match its checksum (edited, or damaged)";
}

function parseIndex(text: string): { index: Partial<Index>; lines: Map<PostRecord, string> } {
  const rows = text.split("\n");
  const lines = new Map<PostRecord, string>();
  if (
    rows.length < 2 ||
    !rows[0].startsWith('{"format":') ||
    !rows[0].endsWith('"records":{') ||
    rows.at(-1) !== "}}"
  )
    return { index: JSON.parse(text) as Partial<Index>, lines };
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

/** A large blog's index is 18 MB at 10,000 posts: one past this is not one sitegen wrote. */
const INDEX_LIMIT = 1 << 30;

/** The index's text; undefined when there is none; else why it cannot be read (a link, a folder, too large). */
export function readIndexFile(path: string): string | { problem: string } | undefined {
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
