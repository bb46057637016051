/**
 * A source site as the files of a sitegen site. Posts go to content/blog/
 * under their own file names (a bundle as a folder with its files); pages
 * keep their addresses (content/pages/docs/history.md is /docs/history/, a
 * folder's page its index.md), the home's and the blog's text going to the
 * site's own; every old address that is not the new one becomes an alias
 * (the no-slash form of an address kept, too, as the old hosts answered
 * it); every link to an old address follows the move (links.ts); site-wide
 * files keep their paths in content/static/, less those the build makes
 * itself. Pure: the files are planned here and written by index.ts. Its
 * stages: where each text goes (place.ts), its links and template tags
 * (links.ts, convert.ts), and the file it is written as (written.ts).
 */
import { readFileSync } from "node:fs";
import { canonicalTag } from "../content/languages.ts";
import { readFileName } from "../content/file-name.ts";
import { STATIC_DIR } from "../content/site-files.ts";
import { convertBody } from "./convert.ts";
import { angledDestinations } from "./kramdown-links.ts";
import { anchorsOf, readableHeadingIds, type Anchors } from "./anchors.ts";
import type { HeadingIdStyle } from "../content/types.ts";
import { oldForms, rewriteLinks, type Moves } from "./links.ts";
import type { ImportedDocument, ImportedSite, LeftOut } from "./model.ts";
import { isDefault, placePages, placePosts, safeDecode, stripBase } from "./place.ts";
import { text } from "./read.ts";
import { aliasesOf, frontmatter, imageOf, markdownFile } from "./written.ts";
import { pushAll } from "../collector.ts";

export interface PlannedFile {
  /** Inside the site, `/`-separated: `content/blog/x.md`. */
  path: string;
  body: string | Uint8Array;
  /** The source it comes from, as messages name it. */
  from: string;
  /** A page of the starter's this one takes the place of (`content/pages/about.md` for `about/index.md`). */
  replaces?: string;
}

export interface ImportPlan {
  files: PlannedFile[];
  /** Each template form converted, with how many. */
  converted: Map<string, number>;
  /** Template tags left as written, by `file:line`. */
  notConverted: { file: string; line: number; tag: string }[];
  /** How many old addresses became aliases, and how many links were rewritten to new paths. */
  aliases: number;
  links: number;
  /** Documents whose old address could not be computed, with why. */
  unknownUrls: { file: string; why: string }[];
  /** The fields kept as params, by name, with how many files have each. */
  kept: Map<string, number>;
  /** Source documents and files not moved, with why. */
  skipped: LeftOut[];
  /** Each moved document's old addresses and where it is now: for the report and for checking an import. */
  moved: { file: string; from: string[]; to: string }[];
  /** Links to an address of the site that nothing answers now: kept as written, by file:line. */
  unresolved: { file: string; line: number; url: string }[];
  /** Old addresses of what was not moved, which the new site does not answer. */
  lost: { url: string; file: string; why: string }[];
}

/** The fields sitegen reads (with other generators' names for them): any other is kept as a param. */
const READ_FIELDS = new Set([
  "permalink",
  "url",
  "title",
  "description",
  "summary",
  "excerpt",
  "date",
  "updated",
  "lastmod",
  "last_modified_at",
  "tags",
  "categories",
  "category",
  "lang",
  "status",
  "draft",
  "published",
  "slug",
  "author",
  "image",
  "aliases",
  "redirect_from",
  "markup",
]);

/** The files the build makes at the site's root: a source's own would be refused. */
const BUILT = new Set([
  "robots.txt",
  "sitemap.xml",
  "llms.txt",
  "llms-full.txt",
  "agent-instructions.md",
  "blog-index.json",
  "openapi.json",
  "feed.xml",
  "atom.xml",
  "rss.xml",
  "index.xml",
  "404.html",
  "index.html",
  "index.md",
  "_headers",
  "_redirects",
  "_routes.json",
  "_worker.js",
]);
/** A page of the starter that a moved site's own takes the place of, by its path. */
const STARTER_PAGES = new Map([
  ["", "content/pages/index.md"],
  ["about", "content/pages/about.md"],
  ["blog", "content/pages/blog.md"],
]);

