/**
 * Where the old site published each source file, asked of what knows rather
 * than computed from a copy of its rules: the generator itself where it runs
 * here (generator.ts; Astro's own build, astro.ts), else the old site's
 * built folder (`--old-site`, folder.ts), each built page matched to its
 * source by the address the rules give it or by its title; the computed
 * address is the last resort.
 * Each document's first old address is replaced by the one found; its
 * aliases stay. How many of each the report says.
 */
import { readFile, writeFile } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import { parseDocument } from "yaml";
import type { Generator, ImportedDocument, ImportedSite } from "../model.ts";
import { readBuiltFolder, type BuiltPage } from "./folder.ts";
import { askGenerator } from "./generator.ts";
import { astroAddresses } from "./astro.ts";
import type { AstroBuild } from "../astro-build-result.ts";
import { oldListPages, type OldPage } from "./old-pages.ts";
import { tagSlug } from "../../content/slug.ts";
import { readDateZoned } from "../../content/dates.ts";
import { withLinkifiedNames } from "../eleventy-linkify.ts";

export interface AddressOrigins {
  /** Documents whose address the generator gave. */
  generator: number;
  /** Documents whose address the built folder gave. */
  folder: number;
  /** Documents whose address was computed from the generator's rules as sitegen reads them. */
  computed: number;
  /** Why the generator could not be asked, where it could not. */
  notAsked?: string;
}

export interface PublishedOptions {
  generator: Generator;
  /** The source site's folder, absolute. */
  root: string;
  /** The folder messages' file names are relative to. */
  cwd: string;
  /** The old site's built folder, absolute. */
  oldSite?: string;
  env: NodeJS.ProcessEnv;
  /** An Astro site's build by its own Astro (astro-build.ts), which the import makes once for its components too. */
  astro?: AstroBuild;
}

export interface Published {
  origins: AddressOrigins;
  /** The old site's pages, by address, where its built folder was given. */
  built?: Map<string, BuiltPage>;
}

export function findPublished(site: ImportedSite, options: PublishedOptions): Published {
  const sourcePath = (document: { file: string }) =>
    relative(options.root, resolve(options.cwd, document.file)).split(sep).join("/");
  const asked =
    options.generator === "astro"
      ? astroAddresses(
          options.astro ?? { calls: [], unavailable: "Astro's build was not made" },
          site,
          sourcePath,
        )
      : askGenerator(options.generator, options.root, site.site.basePath, options.env);
  const byGenerator = "addresses" in asked ? asked.addresses : new Map<string, string>();
  const built = options.oldSite ? readBuiltFolder(options.oldSite, site.site.basePath) : undefined;
  const origins: AddressOrigins = {
    generator: 0,
    folder: 0,
    computed: 0,
    ...("unavailable" in asked ? { notAsked: asked.unavailable } : {}),
  };
  const unclaimed = built ? titledPages(built, site) : undefined;
  const dated = (document: ImportedDocument): ImportedDocument => {
    const read = "dates" in asked ? asked.dates?.get(sourcePath(document)) : undefined;
    const written = document.data.date;
    // A date the generator read from a form sitegen does not (Ruby's Time.parse: `2017-02-10 00:10::00 -03:00`): written as the generator read it, and said so.
    if (read === undefined || typeof written !== "string" || !("problem" in readDateZoned(written).read))
      return document;
    (site.notes ??= []).push({
      file: document.file,
      why: `\`date: ${written}\` is in a form only Ruby reads: written as Jekyll read it, ${read}`,
    });
    return { ...document, data: { ...document.data, date: read } };
  };
  const place = (found: ImportedDocument): ImportedDocument => {
    const document = dated(found);
    const given = byGenerator.get(sourcePath(document));
    if (given !== undefined) return counted("generator", withAddress(document, given));
    if (built && document.oldUrls[0] !== undefined && built.has(document.oldUrls[0]))
      return counted("folder", document);
    const matched = unclaimed?.get(titleKey(document.data.title));
    if (matched && matched.length === 1) return counted("folder", withAddress(document, matched[0]));
    return document.oldUrls.length > 0 ? counted("computed", document) : document;
  };
  const counted = (origin: "generator" | "folder" | "computed", document: ImportedDocument) => (
    origins[origin]++, document
  );
  // A bare name the site's Markdown made a link of (markdown-it's linkify), as its own Eleventy rendered the text: written as that link.
  const rendered = "rendered" in asked ? asked.rendered : undefined;
  const linked = (document: ImportedDocument) => {
    const html = rendered?.get(sourcePath(document));
    return html === undefined ? document : withLinkifiedNames(document, html, (site.notes ??= []));
  };
  site.posts = site.posts.map(place).map(linked);
  site.pages = site.pages.map(place).map(linked);
  // A list left out (an Eleventy template paginating a collection) was published a page at a time: each page's old address, as the generator gave it, leads to the list that takes its place.
  const pages = "pages" in asked ? asked.pages : undefined;
  for (const each of site.left) {
    const given = each.listedAt ? pages?.get(sourcePath(each)) : undefined;
    if (given) each.oldUrls = [...new Set([...given, ...(each.oldUrls ?? [])])];
  }
  return { origins, ...(built ? { built } : {}) };
}

