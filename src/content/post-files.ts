/**
 * Files beside a single-file post are the post's own, as Astro reads them:
 * `blog/x.md` with `cover: ./x.png` or `![](./x_images/a.png)` (a file next
 * to it, a folder named after it) shows those files, and they are published
 * under the post's address, where the relative path written in the post
 * finds them from its page (`/blog/x/x_images/a.png`), with the sizes an
 * image of the site's own gets. A post in a folder of its own (a bundle,
 * src/content/tree.ts) has every file of its folder; a single-file post has
 * the files it names. A path is read from the post's file, as Astro, an
 * editor's preview and GitHub read it, and else from the post's page, as a
 * browser reads it (`../x/a.png` on /blog/x/ is blog/x/a.png).
 *
 * A file of the blog folder that no post names is left out, as Astro leaves
 * out an image nothing imports. A path that leads out of the content folder
 * (`../../assets/a.png`, the Astro layout's src/assets/) is never read: a
 * warning at its line says where to put the file.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, extname, relative, resolve, sep } from "node:path";
import { SitegenError } from "../errors.ts";
import { sizeProblem } from "./file-limit.ts";
import { imageDimensions } from "./image-size.ts";
import type { BundleFile, SourceEntry } from "./source-entry.ts";

/** A file of the blog folder that is no post and in no post's folder. */
export interface LooseFile {
  /** As listed, and where it really is (a symbolic link inside the content folder followed). */
  path: string;
  real: string;
  /** As messages name it. */
  file: string;
}

/** A relative path a post names, at its line of the file (1-based). */
export interface Reference {
  target: string;
  line: number;
}

export interface PostFilesContext {
  /** The content folder and the blog folder, as absolute paths. */
  root: string;
  blog: string;
  warn: (problem: SitegenError) => void;
}

/**
 * The entries with the loose files each single-file post names as its files
 * (`bundle`), and a warning for each loose file no post names and each path
 * that leads out of the content folder. Entries are replaced, never changed.
 */
export function withPostFiles(
  entries: SourceEntry[],
  loose: LooseFile[],
  context: PostFilesContext,
): SourceEntry[] {
  if (loose.length === 0) return entries;
  const byPath = new Map(loose.map((file) => [resolve(file.path), file]));
  const named = new Set<LooseFile>();
  const result = entries.map((entry) => {
    if (entry.bundle) return entry;
    const files = filesOf(entry, byPath, context);
    for (const { loose: file } of files) named.add(file);
    return files.length === 0 ? entry : { ...entry, bundle: files.map(({ file }) => file) };
  });
  for (const file of loose) {
    if (named.has(file)) continue;
    context.warn(
      new SitegenError("E_CONTENT", "not a Markdown file, and no post names it: left out", {
        kind: "left-out",
        location: { file: file.file },
        hint: "a post's images and files are published under its address when it names them (`![](./x_images/a.png)`, `cover: ./x.png`); files for the whole site go in content/static/",
      }),
    );
  }
  return result;
}

/** The loose files a single-file post names, each as its file under the post's address. */
function filesOf(
  entry: SourceEntry,
  byPath: Map<string, LooseFile>,
  context: PostFilesContext,
): { file: BundleFile; loose: LooseFile }[] {
  let text: string;
  try {
    text = readFileSync(entry.path, "utf8");
  } catch {
    return []; // the post's own read reports it
  }
  const folder = dirname(entry.path);
  // The post's page as its file's name gives it: what a path that climbs out of the page and back (`../x/a.png`) is read against.
  const page = `/blog/${entry.name.replace(/^\d{4}-\d{1,2}-\d{1,2}-/, "")}/`;
  const files = new Map<string, { file: BundleFile; loose: LooseFile }>();
  for (const reference of relativeReferences(text)) {
    const path = pathPart(reference.target);
    if (path === undefined || !looksLikeFile(path)) continue;
    const decoded = safeDecode(path) ?? path;
    const onDisk = resolve(folder, decoded);
    if (!within(context.root, onDisk)) {
      context.warn(
        new SitegenError("E_CONTENT", `\`${reference.target}\` leads out of the content folder: not read`, {
          kind: "outside-content",
          location: { file: entry.file, line: reference.line },
          hint: `copy the file beside the post and name it from there (\`./${decoded.split("/").at(-1)}\`), or into content/static/ and name it from the site root`,
        }),
      );
      continue;
    }
    const address = new URL(path, `http://site${page}`).pathname;
    if (!address.startsWith(page)) continue; // not under the post's address: the link check says what is missing there
    const name = safeDecode(address.slice(page.length));
    if (name === undefined || files.has(name)) continue;
    const loose =
      byPath.get(onDisk) ??
      byPath.get(resolve(context.blog, ...(safeDecode(address.slice("/blog/".length)) ?? "").split("/")));
    if (!loose) continue;
    const file = postFile(name, loose, context);
    if (file) files.set(name, { file, loose });
  }
  return [...files.values()];
}