export interface PlanOptions {
  /** The day pages without one are dated, YYYY-MM-DD. */
  date: string;
  /** Whether the target site's templates publish a path (its assets). */
  published?: (path: string) => boolean;
  /** How a source file is named in messages. */
  shown?: (path: string) => string;
  /** Files of the target site a site-wide file may not take the place of (its templates' root files and assets). */
  taken?: (staticName: string) => string | undefined;
  /** How the new site spells heading ids (site.yaml's `markdown.heading_ids`, anchors.ts `headingIdsOf`): the moved links' fragments are read with it. */
  headingIds?: HeadingIdStyle;
}

export function planImport(site: ImportedSite, options: PlanOptions): ImportPlan {
  const plan: ImportPlan = {
    files: [],
    converted: new Map(),
    notConverted: [],
    aliases: 0,
    links: 0,
    unknownUrls: [],
    kept: new Map(),
    skipped: [],
    moved: [],
    unresolved: [],
    lost: [],
  };
  const shown = options.shown ?? ((path: string) => path);
  const defaultLang = site.site.languages[0];
  // A post with no date at all (Hugo's pages of the main section, an Eleventy post dated by its file) is a page at its own address.
  // A name dated as Jekyll reads one (`2017-4-20-tips`, a month of one digit) dates its post, as sitegen reads names (src/content/file-name.ts).
  const undated = site.posts.filter(
    (post) =>
      ["date", "publishDate", "pubDate"].every((field) => post.data[field] === undefined) &&
      readFileName(post.stem).date === undefined,
  );
  const posts = placePosts(
    site.posts.filter((post) => !undated.includes(post)),
    defaultLang,
    plan.skipped,
  );
  const lists = site.blogAddresses ?? [];
  const blog = site.pages.find((page) => page.role === "blog" && isDefault(page, defaultLang));
  const sitePages = [...site.pages, ...undated.map((post) => ({ ...post, kind: "page" as const }))];
  const withBlog =
    lists.length === 0
      ? sitePages
      : blog
        ? sitePages.map((page) => (page === blog ? { ...page, oldUrls: [...page.oldUrls, ...lists] } : page))
        : [
            ...sitePages,
            {
              file: "(the lists of posts)",
              data: { title: "Blog", description: "Every post, newest first." },
              body: "",
              bodyLine: 1,
              kind: "page" as const,
              stem: "blog",
              oldUrls: lists,
              bundle: [],
              role: "blog" as const,
            },
          ];
  const pages = placePages(withBlog, site.site.basePath, defaultLang, plan.skipped);
  // Heading ids written as sitegen reads them, before anything reads the texts.
  const placed = [...posts, ...pages].map((each) => ({
    ...each,
    document: { ...each.document, body: readableHeadingIds(each.document.body) },
  }));

  // Where every old address went: documents, then their own files.
  const byOld = new Map<string, string>();
  for (const { document, path } of placed)
    for (const old of document.oldUrls)
      for (const form of oldForms(old)) if (!byOld.has(form)) byOld.set(form, path);
  for (const { document, path } of placed.filter(({ document }) => document.kind === "post"))
    for (const file of document.bundle)
      if (file.oldUrl) byOld.set(decodeURI(file.oldUrl), `${path}${encodeURI(file.name)}`);
  const staticFiles = site.files
    .map((file) => ({ file, name: decodeURIComponent((file.oldUrl ?? `/${file.name}`).slice(1)) }))
    .map((each) => ({ ...each, refused: refusedStatic(each.name, options) }));
  const current = new Set([
    ...placed.map(({ path }) => path),
    ...staticFiles.filter(({ refused }) => !refused).map(({ name }) => `/${name}`),
    ...placed.flatMap(({ document, path }) => document.bundle.map((file) => `${path}${file.name}`)),
  ]);
  // Every sitegen site has a home and a blog page (the starter's, where the source had none).
  const answers = (path: string) =>
    path === "/" ||
    path === "/blog/" ||
    BUILT.has(path.slice(1)) ||
    current.has(path.replace(/\.md$/, "/")) ||
    path === "/index.md" ||
    (options.published?.(path) ?? false);
  const anchorsByPath = new Map(
    placed.map(({ document, path }) => [
      path,
      () =>
        anchorsOf(
          document.body,
          canonicalTag(document.lang ?? text(document.data.lang) ?? defaultLang ?? "en"),
          options.headingIds,
        ),
    ]),
  );
  const anchorCache = new Map<string, Anchors>();
  const anchors = (path: string) => {
    const make = anchorsByPath.get(path);
    if (!make) return undefined;
    if (!anchorCache.has(path)) anchorCache.set(path, make());
    return anchorCache.get(path);
  };
  const bySource = new Map(placed.map(({ document, path }) => [document.file, path]));
  const moves: Moves = { byOld, current, origin: site.site.origin, answers, anchors, bySource };
  const byStem = new Map(posts.map(({ document, path }) => [document.stem, path]));
  const conversions = {
    postUrl: (name: string) => byStem.get(name.replace(/\.(md|markdown)$/, "")),
    linkUrl: (path: string) =>
      [...bySource].find(([file]) => file === path || file.endsWith(`/${path.replace(/^\/+/, "")}`))?.[1],
    origin: site.site.origin,
    basePath: site.site.basePath,
    values: site.site.values,
    liquid: site.liquid !== undefined,
    templates: templatesOf(site.generator),
  };

  const body = (document: ImportedDocument, path: string) => {
    // kramdown's addresses with spaces (`![](flow abstract.gif)`), in the form CommonMark reads: Jekyll's Markdown texts only.
    const angled =
      site.generator === "jekyll" && document.data.markup !== "html"
        ? angledDestinations(document.body)
        : { body: document.body, count: 0 };
    if (angled.count > 0)
      plan.converted.set(
        "address with spaces",
        (plan.converted.get("address with spaces") ?? 0) + angled.count,
      );
    const result = convertBody(angled.body, document.bodyLine, conversions);
    for (const [kind, count] of result.converted)
      plan.converted.set(kind, (plan.converted.get(kind) ?? 0) + count);
    pushAll(
      plan.notConverted,
      result.left.map((tag) => ({ file: document.file, ...tag })),
    );
    for (const name of Object.keys(document.data))
      if (!READ_FIELDS.has(name)) plan.kept.set(name, (plan.kept.get(name) ?? 0) + 1);
    const links = rewriteLinks(
      result.body,
      { oldUrl: document.oldUrls[0], self: path, file: document.file, lineAt: document.bodyLine },
      moves,
    );
    plan.links += links.rewritten;
    pushAll(
      plan.unresolved,
      links.unresolved.map((each) => ({ file: document.file, ...each })),
    );
    return links.text;
  };
  // Texts the source knows as translations of one another (Hugo's) keep that as their `translationKey`.
  const languagesOf = new Map<string, Set<string>>();
  for (const { document } of placed)
    if (document.translationKey)
      languagesOf.set(
        document.translationKey,
        (languagesOf.get(document.translationKey) ?? new Set()).add(document.lang ?? defaultLang ?? ""),
      );
  const translationKey = (document: ImportedDocument) =>
    document.translationKey && (languagesOf.get(document.translationKey)?.size ?? 0) > 1
      ? document.translationKey
      : undefined;
  // An address answers with one page: a page's own before another's alias (Hugo writes the page over the alias's redirect), the first alias before a later one.
  const claimed = new Map<string, string>();
  for (const { document, path } of placed)
    for (const form of oldForms(path)) claimed.set(form, document.file);
  for (const { document, path, target } of placed) {
    if (document.oldUrls.length === 0 && document.oldUrlUnknown)
      plan.unknownUrls.push({ file: document.file, why: document.oldUrlUnknown });
    const aliases = aliasesOf(document, path).filter((alias) => {
      const owner = oldForms(alias)
        .map((form) => claimed.get(form))
        .find((file) => file !== undefined && file !== document.file);
      if (owner)
        plan.skipped.push({
          file: document.file,
          why: `its old address ${alias} is ${owner.startsWith("(") ? "another's" : `the address of ${owner}`}, which answers there: not kept as an alias`,
        });
      else for (const form of oldForms(alias)) claimed.set(form, document.file);
      return owner === undefined;
    });
    plan.aliases += aliases.length;
    plan.moved.push({ file: document.file, from: document.oldUrls, to: path });
    const key = translationKey(document);
    const data = frontmatter(
      key ? { ...document, data: { ...document.data, translationKey: key } } : document,
      {
        aliases,
        defaultLang,
        date: options.date,
        image: document.kind === "post" ? imageOf(document, path) : undefined,
        siteName: site.site.name,
      },
    );
    plan.files.push({
      path: target,
      body: markdownFile(data, body(document, path)),
      from: document.file,
      ...(STARTER_PAGES.has(pagePathOf(target)) ? { replaces: STARTER_PAGES.get(pagePathOf(target)) } : {}),
    });
    // A page's own files are published where it is, as the site's files.
    const folder =
      document.kind === "page"
        ? `content/${STATIC_DIR}${path}`.replace(/\/$/, "")
        : target.slice(0, target.lastIndexOf("/"));
    for (const file of document.bundle)
      plan.files.push({
        path: `${folder}/${file.name}`,
        body: readFileSync(file.path),
        from: shown(file.path),
      });
    // A moved page's files answer where they were too: a page has no aliases for its files.
    const was =
      document.kind === "page" && document.oldUrls[0] !== undefined
        ? safeDecode(document.oldUrls[0]).replace(/\/?$/, "/")
        : undefined;
    if (was && was !== path)
      for (const file of document.bundle)
        plan.files.push({
          path: `content/${STATIC_DIR}${was}${file.name}`,
          body: readFileSync(file.path),
          from: shown(file.path),
        });
  }
  // A Jekyll site's own configuration, includes and data, where the build reads them for its posts' Liquid.
  for (const file of site.liquid ?? [])
    plan.files.push({ path: `content/${file.name}`, body: readFileSync(file.path), from: shown(file.path) });
  for (const { file, name, refused } of staticFiles) {
    if (refused)
      plan.skipped.push({
        file: shown(file.path),
        why: `${refused}: not copied`,
        oldUrls: file.oldUrl ? [file.oldUrl] : [],
      });
    else
      plan.files.push({
        path: `content/${STATIC_DIR}/${name}`,
        body: readFileSync(file.path),
        from: shown(file.path),
      });
  }
  // A post of the source that no file of the new site holds did not arrive: the import stops at it unless the loss is accepted.
  const arrived = new Set(placed.map(({ document }) => document.file));
  const sourcePosts = new Set(site.posts.map((post) => post.file));
  for (const each of plan.skipped)
    if (sourcePosts.has(each.file) && !arrived.has(each.file)) each.post = true;
  for (const each of [...site.left, ...plan.skipped]) {
    for (const url of each.oldUrls ?? []) {
      const path = stripBase(safeDecode(url), site.site.basePath);
      if (!answers(path) && !current.has(path) && !byOld.has(safeDecode(url)))
        plan.lost.push({ url, file: each.file, why: each.why });
    }
  }
  return plan;
}

/** The template language the source's texts were run through: Liquid's tags mean nothing to Hugo, which shows `{% raw %}` as written, nor Hugo's shortcodes to Jekyll. */
function templatesOf(generator: ImportedSite["generator"]): "liquid" | "hugo" | "none" {
  if (generator === "hugo") return "hugo";
  return generator === "astro" ? "none" : "liquid";
}

/** Why a site-wide file is not copied: the build makes one at its path, sitegen answers its path as a page's, or the target site has its own. */
function refusedStatic(name: string, options: PlanOptions): string | undefined {
  const last = name.slice(name.lastIndexOf("/") + 1);
  if (BUILT.has(name) || name.startsWith("_sitegen/")) return "a file the build makes itself";
  if (!last.includes(".") || last.endsWith("."))
    return "a file without an extension: sitegen answers such a path as a page's, so the file would not be reached";
  return options.taken?.(name);
}

/** A page's path from its file: `content/pages/docs/index.md` is `docs`. */
function pagePathOf(target: string): string {
  return target
    .replace(/^content\/pages\//, "")
    .replace(/(^|\/)index\.md$/, "")
    .replace(/\.md$/, "");
}
