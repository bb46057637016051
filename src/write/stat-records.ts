/**
 * The build cache's stat records (`stat` in the cache folder, beside
 * index.json): for each post file, what the file system said of it (size,
 * modification and change times in nanoseconds, inode, device) when its
 * content hash was last known, as git's index keeps them. A post file whose
 * stat data is still all that is known unchanged, and is neither read nor
 * hashed: at 10,000 posts, 10,000 stat calls where 78 MB were read and
 * hashed.
 *
 * The content hash stays the truth wherever the stat data could mislead:
 *
 * - racily clean: a file modified or changed within the second the build
 *   that wrote the record began (`since`) is not recorded, so a write after
 *   its bytes were read, landing on the same coarse mtime, is never taken
 *   for no change; a change sets ctime to the present, which no one can set
 *   back, so a file written with an old mtime is caught too;
 * - a record's hash must be the hash its post's index record holds, which
 *   the index's own checks vouch for;
 * - a post with files of its own (a bundle, whose pictures enter its hash)
 *   is always read (src/execute/sources.ts asks only for posts without);
 * - whether a post is published is never taken from the cache: its status
 *   is read from the file's frontmatter each build (`headOf`), as it is when
 *   the file is hashed (src/write/post-records.ts `statusOf`).
 *
 * A record matches only the very file it was taken of: the inode and ctime
 * of a fresh checkout, or of a copy, are its own, so a cache restored by a
 * CI or copied in hashes every post, as before. The stat records are a
 * shortcut for post files only, never for the cache's objects, which are
 * read and hashed each time (cache.ts). A file that fails its checksum or
 * holds a line that is not a record is ignored whole: every post is hashed.
 */
import { createHash } from "node:crypto";
import {
  closeSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type BigIntStats,
} from "node:fs";
import { join } from "node:path";
import type { FileStat } from "../content/tree.ts";
import { readRegularFile } from "./cache-folder.ts";

/** The file's name in the cache folder. */
export const STAT_FILE = "stat";
const HEAD = "sitegen stat records 1";
/** Far above what 100,000 posts need (about 130 bytes a post). */
const LIMIT = 64 << 20;
/** hash size mtime ctime inode device "key": the hash a content hash (SHA-256, base64url), the numbers decimal, the key a JSON string. */
const LINE =
  /^([A-Za-z0-9_-]{43}) (\d{1,20}) (\d{1,24}) (\d{1,24}) (\d{1,24}) (\d{1,24}) ("(?:[^"\\\n]|\\.)*")$/;

interface Entry {
  hash: string;
  size: bigint;
  mtime: bigint;
  ctime: bigint;
  ino: bigint;
  dev: bigint;
  /** The line as read: an entry vouched for again is written back as it was. */
  line: string;
}

export class StatRecords {
  /** The entries vouched for by this build, by key: written back as they were. */
  private readonly vouched = new Map<string, string>();

  private constructor(
    private readonly entries: ReadonlyMap<string, Entry>,
    /** When the build that wrote them began, in ms since the epoch, floored to the second. */
    private readonly since: bigint,
  ) {}

  /** No records: every post file is read. */
  static none(): StatRecords {
    return new StatRecords(new Map(), 0n);
  }

  /** The records of a cache folder; none when there are none, or they cannot be trusted (see above). */
  static read(dir: string): StatRecords {
    const none = StatRecords.none();
    const bytes = readRegularFile(join(dir, STAT_FILE), LIMIT);
    if (bytes === undefined) return none;
    const text = bytes.toString("utf8");
    const end = text.indexOf("\n");
    const head = /^sitegen stat records 1 (\d{1,16}) ([A-Za-z0-9_-]{22})$/.exec(
      end < 0 ? "" : text.slice(0, end),
    );
    if (!head || checksum(head[1], text.slice(end + 1)) !== head[2]) return none;
    const entries = new Map<string, Entry>();
    for (const line of text.slice(end + 1).split("\n")) {
      if (line === "") continue;
      const match = LINE.exec(line);
      if (!match) return none;
      let key: unknown;
      try {
        key = JSON.parse(match[7]);
      } catch {
        return none;
      }
      if (typeof key !== "string") return none;
      const [size, mtime, ctime, ino, dev] = match.slice(2, 7).map(BigInt);
      entries.set(key, { hash: match[1], size, mtime, ctime, ino, dev, line });
    }
    return new StatRecords(entries, BigInt(head[1]) * MS);
  }

