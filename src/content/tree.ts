/**
 * The files of the content tree, listed so that nothing is dropped silently
 * and nothing outside the tree is read: every entry is a Markdown file
 * (`.md` or `.markdown`) or an error naming it. A symbolic link is followed
 * only when it resolves inside the content folder, and only to a regular file
 * or a folder; anything else (a link out of the tree, a FIFO, a socket, a
 * device) is refused without being opened, since reading a FIFO would hang
 * the build and reading a link to /etc/passwd would show its first line in an
 * error message. Names starting with a dot are hidden files (`.DS_Store`,
 * an editor's swap file) and are passed over, as every static site generator
 * does.
 */
import { lstatSync, readdirSync, realpathSync, statSync, type Stats } from "node:fs";
import { extname, join, relative, resolve, sep } from "node:path";
import { SitegenError } from "../errors.ts";

/** A Markdown file to read: its stem, its path, and the path messages show. */
export interface SourceEntry {
  /** The file's name without its extension: a post's slug, a page's name. */
  name: string;
  path: string;
  file: string;
}

export const MARKDOWN_EXTENSIONS = [".md", ".markdown"];

export interface ListOptions {
  /** The content folder: nothing outside it is read. */
  root: string;
  /** The folder messages name files relative to. */
  cwd: string;
  /** Posts may be filed in folders (`blog/2025/x.md`); pages may not, as a page's name is its URL. */
  nested: boolean;
  /** A folder that does not exist holds nothing (a site without posts has no blog folder). */
  optional?: boolean;
}

/** The Markdown files under `dir`, sorted by path, and an error for each entry that is not one. */
export function listSources(dir: string, options: ListOptions): { entries: SourceEntry[]; errors: SitegenError[] } {
  const display = displayFrom(options.cwd);
  const start = resolve(options.cwd, dir);
  const entries: SourceEntry[] = [];
  const errors: SitegenError[] = [];
  const refuse = (path: string, message: string, hint: string) => errors.push(new SitegenError("E_CONTENT", message, { location: { file: display(path) }, hint }));
  const inside = insideOf(options);
  if (!inside) {
    const root = resolve(options.cwd, options.root);
    return { entries, errors: [new SitegenError("E_CONTENT", `cannot read the content folder ${display(root)}`, { location: { file: display(root) }, hint: "name the content folder with --content <dir>" })] };
  }
  const seen = new Set<string>();

  const walk = (folder: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(folder).sort();
    } catch (error) {
      if (depth === 0 && options.optional && (error as NodeJS.ErrnoException).code === "ENOENT") return;
      errors.push(new SitegenError("E_CONTENT", `cannot read the folder ${display(folder)}`, { location: { file: display(folder) }, cause: error }));
      return;
    }
    for (const name of names) {
      if (name.startsWith(".")) continue;
      const path = join(folder, name);
      const kind = kindOf(path, inside);
      if (kind.refused) {
        refuse(path, kind.refused, kind.hint);
      } else if (kind.folder) {
        if (!options.nested) refuse(path, `a folder in ${display(start)}: pages are the files of the folder itself`, `a page's file name is its URL; move the pages up into ${display(start)}`);
        else if (!seen.has(kind.real)) {
          seen.add(kind.real);
          walk(path, depth + 1);
        }
      } else if (!MARKDOWN_EXTENSIONS.includes(extname(name).toLowerCase())) {
        refuse(path, "not a Markdown file, so not a page or post", `sitegen reads ${MARKDOWN_EXTENSIONS.join(" and ")} files here; images and other files the site publishes go in the templates' assets/ folder`);
      } else {
        entries.push({ name: name.slice(0, -extname(name).length), path, file: display(path) });
      }
    }
  };
  const real = safeRealpath(start);
  if (real !== undefined && !inside(real)) refuse(start, `a symbolic link to ${real}, outside the content folder: not read`, "copy the files into the content folder; sitegen reads nothing outside it");
  else {
    seen.add(real ?? start);
    walk(start, 0);
  }
  return { entries, errors };
}

/**
 * Why a single file of the tree (site.yaml) is not read, or undefined when it
 * may be: a link out of the tree or a file that is not regular is refused; a
 * missing file is left to the reader to report.
 */
export function refusedFile(path: string, options: Pick<ListOptions, "root" | "cwd">): SitegenError | undefined {
  const inside = insideOf(options);
  if (!inside) return undefined;
  if (safeLstat(path) === undefined) return undefined;
  const kind = kindOf(path, inside);
  const refused = kind.refused ?? (kind.folder ? "a folder, not a file" : undefined);
  return refused ? new SitegenError("E_CONTENT", refused, { location: { file: displayFrom(options.cwd)(path) }, hint: kind.hint ?? "make it a file" }) : undefined;
}

/** Whether a real path is inside the content folder, or undefined when that folder does not exist. */
function insideOf(options: Pick<ListOptions, "root" | "cwd">): ((real: string) => boolean) | undefined {
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

type Kind = { refused: string; hint: string; folder?: undefined; real?: undefined } | { refused?: undefined; hint?: undefined; folder: boolean; real: string };

/** What an entry is, following a symbolic link only to see where it goes: never opened. */
function kindOf(path: string, inside: (real: string) => boolean): Kind {
  let stats: Stats;
  let real = path;
  try {
    stats = lstatSync(path);
    if (stats.isSymbolicLink()) {
      real = realpathSync(path);
      if (!inside(real)) return { refused: `a symbolic link to ${real}, outside the content folder: not read`, hint: "copy the file into the content folder; sitegen reads nothing outside it" };
      stats = statSync(real);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { refused: code === "ENOENT" ? "a symbolic link to nothing" : `cannot be read (${code})`, hint: "remove it, or point the link at a file inside the content folder" };
  }
  if (stats.isDirectory()) return { folder: true, real };
  if (stats.isFile()) return { folder: false, real };
  return { refused: `not a regular file but ${typeName(stats)}: not read`, hint: "content is regular files; remove it from the content folder" };
}

function typeName(stats: Stats): string {
  if (stats.isFIFO()) return "a named pipe";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a file";
}

function safeRealpath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** Paths in messages are relative to where the user ran the command. */
export function displayFrom(cwd: string): (path: string) => string {
  return (path) => {
    const rel = relative(cwd, path);
    return rel.startsWith("..") || rel === "" ? path : rel;
  };
}
