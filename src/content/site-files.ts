/**
 * The content folder's own level, and its one place for files the whole site
 * publishes as they are (images, PDFs, `favicon.ico`): content/static/, as
 * Hugo names it, published at the site root (`static/files/cv.pdf` is
 * `/files/cv.pdf`). Anything else at the top of content/ is another
 * generator's file or a stray one: named in a warning and left out.
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { SitegenError } from "../errors.ts";
import { imageDimensions } from "./image-size.ts";
import { generatorFile, type ListOptions } from "./tree.ts";
import type { ContentFile } from "./types.ts";

export const STATIC_DIR = "static";

/** What content/ holds at its top: anything else is left out. */
const KNOWN = new Set(["site.yaml", "pages", "blog", STATIC_DIR]);

/** A warning for each entry at the top of content/ that sitegen does not read. */
export function rootEntries(root: string, display: (path: string) => string): SitegenError[] {
  let names: string[];
  try {
    names = readdirSync(root).filter((name) => !name.startsWith(".")).sort();
  } catch {
    return [];
  }
  return names
    .filter((name) => !KNOWN.has(name))
    .map((name) => {
      const path = join(root, name);
      const foreign = generatorFile(name, safeIsFolder(path));
      return new SitegenError("E_CONTENT", `${foreign?.what ?? "not a part of a sitegen site"}: left out`, {
        location: { file: display(path) },
        hint: foreign?.instead ?? `content/ holds site.yaml, pages/, blog/ and ${STATIC_DIR}/ (files published as they are)`,
      });
    });
}

/** Every file under content/static/, by its path from there; links out of the content folder are refused. */
export function listStatic(dir: string, options: Pick<ListOptions, "cwd">): { files: ContentFile[]; errors: SitegenError[] } {
  const start = resolve(options.cwd, dir);
  const files: ContentFile[] = [];
  const errors: SitegenError[] = [];
  let entries;
  try {
    entries = readdirSync(start, { recursive: true, withFileTypes: true });
  } catch {
    return { files, errors };
  }
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    const name = relative(start, path).split(sep).join("/");
    if (name.split("/").some((part) => part.startsWith("."))) continue;
    if (entry.isSymbolicLink() || (!entry.isFile() && !entry.isDirectory())) {
      errors.push(new SitegenError("E_CONTENT", "not a regular file: not read", { location: { file: relative(options.cwd, path) || path }, hint: `${STATIC_DIR}/ holds regular files, published as they are; a link is not followed there` }));
      continue;
    }
    if (entry.isFile()) files.push({ name, path, file: relative(options.cwd, path).startsWith("..") ? path : relative(options.cwd, path), bytes: statSync(path).size, ...imageDimensions(path) });
  }
  return { files: files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)), errors };
}

function safeIsFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
