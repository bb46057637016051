/**
 * The day a post file was written, for a post whose frontmatter and name give
 * none: Eleventy dates such a post by its file (`date: git Created`, else the
 * file's creation time), and a blog copied from one has many. The first
 * commit that added the file, where git tracks it, as Eleventy's
 * `git Created` reads it (its last, for `git Last Modified`); else the
 * file's modification time, which a fresh
 * checkout or a copy changes, so the post says which it was and the build
 * warns with the `date:` line that fixes it (src/content/post.ts).
 *
 * One `git log` reads the whole folder, once a process and only when a post
 * needs it: a blog of a thousand undated posts costs one run of git, not a
 * thousand.
 */
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { safeRealpath } from "./entries.ts";

export interface FileDate {
  /** RFC 3339, UTC. */
  time: string;
  from: "git" | "mtime";
}

/** Which of a file's times: when it was written (`git Created`), or last changed (Eleventy's `git Last Modified`). */
export type FileTime = "created" | "modified";

/** Each file's first and last commit times, by real path. */
type Commits = Map<string, { first: string; last: string }>;

/** The files of each git work tree with their commit times, by the top of the tree. */
const firstCommits = new Map<string, Commits | undefined>();
/** The top of the work tree each folder is in ("" for none). */
const tops = new Map<string, string>();

/** The time a file was first (or last) committed, else its modification time; undefined when it cannot be read. */
export function fileDate(path: string, which: FileTime = "created"): FileDate | undefined {
  const committed = addedIn(dirname(path))?.get(realpath(path));
  if (committed !== undefined)
    return { time: which === "created" ? committed.first : committed.last, from: "git" };
  try {
    return { time: utc(statSync(path).mtime), from: "mtime" };
  } catch {
    return undefined;
  }
}

/** The files git saw added under the top of the work tree `folder` is in, read once. */
function addedIn(folder: string): Commits | undefined {
  if (!tops.has(folder)) tops.set(folder, gitOutput(folder, ["rev-parse", "--show-toplevel"])?.trim() ?? "");
  const top = tops.get(folder);
  if (!top) return undefined;
  if (!firstCommits.has(top)) firstCommits.set(top, readAdditions(top));
  return firstCommits.get(top);
}

/**
 * `git log --diff-filter=AMR -M --reverse`: each commit's time, then the
 * files it added, changed and renamed, oldest first. A file keeps the time it
 * was first added, and a renamed one the time of the name it had, so a post
 * moved into content/blog/ with `git mv` keeps its day, as Eleventy's log of
 * one file (`--follow`) finds it; its last time is its last commit's.
 */
function readAdditions(top: string): Commits | undefined {
  const log = gitOutput(top, [
    "-c",
    "core.quotePath=false",
    "log",
    "--reverse",
    "--diff-filter=AMR",
    "-M",
    "--format=%x00%at",
    "--name-status",
    "-z",
  ]);
  if (log === undefined) return undefined;
  const added: Commits = new Map();
  // `\0<time>\0\nA\0<file>\0R100\0<old>\0<new>\0` a commit: a time is the field after an empty one.
  const fields = log.split("\0");
  let time: string | undefined;
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index].trim();
    if (field === "" && /^\d+$/.test(fields[index + 1] ?? ""))
      time = utc(new Date(Number(fields[++index]) * 1000));
    else if (time === undefined || field === "") continue;
    else if (field.startsWith("A") || field.startsWith("M")) {
      const path = join(top, fields[++index] ?? "");
      added.set(path, { first: added.get(path)?.first ?? time, last: time });
    } else if (field.startsWith("R")) {
      const from = join(top, fields[++index] ?? "");
      const to = join(top, fields[++index] ?? "");
      added.set(to, { first: added.get(from)?.first ?? time, last: time });
    }
  }
  return added;
}

function gitOutput(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync("git", args, {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch {
    return undefined; // no git, or not a work tree: the file's own time
  }
}

function realpath(path: string): string {
  return safeRealpath(path) ?? resolve(path);
}

/** A time as RFC 3339 in UTC, to the second. */
function utc(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