/** The document at the address it was found at, its other old addresses kept as aliases. */
function withAddress(document: ImportedDocument, address: string): ImportedDocument {
  const { oldUrlUnknown: _unknown, ...known } = document;
  return { ...known, oldUrls: [address, ...document.oldUrls.slice(1).filter((url) => url !== address)] };
}

/**
 * The built pages that no document's computed address names, by their
 * title as a page's title would be written: a theme's `<title>` is the
 * page's title, often followed (or preceded) by the site's name.
 */
function titledPages(built: Map<string, BuiltPage>, site: ImportedSite): Map<string, string[]> {
  const named = new Set([...site.posts, ...site.pages].flatMap((document) => document.oldUrls.slice(0, 1)));
  const byTitle = new Map<string, string[]>();
  for (const page of built.values()) {
    if (named.has(page.url)) continue;
    const text = page.text();
    if (text.redirectsTo) continue;
    for (const key of titleKeys(text.title, site.site.name))
      byTitle.set(key, [...(byTitle.get(key) ?? []), page.url]);
  }
  return byTitle;
}

const SEPARATORS = /\s+[|·•–—:-]+\s+/;

function titleKeys(title: string, siteName: string | undefined): string[] {
  const whole = titleKey(title);
  const site = titleKey(siteName);
  const parts = title
    .split(SEPARATORS)
    .map(titleKey)
    .filter((part) => part !== "" && part !== site);
  // The title less what comes before its first separator or after its last (the site's name, where the site has none in its
  // configuration), whole: a post's own title may hold a separator too ("Rexpolotl – a regexp engine – The Pug Automatic").
  const pieces = title.split(new RegExp(`(${SEPARATORS.source})`));
  const unnamed =
    pieces.length < 5 ? [] : [pieces.slice(2).join(""), pieces.slice(0, -2).join("")].map(titleKey);
  return [...new Set([whole, ...unnamed, ...parts])].filter(Boolean);
}

function titleKey(title: unknown): string {
  return typeof title === "string" ? title.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase() : "";
}

