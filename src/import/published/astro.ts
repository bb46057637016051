/**
 * Where Astro published each text, read from its own build (astro-build.ts):
 * a route's code decides where an entry goes (`/blog/<id>/`, its `slug:`, a
 * year from its date, a page that renders it by name), and Astro lists its
 * addresses only by building the site. Each text was built with a marker at
 * its end, an empty element of a name no component has, which Markdown and
 * MDX pass to the page as written; the page whose text holds an entry's
 * marker is where Astro put it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import type { ImportedDocument, ImportedSite } from "../model.ts";
import type { AstroBuild } from "../astro-build-result.ts";
import type { Addresses, Asked } from "./generator.ts";

/** The marker at the end of the text numbered `index`. */
export const entryMarker = (index: number) => `<sitegen-entry data-n="${index}"></sitegen-entry>`;

/** A marker as the page holds it: an escaped one (a listing that shows a text's source) is none. */
const MARKER = /<sitegen-entry\s+data-n="(\d+)"\s*>/g;

interface BuiltPage {
  /** Its address, from the host's root, base path included, as a request names it. */
  address: string;
  /** The markers it holds. */
  entries: Set<number>;
}

/** Each text's address where Astro's build shows it; notes name each text it showed alike on several pages. */
export function astroAddresses(
  build: AstroBuild,
  site: ImportedSite,
  sourcePath: (document: ImportedDocument) => string,
): Asked {
  if ("unavailable" in build) return { unavailable: build.unavailable };
  const shownOn = new Map<number, BuiltPage[]>();
  for (const page of builtPages(build.out, site.site.basePath))
    for (const entry of page.entries) shownOn.set(entry, [...(shownOn.get(entry) ?? []), page]);
  const languages = new Set(
    [...site.site.languages, ...[...site.posts, ...site.pages].flatMap((each) => each.lang ?? [])].map(
      (lang) => lang.toLowerCase(),
    ),
  );
  const addresses: Addresses = new Map();
  for (const document of [...site.posts, ...site.pages]) {
    const entry = build.entries.get(document.file);
    const pages = entry === undefined ? [] : (shownOn.get(entry) ?? []);
    if (pages.length === 0) continue;
    const chosen = pageOf(pages, document, site.site.basePath, languages);
    if (chosen !== undefined) {
      addresses.set(sourcePath(document), chosen.address);
      // Its copies in the languages it has no translation in, at the same path under each one's prefix (Starlight's
      // fallback pages): old addresses of it, kept as its aliases, since the new site has no page of theirs.
      const copies = fallbackCopies(pages, chosen, site.site.basePath, languages).filter(
        (address) => !document.oldUrls.includes(address),
      );
      if (copies.length > 0) document.oldUrls = [...document.oldUrls, ...copies];
    } else
      (site.notes ??= []).push({
        file: document.file,
        why: `Astro's build showed its text alike on ${pages.length} pages (${pages
          .slice(0, 3)
          .map((page) => page.address)
          .join(", ")}${pages.length > 3 ? ", …" : ""}): its old address is the one its route gives`,
      });
  }
  return { addresses };
}

/**
 * The page that is a text's own, of those that show it. A theme shows a
 * text's whole body elsewhere too: a list of posts in full (page by page), a
 * home that shows the latest post, a sidebar's entry on every page, a
 * language's copy of a page not translated yet (Starlight's fallback, Astro's
 * `i18n.fallback`). So, each step kept only where it leaves a page:
 * - the site's home only for a text that is the home (its route says so):
 *   a home that shows the latest post is the home, not that post's page;
 * - the pages that show the fewest texts: the text's own shows it alone,
 *   a list many;
 * - the pages under the text's own language's prefix (or under none), not
 *   another language's copy;
 * - the page its route gives, where Astro wrote it;
 * - the page named by the text's own name (its slug, the last part of its
 *   id): a route puts a text at its slug, a list at its own name;
 * - the deepest: a list is above its texts (`/blog/` above `/blog/x/`).
 * Where pages remain alike after all of these, none is taken: the address
 * is the one its route gives, as without Astro.
 */
function pageOf(
  pages: BuiltPage[],
  document: ImportedDocument,
  basePath: string,
  languages: Set<string>,
): BuiltPage | undefined {
  const computed = document.oldUrls[0];
  const home = `${basePath}/`;
  const within = (address: string) => address.slice(basePath.length).split("/").filter(Boolean);
  const language = (address: string | undefined) => {
    const first = address === undefined ? undefined : within(address)[0]?.toLowerCase();
    return first !== undefined && languages.has(first) ? first : "";
  };
  const named = (address: string) =>
    within(address)
      .at(-1)
      ?.replace(/\.html$/, "");
  const own = computed !== undefined ? named(computed) : undefined;
  const steps: ((page: BuiltPage, kept: BuiltPage[]) => boolean)[] = [
    (page) => page.address !== home || computed === home,
    (page, kept) => page.entries.size === Math.min(...kept.map((each) => each.entries.size)),
    (page) => language(page.address) === language(computed),
    (page) => page.address === computed,
    (page) => own !== undefined && named(page.address) === own,
    (page, kept) =>
      within(page.address).length === Math.max(...kept.map((each) => within(each.address).length)),
  ];
  let kept = pages;
  for (const step of steps) {
    if (kept.length === 1) break;
    const narrowed = kept.filter((page) => step(page, kept));
    if (narrowed.length > 0) kept = narrowed;
  }
  return kept.length === 1 ? kept[0] : undefined;
}

/**
 * The pages that show a text alone under another language's prefix than
 * its own page, at its own page's path below that prefix: Starlight's (and
 * Astro's `i18n.fallback`) copy of a page not translated into the language.
 * A translation of the text is a text of its own, with its own marker.
 */
function fallbackCopies(
  pages: BuiltPage[],
  own: BuiltPage,
  basePath: string,
  languages: Set<string>,
): string[] {
  const split = (address: string) => {
    const parts = address.slice(basePath.length).split("/").filter(Boolean);
    const language = languages.has(parts[0]?.toLowerCase() ?? "") ? parts[0].toLowerCase() : "";
    return { language, rest: (language === "" ? parts : parts.slice(1)).join("/") };
  };
  const mine = split(own.address);
  return pages
    .filter((page) => page !== own && page.entries.size === 1)
    .map((page) => ({ page, ...split(page.address) }))
    .filter((each) => each.language !== "" && each.language !== mine.language && each.rest === mine.rest)
    .map((each) => each.page.address);
}

/** Every HTML page of the build, by its address (`x/index.html` at `/x/`, `x.html` at `/x.html`), with the markers in its body. */
function builtPages(out: string, basePath: string): BuiltPage[] {
  const files = readdirSync(out, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".html"))
    .map((path) => path.split(sep).join("/"))
    .sort();
  return files.flatMap((path) => {
    // A marker in the head (a description taken from the text) or a script (the text as data) is not the page's text.
    const body = readFileSync(join(out, path), "utf8")
      .replace(/<head[\s>][\s\S]*?<\/head>/i, "")
      .replace(/<script[\s>][\s\S]*?<\/script>/gi, "");
    const entries = new Set([...body.matchAll(MARKER)].map((match) => Number(match[1])));
    if (entries.size === 0) return [];
    const within = path === "index.html" ? "" : path.replace(/(^|\/)index\.html$/, "$1");
    return [{ address: new URL(`${basePath}/${within}`, "http://localhost").pathname, entries }];
  });
}
