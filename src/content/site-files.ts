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
import type { FindingKind } from "../policy.ts";
import { imageDimensions } from "./image-size.ts";
import { sizeProblem } from "./file-limit.ts";
import { DATA_DIR, INCLUDES_DIR, JEKYLL_CONFIG } from "./jekyll-files.ts";
import { generatorFile } from "./file-kinds.ts";
import type { ListOptions } from "./tree.ts";
import { displayFrom, insideOf, safeRealpath } from "./entries.ts";
import type { ContentFile } from "./types.ts";

export const STATIC_DIR = "static";

/** What content/ holds at its top: anything else is left out. A Jekyll site's configuration, includes and data are read for its Liquid (jekyll-files.ts). */
const KNOWN = new Set(["site.yaml", "pages", "blog", STATIC_DIR, JEKYLL_CONFIG, INCLUDES_DIR, DATA_DIR]);

/** A warning for each entry at the top of content/ that sitegen does not read. */
export function rootEntries(root: string, display: (path: string) => string): SitegenError[] {
  let names: string[];
  try {
    names = readdirSync(root)
      .filter((name) => !name.startsWith("."))
      .sort();
  } catch {
    return [];
  }
  return names
    .filter((name) => !KNOWN.has(name))
    .map((name) => {
      const path = join(root, name);
      const foreign = generatorFile(name, safeIsFolder(path));
      return new SitegenError("E_CONTENT", `${foreign?.what ?? "not a part of a sitegen site"}: left out`, {
        kind: "left-out",
        location: { file: display(path) },
        hint:
          foreign?.instead ??
          `content/ holds site.yaml, pages/, blog/ and ${STATIC_DIR}/ (files published as they are)`,
      });
    });
}

/**
 * Every file under content/static/, by its path from there. The folder is
 * read only where it really is inside the content folder (`root`), and no
 * link in it is followed: a link is named as an error and never opened, so
 * `content/static` linked to a folder elsewhere publishes nothing of it. A
 * file over the size limit (./file-limit.ts) is refused by its size, unread.
 */
export function listStatic(
  dir: string,
  options: Pick<ListOptions, "cwd" | "root">,
): { files: ContentFile[]; errors: SitegenError[] } {
  const start = resolve(options.cwd, dir);
  const display = displayFrom(options.cwd);
  const files: ContentFile[] = [];
  const errors: SitegenError[] = [];
  const refuse = (path: string, message: string, hint: string, kind: FindingKind = "outside-tree") =>
    errors.push(new SitegenError("E_CONTENT", message, { kind, location: { file: display(path) }, hint }));
  const real = safeRealpath(start);
  if (real === undefined) return { files, errors };
  if (!insideOf(options)?.(real)) {
    refuse(
      start,
      `a symbolic link to ${real}, outside the content folder: not read`,
      `copy the files into ${STATIC_DIR}/; sitegen reads nothing outside the content folder`,
    );
    return { files, errors };
  }
  let entries;
  try {
    entries = readdirSync(real, { recursive: true, withFileTypes: true });
  } catch {
    return { files, errors };
  }
  for (const entry of entries) {
    const inReal = join(entry.parentPath, entry.name);
    const name = relative(real, inReal).split(sep).join("/");
    const path = join(start, name);
    if (name.split("/").some((part) => part.startsWith("."))) continue;
    if (entry.isSymbolicLink() || (!entry.isFile() && !entry.isDirectory())) {
      refuse(
        path,
        "not a regular file: not read",
        `${STATIC_DIR}/ holds regular files, published as they are; a link is not followed there`,
      );
      continue;
    }
    if (!entry.isFile()) continue;
    const bytes = statSync(inReal).size;
    const tooLarge = sizeProblem(bytes, `a file of ${STATIC_DIR}/`);
    if (tooLarge) refuse(path, tooLarge.message, tooLarge.hint, "host-limit");
    else files.push({ name, path: inReal, file: display(path), bytes, ...imageDimensions(inReal) });
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
