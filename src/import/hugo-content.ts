/**
 * One of a Hugo site's content folders as Hugo reads it: which files are
 * pages, list pages (`_index.md`), leaf bundles and their resources, each
 * page's language from its name (`x.fr.md`), the date and slug a dated file
 * name gives, and which sections are the blog. Apart from readHugo
 * (hugo.ts), which gives each page its address from the configuration.
 */
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { isHtmlFile } from "../content/markup.ts";
import { isMarkdown, readDocument, terms, text } from "./read.ts";
import type { ImportedDocument, ImportedFile, LeftOut } from "./model.ts";
import type { SourceFile } from "./walk.ts";

export const LIST_PAGE = /^_index\.(md|markdown|html?)$/i;
const LEAF_PAGE = /^index\.(md|markdown|html?)$/i;

interface ReadContent {
  documents: (ImportedDocument & { dir: string; section: string; list: boolean })[];
  files: ImportedFile[];
  left: LeftOut[];
}

/** One content folder's pages, list pages, bundles and files, each page with its language. */
export function readContent(
  files: SourceFile[],
  options: {
    root: string;
    shown: (path: string) => string;
    dirLang: string;
    known: Set<string>;
    translationBase: string;
  },
): ReadContent {
  const result: ReadContent = { documents: [], files: [], left: [] };
  const leaves = new Set(
    files
      .filter((file) => LEAF_PAGE.test(stripLang(basename(file.path), options.known).name))
      .map((file) => folderOf(file.path)),
  );
  const leafOf = (path: string) =>
    [...leaves].find(
      (leaf) => leaf !== "" && (folderOf(path) === leaf || folderOf(path).startsWith(`${leaf}/`)),
    );
  for (const { path, real } of files) {
    const file = options.shown(join(options.root, path));
    const dir = folderOf(path);
    const { name, lang } = stripLang(basename(path), options.known);
    const leaf = leafOf(path);
    if (!isMarkdown(name) && !isHtmlFile(name)) {
      if (!leaf) result.files.push({ name: path, path: real });
      continue;
    }
    if (leaf && !(dir === leaf && LEAF_PAGE.test(name))) {
      result.left.push({
        file,
        why: `a page resource of the bundle ${leaf}/: Hugo publishes it as a file of that page, not as a page`,
      });
      continue;
    }
    const document = readDocument(real, file);
    if ("problem" in document) {
      // A text no reader can read would not arrive: a list page's (`_index.md`) aside, it may be a post, which stops the import.
      result.left.push({ file, why: document.problem, post: !LIST_PAGE.test(name) });
      continue;
    }
    // An HTML content file is a page as Hugo publishes it: written as a Markdown file that says its body is HTML (src/content/markup.ts).
    const read = isHtmlFile(name) ? { ...document, data: { ...document.data, markup: "html" } } : document;
    const list = LIST_PAGE.test(name);
    const pageDir = leaf ? folderOf(leaf) : dir;
    const stem = leaf ? basename(leaf) : name.replace(/\.[^.]+$/, "");
    const bundle = leaf
      ? files
          .filter(
            (each) => each.path.startsWith(`${leaf}/`) && !isMarkdown(each.path) && !isHtmlFile(each.path),
          )
          .map((each) => ({ name: each.path.slice(leaf.length + 1), path: each.real }))
      : [];
    const key = text(read.data.translationKey) ?? `${leaf ?? (list ? `${dir}/_index` : `${dir}/${stem}`)}`;
    result.documents.push({
      file,
      real,
      ...read,
      kind: "page",
      stem,
      oldUrls: [],
      lang: lang ?? options.dirLang,
      translationKey: key,
      bundle,
      dir: list ? dir : pageDir,
      section: (list ? dir : pageDir).split("/")[0],
      list,
    });
  }
  return result;
}

/**
 * Hugo's `[frontmatter] date = [":filename", …]`: a file named
 * `2015-05-05-where-enums-shine.md` is dated by its name where no handler
 * before it finds a date, and its slug is then the rest of the name unless
 * the front matter sets one (Hugo's pagemeta), which its address uses.
 */
export function fromFilename(
  data: Record<string, unknown>,
  stem: string,
  handlers: string[],
): { date?: string; slug?: string } {
  const at = handlers.indexOf(":filename");
  const match = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(stem);
  if (at === -1 || !match) return {};
  const fields = handlers
    .slice(0, at)
    .flatMap((handler) =>
      handler === ":default" ? ["date", "publishdate", "pubdate", "published"] : [handler.replace(/^:/, "")],
    );
  const earlier = fields.some((field) =>
    Object.keys(data).some((key) => key.toLowerCase() === field && data[key] !== undefined),
  );
  // Hugo runs the handlers in order until one finds a date: one before it that did leaves the name alone.
  if (earlier) return {};
  return { date: match[1], ...(text(data.slug) === undefined ? { slug: match[2] } : {}) };
}

/** `x.fr.md` → `x.md` in French, where `fr` is one of the site's languages. */
export function stripLang(name: string, known: Set<string>): { name: string; lang?: string } {
  const match = /^(.+)\.([a-zA-Z]{2,3}(?:-[a-zA-Z0-9]+)*)(\.[^.]+)$/.exec(name);
  if (match && known.has(match[2].toLowerCase()))
    return { name: `${match[1]}${match[3]}`, lang: match[2].toLowerCase() };
  return { name };
}

/** Hugo's title of a section from its folder's name: `field-notes` → "Field-Notes". */
export function titleCase(name: string): string {
  return name.replace(
    /(^|[\s-])(\p{L})/gu,
    (_all, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
  );
}

/** A path's folders, nearest first: `a/b/c.png` → `a/b`, `a`. */
export function ancestors(path: string): string[] {
  const parts = path.split("/").slice(0, -1);
  return parts.map((_part, index) => parts.slice(0, parts.length - index).join("/"));
}

export function folderOf(path: string): string {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
}

/** `params.mainSections`, else the section with the most regular pages (Hugo's own choice). */
export function mainSectionsOf(
  params: Record<string, unknown>,
  documents: { section: string; dir: string }[],
): string[] {
  const written = terms(params.mainsections);
  if (written.length > 0) return written;
  const counts = new Map<string, number>();
  for (const { section, dir } of documents)
    if (dir !== "") counts.set(section, (counts.get(section) ?? 0) + 1);
  const [top] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return top ? [top[0]] : [];
}

/**
 * The folders beside the languages' content folders that no language reads
 * (`content/base-l10n/` where each language names `content/<lang>`): Hugo
 * publishes nothing from them, so nothing is moved, and the report says so
 * rather than pass over a folder of Markdown in silence.
 */
export function unreadContentFolders(
  root: string,
  contentDirs: string[],
  shown: (path: string) => string,
): LeftOut[] {
  const parents = new Set(contentDirs.map((dir) => dirname(dir)));
  if (parents.size !== 1) return [];
  const [parent] = parents;
  if (parent === "." || contentDirs.includes(parent)) return [];
  let entries: string[];
  try {
    entries = readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);
  } catch {
    return [];
  }
  return entries
    .filter((folder) => !contentDirs.includes(folder))
    .sort()
    .map((folder) => ({
      file: `${shown(join(root, folder))}/`,
      why: `no language of the configuration reads it (each names its own \`contentDir\` in ${parent}/), so Hugo publishes nothing from it: not moved`,
    }));
}
