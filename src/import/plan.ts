/**
 * A source site as the files of a sitegen site. Posts go to content/blog/
 * under their own file names (a bundle as a folder with its files); pages
 * keep their addresses (content/pages/docs/history.md is /docs/history/, a
 * folder's page its index.md), the home's and the blog's text going to the
 * site's own; every old address that is not the new one becomes an alias
 * (the no-slash form of an address kept, too, as the old hosts answered
 * it); every link to an old address follows the move (links.ts); site-wide
 * files keep their paths in content/static/, less those the build makes
 * itself. Pure: the files are planned here and written by index.ts.
 */
import { readFileSync } from "node:fs";
import { stringify } from "yaml";
import { canonicalTag } from "../content/languages.ts";
import { readFileName } from "../content/file-name.ts";
import { STATIC_DIR } from "../content/site-files.ts";
import { slugify, slugProblem } from "../content/slug.ts";
import { convertBody } from "./convert.ts";
import { anchorsOf, readableHeadingIds, type Anchors } from "./anchors.ts";
import type { HeadingIdStyle } from "../content/types.ts";
import { oldForms, rewriteLinks, type Moves } from "./links.ts";
import type { ImportedDocument, ImportedSite, LeftOut } from "./model.ts";
import { terms, text } from "./read.ts";
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
const READ_FIELDS = new Set(["permalink", "url", "title", "description", "summary", "excerpt", "date", "updated", "lastmod", "last_modified_at", "tags", "categories", "category", "lang", "status", "draft", "published", "slug", "author", "image", "aliases", "redirect_from", "markup"]);

/** The files the build makes at the site's root: a source's own would be refused. */
const BUILT = new Set(["robots.txt", "sitemap.xml", "llms.txt", "llms-full.txt", "agent-instructions.md", "blog-index.json", "openapi.json", "feed.xml", "atom.xml", "rss.xml", "index.xml", "404.html", "index.html", "index.md", "_headers", "_redirects", "_routes.json", "_worker.js"]);
/** A page of the starter that a moved site's own takes the place of, by its path. */
const STARTER_PAGES = new Map([["", "content/pages/index.md"], ["about", "content/pages/about.md"], ["blog", "content/pages/blog.md"]]);

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

interface Placed {
  document: ImportedDocument;
  /** Its canonical path in the new site. */
  path: string;
  /** Its file in the new site. */
  target: string;
}

