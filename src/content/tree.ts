/**
 * The files of the content tree, listed so that nothing is dropped silently
 * and nothing outside the tree is read: every entry is a Markdown file
 * (`.md` or `.markdown`, or MDX's `.mdx`, read as Markdown: src/content/mdx.ts),
 * an HTML file with frontmatter (src/content/markup.ts), a file of a post's bundle (a folder
 * `blog/<slug>/index.md` or `blog/<slug>/<slug>.md` with its images beside
 * it, as Hugo and Eleventy place them), or a warning that names a file left
 * out and says what it is (another generator's configuration, data file or
 * list page, or a stray file). A symbolic link is followed
 * only when it resolves inside the content folder, and only to a regular file
 * or a folder; anything else (a link out of the tree, a FIFO, a socket, a
 * device) is refused without being opened, since reading a FIFO would hang
 * the build and reading a link to /etc/passwd would show its first line in an
 * error message. Names starting with a dot are hidden files (`.DS_Store`,
 * an editor's swap file) and are passed over, as every static site generator
 * does. What a file is by its name is src/content/file-kinds.ts's, and how a
 * bundle's folder is read src/content/post-bundle.ts's.
 */
import { closeSync, openSync, readdirSync, readSync, statSync, type BigIntStats, type Dirent } from "node:fs";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import { SitegenError } from "../errors.ts";
import { displayFrom, insideOf, kindOf, safeRealpath } from "./entries.ts";
import { generatorFile, isFolderPage, isMarkdown } from "./file-kinds.ts";
import { sourceSizeProblem } from "./file-limit.ts";
import { isHtmlFile } from "./markup.ts";
import { bundle, bundlePost, type Refuse, type Report } from "./post-bundle.ts";
import { withPostFiles, type LooseFile } from "./post-files.ts";
import type { SourceEntry } from "./source-entry.ts";

export interface ListOptions {
  /** The content folder: nothing outside it is read. */
  root: string;
  /** The folder messages name files relative to. */
  cwd: string;
  /**
   * How folders are read. Posts may be filed in folders (`blog/2025/x.md`),
   * and a folder holding `index.md` is a post with its files (a bundle).
   * Pages' folders are their URL's (`pages/docs/history.md` is
   * /docs/history/, `pages/docs/index.md` /docs/): a page's `name` is its
   * path below pages/, without the extension.
   */
  layout: "posts" | "pages";
  /** A folder that does not exist holds nothing (a site without posts has no blog folder). */
  optional?: boolean;
}

export interface Listing {
  entries: SourceEntry[];
  errors: SitegenError[];
  /** Files left out, each named with what it is. */
  warnings: SitegenError[];
  /**
   * Each single-file post's stat data as the listing took it, by its path: the
   * stat that weighed the file also tells a build's cache that it is unchanged
   * (src/write/stat-records.ts), which then needs no stat of its own.
   */
  stats?: Map<string, FileStat>;
}

/**
 * The stat data a build keeps of each post file until its cache has checked
 * it: the fields a stat record compares (src/write/stat-records.ts), to the
 * nanosecond. Node's whole BigIntStats (eighteen bigints and four Dates) kept
 * for each of 10,000 posts held 10 MB of the build's heap to the end.
 */
export type FileStat = Pick<BigIntStats, "size" | "mtimeNs" | "ctimeNs" | "ino" | "dev">;

