/**
 * A source site's files, listed as the build lists the content tree
 * (src/content/tree.ts): nothing outside the source is read. A symbolic link
 * is followed only to a file or folder inside the source; one out of it, one
 * to nothing, one that loops (a link to a folder it sits in, or a chain that
 * never ends) and anything not a regular file or folder (a FIFO, a socket, a
 * device) is refused, naming the entry, without being opened: copying
 * `_posts/x.md → /etc/passwd` would publish that file, and reading a FIFO
 * would hang the import.
 */
import { readdirSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { linkedEntry, safeRealpath } from "../content/entries.ts";

export interface SourceFile {
  /** `/`-separated, from the folder walked: `_posts/2020-01-01-x.md`. */
  path: string;
  /** The file to read: its real path, inside the source. */
  real: string;
}

export interface Refusal {
  /** The absolute path of the entry, as found. */
  path: string;
  why: string;
  /** What to do, where it is not to copy the files in. */
  hint?: string;
}

export interface Walk {
  files: SourceFile[];
  refused: Refusal[];
}

/**
 * Every file under `dir` (a folder inside the source `root`), sorted by path;
 * names starting with a dot are passed over, as every generator does, and so
 * are those `skip` names (by path from `dir`, and whether a folder).
 */
export function walkSource(
  root: string,
  dir: string,
  skip: (path: string, folder: boolean) => boolean = () => false,
): Walk {
  const inside = insideOf(root);
  const walk: Walk = { files: [], refused: [] };
  const start = resolve(dir);
  const startReal = safeRealpath(start);
  if (startReal === undefined) return walk;
  if (!inside(startReal)) {
    walk.refused.push({ path: start, why: `outside the source site (${startReal}): not read` });
    return walk;
  }
  const visit = (folder: string, real: string, ancestors: Set<string>) => {
    let names: string[];
    try {
      names = readdirSync(folder)
        .filter((name) => !name.startsWith("."))
        .sort();
    } catch (error) {
      walk.refused.push({ path: folder, why: `cannot be read (${(error as NodeJS.ErrnoException).code})` });
      return;
    }
    for (const name of names) {
      const path = join(folder, name);
      const rel = relative(start, path).split(sep).join("/");
      const kind = kindOf(path, inside);
      if ("refused" in kind) {
        if (!skip(rel, false)) walk.refused.push({ path, why: kind.refused });
        continue;
      }
      if (skip(rel, kind.folder)) continue;
      if (!kind.folder) walk.files.push({ path: rel, real: kind.real });
      else if (ancestors.has(kind.real))
        walk.refused.push({ path, why: "a symbolic link to a folder it is in: a loop, not followed" });
      else visit(path, kind.real, new Set([...ancestors, kind.real]));
    }
  };
  visit(start, startReal, new Set([startReal]));
  return walk;
}

/** Whether a folder named in a source's configuration lies inside the source, and where it really is. */
export function folderInside(root: string, folder: string): { real?: string; outside?: string } {
  const real = safeRealpath(folder);
  if (real === undefined) return {};
  return insideOf(root)(real) ? { real } : { outside: real };
}

type Kind = { refused: string } | { folder: boolean; real: string };

/** An entry as the content tree reads one (src/content/tree.ts), in the source site's words. */
function kindOf(path: string, inside: (real: string) => boolean): Kind {
  const entry = linkedEntry(path, inside);
  if (entry.kind === "outside")
    return { refused: `a symbolic link to ${entry.real}, outside the source site: not followed` };
  if (entry.kind === "unreadable")
    return {
      refused:
        entry.code === "ENOENT"
          ? "a symbolic link to nothing: not followed"
          : entry.code === "ELOOP"
            ? "a symbolic link that loops: not followed"
            : `cannot be read (${entry.code})`,
    };
  if (entry.kind === "other") return { refused: `not a regular file but ${entry.what}: not read` };
  return { folder: entry.kind === "folder", real: entry.real };
}

function insideOf(root: string): (real: string) => boolean {
  const base = safeRealpath(root) ?? resolve(root);
  return (real) => real === base || real.startsWith(base + sep);
}