export function planImport(site: ImportedSite, options: PlanOptions): ImportPlan {
  const plan: ImportPlan = { files: [], converted: new Map(), notConverted: [], aliases: 0, links: 0, unknownUrls: [], kept: new Map(), skipped: [], moved: [], unresolved: [], lost: [] };
  const shown = options.shown ?? ((path: string) => path);
  const defaultLang = site.site.languages[0];
  // A post with no date at all (Hugo's pages of the main section, an Eleventy post dated by its file) is a page at its own address.
  const undated = site.posts.filter((post) => ["date", "publishDate", "pubDate"].every((field) => post.data[field] === undefined) && !/^\d{4}-\d{2}-\d{2}-/.test(post.stem));
  const posts = placePosts(site.posts.filter((post) => !undated.includes(post)), defaultLang, plan.skipped);
  const lists = site.blogAddresses ?? [];
  const blog = site.pages.find((page) => page.role === "blog" && isDefault(page, defaultLang));
  const sitePages = [...site.pages, ...undated.map((post) => ({ ...post, kind: "page" as const }))];
  const withBlog = lists.length === 0 ? sitePages : blog ? sitePages.map((page) => (page === blog ? { ...page, oldUrls: [...page.oldUrls, ...lists] } : page)) : [...sitePages, { file: "(the lists of posts)", data: { title: "Blog", description: "Every post, newest first." }, body: "", bodyLine: 1, kind: "page" as const, stem: "blog", oldUrls: lists, bundle: [], role: "blog" as const }];
  const pages = placePages(withBlog, site.site.basePath, defaultLang, plan.skipped);
  // Heading ids written as sitegen reads them, before anything reads the texts.
  const placed = [...posts, ...pages].map((each) => ({ ...each, document: { ...each.document, body: readableHeadingIds(each.document.body) } }));

  // Where every old address went: documents, then their own files.
  const byOld = new Map<string, string>();
  for (const { document, path } of placed) for (const old of document.oldUrls) for (const form of oldForms(old)) if (!byOld.has(form)) byOld.set(form, path);
  for (const { document, path } of placed.filter(({ document }) => document.kind === "post")) for (const file of document.bundle) if (file.oldUrl) byOld.set(decodeURI(file.oldUrl), `${path}${encodeURI(file.name)}`);
  const staticFiles = site.files.map((file) => ({ file, name: decodeURIComponent((file.oldUrl ?? `/${file.name}`).slice(1)) })).map((each) => ({ ...each, refused: refusedStatic(each.name, options) }));
  const current = new Set([...placed.map(({ path }) => path), ...staticFiles.filter(({ refused }) => !refused).map(({ name }) => `/${name}`), ...placed.flatMap(({ document, path }) => document.bundle.map((file) => `${path}${file.name}`))]);
  // Every sitegen site has a home and a blog page (the starter's, where the source had none).
  const answers = (path: string) => path === "/" || path === "/blog/" || BUILT.has(path.slice(1)) || current.has(path.replace(/\.md$/, "/")) || path === "/index.md" || (options.published?.(path) ?? false);
  const anchorsByPath = new Map(placed.map(({ document, path }) => [path, () => anchorsOf(document.body, canonicalTag(document.lang ?? text(document.data.lang) ?? defaultLang ?? "en"), options.headingIds)]));
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
    linkUrl: (path: string) => [...bySource].find(([file]) => file === path || file.endsWith(`/${path.replace(/^\/+/, "")}`))?.[1],
    origin: site.site.origin,
    basePath: site.site.basePath,
    values: site.site.values,
    liquid: site.liquid !== undefined,
  };

  const body = (document: ImportedDocument, path: string) => {
    const result = convertBody(document.body, document.bodyLine, conversions);
    for (const [kind, count] of result.converted) plan.converted.set(kind, (plan.converted.get(kind) ?? 0) + count);
    pushAll(plan.notConverted, result.left.map((tag) => ({ file: document.file, ...tag })));
    for (const name of Object.keys(document.data)) if (!READ_FIELDS.has(name)) plan.kept.set(name, (plan.kept.get(name) ?? 0) + 1);
    const links = rewriteLinks(result.body, { oldUrl: document.oldUrls[0], self: path, file: document.file, lineAt: document.bodyLine }, moves);
    plan.links += links.rewritten;
    pushAll(plan.unresolved, links.unresolved.map((each) => ({ file: document.file, ...each })));
    return links.text;
  };
  // Texts the source knows as translations of one another (Hugo's) keep that as their `translationKey`.
  const languagesOf = new Map<string, Set<string>>();
  for (const { document } of placed) if (document.translationKey) languagesOf.set(document.translationKey, (languagesOf.get(document.translationKey) ?? new Set()).add(document.lang ?? defaultLang ?? ""));
  const translationKey = (document: ImportedDocument) => (document.translationKey && (languagesOf.get(document.translationKey)?.size ?? 0) > 1 ? document.translationKey : undefined);
  // An address answers with one page: a page's own before another's alias (Hugo writes the page over the alias's redirect), the first alias before a later one.
  const claimed = new Map<string, string>();
  for (const { document, path } of placed) for (const form of oldForms(path)) claimed.set(form, document.file);
  for (const { document, path, target } of placed) {
    if (document.oldUrls.length === 0 && document.oldUrlUnknown) plan.unknownUrls.push({ file: document.file, why: document.oldUrlUnknown });
    const aliases = aliasesOf(document, path).filter((alias) => {
      const owner = oldForms(alias).map((form) => claimed.get(form)).find((file) => file !== undefined && file !== document.file);
      if (owner) plan.skipped.push({ file: document.file, why: `its old address ${alias} is ${owner.startsWith("(") ? "another's" : `the address of ${owner}`}, which answers there: not kept as an alias` });
      else for (const form of oldForms(alias)) claimed.set(form, document.file);
      return owner === undefined;
    });
    plan.aliases += aliases.length;
    plan.moved.push({ file: document.file, from: document.oldUrls, to: path });
    const key = translationKey(document);
    const data = frontmatter(key ? { ...document, data: { ...document.data, translationKey: key } } : document, { aliases, defaultLang, date: options.date, image: document.kind === "post" ? imageOf(document, path) : undefined, siteName: site.site.name });
    plan.files.push({ path: target, body: markdownFile(data, body(document, path)), from: document.file, ...(STARTER_PAGES.has(pagePathOf(target)) ? { replaces: STARTER_PAGES.get(pagePathOf(target)) } : {}) });
    // A page's own files are published where it is, as the site's files.
    const folder = document.kind === "page" ? `content/${STATIC_DIR}${path}`.replace(/\/$/, "") : target.slice(0, target.lastIndexOf("/"));
    for (const file of document.bundle) plan.files.push({ path: `${folder}/${file.name}`, body: readFileSync(file.path), from: shown(file.path) });
    // A moved page's files answer where they were too: a page has no aliases for its files.
    const was = document.kind === "page" && document.oldUrls[0] !== undefined ? safeDecode(document.oldUrls[0]).replace(/\/?$/, "/") : undefined;
    if (was && was !== path) for (const file of document.bundle) plan.files.push({ path: `content/${STATIC_DIR}${was}${file.name}`, body: readFileSync(file.path), from: shown(file.path) });
  }
  // A Jekyll site's own configuration, includes and data, where the build reads them for its posts' Liquid.
  for (const file of site.liquid ?? []) plan.files.push({ path: `content/${file.name}`, body: readFileSync(file.path), from: shown(file.path) });
  for (const { file, name, refused } of staticFiles) {
    if (refused) plan.skipped.push({ file: shown(file.path), why: `${refused}: not copied`, oldUrls: file.oldUrl ? [file.oldUrl] : [] });
    else plan.files.push({ path: `content/${STATIC_DIR}/${name}`, body: readFileSync(file.path), from: shown(file.path) });
  }
  // A post of the source that no file of the new site holds did not arrive: the import stops at it unless the loss is accepted.
  const arrived = new Set(placed.map(({ document }) => document.file));
  const sourcePosts = new Set(site.posts.map((post) => post.file));
  for (const each of plan.skipped) if (sourcePosts.has(each.file) && !arrived.has(each.file)) each.post = true;
  for (const each of [...site.left, ...plan.skipped]) {
    for (const url of each.oldUrls ?? []) {
      const path = stripBase(safeDecode(url), site.site.basePath);
      if (!answers(path) && !current.has(path) && !byOld.has(safeDecode(url))) plan.lost.push({ url, file: each.file, why: each.why });
    }
  }
  return plan;
}