/** A loose file as the post's file named `name`, with its size and an image's dimensions; none when it is too large or cannot be read (said). */
function postFile(name: string, loose: LooseFile, context: PostFilesContext): BundleFile | undefined {
  try {
    const bytes = statSync(loose.real).size;
    const tooLarge = sizeProblem(bytes, "a post's file");
    if (tooLarge) {
      context.warn(
        new SitegenError("E_CONTENT", tooLarge.message, {
          kind: "host-limit",
          location: { file: loose.file },
          hint: tooLarge.hint,
        }),
      );
      return undefined;
    }
    return { name, path: loose.real, file: loose.file, bytes, ...imageDimensions(loose.real, name) };
  } catch (error) {
    context.warn(
      new SitegenError("E_CONTENT", `cannot be read (${(error as NodeJS.ErrnoException).code})`, {
        kind: "unreadable",
        location: { file: loose.file },
        hint: "make it a readable file, or remove it",
      }),
    );
    return undefined;
  }
}

/** A link's or image's form in Markdown (`](x)`, a reference's `[a]: x`), a path in HTML (`src`, `href`, `poster`, `srcset`), and a frontmatter value that is a file's name. */
const MARKDOWN_TARGET = /\]\(\s*<?([^)\s>]+)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)/;
const HTML_TARGET = /\b(?:src|href|poster|srcset)\s*=\s*["']([^"']+)["']/gi;
const FIELD_VALUE = /^\s*(?:[\w-]+:|-)\s*(?:[\w-]+:\s*)?["']?([^\s"'#]+\.[A-Za-z0-9]{1,5})["']?\s*$/;

/**
 * Every relative path a post's file names, with its line: in its
 * frontmatter's values (`cover: ./x.png`, `heroImage`, `image: { src: … }`)
 * and in its body's links, images and HTML. Paths from the root, other sites'
 * URLs, fragments and template tags are not relative.
 */
export function relativeReferences(text: string): Reference[] {
  const lines = text.split(/\r?\n/);
  const fence = /^(---|\+\+\+)\s*$/.test(lines[0]?.replace(/^\ufeff/, "") ?? "")
    ? lines[0].replace(/^\ufeff/, "").trim()
    : undefined;
  const closing =
    fence === undefined ? 0 : lines.findIndex((line, index) => index > 0 && line.trim() === fence);
  const references: Reference[] = [];
  const add = (target: string, index: number) => {
    if (isRelative(target)) references.push({ target, line: index + 1 });
  };
  lines.forEach((line, index) => {
    if (index <= closing && closing > 0) {
      const value = FIELD_VALUE.exec(line);
      if (value) add(value[1], index);
      return;
    }
    for (const match of line.matchAll(MARKDOWN_TARGET)) add(match[1], index);
    const definition = REFERENCE_DEFINITION.exec(line);
    if (definition) add(definition[1], index);
    for (const match of line.matchAll(HTML_TARGET)) {
      if (/^srcset/i.test(match[0]))
        for (const candidate of match[1].split(",")) add(candidate.trim().split(/\s+/)[0] ?? "", index);
      else add(match[1], index);
    }
  });
  return references;
}

function isRelative(target: string): boolean {
  return target !== "" && !/^(?:[a-z][a-z0-9+.-]*:|\/|#|\{[{%])/i.test(target);
}

/** The path of a target without its query and fragment, or undefined when it is empty. */
function pathPart(target: string): string | undefined {
  const path = target.replace(/[?#].*$/, "");
  return path === "" ? undefined : path;
}

/** A file's path, not a page's: it has an extension, and not a page's (a link to another post is no file of this one). */
function looksLikeFile(path: string): boolean {
  const extension = extname(path).toLowerCase();
  return (
    /^\.[a-z0-9]{1,5}$/.test(extension) && ![".md", ".markdown", ".mdx", ".html", ".htm"].includes(extension)
  );
}

function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith("..") && !rel.startsWith(sep) && !/^[a-z]:/i.test(rel);
}

function safeDecode(path: string): string | undefined {
  try {
    return decodeURI(path);
  } catch {
    return undefined;
  }
}
