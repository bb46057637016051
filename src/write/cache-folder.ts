/**
 * Where `sitegen build` keeps its build cache (src/write/cache.ts) when
 * `--cache` does not say: a folder of its own in the working folder, which
 * `init`'s `.gitignore` leaves out. Not inside `node_modules` (where
 * find-cache-dir's convention would put it): `npm ci` removes that folder
 * before it installs, Netlify drops it with its dependency cache when the
 * lockfile changes, and sitegen never writes into its own installation (a
 * read-only `node_modules` builds). No CI keeps a folder of the checkout
 * unless told: Netlify's build plugin (src/hosts/netlify/cache-plugin.ts)
 * saves and restores this one with Netlify's own cache, and the deploy pages
 * of the docs give the lines for GitHub Actions and Cloudflare's builds.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

export const DEFAULT_CACHE = ".sitegen-cache";

/**
 * The mark of a folder sitegen made: a CACHEDIR.TAG, as the Cache Directory
 * Tagging Specification (https://bford.info/cachedir/) writes one, so that
 * backup tools leave the folder out, with a line of sitegen's own after the
 * signature. A build empties and rewrites only a folder that holds it (or an
 * empty one, which it marks): `--cache` pointed at a folder of the user's
 * must never delete what is there.
 */
export const MARKER = "CACHEDIR.TAG";
/** The specification's signature: the file's first 43 bytes. */
const SIGNATURE = "Signature: 8a477f597d28d172789f06886806bc55";
const OWN_LINE = "# sitegen build cache";
const MARKER_TEXT = `${SIGNATURE}\n${OWN_LINE}: made by sitegen build, which empties and refills it; remove it whole to start again.\n# For information about cache directory tags, see https://bford.info/cachedir/\n`;

/**
 * The folder claimed for a build (`made`: the first folder its making
 * created, if any); or why it is refused (not sitegen's to empty); or why it
 * cannot be used (it cannot be made).
 */
export type Claim = { made?: string } | { refused: string } | { unusable: string };

/**
 * Claims `dir` as a build cache folder: one that sitegen marked, or an empty
 * or missing one, or an earlier sitegen's unmarked cache, which it marks now.
 * Refused: a symbolic link (a build would read and delete where it points),
 * anything but a folder, and a folder holding other files without sitegen's
 * mark.
 */
export function claimCacheFolder(dir: string): Claim {
  try {
    return claim(dir);
  } catch (error) {
    return {
      unusable: `it cannot be looked at (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    };
  }
}

function claim(dir: string): Claim {
  const found = lstatSync(dir, { throwIfNoEntry: false });
  if (found?.isSymbolicLink())
    return { refused: "it is a symbolic link, and a build never follows one out of its cache folder" };
  if (found && !found.isDirectory()) return { refused: "it is not a folder" };
  if (found && isMarked(dir)) return {};
  if (found && readdirSync(dir).length > 0 && !isUnmarkedCache(dir))
    return {
      refused: `it holds files and no ${MARKER} of sitegen's, so sitegen did not make it, and empties only folders it made`,
    };
  try {
    const made = found ? undefined : mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, MARKER), MARKER_TEXT, { flag: "wx" });
    return made === undefined ? {} : { made };
  } catch (error) {
    // Another build marked it meanwhile: it is sitegen's.
    if (isMarked(dir)) return {};
    return {
      unusable: `it cannot be made or written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    };
  }
}

/** What a cache folder of sitegen's held before it was marked: a build of an earlier sitegen left one, which is taken over. */
const UNMARKED_PARTS = new Set(["index.json", "objects", "highlight", "images", "lock"]);

/**
 * Whether the folder is a cache an earlier sitegen made before caches were
 * marked: an index of its own (a regular file that starts as sitegen wrote
 * one) and nothing but the parts a cache has. A folder of the user's that
 * merely holds an objects/ is not.
 */
function isUnmarkedCache(dir: string): boolean {
  const names = readdirSync(dir);
  if (!names.includes("index.json") || !names.every((name) => UNMARKED_PARTS.has(name))) return false;
  const head = readRegularFile(join(dir, "index.json"), Number.MAX_SAFE_INTEGER, undefined, 11);
  return head?.toString("latin1") === '{"format":2';
}

/** Whether the folder holds sitegen's own CACHEDIR.TAG: a regular file, read without following a link. */
function isMarked(dir: string): boolean {
  const bytes = readRegularFile(join(dir, MARKER), 4096);
  if (bytes === undefined) return false;
  const text = bytes.toString("utf8");
  return text.startsWith(SIGNATURE) && text.split("\n").some((line) => line.startsWith(OWN_LINE));
}

/**
 * Opens a file for reading without following a link at its last step
 * (O_NOFOLLOW), nor waiting on a FIFO (O_NONBLOCK). What a cache names is read
 * through this alone: a link planted there, to a file elsewhere on the
 * machine or to /proc/self/environ, is never opened.
 */
export function openNoFollow(path: string): number {
  return openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
}

/**
 * The bytes of `path` (its `first` bytes, if given) if it is a regular file
 * (no link, no device, no FIFO) of at most `limit` bytes; else undefined.
 * Read from the file it opened, so what is checked is what was read.
 */
export function readRegularFile(
  path: string,
  limit: number,
  size?: number,
  first?: number,
): Buffer | undefined {
  let fd: number;
  try {
    fd = openNoFollow(path);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > limit || (size !== undefined && stat.size !== size)) return undefined;
    return readWhole(fd, first === undefined ? stat.size : Math.min(first, stat.size));
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Exactly `size` bytes from an open file, or undefined when it holds fewer (cut short meanwhile). */
export function readWhole(fd: number, size: number): Buffer | undefined {
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  while (at < size) {
    const read = readSync(fd, bytes, at, size - at, at);
    if (read === 0) return undefined;
    at += read;
  }
  return bytes;
}
