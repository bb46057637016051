/**
 * A Jekyll site as Jekyll 4.3 reads it: `_config.yml` (its `permalink`,
 * `timezone`, `url`, `baseurl`, `collections`, `defaults`, `exclude`);
 * posts in `_posts/` (and `<category>/_posts/`) named `YYYY-MM-DD-title`;
 * pages anywhere in the tree (a file with front matter: Markdown is a page,
 * any other is a template whose output sitegen makes its own way or not at
 * all); the documents of each collection Jekyll writes (`output: true`); and
 * every other file not starting with `_` or `.` published as it is.
 */
import { existsSync } from "node:fs";
import { canonicalTag } from "../content/languages.ts";
import { basename, join } from "node:path";
import { startsWithFrontmatter } from "../content/tree.ts";
import { isMarkdown, isRecord, readConfig, readDocument, terms, text } from "./read.ts";
import { JEKYLL_STYLES, jekyllPageUrl, jekyllUrl, type JekyllSite } from "./jekyll-permalinks.ts";
import { inZone, isPageAddress, listingOf } from "./jekyll-pages.ts";
import type { ImportedDocument, ImportedSite } from "./model.ts";
import { walkSource, type Refusal } from "./walk.ts";
import { pushAll } from "../collector.ts";

/** A post's file name as Jekyll's DATE_FILENAME_MATCHER reads it: a month and a day of one digit or two (`2017-4-20-title`). */
const DATED_NAME = /^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$/;
/** What Jekyll 4.3 never publishes (its defaults for `exclude`); everything else it does, a repository's README and licence included. */
const NOT_PUBLISHED = new Set([
  "Gemfile",
  "Gemfile.lock",
  "node_modules",
  "vendor",
  "gemfiles",
  ".sass-cache",
  ".jekyll-cache",
]);
export const JEKYLL_CONFIGS = ["_config.yml", "_config.yaml", "_config.toml"];

interface Collection {
  output: boolean;
  permalink?: string;
}

interface Default {
  path: string;
  type?: string;
  values: Record<string, unknown>;
}

/**
 * Each text, number and true or false of `_config.yml` by its dotted path (`author.name`): what Liquid fills
 * `{{ site.author.name }}` with. Lists and what Jekyll computes (its pages, posts, time) are no such value.
 */
function configValues(
  data: Record<string, unknown>,
  prefix = "",
  values = new Map<string, string>(),
): Map<string, string> {
  for (const [name, value] of Object.entries(data)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      values.set(`${prefix}${name}`, String(value));
    else if (value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date))
      configValues(value as Record<string, unknown>, `${prefix}${name}.`, values);
  }
  return values;
}

