/**
 * An old site's built folder (Jekyll's `_site/`, Hugo's `public/`,
 * Eleventy's `_site/`, Astro's `dist/`): every HTML page it published, by
 * the address it answered, with what a reader saw there. It is the record
 * of what the old site was, whatever generator or configuration made it:
 * the addresses a move must keep, and the text each page must keep.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { readPage, type PageText } from "./page-text.ts";

export interface BuiltPage {
  /** The address it answered, from the host's root, percent-encoded as a request names it. */
  url: string;
  /** The file, absolute. */
  file: string;
  /** What it shows, read on first use. */
  text(): PageText;
}

/**
 * The old site's page for an address it did not have (`/404.html`, or
 * `/404/` where the generator writes every page as a folder), at the root or
 * under one folder (a language's, a base path): the new site has its own,
 * and no reader's bookmark names it. A page deeper down is a page of its own:
 * a tag named `404` (`/blog/tags/404/`) lists its posts.
 */
export function isNotFoundPage(url: string): boolean {
  return (
    /^(?:\/[^/]+)?\/404(?:\.html?|\/(?:index\.html?)?)$/i.test(url) &&
    !/^\/(?:tags?|categories|category|topics?|labels?)\/404\b/i.test(url)
  );
}

/** A page larger than this is no page a generator wrote for a person: it is named, never read whole. */
const MAX_PAGE_BYTES = 16 * 1024 * 1024;

/** Every HTML file under `dir`, by its address: `a/index.html` answers `/a/`, `a.html` answers `/a.html`. */
export function readBuiltFolder(dir: string, basePath: string): Map<string, BuiltPage> {
  const pages = new Map<string, BuiltPage>();
  for (const file of htmlFiles(dir)) {
    const path = relative(dir, file).split(sep).join("/");
    const url = `${basePath}/${encodeURI(path.replace(/(^|\/)index\.html?$/, "$1"))}`;
    let read: PageText | undefined;
    pages.set(url, {
      url,
      file,
      text: () => (read ??= readPage(statSync(file).size > MAX_PAGE_BYTES ? "" : readFileSync(file, "utf8"))),
    });
  }
  return pages;
}

function htmlFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(folder, entry.name);
      // Links are not followed: the folder is read as it is, and nothing outside it.
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && /\.html?$/i.test(entry.name)) found.push(path);
    }
  };
  walk(dir);
  return found;
}