/** Why a site-wide file is not copied: the build makes one at its path, sitegen answers its path as a page's, or the target site has its own. */
function refusedStatic(name: string, options: PlanOptions): string | undefined {
  const last = name.slice(name.lastIndexOf("/") + 1);
  if (BUILT.has(name) || name.startsWith("_sitegen/")) return "a file the build makes itself";
  if (!last.includes(".") || last.endsWith(".")) return "a file without an extension: sitegen answers such a path as a page's, so the file would not be reached";
  return options.taken?.(name);
}

/** Posts at content/blog/ by file name (a bundle as its folder); a translation beside its text, in its language. */
function placePosts(documents: ImportedDocument[], defaultLang: string | undefined, skipped: LeftOut[]): Placed[] {
  const slugs = new Map<string, string>();
  for (const document of documents) if (isDefault(document, defaultLang) && document.translationKey) slugs.set(document.translationKey, newSlug(document));
  const taken = new Set<string>();
  const placed: Placed[] = [];
  for (const document of documents) {
    const lang = isDefault(document, defaultLang) ? undefined : canonicalTag(document.lang!) ?? document.lang;
    const own = lang ? `${slugs.get(document.translationKey ?? "") ?? newSlug(document)}-${lang.toLowerCase()}` : newSlug(document);
    // Posts of one name on different days (`2017-05-01-meetings.md`, `2018-06-19-meetings.md`): each later one has its day after its name.
    const day = (/^\d{4}-\d{2}-\d{2}/.exec(document.stem) ?? /^\d{4}-\d{2}-\d{2}/.exec(String(document.data.date ?? "")))?.[0];
    const slug = taken.has(`slug:${own}`) && day ? `${own.slice(0, 60 - day.length - 1).replace(/-+$/, "")}-${day}` : own;
    // Its own file name, as a Markdown file sitegen reads (`.mdx` is written as `.md`).
    const written = document.file.split("/").at(-1)!.replace(/\.(?!md$|markdown$)[^.]+$/i, ".md");
    // A folder's own file (a bundle's `index.md` with no files beside it) is named as its folder.
    const name = /^index(\.[\w-]+)?\.(md|markdown)$/i.test(written) ? `${document.stem}.md` : written;
    const file = document.bundle.length > 0 ? `${document.stem}${lang ? `-${lang.toLowerCase()}` : ""}/index.md` : lang ? `${document.stem}.${lang}.md` : name;
    // Two files of one name in different folders: the later one is written under its day, or a number.
    const target = taken.has(`content/blog/${file}`) ? `content/blog/${file.replace(/(\.[\w-]+)?\.md$|\/index(\.[\w-]+)?\.md$/, (ending) => `-${day ?? taken.size}${ending}`)}` : `content/blog/${file}`;
    if (taken.has(target) || taken.has(`slug:${slug}`)) {
      skipped.push({ file: document.file, why: `another post of the source is written to ${target} (the slug ${slug})`, oldUrls: document.oldUrls });
      continue;
    }
    taken.add(target).add(`slug:${slug}`);
    placed.push({ document: lang || slug !== newSlug(document) ? { ...document, data: { ...document.data, slug, lang } } : document, path: `/blog/${slug}/`, target });
  }
  return placed;
}

