/**
 * What a Jekyll post's Liquid reads, as Jekyll gives it: `site` (the
 * configuration _config.yml gave, with site.yaml's settings over it, and the
 * site's posts, pages, tags and data) and `page` (the text's frontmatter
 * with its URL, date and title). Made once a build from the manifest, on the
 * main thread, and sent to the render workers as plain data: a worker has
 * the manifest without its routes. Its fingerprint stands for all of it, the
 * includes too: a page whose Liquid ran is made again when it changes
 * (src/render/liquid/links.ts).
 */
import { createHash } from "node:crypto";
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";

export interface LiquidSite {
  /** `site` as the templates read it. */
  site: Record<string, unknown>;
  /** content/_includes/'s files by their path from there: the only files `{% include %}` finds. */
  includes: Record<string, string>;
  /** The hash of `site` and `includes`. */
  fingerprint: string;
}

/** The Liquid a Jekyll site's pages run with, or undefined for content that is not Jekyll's. */
export function liquidSite(manifest: Manifest): LiquidSite | undefined {
  const jekyll = manifest.jekyll;
  if (!jekyll) return undefined;
  const posts = manifest.posts.map(liquidPage);
  const tags = new Map<string, Record<string, unknown>[]>();
  manifest.posts.forEach((route, index) => {
    for (const tag of route.tags) tags.set(tag, [...(tags.get(tag) ?? []), posts[index]]);
  });
  const { name, summary, languages } = manifest.site;
  const site: Record<string, unknown> = {
    ...jekyll.config,
    title: name,
    description: summary,
    lang: languages[0],
    // A site here is served at its origin's root, as links.ts has always read these two.
    url: manifest.baseUrl,
    baseurl: "",
    time: new Date(manifest.generated),
    posts,
    pages: manifest.pages.map(liquidPage),
    tags: Object.fromEntries([...tags].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    data: jekyll.data,
    static_files: staticFiles(manifest),
    ...collectionsOf(jekyll.config.collections, manifest),
  };
  // Without the build's time, which is new at every build: a post would never be taken from the cache for it, and posts rarely show it.
  const { time: _time, ...read } = site;
  const fingerprint = createHash("sha256")
    .update(JSON.stringify(read))
    .update("\0")
    .update(JSON.stringify(jekyll.includes))
    .digest("base64url");
  return { site, includes: jekyll.includes, fingerprint };
}

/**
 * The site's files published as they are (content/static/, where the import puts a Jekyll site's other files), as
 * Jekyll's `site.static_files` lists them: a home's gallery loops over those of a folder (`where_exp: "file",
 * "file.path contains '/images/pics/'"`). Each with its path from the site's root, its name, basename and extension.
 */
function staticFiles(manifest: Manifest): Record<string, string>[] {
  return manifest.published
    .filter((file) => !file.bundle && file.variantOf === undefined)
    .map(({ path }) => {
      const name = path.slice(path.lastIndexOf("/") + 1);
      const dot = name.lastIndexOf(".");
      return {
        path,
        name,
        basename: dot > 0 ? name.slice(0, dot) : name,
        extname: dot > 0 ? name.slice(dot) : "",
      };
    });
}

/**
 * Each collection _config.yml declares (`collections: { releases: … }`, or a list of labels) as `site.<label>`,
 * its documents in the order of their paths, as Jekyll gives them: the pages that name it (`collection:
 * releases`, as `sitegen import` moves each document of one). `site.posts` and the others above are Jekyll's own.
 */
function collectionsOf(declared: unknown, manifest: Manifest): Record<string, Record<string, unknown>[]> {
  const labels = Array.isArray(declared)
    ? declared.map(String)
    : typeof declared === "object" && declared !== null
      ? Object.keys(declared)
      : [];
  const own = new Set(["posts", "pages", "tags", "data", "categories"]);
  const pages = [...manifest.pages].sort((a, b) => (a.sourcePath < b.sourcePath ? -1 : 1));
  return Object.fromEntries(
    labels
      .filter((label) => !own.has(label))
      .map((label) => [label, pages.filter((route) => route.params.collection === label).map(liquidPage)]),
  );
}

/**
 * A text's `lang` as its Jekyll source wrote it (`zh_CN`), where sitegen reads it as a language tag (`zh-CN`):
 * what `page.lang` was to the site's Liquid, which keys data files and addresses by it. `sitegen import` writes it.
 */
export const LANG_AS_WRITTEN = "lang_as_written";

/**
 * A page or post as Jekyll's `page` and `site.posts` show it: its own fields
 * (sitegen's and those it keeps as `params`), and the URL from the site's
 * root, as Jekyll's `url` is, and the date as a time the date filters read.
 */
export function liquidPage(route: PageRoute): Record<string, unknown> {
  return {
    ...route.params,
    title: route.title,
    description: route.description,
    excerpt: route.description,
    url: route.path,
    id: route.path,
    lang: typeof route.params[LANG_AS_WRITTEN] === "string" ? route.params[LANG_AS_WRITTEN] : route.lang,
    tags: route.tags,
    ...(route.published !== undefined ? { date: new Date(route.published) } : {}),
    ...(route.slug !== undefined ? { slug: route.slug } : {}),
    ...(route.author !== undefined ? { author: route.author } : {}),
    ...(route.image !== undefined ? { image: route.image } : {}),
    ...(route.updated !== undefined ? { last_modified_at: route.updated } : {}),
  };
}
