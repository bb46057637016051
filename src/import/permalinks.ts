/**
 * A document's address on its old site, computed as the source generator
 * computes it, so that it can redirect to the document's new one. Each rule
 * is checked against the generator itself in test/generators.test.ts;
 * Jekyll's are in src/import/jekyll-permalinks.ts.
 *
 * - Hugo 0.111: `url:` as written; else the `[permalinks]` pattern of the
 *   page's top-level section; else the page's folder in content/ and its
 *   `slug` or file name (a bundle's: its folder's); lowercased; a translation
 *   under its language's prefix. A relative alias is read from the folder of
 *   the page's address.
 * - Eleventy 3: the file's path in the input folder, an `index` (or a file
 *   named as its folder) at the folder; a `permalink` as written, its
 *   `page.fileSlug`, `page.filePathStem` and `title | slugify` filled in.
 * - Astro 5 (and 4's content collections): a collection entry's id (its
 *   `slug`, else its path in the collection, each segment slugged as
 *   github-slugger does, less a final `index`) under its route's folder.
 */
import { MONTHS } from "../content/calendar.ts";
import { dayOfYear, LONG_DAYS } from "./calendar.ts";

export interface HugoPage {
  /** Its folder in its content folder, `/`-separated: `posts/sub`, or "" at the top. */
  dir: string;
  /** The file's name without its extension and language, or its folder's for a bundle. */
  filename: string;
  title: string;
  date?: string;
  slug?: string;
  url?: string;
}

const HUGO_MONTHS = MONTHS.map((name) => name.toLowerCase());

/** A regular page's address in its language's tree, before the base path and the language's prefix. */
export function hugoUrl(page: HugoPage, permalinks: Record<string, string>): string {
  if (page.url) return withSlashes(page.url.toLowerCase());
  const sections = page.dir.split("/").filter(Boolean);
  const pattern = sections.length > 0 ? permalinks[sections[0]] : undefined;
  const slugOrName = urlize(page.slug ?? page.filename);
  if (!pattern) return withSlashes(`/${[...sections, slugOrName].join("/")}/`.toLowerCase());
  const [year = "", month = "", day = ""] = (page.date ?? "").slice(0, 10).split("-");
  const weekday = year ? new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay() : 0;
  const values: Record<string, string> = {
    year,
    month,
    monthname: HUGO_MONTHS[Number(month) - 1] ?? "",
    day,
    weekday: String(weekday),
    weekdayname: LONG_DAYS[weekday].toLowerCase(),
    yearday: year ? String(Number(dayOfYear({ year, month, day }))) : "",
    section: sections[0],
    sections: sections.join("/"),
    title: urlize(page.title),
    // Hugo's `:slug` falls back to the title, not the file's name.
    slug: urlize(page.slug ?? page.title),
    filename: urlize(page.filename),
    slugorfilename: slugOrName,
    contentbasename: urlize(page.filename),
    slugorcontentbasename: slugOrName,
  };
  const filled = pattern.replace(
    /:(slugorcontentbasename|contentbasename|slugorfilename|weekdayname|monthname|filename|sections|section|weekday|yearday|title|year|month|slug|day)/g,
    (_all, key: string) => values[key],
  );
  // A token with nothing to fill (`:slug` of a page without a title) leaves its segment out, as Hugo writes it.
  return withSlashes(filled.toLowerCase().replace(/\/{2,}/g, "/"));
}

/** A Hugo alias as Hugo places it: from the root when it starts with `/`, else from the folder of the page's address. */
export function hugoAlias(alias: string, pageUrl: string): string {
  if (alias.startsWith("/")) return alias;
  const folder = pageUrl.replace(/\/+$/, "").replace(/[^/]*$/, "");
  return withSlashes(`${folder}${alias}`.replace(/\/{2,}/g, "/"));
}

/** Hugo's `urlize`: spaces to hyphens, and only letters, digits, `-`, `.`, `_`, `~` and `/` kept, lowercased. */
export function urlize(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\p{L}\p{N}\-._~/]/gu, "")
    .toLowerCase();
}

export function withSlashes(path: string): string {
  const rooted = path.startsWith("/") ? path : `/${path}`;
  return /\.[a-z0-9]+$/i.test(rooted) || rooted.endsWith("/") ? rooted : `${rooted}/`;
}

/**
 * Eleventy's address of a template: `permalink` when it sets one (the
 * template forms of it this reads filled in), else its path in the input
 * folder, a folder's own file at the folder. Undefined when it writes no
 * file (`permalink: false`); `{ unknown }` when the permalink runs code this
 * does not read.
 */
export function eleventyUrl(
  relativePath: string,
  data: Record<string, unknown>,
): string | undefined | { unknown: string } {
  const { permalink } = data;
  const parts = relativePath.replace(/\.[^./]+$/, "").split("/");
  const name = parts.at(-1)!;
  const fileSlug = name === "index" ? (parts.at(-2) ?? "") : name;
  if (permalink === false) return undefined;
  if (typeof permalink === "string") {
    const values: Record<string, string> = {
      "page.fileSlug": fileSlug,
      "page.filePathStem": `/${parts.join("/")}`,
      title: typeof data.title === "string" ? data.title : "",
    };
    let unknown: string | undefined;
    const filled = permalink.replace(
      /\{\{-?\s*([\w.]+)\s*(?:\|\s*(slugify|slug|lower)\s*)?-?\}\}/g,
      (all, name: string, filter?: string) => {
        if (!(name in values)) {
          unknown = all;
          return all;
        }
        return filter === "lower"
          ? values[name].toLowerCase()
          : filter
            ? eleventySlug(values[name])
            : values[name];
      },
    );
    if (unknown || /\{[{%]/.test(filled))
      return { unknown: `its permalink runs template code (${unknown ?? permalink})` };
    return withSlashes(filled.replace(/\/index\.html$/, "/"));
  }
  if (name === "index" || (parts.length > 1 && name === parts.at(-2))) parts.pop();
  return parts.length === 0 ? "/" : `/${parts.join("/")}/`;
}

/** Eleventy's `slugify` filter (@sindresorhus/slugify): lowercase words of letters and digits joined by hyphens, accents dropped. */
export function eleventySlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/&/g, " and ")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Astro's default id of a content collection entry (github-slugger per segment, a final `index` dropped), or its `slug`. */
export function astroId(relativePath: string, slug?: string): string {
  if (slug) return slug;
  const segments = relativePath
    .replace(/\.[^./]+$/, "")
    .split("/")
    .map(githubSlug);
  return segments.join("/").replace(/(^|\/)index$/, "");
}

/** github-slugger's `slug`: lowercased, characters other than letters, marks, digits, connectors, spaces and hyphens dropped, spaces as hyphens. */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}