export function readJekyll(root: string, shown: (path: string) => string, refused: Refusal[]): ImportedSite {
  const configFile = JEKYLL_CONFIGS.map((name) => join(root, name)).find((path) => existsSync(path));
  const config = configFile ? readConfig(configFile, shown(configFile)) : { data: {} };
  const data = config.data;
  const exclude = terms(data.exclude);
  const collections = collectionsOf(data.collections);
  // Jekyll's posts are a collection too: `collections: posts: permalink:` is their pattern, over the site's.
  const postsPermalink =
    isRecord(data.collections) && isRecord(data.collections.posts)
      ? text(data.collections.posts.permalink)
      : undefined;
  // Collections may live in a folder of their own (`collections_dir`), posts and drafts with them.
  const collectionsDir = (text(data.collections_dir) ?? "").replace(/^\.?\/+|\/+$/g, "");
  const defaults = defaultsOf(data.defaults);
  const site: JekyllSite = { permalink: text(data.permalink), timezone: text(data.timezone) };
  const basePath = (text(data.baseurl) ?? "").replace(/\/+$/, "").replace(/^(?=[^/])/, "/");
  const origin = text(data.url)?.replace(/\/+$/, "");
  const imported: ImportedSite = {
    generator: "jekyll",
    site: {
      name: text(data.title),
      description: text(data.description),
      origin,
      basePath,
      languages: text(data.lang) ? [text(data.lang)!] : [],
      values: configValues(data),
    },
    posts: [],
    pages: [],
    files: [],
    left: configFile
      ? [
          {
            file: shown(configFile),
            why:
              config.problem ??
              "Jekyll's configuration: its title, description, url and lang went to site.yaml",
          },
        ]
      : [],
  };
  const walk = walkSource(root, root, (path, folder) => {
    const name = path.slice(path.lastIndexOf("/") + 1);
    return (
      path === "_site" ||
      path === ".jekyll-cache" ||
      NOT_PUBLISHED.has(path) ||
      (folder && NOT_PUBLISHED.has(name)) ||
      exclude.some(
        (pattern) => path === pattern.replace(/\/$/, "") || path.startsWith(`${pattern.replace(/\/$/, "")}/`),
      )
    );
  });
  pushAll(refused, walk.refused);
  const old = (path: string) => `${basePath}${path}`;
  for (const { path, real } of walk.files) {
    const inCollections = collectionsDir !== "" && path.startsWith(`${collectionsDir}/`);
    const parts = (inCollections ? path.slice(collectionsDir.length + 1) : path).split("/");
    const file = shown(join(root, path));
    // Its configuration, includes and data go along as they are: the posts' Liquid runs with them (src/content/jekyll-files.ts).
    if (path === "_config.yml" || parts[0] === "_includes" || parts[0] === "_data")
      (imported.liquid ??= []).push({ name: path, path: real });
    if (JEKYLL_CONFIGS.includes(path) || parts[0] === "_includes" || parts[0] === "_data") continue;
    const underscored = parts.slice(0, -1).find((part) => part.startsWith("_"));
    const postsAt = parts.indexOf("_posts");
    const collection = parts[0].startsWith("_") ? collections.get(parts[0].slice(1)) : undefined;
    if (postsAt >= 0 && parts.slice(0, postsAt).every((part) => !part.startsWith("_"))) {
      if (!isMarkdown(path) && !(/\.html?$/i.test(path) && startsWithFrontmatter(real))) {
        imported.left.push({
          file,
          why: "a file in _posts/ that is neither Markdown nor HTML with front matter: Jekyll publishes no post from it",
        });
        continue;
      }
      const post = readPost({
        real,
        path,
        file,
        categories: parts.slice(0, postsAt),
        defaults: defaultsFor(defaults, path, "posts"),
        site,
        old,
        permalink: postsPermalink,
      });
      if ("why" in post) imported.left.push({ file, ...post });
      else imported.posts.push(isMarkdown(path) ? post : { ...post, data: { ...post.data, markup: "html" } });
    } else if (collection && parts.length > 1) {
      const label = parts[0].slice(1);
      const document =
        !isMarkdown(path) && !/\.html?$/i.test(path)
          ? undefined
          : startsWithFrontmatter(real) || isMarkdown(path);
      if (!collection.output)
        imported.left.push({
          file,
          why: `in the collection ${label}, which Jekyll does not write (\`output: false\`)`,
        });
      else if (!document && !startsWithFrontmatter(real)) {
        // A file of a collection without front matter is copied as it is, at the collection's address.
        imported.files.push({
          name: `${label}/${parts.slice(1).join("/")}`,
          path: real,
          oldUrl: old(`/${label}/${parts.slice(1).join("/")}`),
        });
      } else if (!document)
        imported.left.push({
          file,
          why: `a file of the collection ${label} that Jekyll renders but is neither Markdown nor HTML: not moved`,
        });
      else {
        const page = readPage({
          real,
          path,
          file,
          defaults: defaultsFor(defaults, path, label),
          site,
          old,
          collection: {
            label,
            path: parts
              .slice(1)
              .join("/")
              .replace(/\.[^./]+$/, ""),
            permalink: collection.permalink,
          },
        });
        if ("why" in page) imported.left.push({ file, why: page.why });
        // A document of HTML (with front matter) is a page whose body is HTML, published as written (src/content/markup.ts).
        else
          imported.pages.push(isMarkdown(path) ? page : { ...page, data: { ...page.data, markup: "html" } });
      }
    } else if (underscored || basename(path).startsWith("_")) {
      imported.left.push({ file, why: leftWhy(underscored ?? basename(path)) });
    } else if (startsWithFrontmatter(real)) {
      // Frontmatter (YAML, TOML or JSON) is what makes a file a page for Jekyll.
      if (isMarkdown(path)) {
        const page = readPage({
          real,
          path,
          file,
          defaults: defaultsFor(defaults, path, "pages"),
          site,
          old,
        });
        if ("why" in page) imported.left.push({ file, why: page.why });
        else imported.pages.push(page);
      } else if (/\.html?$/i.test(path)) {
        const page = readPage({
          real,
          path,
          file,
          defaults: defaultsFor(defaults, path, "pages"),
          site,
          old,
        });
        const lists = "why" in page ? undefined : listingOf(page.body, [...collections.keys()]);
        if ("why" in page) imported.left.push({ file, why: page.why });
        else if (lists || !isPageAddress(page.oldUrls[0]) || path === "404.html") {
          // A list of the site's posts, tags or pages is the new site's own to make: its address answers with a 301 to that list (published/old-pages.ts).
          const why = lists
            ? `a list of the site's ${lists.term ? `posts in ${lists.of === "tags" ? "the tag" : "the category"} ${lists.term}` : lists.of} (its Liquid reads them): sitegen makes its own lists, and the old address leads to the new one`
            : path === "404.html"
              ? "the old site's page for an address it does not have: sitegen makes its own"
              : "a file Jekyll renders at an address no page has: sitegen makes its own feeds and indexes";
          imported.left.push({
            file,
            why,
            oldUrls: page.oldUrls,
            ...(lists?.term ? { listsTerm: lists.term } : {}),
          });
        } else imported.pages.push({ ...page, data: { ...page.data, markup: "html" } });
      } else {
        imported.left.push({
          file,
          why: "a file Jekyll renders (it has front matter): sitegen makes its own feeds, sitemap and stylesheets",
          oldUrls: [old(`/${path.replace(/\.s[ac]ss$/, ".css")}`)],
        });
      }
    } else {
      imported.files.push({ name: path, path: real, oldUrl: old(`/${path}`) });
    }
  }
  return withTranslations(imported, text(data.lang) ?? text(data.default_lang));
}

