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
import { basename, join } from "node:path";
import { startsWithFrontmatter } from "../content/tree.ts";
import { isMarkdown, isRecord, readConfig, terms, text } from "./read.ts";
import type { JekyllSite } from "./jekyll-permalinks.ts";
import { isPageAddress, listingOf, pageList } from "./jekyll-pages.ts";
import type { ImportedSite } from "./model.ts";
import { collectionsOf, configValues, defaultsFor, defaultsOf, leftWhy } from "./jekyll-config.ts";
import { readPage, readPost } from "./jekyll-documents.ts";
import { withTranslations } from "./jekyll-translations.ts";
import { layoutLists, leftAsList } from "./jekyll-layouts.ts";
import { walkSource, type Refusal } from "./walk.ts";
import { pushAll } from "../collector.ts";

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
      // The configuration is read whatever `exclude` says (a site may list _config.yml there): it goes along for the Liquid.
      (path !== "_config.yml" &&
        exclude.some(
          (pattern) =>
            path === pattern.replace(/\/$/, "") || path.startsWith(`${pattern.replace(/\/$/, "")}/`),
        ))
    );
  });
  pushAll(refused, walk.refused);
  const old = (path: string) => `${basePath}${path}`;
  const listedBy = layoutLists(root);
  // The `lang` the defaults give each text that names none, recorded as each text's defaults are read: a language of the site's translations all the same.
  const defaultedLang = new Map<string, string>();
  const defaultsOfText = (path: string, file: string, kind: string) => {
    const values = defaultsFor(defaults, path, kind);
    const lang = text(values.lang);
    if (lang !== undefined) defaultedLang.set(file, lang);
    return values;
  };
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
      const postDefaults = defaultsOfText(path, file, "posts");
      const post = readPost({
        real,
        path,
        file,
        categories: parts.slice(0, postsAt),
        defaults: postDefaults,
        site,
        old,
        permalink: postsPermalink,
      });
      const layoutList = "why" in post ? undefined : listedBy(post.data.layout ?? postDefaults.layout);
      if ("why" in post) imported.left.push({ file, ...post });
      // A post whose layout is a list of the site's (a theme's blog page, kept in _posts/ at `/blog/`) is that list.
      else if (layoutList) imported.left.push(leftAsList(file, layoutList, post.oldUrls, basePath));
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
          defaults: defaultsOfText(path, file, label),
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
        // A document of HTML (with front matter) is a page whose body is HTML, published as written (src/content/markup.ts); each names its collection, which the site's Liquid reads as `site.<label>`.
        else
          imported.pages.push({
            ...page,
            data: { ...page.data, collection: label, ...(isMarkdown(path) ? {} : { markup: "html" }) },
          });
      }
    } else if (underscored || basename(path).startsWith("_")) {
      imported.left.push({ file, why: leftWhy(underscored ?? basename(path)) });
    } else if (startsWithFrontmatter(real)) {
      // Frontmatter (YAML, TOML or JSON) is what makes a file a page for Jekyll; of those, Markdown and HTML are texts.
      const html = /\.html?$/i.test(path);
      if (!html && !isMarkdown(path)) {
        imported.left.push({
          file,
          why: "a file Jekyll renders (it has front matter): sitegen makes its own feeds, sitemap and stylesheets",
          oldUrls: [old(`/${path.replace(/\.s[ac]ss$/, ".css")}`)],
        });
        continue;
      }
      const pageDefaults = defaultsOfText(path, file, "pages");
      const page = readPage({ real, path, file, defaults: pageDefaults, site, old });
      // A list of the site's posts, tags or pages, by its own Liquid or by its layout's, is the new site's own to make.
      const lists =
        "why" in page
          ? undefined
          : pageList(
              (html ? listingOf(page.body) : undefined) ?? listedBy(page.data.layout ?? pageDefaults.layout),
              page.data,
              page.body,
            );
      if ("why" in page) imported.left.push({ file, why: page.why });
      else if (lists)
        imported.left.push(
          leftAsList(file, lists, page.oldUrls, basePath, text(page.data.lang ?? pageDefaults.lang)),
        );
      else if (!html) imported.pages.push(page);
      else if (!isPageAddress(page.oldUrls[0]) || path === "404.html")
        imported.left.push({
          file,
          why:
            path === "404.html"
              ? "the old site's page for an address it does not have: sitegen makes its own"
              : "a file Jekyll renders at an address no page has: sitegen makes its own feeds and indexes",
          oldUrls: page.oldUrls,
        });
      else imported.pages.push({ ...page, data: { ...page.data, markup: "html" } });
    } else {
      imported.files.push({ name: path, path: real, oldUrl: old(`/${path}`) });
    }
  }
  return withTranslations(imported, text(data.lang) ?? text(data.default_lang), defaultedLang);
}
