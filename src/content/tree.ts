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
 * does.
 */
import { closeSync, openSync, readdirSync, readSync, realpathSync, statSync, type Dirent } from "node:fs";
import { basename, dirname, extname, join, relative, resolve, sep } from "node:path";
import { SitegenError } from "../errors.ts";
import { sizeProblem, sourceSizeProblem } from "./file-limit.ts";
import type { FindingKind } from "../policy.ts";
import { imageDimensions } from "./image-size.ts";
import { unpublishableName } from "./published-names.ts";
import { isHtmlFile } from "./markup.ts";
import { withPostFiles, type LooseFile } from "./post-files.ts";
import type { BundleFile, SourceEntry } from "./source-entry.ts";
import { displayFrom, insideOf, kindOf, safeRealpath } from "./entries.ts";

export const MARKDOWN_EXTENSIONS = [".md", ".markdown", ".mdx"];

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
}

/** The Markdown files under `dir`, sorted by path; an error for each entry that cannot be read, a warning for each left out. */
export function listSources(dir: string, options: ListOptions): Listing {
  const display = displayFrom(options.cwd);
  const start = resolve(options.cwd, dir);
  const listing: Listing = { entries: [], errors: [], warnings: [] };
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
        refusedBySize(kind.real ?? path, options.layout === "pages" ? "a page" : "a post", (message, hint) =>
          refuse(path, message, hint, "too-large"),
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
 * stat'ed is the read's to report.
 */
function refusedBySize(path: string, what: string, refuse: (message: string, hint: string) => void): boolean {
  let bytes: number;
  try {
    bytes = statSync(path).size;
  } catch {
    return false;
  }
  const tooLarge = sourceSizeProblem(bytes, what);
  if (tooLarge) refuse(tooLarge.message, tooLarge.hint);
  return tooLarge !== undefined;
}

/** A post's entry with its `place`, when `folder` (relative to the blog folder) is one below it. */
function placedIn(entry: SourceEntry, folder: string): SourceEntry {
  return folder === "" ? entry : { ...entry, place: [...folder.split(sep), entry.name].join("/") };
}

/** A folder's own page: `index.md`, or Hugo's `_index.md` (a section's page), which a docs tree copied from Hugo has. */
function isFolderPage(name: string): boolean {
  return /^_?index\.(md|markdown|mdx)$/i.test(name);
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

function isMarkdown(name: string): boolean {
  return MARKDOWN_EXTENSIONS.includes(extname(name).toLowerCase());
}

/** The post file of a bundle folder: `index.md`, or a Markdown file named as the folder (Eleventy's `fourth/fourth.md`). */
function bundlePost(folder: string, names: string[]): string | undefined {
  const own = basename(folder).toLowerCase();
  return names.find(
    (name) => isMarkdown(name) && ["index", own].includes(name.slice(0, -extname(name).length).toLowerCase()),
  );
}

type Report = (path: string, message: string, hint: string) => void;
type Refuse = (path: string, message: string, hint: string, kind?: FindingKind) => void;

/** A bundle's post and every other file of its folder, subfolders included. */
function bundle(
  folder: string,
  post: string,
  display: (path: string) => string,
  inside: (real: string) => boolean,
  report: { refuse: Refuse; leaveOut: Report },
): SourceEntry {
  const files: BundleFile[] = [];
  // Folders already read, by real path: a link back to one of them (`loop -> .`) would be read forever.
  const seen = new Set<string>();
  const visit = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((each) => !each.startsWith("."))
        .sort();
      seen.add(realpathSync(dir));
    } catch (error) {
      report.refuse(
        dir,
        `cannot be read (${(error as NodeJS.ErrnoException).code})`,
        "remove it, or make it a folder of regular files",
        "unreadable",
      );
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (dir === folder && name === post) continue;
      const kind = kindOf(path, inside);
      if (kind.refused) report.refuse(path, kind.refused, kind.hint, kind.kind);
      else if (kind.folder && seen.has(safeRealpath(path) ?? path))
        report.refuse(
          path,
          "a symbolic link to a folder read already (a loop, or a second way to the same files): not read",
          "remove the link",
        );
      else if (kind.folder) visit(path);
      else if (unpublishableName(name))
        report.leaveOut(path, unpublishableName(name)!.message, unpublishableName(name)!.hint);
      else if (isMarkdown(name))
        report.leaveOut(
          path,
          "a second Markdown file in a post's folder: left out",
          `the folder is the post ${display(join(folder, post))}; give this post a folder or a file of its own`,
        );
      else {
        const real = kind.real ?? path;
        const bytes = statSync(real).size;
        const tooLarge = sizeProblem(bytes, "a post's file");
        if (tooLarge) report.refuse(path, tooLarge.message, tooLarge.hint, "host-limit");
        else
          files.push({
            name: relative(folder, path).split(sep).join("/"),
            path: real,
            file: display(path),
            bytes,
            ...imageDimensions(real, name),
          });
      }
    }
  };
  visit(folder);
  return {
    name: basename(folder),
    path: join(folder, post),
    file: display(join(folder, post)),
    bundle: files,
  };
}

/** Another generator's own file or folder: what it is, and what sitegen does instead. */
export function generatorFile(name: string, folder: boolean): { what: string; instead: string } | undefined {
  const lower = name.toLowerCase();
  if (!folder && /^_index\.(md|markdown|mdx|html)$/.test(lower))
    return {
      what: "Hugo's section list page",
      instead: "sitegen's blog page is content/pages/blog.md, which lists the posts itself",
    };
  if (!folder && /\.11tydata\.(c?js|mjs|json)$/.test(lower))
    return {
      what: "Eleventy's data file",
      instead: "sitegen reads no data files and runs no code: write the fields in each post's frontmatter",
    };
  if (!folder && /^_config\.(ya?ml|toml)$/.test(lower))
    return {
      what: "Jekyll's configuration",
      instead: "sitegen's is content/site.yaml; `sitegen import` reads a Jekyll site's _config.yml",
    };
  if (!folder && /^(hugo|config)\.(toml|ya?ml|json)$/.test(lower))
    return {
      what: "Hugo's configuration",
      instead: "sitegen's is content/site.yaml; `sitegen import` reads a Hugo site's configuration",
    };
  if (!folder && /^eleventy\.config\.(c?js|mjs|ts)$/.test(lower))
    return {
      what: "Eleventy's configuration",
      instead: "sitegen's is content/site.yaml, and it runs no code",
    };
  if (folder && ["_layouts", "_includes", "layouts", "archetypes", "_data", "themes"].includes(lower))
    return {
      what: `another generator's ${lower.replace(/^_/, "")} folder`,
      instead: "sitegen's templates are the templates/ folder, and it reads no data files",
    };
  return undefined;
}