/** The old site's pages no moved document or file answers, each with its counterpart in the new site, where it has one. */
export function unansweredOldPages(
  published: Published,
  site: ImportedSite,
  moved: { from: string[]; to: string }[],
  paginate: number | undefined,
  newPages: string[] = [],
): OldPage[] {
  // The old pages of what was left out (an Astro page, a Jekyll list of posts) are known by their source too, where no built folder lists them.
  const leftUrls = site.left
    .flatMap((each) => each.oldUrls ?? [])
    .filter((url) => /(?:\/|\.html?)$/i.test(url));
  if (!published.built && leftUrls.length === 0) return [];
  // Where each old address is now.
  const placed = new Map<string, string>([
    ...moved.flatMap(({ from, to }) => from.map((url): [string, string] => [url, to])),
    ...site.files.flatMap((file): [string, string][] => (file.oldUrl ? [[file.oldUrl, file.oldUrl]] : [])),
  ]);
  const movedTo = (url: string) =>
    placed.get(url) ?? placed.get(safeDecode(url)) ?? placed.get(url.endsWith("/") ? url : `${url}/`);
  const tags = new Set(site.posts.flatMap((post) => termsOf(post.data)).map(tagSlug));
  const blogPages = paginate ? Math.max(1, Math.ceil(site.posts.length / paginate)) : 1;
  const pages = oldListPages(
    published.built ?? new Map(),
    movedTo,
    {
      basePath: site.site.basePath,
      tags,
      blogPages,
      languages: languagesOf(site),
      prefixes: site.site.prefixes,
      pages: new Set([...moved.map(({ to }) => to), ...newPages]),
      terms: termLists(site),
      listed: new Map(
        site.left.flatMap((each) =>
          each.listedAt ? (each.oldUrls ?? []).map((url): [string, string] => [url, each.listedAt!]) : [],
        ),
      ),
      blogFolder: blogFolderOf(site),
    },
    leftUrls,
  );
  // An old page at the address its counterpart has now answers as it is.
  return pages.filter((page) => page.to !== page.url);
}

/** The folder most of the old site's posts were published under (`/dave/2012-09/x/`), in lower case, where one is. */
function blogFolderOf(site: ImportedSite): string | undefined {
  const counts = new Map<string, number>();
  for (const post of site.posts) {
    const within = (post.oldUrls[0] ?? "").slice(site.site.basePath.length);
    const folder = /^\/([^/]+)\/./.exec(safeDecode(within))?.[1]?.toLowerCase();
    // A year (`/2012/09/x/`) or a language's prefix is no folder of the blog's.
    if (folder && !/^\d+$/.test(folder) && !languagesOf(site).includes(folder))
      counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  const [folder, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return folder !== undefined && count! * 2 > site.posts.length ? folder : undefined;
}

/** The old pages that listed one term's posts, by address: that term's slug. */
function termLists(site: ImportedSite): Map<string, string> {
  return new Map(
    site.left.flatMap((each) =>
      each.listsTerm
        ? (each.oldUrls ?? []).map((url): [string, string] => [url, tagSlug(each.listsTerm!)])
        : [],
    ),
  );
}

function safeDecode(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** Every language the old site's pages name, in lower case, as its addresses prefix them. */
function languagesOf(site: ImportedSite): string[] {
  const named = [
    ...site.site.languages,
    ...[...site.posts, ...site.pages].flatMap((document) => (document.lang ? [document.lang] : [])),
  ];
  return [...new Set(named.map((lang) => lang.toLowerCase()))];
}

/** A post's tags and categories, however its generator wrote them: a list, or one string of words separated by spaces (Jekyll's). */
function termsOf(data: Record<string, unknown>): string[] {
  return ["tags", "categories", "category"].flatMap((field) => {
    const value = data[field];
    if (typeof value === "string") return value.split(/\s+/).filter(Boolean);
    return Array.isArray(value) ? value.filter((term): term is string => typeof term === "string") : [];
  });
}

/** The new site's site.yaml with a redirect for each old page that has a counterpart; comments kept. */
export async function writeRedirects(file: string, pages: OldPage[]): Promise<void> {
  const redirects = pages.filter((page) => page.to !== undefined);
  if (redirects.length === 0) return;
  const document = parseDocument(await readFile(file, "utf8"));
  const map = document.createNode(Object.fromEntries(redirects.map((page) => [page.url, page.to])));
  map.commentBefore =
    " Pages of the old site that no file makes here (its lists, tags, archives), each a 301 to its counterpart";
  document.set("redirects", map);
  await writeFile(file, document.toString());
}
