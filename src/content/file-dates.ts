/**
 * The day a post file was written, for a post whose frontmatter and name give
 * none: Eleventy dates such a post by its file (`date: git Created`, else the
 * file's creation time), and a blog copied from one has many. The first
 * commit that added the file, where git tracks it, as Eleventy's
 * `git Created` reads it; else the file's modification time, which a fresh
 * checkout or a copy changes, so the post says which it was and the build
 * warns with the `date:` line that fixes it (src/content/post.ts).
 *
 * One `git log` reads the whole folder, once a process and only when a post
 * needs it: a blog of a thousand undated posts costs one run of git, not a
 * thousand.
 */
import { execFileSync } from "node:child_process";
import { realpathSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export interface FileDate {
  /** RFC 3339, UTC. */
  time: string;
  from: "git" | "mtime";
}

/** Added files by real path, each with its first commit's time, by the top of their git work tree. */
const firstCommits = new Map<string, Map<string, string> | undefined>();
/** The top of the work tree each folder is in ("" for none). */
const tops = new Map<string, string>();

/** The time a file was first committed, else its modification time; undefined when it cannot be read. */
export function fileDate(path: string): FileDate | undefined {
  const committed = addedIn(dirname(path))?.get(realpath(path));
  if (committed !== undefined) return { time: committed, from: "git" };
  try {
    return { time: utc(statSync(path).mtime), from: "mtime" };
  } catch {
    return undefined;
  }
}

/** The files git saw added under the top of the work tree `folder` is in, read once. */
function addedIn(folder: string): Map<string, string> | undefined {
  if (!tops.has(folder)) tops.set(folder, gitOutput(folder, ["rev-parse", "--show-toplevel"])?.trim() ?? "");
  const top = tops.get(folder);
  if (!top) return undefined;
  if (!firstCommits.has(top)) firstCommits.set(top, readAdditions(top));
  return firstCommits.get(top);
}

/**
 * `git log --diff-filter=AR -M --reverse`: each commit's time, then the files
 * it added and renamed, oldest first. A file keeps the time it was first
 * added, and a renamed one the time of the name it had, so a post moved into
 * content/blog/ with `git mv` keeps its day, as Eleventy's log of one file
 * (`--follow`) finds it.
 */
function readAdditions(top: string): Map<string, string> | undefined {
  const log = gitOutput(top, ["-c", "core.quotePath=false", "log", "--reverse", "--diff-filter=AR", "-M", "--format=%x00%at", "--name-status", "-z"]);
  if (log === undefined) return undefined;
  const added = new Map<string, string>();
  // `\0<time>\0\nA\0<file>\0R100\0<old>\0<new>\0` a commit: a time is the field after an empty one.
  const fields = log.split("\0");
  let time: string | undefined;
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index].trim();
    if (field === "" && /^\d+$/.test(fields[index + 1] ?? "")) time = utc(new Date(Number(fields[++index]) * 1000));
    else if (time === undefined || field === "") continue;
    else if (field.startsWith("A")) {
      const path = join(top, fields[++index] ?? "");
      if (!added.has(path)) added.set(path, time);
    } else if (field.startsWith("R")) {
      const from = join(top, fields[++index] ?? "");
      const to = join(top, fields[++index] ?? "");
      added.set(to, added.get(from) ?? time);
    }
  }
  return added;
}

function gitOutput(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 256 * 1024 * 1024 });
  } catch {
    return undefined; // no git, or not a work tree: the file's own time
  }
}

function realpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** A time as RFC 3339 in UTC, to the second. */
function utc(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
