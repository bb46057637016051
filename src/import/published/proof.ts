/**
 * The proof of a move, page by page, read from what the new build wrote
 * (its pages, its `_redirects` and its route shards, which the hosts read) against the old
 * site's built folder: every page the old site published answers, with its
 * page or a 301 to a page that does; and every moved page shows what its old
 * page showed: the share of its words, images and links kept.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isNotFoundPage, type BuiltPage } from "./folder.ts";
import type { OldPage, OldPageKind } from "./old-pages.ts";
import { readPage, type PageText } from "./page-text.ts";
import { chromeOf, keptOf, percent, type Chrome, type Kept } from "./parity.ts";

export interface PageKept extends Kept {
  old: string;
  new: string;
}

export interface Proof {
  /** The old site's pages, and how many answer now. */
  answered: { old: number; answer: number; unanswered: { url: string; kind: OldPageKind | "document" }[] };
  pages: PageKept[];
  totals: {
    words: { old: number; kept: number };
    media: { old: number; kept: number };
    links: { old: number; kept: number };
  };
}

/** A page under this share of its old words is named, with what it lost. */
export const WORDS_KEPT_AT_LEAST = 0.98;

export function proveMove(options: {
  built: Map<string, BuiltPage>;
  dist: string;
  moved: { file: string; from: string[]; to: string; list?: boolean }[];
  oldPages: OldPage[];
  origin?: string;
}): Proof {
  const redirects = redirectRules(options.dist);
  const answers = (url: string) =>
    pageAt(options.dist, url) !== undefined ||
    [url, url.replace(/\/$/, "")].some(
      (from) => redirects.has(from) && pageAt(options.dist, redirects.get(from)!) !== undefined,
    );
  const kinds = new Map(options.oldPages.map((page) => [page.url, page.kind]));
  const unanswered = [...options.built.keys()]
    .filter((url) => !isNotFoundPage(url) && !answers(url))
    .map((url) => ({ url, kind: kinds.get(url) ?? ("document" as const) }));
  const answered = { old: options.built.size, answer: options.built.size - unanswered.length, unanswered };
  const byOld = new Map(
    options.moved.flatMap(({ from, to }) => from.map((url): [string, string] => [url, to])),
  );
  const moved = (path: string) =>
    byOld.get(path) ?? redirects.get(path) ?? (pageAt(options.dist, path) ? path : undefined);
  const pages: PageKept[] = [];
  const chrome = siteChrome([...options.built.values()].filter((page) => !page.text().redirectsTo));
  for (const { file, from, to, list } of options.moved) {
    // A list's page shows what its template lists, not what its author wrote: only pages of text are compared.
    if (list || isList(file, to)) continue;
    const old = from.map((url) => options.built.get(url)).find((page) => page && !page.text().redirectsTo);
    const built = pageAt(options.dist, to);
    if (!old || !built) continue;
    const kept = keptOf({
      old: { url: old.url, page: old.text() },
      new: { url: to, page: readPage(readFileSync(built, "utf8"), { whole: true }) },
      moved,
      origin: options.origin,
      chrome,
    });
    pages.push({ old: old.url, new: to, ...kept });
  }
  const sum = (pick: (page: PageKept) => { old: number; kept: number }) =>
    pages.reduce((total, page) => ({ old: total.old + pick(page).old, kept: total.kept + pick(page).kept }), {
      old: 0,
      kept: 0,
    });
  return {
    answered,
    pages,
    totals: {
      words: sum((page) => page.words),
      media: sum((page) => page.media),
      links: sum((page) => page.links),
    },
  };
}

/** The proof as the report shows it: the totals, then each page that lost words or an image, with what it lost. */
export function proofLines(proof: Proof): string[] {
  const { totals, answered } = proof;
  const lines = [
    `  old pages that answer (200, or a 301 to a page that does): ${answered.answer}/${answered.old}`,
    `  ${proof.pages.length} moved page(s) compared with their old page: words ${percent(totals.words.kept, totals.words.old)}, images ${percent(totals.media.kept, totals.media.old)}, links ${percent(totals.links.kept, totals.links.old)}`,
  ];
  const byKind = new Map<string, string[]>();
  for (const { url, kind } of answered.unanswered) byKind.set(kind, [...(byKind.get(kind) ?? []), url]);
  for (const [kind, urls] of byKind)
    lines.push(
      `  old pages with no answer, ${kind} (${urls.length}):`,
      ...urls.slice(0, 10).map((url) => `    ${url}`),
      ...(urls.length > 10 ? [`    … and ${urls.length - 10} more`] : []),
    );
  const short = proof.pages.filter(
    (page) => page.words.kept < page.words.old * WORDS_KEPT_AT_LEAST || page.media.kept < page.media.old,
  );
  if (short.length > 0) lines.push(`  pages that lost words or an image (${short.length}):`);
  for (const page of short) {
    const lost = [
      `words ${percent(page.words.kept, page.words.old)}${page.missing.words.length > 0 ? ` (missing: ${page.missing.words.join(" ")})` : ""}`,
    ];
    if (page.missing.media.length > 0) lost.push(`images missing: ${page.missing.media.join(", ")}`);
    lines.push(`    ${page.old} → ${page.new}: ${lost.join("; ")}`);
  }
  return lines;
}