  /**
   * Whether the file at `path`, keyed `key`, is unchanged since its record,
   * which gave it the content hash `hash`: its stat data all the same, and
   * neither time within the second the recording build began. `stated` is
   * the file's stat data as this build's listing took it, before any of the
   * file was read; without it, the file is stat'ed here.
   */
  vouches(key: string, path: string, hash: string, stated?: FileStat): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined || entry.hash !== hash || entry.mtime >= this.since || entry.ctime >= this.since)
      return false;
    const now = stated ?? statOf(path);
    if (
      now === undefined ||
      now.size !== entry.size ||
      now.mtimeNs !== entry.mtime ||
      now.ctimeNs !== entry.ctime ||
      now.ino !== entry.ino ||
      now.dev !== entry.dev
    )
      return false;
    this.vouched.set(key, entry.line);
    return true;
  }

  /**
   * Writes the records of this build's post files: `files` gives each key,
   * the file's path and the content hash its index record holds; `began` is
   * when the build began (before it read any post). A file that changed since
   * that second began is left out, and hashed by the next build.
   */
  static save(
    dir: string,
    files: Iterable<[key: string, path: string, hash: string]>,
    began: number,
    earlier: StatRecords,
  ): void {
    const since = BigInt(Math.floor(began / 1000) * 1000);
    const lines: string[] = [];
    for (const [key, path, hash] of files) {
      const kept = earlier.vouched.get(key);
      if (kept !== undefined && kept.startsWith(`${hash} `)) {
        lines.push(kept);
        continue;
      }
      const stat = statOf(path);
      if (stat === undefined || stat.mtimeNs >= since * MS || stat.ctimeNs >= since * MS) continue;
      lines.push(
        `${hash} ${stat.size} ${stat.mtimeNs} ${stat.ctimeNs} ${stat.ino} ${stat.dev} ${JSON.stringify(key)}`,
      );
    }
    const body = lines.length > 0 ? `${lines.join("\n")}\n` : "";
    const temporary = join(dir, `${STAT_FILE}.${process.pid}`);
    // Made anew, never written through what is there: a link planted under this name would have the write land where it points.
    rmSync(temporary, { force: true });
    writeFileSync(temporary, `${HEAD} ${since} ${checksum(String(since), body)}\n${body}`, { flag: "wx" });
    renameSync(temporary, join(dir, STAT_FILE));
  }
}

/** Where a post's frontmatter is looked for: a post's fields take a few hundred bytes. */
const HEAD_BYTES = 4096;

/**
 * The start of a file, in whole lines: enough to hold a post's frontmatter,
 * from which its status is read each build (cache.ts), when the rest of the
 * file is vouched for by its stat record. A frontmatter that does not close
 * within it reads as unterminated, and the file is then read whole.
 */
export function headOf(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined;
  }
  try {
    const bytes = Buffer.allocUnsafe(HEAD_BYTES);
    let length = 0;
    for (let read = -1; read !== 0 && length < HEAD_BYTES; length += read)
      read = readSync(fd, bytes, length, HEAD_BYTES - length, length);
    // A file longer than the head: its last line is cut off, so that a line cut short (a longer fence, `----`) is not read as the closing one.
    const whole = length < HEAD_BYTES ? length : bytes.lastIndexOf(0x0a, length - 1) + 1;
    return bytes.toString("utf8", 0, whole);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Nanoseconds in a millisecond. */
const MS = 1_000_000n;

/** A regular file's stat data, to the nanosecond; undefined for anything else, or a file that cannot be looked at. */
function statOf(path: string): BigIntStats | undefined {
  try {
    const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
    return stat?.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/** The records' checksum: their `since` and text, hashed, as an index line's (cache-index.ts). */
function checksum(since: string, body: string): string {
  return createHash("sha256").update(since).update("\0").update(body).digest("base64url").slice(0, 22);
}
