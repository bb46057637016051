/**
 * One post or page of a Jekyll site as Jekyll reads it: its front matter
 * over the defaults that apply, its title and tags as Jekyll fills them, and
 * the address its permalink gives. Apart from the walk (jekyll.ts), which
 * decides what each file of the tree is.
 */
import { basename } from "node:path";
import { readDocument, terms, text } from "./read.ts";
import { JEKYLL_STYLES, jekyllPageUrl, jekyllUrl, type JekyllSite } from "./jekyll-permalinks.ts";
import { inZone } from "./jekyll-pages.ts";
import type { ImportedDocument } from "./model.ts";

/** A post's file name as Jekyll's DATE_FILENAME_MATCHER reads it: a month and a day of one digit or two (`2017-4-20-title`). */
const DATED_NAME = /^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$/;

interface Reading {
  /** The pattern of its collection (`collections: posts: permalink:`), where its own front matter names none. */
  permalink?: string;
  real: string;
  path: string;
  file: string;
  defaults: Record<string, unknown>;
  site: JekyllSite;
  old: (path: string) => string;
}

export function readPost(
  reading: Reading & { categories: string[] },
): ImportedDocument | { why: string; post?: boolean } {
  const read = readDocument(reading.real, reading.file);
  if ("problem" in read) return { why: read.problem, post: true };
  const data = { ...reading.defaults, ...read.data };
  if (data.published === false) return { why: "`published: false`: Jekyll does not publish it" };
  const stem = basename(reading.path).replace(/\.[^.]+$/, "");
  const named = DATED_NAME.exec(stem);
  if (!named)
    return { why: "its name does not start with a date (YYYY-MM-DD-title): Jekyll does not publish it" };
  const dated = [
    named[0],
    `${named[1]}-${named[2].padStart(2, "0")}-${named[3].padStart(2, "0")}`,
    named[4],
  ] as const;
  const date = text(data.date) ?? dated[1];
  // Jekyll splits `tags: alpha beta` and `categories: a b` at spaces, and takes `category: Elixir in Production` whole (Utils.pluralized_array_from_hash).
  const categories = [...reading.categories, ...pluralized(data, "category", "categories")];
  // Jekyll titles a post without one from its file name (Utils.titleize_slug): `codeblocks-ahoy` is "Codeblocks Ahoy".
  const withTitle =
    text(read.data.title) === undefined
      ? {
          ...read.data,
          title: dated[2]
            .split("-")
            .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
            .join(" "),
        }
      : read.data;
  // Its time in the site's zone: the day the old site showed.
  const local =
    reading.site.timezone !== undefined && typeof read.data.date === "string"
      ? inZone(read.data.date, reading.site.timezone)
      : undefined;
  const titled = withTerms(local !== undefined ? { ...withTitle, date: local } : withTitle);
  const document: ImportedDocument = {
    file: reading.file,
    ...read,
    // Its own file, where the site's Jekyll is asked what its plugins' tags gave (jekyll-output.ts).
    real: reading.real,
    data: titled,
    kind: "post",
    stem,
    oldUrls: [],
    bundle: [],
  };
  try {
    const url = jekyllUrl(
      {
        name: dated[2],
        date,
        categories,
        slug: text(data.slug),
        permalink: text(data.permalink) ?? collectionPattern(reading.permalink),
      },
      reading.site,
    );
    return { ...document, oldUrls: [reading.old(url)] };
  } catch (error) {
    return { ...document, oldUrlUnknown: (error as Error).message };
  }
}

export function readPage(
  reading: Reading & { collection?: { label: string; path: string; permalink?: string } },
): ImportedDocument | { why: string } {
  const read = readDocument(reading.real, reading.file);
  if ("problem" in read) return { why: read.problem };
  const data = { ...reading.defaults, ...read.data };
  if (data.published === false) return { why: "`published: false`: Jekyll does not publish it" };
  const parts = reading.path.split("/");
  const stem = basename(reading.path).replace(/\.[^.]+$/, "");
  const collection = reading.collection;
  const permalink = text(data.permalink) ?? collection?.permalink;
  let url: string;
  try {
    url = collection
      ? jekyllUrl(
          {
            name: stem,
            date: text(data.date),
            categories: pluralized(data, "category", "categories"),
            slug: text(data.slug),
            permalink,
            collection,
          },
          reading.site,
        )
      : writtenAs(
          jekyllPageUrl({ path: parts.slice(0, -1).join("/"), basename: stem, permalink }, reading.site),
        );
  } catch (error) {
    return {
      file: reading.file,
      ...read,
      real: reading.real,
      data: withTerms(read.data),
      kind: "page",
      stem,
      oldUrls: [],
      oldUrlUnknown: (error as Error).message,
      bundle: [],
    };
  }
  return {
    file: reading.file,
    ...read,
    // Its own file, where the site's Jekyll is asked what its plugins' tags gave (jekyll-output.ts).
    real: reading.real,
    data: withTerms(read.data),
    kind: "page",
    stem,
    oldUrls: [reading.old(url)],
    bundle: [],
    ...(url === "/" ? { role: "home" as const } : {}),
  };
}

/** A page's address as Jekyll writes its file: one with neither a slash nor an extension at its end (`/kits/run`, under a permalink such as `/archive/:title`) is that path with `.html` (Page#destination), as published/generator.ts reads Jekyll's own. */
function writtenAs(url: string): string {
  return /\/$|\.[A-Za-z0-9]+$/.test(url) ? url : `${url}.html`;
}

/** Tags and categories as the lists Jekyll reads them as: `tags: alpha beta` is two tags, `category: Elixir in Production` one category. */
function withTerms(data: Record<string, unknown>): Record<string, unknown> {
  const lists: Record<string, unknown> = {};
  for (const [singular, plural] of [
    ["tag", "tags"],
    ["category", "categories"],
  ]) {
    if (typeof data[singular] === "string") lists[singular] = pluralized(data, singular, plural);
    else if (typeof data[plural] === "string") lists[plural] = pluralized(data, singular, plural);
  }
  return Object.keys(lists).length > 0 ? { ...data, ...lists } : data;
}

/** Jekyll's Utils.pluralized_array_from_hash: the singular key's value whole where it is there, else the plural key's, a text split at spaces. */
function pluralized(data: Record<string, unknown>, singular: string, plural: string): string[] {
  const one = data[singular];
  if (one !== undefined && one !== null)
    return [one]
      .flat()
      .filter((term) => term !== null && term !== undefined)
      .map(String);
  return terms(data[plural]);
}

/** A collection's `permalink`, a named style (`pretty`) read as the site's would be. */
function collectionPattern(permalink: string | undefined): string | undefined {
  return permalink === undefined ? undefined : (JEKYLL_STYLES[permalink] ?? permalink);
}