/**
 * What the old theme repeats, over the whole site, among the pages of each language (`<html lang>`) and among
 * those of each section (the first folder of their address): a notice each post of a language shows ("Ich
 * versuche meine Artikel aktuell zu halten…") is on a third of the pages of a site in three languages, and on
 * every post of its own; a line a section's layout adds to each of its pages ("The canonical source of this
 * file is…" under each of 58 plugins' pages) is on a thirteenth of the site's. Deeper folders are sections
 * too, where what is repeated is on nearly each of their pages: a documentation layout's sidebar lists the pages
 * of its version (`/en/doc/0.21.0/…`, 150 of them in each of 30 versions), on a thirtieth of the language's.
 */
function siteChrome(pages: BuiltPage[]): Chrome {
  const texts = pages.map((page) => page.text());
  const byLanguage = new Map<string, PageText[]>();
  const bySection = new Map<string, PageText[]>();
  const byFolder = new Map<string, PageText[]>();
  pages.forEach((page, index) => {
    const text = texts[index];
    const add = (groups: Map<string, PageText[]>, key: string | undefined) => {
      if (key === undefined) return;
      const group = groups.get(key);
      if (group) group.push(text);
      else groups.set(key, [text]);
    };
    add(byLanguage, text.lang);
    add(bySection, /^\/[^/]+\//.exec(page.url)?.[0]);
    for (const folder of foldersOf(page.url).slice(1)) add(byFolder, folder);
  });
  const all = [
    ...[
      texts,
      ...(byLanguage.size > 1 ? byLanguage.values() : []),
      ...(bySection.size > 1 ? bySection.values() : []),
    ].map((each) => chromeOf(each)),
    ...[...byFolder.values()]
      .filter((each) => each.length >= FOLDER_PAGES)
      .map((each) => chromeOf(each, Math.ceil(each.length * FOLDER_SHARE))),
  ];
  return {
    texts: new Set(all.flatMap((each) => [...each.texts])),
    media: new Set(all.flatMap((each) => [...each.media])),
    links: new Set(all.flatMap((each) => [...each.links])),
  };
}

/** How many pages a folder below the first holds, at the least, and on what share of them a thing is repeated, for it to be the folder's layout's. */
const FOLDER_PAGES = 10;
const FOLDER_SHARE = 0.8;

/** The folders a page's address is in, outermost first: `/en/`, `/en/doc/`, `/en/doc/0.21.0/` for `/en/doc/0.21.0/getblock/`. */
function foldersOf(url: string): string[] {
  const parts = url.split("/").slice(1, -1);
  // A page at a folder's address (`/en/doc/0.21.0/getblock/`) is not in its own.
  if (url.endsWith("/")) parts.pop();
  return parts.map((_, index) => `/${parts.slice(0, index + 1).join("/")}/`);
}

/** A page that lists others (the blog, a Hugo section's `_index.md`), or the page for no page. The home is one only where the move says so (src/import/home-text.ts): a home of its author's text is compared. */
function isList(file: string, to: string): boolean {
  return to === "/blog/" || to === "/404.html" || /(^|\/)_index\.[^/]+$/.test(file);
}

/** The page the new build wrote for a path, or undefined: a folder's index.html, or the file itself. */
function pageAt(dist: string, url: string): string | undefined {
  let path: string;
  try {
    path = decodeURI(url.split(/[?#]/)[0]);
  } catch {
    return undefined;
  }
  if (path.includes("\0") || path.split("/").includes("..")) return undefined;
  for (const candidate of path.endsWith("/")
    ? [join(dist, path, "index.html")]
    : [join(dist, path), join(dist, path, "index.html")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** A build's `_redirects`, as Netlify and Cloudflare read it: `from to [status]` a line; only the redirects, which name a page. */
export function redirectRules(dist: string): {
  has(path: string): boolean;
  get(path: string): string | undefined;
} {
  const file = join(dist, "_redirects");
  const rules = new Map<string, string>();
  // Netlify's rules name a path decoded, Cloudflare's encoded: each is looked up in one form.
  const key = (path: string) => {
    try {
      return decodeURI(path);
    } catch {
      return path;
    }
  };
  const lookup = { has: (path: string) => rules.has(key(path)), get: (path: string) => rules.get(key(path)) };
  const lines = existsSync(file) ? readFileSync(file, "utf8").split("\n") : [];
  for (const line of lines) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from || from.startsWith("#") || !to || (status !== undefined && !/^30[12178]!?$/.test(status)))
      continue;
    if (!rules.has(key(from))) rules.set(key(from), to);
  }
  // An old address `_redirects` cannot write (one with a space: `/blog/tag/FFM API/`) is answered by the edge function,
  // the worker and the preview server from the route shards, as every other.
  for (const [from, to] of shardRedirects(dist)) if (!rules.has(key(from))) rules.set(key(from), to);
  return lookup;
}

/** The old addresses the route shards (`_sitegen/routes/<n>.json`) answer with a 301, and where to. */
function shardRedirects(dist: string): [string, string][] {
  const folder = join(dist, "_sitegen/routes");
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .flatMap((name) => {
      const shard = JSON.parse(readFileSync(join(folder, name), "utf8")) as {
        redirects?: Record<string, string>;
      };
      return Object.entries(shard.redirects ?? {});
    });
}