/**
 * Pages at their old addresses (a base path left out, `.html` and `index`
 * dropped, each segment made a slug), a folder's page as its index.md; the
 * home's and the blog's list pages as the site's own home and blog pages.
 */
function placePages(documents: ImportedDocument[], basePath: string, defaultLang: string | undefined, skipped: LeftOut[]): Placed[] {
  const wanted = documents.map((document) => {
    if (document.role && isDefault(document, defaultLang)) return { document, path: document.role === "home" ? "" : "blog" };
    const old = document.oldUrls[0];
    const from = old !== undefined ? stripBase(old, basePath) : `/${document.stem}`;
    // Each segment made a slug; one in a script with no Latin spelling (Hugo's `/ja/リンク/`) takes the file's own name.
    const parts = from.replace(/(\/index)?\.html?$/i, "").split("/").filter(Boolean);
    const segments = parts.map((segment, index) => (slugProblem(segment) ? slugify(safeDecode(segment)) || (index === parts.length - 1 ? slugify(document.stem.replace(/^_?index$/, "")) : "") || "page" : segment));
    return { document, path: segments.join("/") };
  });
  const all = new Set(wanted.map(({ path }) => path));
  const taken = new Set<string>();
  const placed: Placed[] = [];
  for (const { document, path } of wanted) {
    if (path === "blog" && document.role !== "blog") {
      skipped.push({ file: document.file, why: "a page at /blog/, where the site's blog page lists the posts: its words go there by hand", oldUrls: document.oldUrls });
      continue;
    }
    if (path.startsWith("blog/")) {
      skipped.push({ file: document.file, why: `a page at /${path}/, under /blog/, where the posts are: not moved`, oldUrls: document.oldUrls });
      continue;
    }
    if (taken.has(path)) {
      skipped.push({ file: document.file, why: `another page of the source has the address /${path}/`, oldUrls: document.oldUrls });
      continue;
    }
    taken.add(path);
    const hasChildren = path !== "" && [...all].some((other) => other.startsWith(`${path}/`));
    const target = path === "" ? "content/pages/index.md" : hasChildren ? `content/pages/${path}/index.md` : `content/pages/${path}.md`;
    placed.push({ document, path: path === "" ? "/" : `/${path}/`, target });
  }
  return placed;
}

