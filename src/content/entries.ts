/**
 * What an entry of a tree that is read, and nothing outside it, is: a file
 * or a folder where a symbolic link really goes, or why it is refused; and
 * the paths messages show. The content tree's listing (tree.ts), its single
 * files (site-files.ts) and `sitegen import` ask here before opening
 * anything.
 */
import { lstatSync, realpathSync, statSync, type Dirent, type Stats } from "node:fs";
import { relative, resolve, sep } from "node:path";
import { SitegenError } from "../errors.ts";
import type { FindingKind } from "../policy.ts";

/**
 * Why a single file of the tree (site.yaml) is not read, or undefined when it
 * may be: a link out of the tree or a file that is not regular is refused; a
 * missing file is left to the reader to report.
 */
export function refusedFile(path: string, options: { root: string; cwd: string }): SitegenError | undefined {
  const inside = insideOf(options);
  if (!inside) return undefined;
  if (safeLstat(path) === undefined) return undefined;
  const kind = kindOf(path, inside);
  const refused = kind.refused ?? (kind.folder ? "a folder, not a file" : undefined);
  return refused
    ? new SitegenError("E_CONTENT", refused, {
        kind: kind.kind ?? "outside-tree",
        location: { file: displayFrom(options.cwd)(path) },
        hint: kind.hint ?? "make it a file",
      })
    : undefined;
}

/** Whether a real path is inside the content folder, or undefined when that folder does not exist. */
export function insideOf(options: { root: string; cwd: string }): ((real: string) => boolean) | undefined {
  const root = safeRealpath(resolve(options.cwd, options.root));
  if (root === undefined) return undefined;
  return (real) => real === root || real.startsWith(root + sep);
}

function safeLstat(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

export type Kind =
  | { refused: string; hint: string; kind: FindingKind; folder?: undefined; real?: undefined }
  | { refused?: undefined; hint?: undefined; kind?: undefined; folder: boolean; real: string };

/** What an entry is, following a symbolic link only to see where it goes: never opened. `listed`: its type as its folder's listing gave it, when it did. */
export function kindOf(path: string, inside: (real: string) => boolean, listed?: Dirent): Kind {
  if (listed?.isFile()) return { folder: false, real: path };
  if (listed?.isDirectory()) return { folder: true, real: path };
  const entry = linkedEntry(path, inside);
  if (entry.kind === "outside")
    return {
      refused: `a symbolic link to ${entry.real}, outside the content folder: not read`,
      hint: "copy the file into the content folder; sitegen reads nothing outside it",
      kind: "outside-tree",
    };
  if (entry.kind === "unreadable")
    return {
      refused: entry.code === "ENOENT" ? "a symbolic link to nothing" : `cannot be read (${entry.code})`,
      hint: "remove it, or point the link at a file inside the content folder",
      kind: "unreadable",
    };
  if (entry.kind === "other")
    return {
      refused: `not a regular file but ${entry.what}: not read`,
      hint: "content is regular files; remove it from the content folder",
      kind: "outside-tree",
    };
  return { folder: entry.kind === "folder", real: entry.real };
}

/**
 * What an entry of a tree that is read and nothing outside it is (the
 * content folder here, a source site for `sitegen import`): a file or a
 * folder, where a symbolic link really goes; or why it is not read (a link
 * out of the tree, one that cannot be followed, a pipe, a socket or a
 * device). A link is followed only to see where it goes: nothing is opened.
 */
export type LinkedEntry =
  | { kind: "file" | "folder"; real: string }
  | { kind: "outside"; real: string }
  | { kind: "unreadable"; code: string | undefined }
  | { kind: "other"; what: string };

export function linkedEntry(path: string, inside: (real: string) => boolean): LinkedEntry {
  let stats: Stats;
  let real = path;
  try {
    stats = lstatSync(path);
    if (stats.isSymbolicLink()) {
      real = realpathSync(path);
      if (!inside(real)) return { kind: "outside", real };
      stats = statSync(real);
    }
  } catch (error) {
    return { kind: "unreadable", code: (error as NodeJS.ErrnoException).code };
  }
  if (stats.isDirectory()) return { kind: "folder", real };
  if (stats.isFile()) return { kind: "file", real };
  return { kind: "other", what: typeName(stats) };
}

function typeName(stats: Stats): string {
  if (stats.isFIFO()) return "a named pipe";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a file";
}

export function safeRealpath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** Paths in messages are relative to where the user ran the command. */
export function displayFrom(cwd: string): (path: string) => string {
  const below = cwd.endsWith(sep) ? cwd : `${cwd}${sep}`;
  return (path) => {
    // Most paths are plainly below the working folder: a slice, not path arithmetic, for each file of a large blog.
    if (path.startsWith(below) && path.length > below.length && !path.includes(`${sep}.`, below.length - 1))
      return path.slice(below.length);
    const rel = relative(cwd, path);
    return rel.startsWith("..") || rel === "" ? path : rel;
  };
}