/** The Markdown files under `dir`, sorted by path; an error for each entry that cannot be read, a warning for each left out. */
export function listSources(dir: string, options: ListOptions): Listing {
  const display = displayFrom(options.cwd);
  const start = resolve(options.cwd, dir);
  const listing: Listing = { entries: [], errors: [], warnings: [] };
  if (options.layout === "posts") listing.stats = new Map();
  const refuse: Refuse = (path, message, hint, kind = "outside-tree") =>
    listing.errors.push(
      new SitegenError("E_CONTENT", message, { kind, location: { file: display(path) }, hint }),
    );
  const leaveOut: Report = (path, message, hint) =>
    listing.warnings.push(
      new SitegenError("E_CONTENT", message, { kind: "left-out", location: { file: display(path) }, hint }),
    );
  const inside = insideOf(options);
  if (!inside) {
    const root = resolve(options.cwd, options.root);
    return {
      ...listing,
      errors: [
        new SitegenError("E_CONTENT", `cannot read the content folder ${display(root)}`, {
          kind: "unreadable",
          location: { file: display(root) },
          hint: "name the content folder with --content <dir>",
        }),
      ],
    };
  }
  const seen = new Set<string>();
  const loose: LooseFile[] = [];
  // The folder's entries with their types (a Dirent): a regular file or folder needs no lstat of its own, a blog of ten thousand posts is listed at every build.
  const namesIn = (folder: string, depth: number): Dirent[] | undefined => {
    try {
      return readdirSync(folder, { withFileTypes: true })
        .filter(({ name }) => !name.startsWith("."))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (error) {
      if (!(depth === 0 && options.optional && (error as NodeJS.ErrnoException).code === "ENOENT")) {
        listing.errors.push(
          new SitegenError("E_CONTENT", `cannot read the folder ${display(folder)}`, {
            kind: "unreadable",
            location: { file: display(folder) },
            cause: error,
          }),
        );
      }
      return undefined;
    }
  };

  const walk = (folder: string, depth: number) => {
    const entries = namesIn(folder, depth);
    if (!entries) return;
    const post =
      options.layout === "posts" && depth > 0
        ? bundlePost(
            folder,
            entries.map(({ name }) => name),
          )
        : undefined;
    if (
      post &&
      refusedBySize(join(folder, post), "a post", (message, hint) =>
        refuse(join(folder, post), message, hint, "too-large"),
      )
    )
      return;
    if (post) {
      listing.entries.push(
        placedIn(
          bundle(folder, post, display, inside, { refuse, leaveOut }),
          relative(start, dirname(folder)),
        ),
      );
      return;
    }
    for (const entry of entries) {
      const { name } = entry;
      const path = join(folder, name);
      const kind = kindOf(path, inside, entry);
      const foreign =
        options.layout === "pages" && isFolderPage(name)
          ? undefined
          : generatorFile(name, kind.folder === true);
      if (kind.refused) refuse(path, kind.refused, kind.hint, kind.kind);
      else if (foreign) leaveOut(path, `${foreign.what}: left out`, foreign.instead);
      else if (kind.folder) {
        if (!seen.has(kind.real)) {
          seen.add(kind.real);
          walk(path, depth + 1);
        }
      } else if (isHtmlFile(name) && !readsAsPage(path)) {
        leaveOut(
          path,
          "an HTML file without frontmatter: a file, not a page or post: left out",
          "files for the whole site go in content/static/, published as they are; an HTML page starts with frontmatter, as in Hugo and Jekyll",
        );
      } else if (!isMarkdown(name) && !isHtmlFile(name) && options.layout === "posts") {
        // A file beside a single-file post: the post's when it names it (src/content/post-files.ts).
        loose.push({ path, real: kind.real ?? path, file: display(path) });
      } else if (!isMarkdown(name) && !isHtmlFile(name)) {
        leaveOut(
          path,
          "not a Markdown file, so not a page or post: left out",
          options.layout === "posts"
            ? "a post's images go in its own folder, beside it (blog/<slug>/index.md); files for the whole site go in content/static/"
            : "files for the whole site go in content/static/, published as they are",
        );
      } else if (
        refusedBySize(
          kind.real ?? path,
          options.layout === "pages" ? "a page" : "a post",
          (message, hint) => refuse(path, message, hint, "too-large"),
          ({ size, mtimeNs, ctimeNs, ino, dev }) =>
            listing.stats?.set(path, { size, mtimeNs, ctimeNs, ino, dev }),
        )
      ) {
      } else {
        const stem = name.slice(0, -extname(name).length);
        if (options.layout === "pages")
          listing.entries.push({ name: pageName(relative(start, folder), stem), path, file: display(path) });
        else
          listing.entries.push(placedIn({ name: stem, path, file: display(path) }, relative(start, folder)));
      }
    }
  };
  const real = safeRealpath(start);
  if (real !== undefined && !inside(real))
    refuse(
      start,
      `a symbolic link to ${real}, outside the content folder: not read`,
      "copy the files into the content folder; sitegen reads nothing outside it",
    );
  else {
    seen.add(real ?? start);
    walk(start, 0);
  }
  if (options.layout === "posts")
    listing.entries = withPostFiles(listing.entries, loose, {
      root: resolve(options.cwd, options.root),
      blog: start,
      warn: (problem) => listing.warnings.push(problem),
    });
  return listing;
}

/**
 * Whether a post's or page's file is over the size the build reads
 * (src/content/file-limit.ts), told to `refuse`: its size is read from the
 * file system, so a huge file costs a stat, never a read. One that cannot be
 * stat'ed is the read's to report. The stat data of a regular file is given to
 * `stated`, to the nanosecond.
 */
function refusedBySize(
  path: string,
  what: string,
  refuse: (message: string, hint: string) => void,
  stated?: (stat: BigIntStats) => void,
): boolean {
  let stat: BigIntStats;
  try {
    stat = statSync(path, { bigint: true });
  } catch {
    return false;
  }
  if (stat.isFile()) stated?.(stat);
  const tooLarge = sourceSizeProblem(Number(stat.size), what);
  if (tooLarge) refuse(tooLarge.message, tooLarge.hint);
  return tooLarge !== undefined;
}

/** A post's entry with its `place`, when `folder` (relative to the blog folder) is one below it. */
function placedIn(entry: SourceEntry, folder: string): SourceEntry {
  return folder === "" ? entry : { ...entry, place: [...folder.split(sep), entry.name].join("/") };
}

/**
 * A page's name, its URL path without slashes at either end: `docs/history`
 * for pages/docs/history.md, `docs` for pages/docs/index.md, `index` for
 * pages/index.md (the home page, `/`).
 */
function pageName(folder: string, stem: string): string {
  const segments = folder === "" ? [] : folder.split(sep);
  const own = /^_?index$/i.test(stem) ? [] : [stem];
  return [...segments, ...own].join("/") || "index";
}

/** Whether a file's first bytes open frontmatter (`---`, `+++`), a byte-order mark aside, read without the rest. Throws when it cannot be read. */
export function startsWithFrontmatter(path: string): boolean {
  const head = Buffer.alloc(6);
  const fd = openSync(path, "r");
  try {
    const read = readSync(fd, head, 0, head.length, 0);
    return /^(\ufeff)?(---|\+\+\+)/.test(head.subarray(0, read).toString("utf8"));
  } finally {
    closeSync(fd);
  }
}

/** Whether an HTML file is a page or post: it starts with frontmatter, as Hugo and Jekyll read it (src/content/markup.ts). */
function readsAsPage(path: string): boolean {
  try {
    return startsWithFrontmatter(path);
  } catch {
    return true; // unreadable: the parse that follows says so, at the file
  }
}