/**
 * A site whose pages and posts name several languages in `lang` (a folder
 * for each, as ruby-lang.org keeps them, or jekyll-polyglot's `lang:`)
 * holds translations, which Jekyll knows nothing of and the site's templates
 * pair: a text is known in each language by its address below its
 * language's folder (`/de/news/2025/…` and `/en/news/2025/…`), else by its
 * own. The default language is _config.yml's `lang` (jekyll-polyglot's
 * `default_lang`), else the one most of them are written in.
 */
function withTranslations(site: ImportedSite, configured: string | undefined): ImportedSite {
  const documents = [...site.posts, ...site.pages];
  const langOf = (document: ImportedDocument) => canonicalTag(text(document.data.lang) ?? "");
  const counts = new Map<string, number>();
  for (const document of documents) {
    const lang = langOf(document);
    if (lang) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  if (counts.size < 2) return site;
  const fallback = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
  const translated = (document: ImportedDocument): ImportedDocument => {
    const lang = langOf(document);
    if (!lang) return document;
    const old = document.oldUrls[0];
    const address =
      old !== undefined && old.startsWith(`${site.site.basePath}/`)
        ? old.slice(site.site.basePath.length)
        : `/${document.stem}`;
    const [, first, rest] = /^\/([^/]+)(\/.*)?$/.exec(address) ?? [];
    const below =
      first !== undefined && canonicalTag(first)?.toLowerCase() === lang.toLowerCase()
        ? (rest ?? "/")
        : address;
    return { ...document, lang, translationKey: `${document.kind}:${below}` };
  };
  const languages =
    site.site.languages.length > 0 ? site.site.languages : [canonicalTag(configured ?? "") ?? fallback];
  return {
    ...site,
    site: { ...site.site, languages },
    posts: site.posts.map(translated),
    pages: site.pages.map(translated),
  };
}

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

function readPost(
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

function readPage(
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

function collectionsOf(value: unknown): Map<string, Collection> {
  const collections = new Map<string, Collection>([["posts", { output: true }]]);
  if (Array.isArray(value)) for (const label of value) collections.set(String(label), { output: false });
  else if (isRecord(value)) {
    for (const [label, meta] of Object.entries(value))
      collections.set(label, {
        output: isRecord(meta) && meta.output === true,
        permalink: isRecord(meta) ? text(meta.permalink) : undefined,
      });
  }
  collections.delete("posts");
  return collections;
}

function defaultsOf(value: unknown): Default[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((entry) => {
    const scope = isRecord(entry.scope) ? entry.scope : {};
    return {
      path: (text(scope.path) ?? "").replace(/^\/+|\/+$/g, ""),
      type: text(scope.type),
      values: isRecord(entry.values) ? entry.values : {},
    };
  });
}

/** Front matter defaults that apply to a file (by path prefix and type), later ones over earlier ones, as Jekyll merges them. */
function defaultsFor(defaults: Default[], path: string, type: string): Record<string, unknown> {
  const applied: Record<string, unknown> = {};
  for (const entry of defaults) {
    if (entry.type !== undefined && entry.type !== type) continue;
    if (
      entry.path !== "" &&
      path !== entry.path &&
      !path.startsWith(`${entry.path}/`) &&
      !new RegExp(`^${entry.path.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}(/|$)`).test(
        path,
      )
    )
      continue;
    Object.assign(applied, entry.values);
  }
  return applied;
}

function leftWhy(folder: string): string {
  if (folder === "_layouts" || folder === "_includes")
    return "Jekyll's templates: sitegen's are in templates/";
  if (folder === "_data") return "Jekyll's data files: sitegen reads none; site.yaml holds the site's facts";
  if (folder === "_drafts") return "a Jekyll draft: not published there, and not moved";
  if (folder === "_sass") return "Jekyll's stylesheets: sitegen's are in templates/assets/";
  return `in Jekyll's ${folder}/ folder, which it does not publish`;
}