function stripBase(old: string, basePath: string): string {
  return basePath && (old === basePath || old.startsWith(`${basePath}/`)) ? old.slice(basePath.length) || "/" : old;
}

/** A page's path from its file: `content/pages/docs/index.md` is `docs`. */
function pagePathOf(target: string): string {
  return target.replace(/^content\/pages\//, "").replace(/(^|\/)index\.md$/, "").replace(/\.md$/, "");
}

/** The old addresses that are not the new one, and the no-slash form of a kept address, which the old host answered. */
function aliasesOf(document: ImportedDocument, path: string): string[] {
  const written = [...terms(document.data.aliases, /,/), ...terms(document.data.redirect_from, /,/)].filter((alias) => alias.startsWith("/"));
  const aliases = new Set<string>(written);
  for (const old of document.oldUrls) {
    const bare = old.replace(/\/+$/, "");
    if (old === path) {
      if (bare !== "") aliases.add(bare);
      continue;
    }
    aliases.add(old);
    // GitHub Pages and Netlify answer `/x.html` as `/x` too.
    if (/\.html$/i.test(bare) && !/\/index\.html$/i.test(bare)) aliases.add(bare.replace(/\.html$/i, ""));
  }
  return [...aliases].filter((alias) => alias !== path);
}

/** An image beside the post (Hugo's `image: cover.jpg` in a bundle, Astro's hero image) as its published path. */
function imageOf(document: ImportedDocument, path: string): string | undefined {
  const image = text(document.data.image);
  if (image === undefined || /^(\/|[a-z][a-z0-9+.-]*:)/i.test(image)) return undefined;
  const name = image.replace(/^\.\//, "");
  return document.bundle.some((file) => file.name === name) ? `${path}${encodeURI(name)}` : "";
}

/** The frontmatter as sitegen reads it: the old addresses as aliases (a `permalink` or `url` is one of them now), a page dated. */
function frontmatter(document: ImportedDocument, options: { aliases: string[]; defaultLang?: string; date: string; image?: string; siteName?: string }): Record<string, unknown> {
  const { aliases: _aliases, redirect_from: _redirects, permalink: _permalink, url: _url, ...data } = document.data;
  if (document.kind === "page") {
    data.title ??= document.role === "home" ? (options.siteName ?? "Home") : document.stem.replace(/^_index$/, "Home");
    // A page has one date, the day it last changed: Hugo's `date` beside its `lastmod` is when it was first written.
    if (data.date !== undefined && [data.updated, data.lastmod, data.last_modified_at].some((value) => value !== undefined)) delete data.date;

    if (data.updated === undefined && data.lastmod === undefined && data.last_modified_at === undefined && data.date === undefined) data.updated = options.date;
    delete data.draft;
    delete data.published;
    delete data.slug;
  } else if (typeof data.slug === "string" && slugProblem(data.slug)) {
    data.slug = newSlug(document);
  }
  // An image named relative to a post that has no such file: the post is moved without it.
  if (options.image === "") delete data.image;
  else if (options.image) data.image = options.image;
  // `title: 404` is a number to YAML, and text to the generators that showed it.
  for (const field of ["title", "description"]) if (typeof data[field] === "number" || typeof data[field] === "boolean") data[field] = String(data[field]);
  // A description left empty, or written as a list, is the build's to make, or joined into one.
  if (data.description !== undefined && typeof data.description !== "string") data.description = Array.isArray(data.description) ? data.description.map(String).join(" ") : undefined;
  if (typeof data.description === "string" && data.description.trim() === "") data.description = undefined;
  if (data.description === undefined) delete data.description;
  // Hugo reads `2019-01-15T8:00:00`; sitegen reads dates as RFC 3339 writes them.
  for (const field of ["date", "updated", "lastmod", "last_modified_at", "publishDate"]) if (typeof data[field] === "string") data[field] = paddedDate(data[field] as string);
  // A post without a title (Hugo's regular page without one) is titled from its name, as Jekyll titles one.
  if (document.kind === "post" && (typeof data.title !== "string" || data.title.trim() === "")) data.title = (readFileName(document.stem).slug || document.stem).split("-").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
  // A list page or a post that only links elsewhere has a title and no words: its title then says what it is.
  if (data.description === undefined && data.summary === undefined && data.excerpt === undefined && data.title !== undefined && !hasParagraph(document.body, data.markup === "html")) data.description = String(data.title);
  // Tags as their author wrote them: the build shows each so, its page's address made of its slug (one in a script with no
  // Latin spelling is shown without a page, with a warning); a tag is never left out.
  for (const field of ["tags", "categories", "category"]) {
    if (data[field] === undefined) continue;
    const written = Array.isArray(data[field]) ? (data[field] as unknown[]).map(String) : typeof data[field] === "string" ? (data[field] as string).split(",").map((term) => term.trim()) : [String(data[field])];
    const kept = written.map((term) => term.trim()).filter((term) => term !== "");
    if (kept.length > 0) data[field] = [...new Set(kept)];
    else delete data[field];
  }
  if (document.lang && !isDefault(document, options.defaultLang)) data.lang = canonicalTag(document.lang) ?? document.lang;
  if (data.lang === undefined) delete data.lang;
  if (options.aliases.length > 0) data.aliases = options.aliases;
  return data;
}

/** A date with its hour, minute, month or day written in one digit, written in two. */
function paddedDate(written: string): string {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:([T ])(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?(\.\d+)?)?(\s*(?:Z|[+-]\d{2}:?\d{2}))?$/i.exec(written.trim());
  if (!match) return written;
  const [, year, month, day, separator, hour, minute, second, fraction = "", zone = ""] = match;
  const two = (part: string) => part.padStart(2, "0");
  return `${year}-${two(month)}-${two(day)}${hour !== undefined ? `${separator}${two(hour)}:${two(minute)}${second !== undefined ? `:${two(second)}` : ""}${fraction}` : ""}${zone}`;
}

/** Whether a text has a paragraph of words outside code, lists, headings and template tags: where the build takes a description from. */
function hasParagraph(body: string, html: boolean): boolean {
  let fence = false;
  return body.split("\n").some((line) => {
    if (!html && /^ {0,3}(`{3,}|~{3,})/.test(line)) fence = !fence;
    // Indented, a line of Markdown is code; a line of HTML is as much text indented as not.
    if (fence || (!html && /^( {4}|\t)/.test(line))) return false;
    const words = line.replace(/\{\{[^}]*\}\}|\{%[^%]*%\}|<[^>]*>|!\[[^\]]*\]\([^)]*\)/g, "").trim();
    return /^[^#>|*+\-\d\s=]/u.test(words) && /\p{L}/u.test(words);
  });
}

function isDefault(document: ImportedDocument, defaultLang: string | undefined): boolean {
  return document.lang === undefined || defaultLang === undefined || document.lang.toLowerCase() === defaultLang.toLowerCase();
}

/** The slug sitegen gives the post: its `slug:` made valid, else its file name's (src/content/file-name.ts). */
function newSlug(post: ImportedDocument): string {
  const written = text(post.data.slug);
  if (written !== undefined) return slugProblem(written) ? slugify(written) || "post" : written;
  return readFileName(post.stem).slug || "post";
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A Markdown file with YAML frontmatter. */
function markdownFile(data: Record<string, unknown>, body: string): string {
  const yaml = Object.keys(data).length > 0 ? stringify(data, { lineWidth: 0 }) : "";
  return `---\n${yaml}---\n${body.startsWith("\n") ? "" : "\n"}${body}`;
}
