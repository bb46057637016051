/**
 * Reads the content tree into validated sources. All problems are collected and
 * reported together, each naming its file and line.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { Collector } from "../collector.ts";
import { errorsOf, SitegenError, SitegenErrors } from "../errors.ts";
import { parseMarkdownFile } from "./frontmatter.ts";
import { levelOf } from "../policy.ts";
import { contentNotices } from "./notices.ts";
import { summarisedWith } from "./excerpt.ts";
import { MAX_SLUG_LENGTH } from "./slug.ts";
import { canonicalTag, siteLanguageOf } from "./languages.ts";
import { parsePage } from "./page.ts";
import { parsePost } from "./post.ts";
import { fileDate } from "./file-dates.ts";
import { unfrontedDialect } from "./unfronted.ts";
import { parseSite } from "./site.ts";
import { sourceSizeProblem } from "./file-limit.ts";
import { rootEntries, listStatic, STATIC_DIR } from "./site-files.ts";
import { readJekyllFiles } from "./jekyll-files.ts";
import { listSources, type Listing } from "./tree.ts";
import { displayFrom, refusedFile } from "./entries.ts";
import type { SourceEntry } from "./source-entry.ts";
import type { Content, Lang, PageSource, PostSource } from "./types.ts";

export { parsePage } from "./page.ts";
export { parsePost } from "./post.ts";
export { parseSite } from "./site.ts";
export type { SourceEntry } from "./source-entry.ts";

export interface LoadOptions {
  /** Parses the posts' files; by default here, or spread over render lanes for a large blog. */
  parsePosts?: PostParser;
  /** The post files, when the caller has listed them already (`listPostFiles`). */
  postFiles?: Listing;
  /** The folder messages name files relative to: the user's working folder. */
  cwd: string;
  /** The run's collector, which what reading the content finds is added to; by default one of its own. */
  found?: Collector;
}

/** Parses post files; by default here, or spread over render workers for a large blog. */
export type PostParser = (entries: SourceEntry[]) => Promise<{ posts: PostSource[]; errors: SitegenError[] }>;

/** The content with everything reading it found, each finding with its kind; no content when site.yaml cannot be read. */
export interface ReadContent {
  content?: Content;
  /** The collector the findings went into: the one given, else one of its own. */
  reported: Collector;
}

/**
 * The content tree read whole: every file that can be read is, and every
 * problem is collected (src/policy.ts judges them), so one run reports them
 * all. A file that cannot be read past is left out of `content`.
 */
export async function readContent(contentDir: string, options: LoadOptions): Promise<ReadContent> {
  const root = resolve(options.cwd, contentDir);
  const display = displayFrom(options.cwd);
  const reported = options.found ?? new Collector();
  const collect = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      const located = errorsOf(error);
      if (!located) throw error;
      reported.addAll(located);
      return undefined;
    }
  };

  const siteFile = display(join(root, "site.yaml"));
  const refused = refusedFile(join(root, "site.yaml"), { root: contentDir, cwd: options.cwd });
  if (refused) reported.add(refused);
  reported.addAll(rootEntries(root, display));
  const siteWarnings: SitegenError[] = [];
  const site = refused ? undefined : collect(() => parseSite(readTextSync(join(root, "site.yaml"), siteFile), siteFile, siteWarnings));
  reported.addAll(siteWarnings);

  const pages: PageSource[] = [];
  const pageFiles = listSources(join(root, "pages"), { root: contentDir, cwd: options.cwd, layout: "pages" });
  reported.addAll(pageFiles.errors);
  reported.addAll(pageFiles.warnings);
  const failed = new Set<string>();
  const translated = site ? translationOf(site.languages) : () => undefined;
  for (const entry of pageFiles.entries) {
    // `about.fr.md` beside `about.md` is the page in French, at /fr/about/.
    const translation = translated(entry.name);
    const parsed = collect(() => parsePage(translation?.name ?? entry.name, readTextSync(entry.path, entry.file), entry.file, entry.path));
    const page = parsed && translation && parsed.lang === undefined ? { ...parsed, lang: translation.lang } : parsed;
    if (!page) failed.add(entry.name);
    const twin = page && pages.find((other) => other.name === page.name);
    if (twin) reported.add(new SitegenError("E_CONTENT", `a second file for the page ${page.name === "index" ? "/" : `/${page.name}/`}, after ${twin.file}`, { kind: "url-clash", location: { file: page.file }, hint: "keep one of the two files (`docs.md` and `docs/index.md` are both /docs/)" }));
    else if (page?.name.startsWith("blog/")) reported.add(new SitegenError("E_CONTENT", `a page at /${page.name}/, among the posts' addresses (/blog/<slug>/)`, { kind: "url-clash", location: { file: page.file }, hint: "posts go in content/blog/; a page goes anywhere in content/pages/ but its blog/ folder" }));
    else if (page) pages.push(page);
  }
  if (!pages.some((page) => page.name === "index" && !page.draft) && !failed.has("index")) {
    reported.add(
      new SitegenError("E_CONTENT", "missing the home page `index.md`", {
        kind: "missing-page",
        location: { file: display(join(root, "pages")) },
        hint: "every site has a home page, /; create it with `sitegen new page index`",
      }),
    );
  }

  const postFiles = options.postFiles ?? listPostFiles(contentDir, options.cwd);
  reported.addAll(postFiles.errors);
  reported.addAll(postFiles.warnings);
  const files = listStatic(join(root, STATIC_DIR), { root: contentDir, cwd: options.cwd });
  reported.addAll(files.errors);
  const parsed = await (options.parsePosts ?? parsePostsHere)(postFiles.entries);
  reported.addAll(parsed.errors);
  const slugs = distinctSlugs(parsed.posts, site?.languages[0]);
  reported.addAll(slugs.reported);
  let posts = slugs.posts;
  let published = pages.filter((page) => !page.draft);
  if (site) {
    const all = withUnlisted(site.languages, [...published, ...posts]);
    const languages = languageOf(site.languages, all, (warning) => reported.add(warning));
    published = published.flatMap((page) => collect(() => languages(page)) ?? []);
    posts = posts.flatMap((post) => collect(() => languages(post)) ?? []);
    // The site read here is this run's own: it publishes in them all.
    site.languages = all;
    const summary = { separator: site.excerpt_separator, math: site.markdown?.math };
    if (summary.separator !== undefined || summary.math !== undefined) {
      published = published.map((page) => summarisedWith(page, summary, readTextSync));
      posts = posts.map((post) => summarisedWith(post, summary, readTextSync));
    }
  }
  const jekyll = readJekyllFiles(root, display);
  reported.addAll(jekyll.problems);
  // What each file was read past, drafts' pages included: reported once they are read. Jekyll's content has its template tags run, and what cannot run is reported when it renders.
  const notices = contentNotices([...pages, ...slugs.posts]);
  reported.addAll(jekyll.files ? notices.filter((notice) => notice.kind !== "template-tag") : notices);
  return { content: site && { siteFile, site, pages: published, posts, files: files.files, ...(jekyll.files ? { jekyll: jekyll.files } : {}) }, reported };
}

/**
 * The content, for a caller that needs it whole (tests, tools): throws when
 * reading it found an error (src/policy.ts), as a build would fail.
 */
export async function loadContent(contentDir: string, options: LoadOptions): Promise<Content> {
  const { content, reported } = await readContent(contentDir, options);
  const errors = reported.items.filter((error) => levelOf(error.kind) === "error");
  if (!content || errors.length > 0) throw new SitegenErrors(errors);
  return content;
}

/**
 * Posts on one slug, as two years' `2014-09-10-cfp.md` and
 * `2015-08-31-cfp.md` give: the earliest (by date, then path) keeps it, and
 * each later one gets a slug of its own, the same at every build: the slug
 * and its year (`cfp-2015`), else its day, else a number. A warning names
 * both files and the slug chosen. Drafts take no URL, so they clash with
 * nothing. Posts on one slug each in a language of its own are no clash but
 * one text translated (`de/news/x.md` and `en/news/x.md`, as a site with a
 * folder for each language keeps them): see `translatedSlugs`.
 */
function distinctSlugs(posts: PostSource[], defaultLang: string | undefined): { posts: PostSource[]; reported: SitegenError[] } {
  const bySlug = new Map<string, PostSource[]>();
  for (const post of posts) if (post.status !== "draft") bySlug.set(post.slug, [...(bySlug.get(post.slug) ?? []), post]);
  const taken = new Set(posts.map((post) => post.slug));
  const renamed = new Map<PostSource, PostSource>();
  const reported: SitegenError[] = [];
  for (const [slug, claimants] of [...bySlug].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (claimants.length < 2) continue;
    const translated = translatedSlugs(slug, claimants, defaultLang, taken);
    if (translated) {
      for (const [post, own] of translated) renamed.set(post, own);
      continue;
    }
    const [first, ...later] = [...claimants].sort(byPublished);
    for (const post of later) {
      const own = [post.date.slice(0, 4), post.date, ...Array.from({ length: later.length + 1 }, (_, index) => String(index + 2))].map((suffix) => withSuffix(slug, suffix)).find((candidate) => !taken.has(candidate))!;
      taken.add(own);
      renamed.set(post, { ...post, slug: own });
      // Of two published at one moment, the one whose path sorts first keeps it: the same on every machine, whatever the order files are listed in.
      const why = Date.parse(first.published) === Date.parse(post.published) ? "which was published at the same moment and comes first by its path, so keeps it" : "which is older and keeps it";
      reported.push(new SitegenError("E_CONTENT", `two posts have the slug \`${slug}\`: this one and ${first.file}, ${why}; this one is at /blog/${own}/`, { kind: "slug-clash", location: { file: post.file }, hint: `set \`slug:\` in one of them to choose; \`slug: ${own}\` keeps this address` }));
    }
  }
  return { posts: posts.map((post) => renamed.get(post) ?? post), reported };
}

/**
 * Posts on one slug, each in a language of its own, as one text translated:
 * the one in the site's default language (else the earliest) keeps the slug,
 * each other takes its language after it (`ruby-3-4-released-de`), as
 * `sitegen import` names translations, and all share a `translationKey`
 * (the one they write, else the slug), which joins them as translations.
 * Undefined when two are in one language: that is a clash.
 */
function translatedSlugs(slug: string, claimants: PostSource[], defaultLang: string | undefined, taken: Set<string>): Map<PostSource, PostSource> | undefined {
  const langOf = (post: PostSource) => (canonicalTag(post.lang ?? defaultLang ?? "") ?? post.lang ?? defaultLang ?? "").toLowerCase();
  const languages = new Set(claimants.map(langOf));
  if (languages.size !== claimants.length) return undefined;
  const byDate = [...claimants].sort(byPublished);
  const keeper = byDate.find((post) => langOf(post) === (defaultLang ?? "").toLowerCase()) ?? byDate[0];
  const written = claimants.map((post) => post.params.translationKey).find((key) => typeof key === "string" || typeof key === "number");
  const key = written ?? `slug:${slug}`;
  const owns = claimants.map((post): [PostSource, string] => [post, post === keeper ? slug : withSuffix(slug, langOf(post))]);
  if (owns.some(([, own]) => own !== slug && taken.has(own))) return undefined;
  for (const [, own] of owns) taken.add(own);
  return new Map(owns.map(([post, own]) => [post, { ...post, slug: own, params: { ...post.params, translationKey: post.params.translationKey ?? key } }]));
}

/** The earlier post first, then by path: which of posts on one slug keeps it. */
function byPublished(a: PostSource, b: PostSource): number {
  return Date.parse(a.published) - Date.parse(b.published) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/** `slug-suffix`, the slug cut so that the whole stays within the longest a slug may be. */
function withSuffix(slug: string, suffix: string): string {
  return `${slug.replace(/-+$/, "").slice(0, MAX_SLUG_LENGTH - suffix.length - 1).replace(/-+$/, "")}-${suffix}`;
}

/**
 * A page's name with a language after a dot (`about.fr`, `docs/history.fr`)
 * where the language is one of the site's but its first: the page in that
 * language, under its prefix (`fr/about`). The first language has no prefix.
 */
function translationOf(languages: readonly Lang[]): (name: string) => { name: string; lang: Lang } | undefined {
  const others = new Map(languages.slice(1).map((lang) => [lang.toLowerCase(), lang]));
  return (name) => {
    const match = /^(.*?)\.([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)$/.exec(name);
    const lang = match && others.get(match[2].toLowerCase());
    if (!match || !lang) return undefined;
    const base = match[1].replace(/(^|\/)index$/, "");
    return { name: [lang.toLowerCase(), base].filter(Boolean).join("/"), lang };
  };
}

/**
 * The site's languages with every language tag a page or post names that
 * they do not list (`lang: ja` on a site in `en`), after them, sorted: the
 * site publishes in those too, as Hugo and Jekyll publish a page in whatever
 * `lang` it says, and each file that names one is told so (`languageOf`).
 */
function withUnlisted(languages: readonly Lang[], sources: { lang?: Lang }[]): Lang[] {
  const unlisted = new Set<Lang>();
  for (const { lang } of sources) {
    const tag = lang === undefined || siteLanguageOf(lang, languages) !== undefined ? undefined : canonicalTag(lang);
    if (tag !== undefined) unlisted.add(tag);
  }
  return unlisted.size === 0 ? [...languages] : [...languages, ...[...unlisted].sort()];
}

/**
 * A page or post with its `lang` as the site names it (`en-US` → `en` on a
 * site in `en`). One that site.yaml does not list is published in it with a
 * warning whose hint is the `languages:` line that lists them all, the same
 * in every such warning; a value that is no language tag is an error.
 * Parsing does not know the site (posts may be parsed in a worker), so the
 * language is checked here, and a file is read again only to point at its `lang`.
 */
function languageOf(listed: readonly Lang[], all: readonly Lang[], report: (warning: SitegenError) => void) {
  return <T extends { lang?: Lang; file: string; path: string }>(source: T): T => {
    if (source.lang === undefined) return source;
    const lang = siteLanguageOf(source.lang, all);
    if (lang !== undefined && siteLanguageOf(source.lang, listed) !== undefined) return lang === source.lang ? source : { ...source, lang };
    const text = readTextSync(source.path, source.file);
    const at = parseMarkdownFile(text, source.file).locate(["lang"]);
    const location = { location: { file: source.file, line: at?.line, column: at?.column }, sourceLine: at && text.split(/\r?\n/)[at.line - 1] };
    if (lang === undefined) {
      throw new SitegenError("E_CONTENT", `\`lang\` is ${JSON.stringify(source.lang)}, which is not a language tag`, { kind: "unknown-language", ...location, hint: `write one of the site's languages, ${listed.map((l) => `\`${l}\``).join(", ")}, or a BCP 47 tag such as \`ja\` or \`pt-BR\`` });
    }
    report(new SitegenError("E_CONTENT", `\`lang\` is ${JSON.stringify(source.lang)}, which is not one of the site's languages (${listed.join(", ")}): published in ${lang}`, { kind: "unlisted-language", ...location, hint: `to say so, list it in site.yaml: \`languages: [${all.join(", ")}]\`` }));
    return lang === source.lang ? source : { ...source, lang };
  };
}

/**
 * Reads and parses posts in this thread. Without `bodies`, only as much of
 * each file is read as holds its frontmatter, and `body` is left empty: a
 * build reads each body again when it renders the post.
 */
export async function parsePostsHere(entries: SourceEntry[], options: { bodies: boolean } = { bodies: true }): Promise<{ posts: PostSource[]; errors: SitegenError[] }> {
  const posts: PostSource[] = [];
  const errors: SitegenError[] = [];
  for (const entry of entries) {
    try {
      const text = options.bodies ? readTextSync(entry.path, entry.file) : readFrontmatterSync(entry.path, entry.file);
      const post = asFound(parsePost(entry.name, text, entry.file, entry.path, { fileDate, unfronted: unfrontedDialect }), entry);
      posts.push(options.bodies ? post : { ...post, body: "" });
    } catch (error) {
      const located = errorsOf(error);
      if (!located) throw error;
      for (const one of located) errors.push(one);
    }
  }
  return { posts, errors };
}

/**
 * A post with what its file's place gives it: its own files (its folder's, or
 * those beside it that it names), and the folders it is filed in. A relative
 * `image` that is one of its own files is what the author meant, read as
 * Astro and Hugo read it: its `relative-image` warning is dropped.
 */
export function asFound(post: PostSource, entry: SourceEntry): PostSource {
  if (!entry.bundle && !entry.place) return post;
  const own = entry.bundle && post.image !== undefined && isOwnFile(post.image, entry.bundle);
  const notices = own ? post.notices.filter((notice) => !(notice.kind === "problem" && notice.problem === "relative-image")) : post.notices;
  return { ...post, notices, ...(entry.bundle ? { bundle: entry.bundle } : {}), ...(entry.place ? { place: entry.place } : {}) };
}

/** Whether a relative path names one of a post's files, read from the post's page as a browser reads it. */
function isOwnFile(image: string, files: NonNullable<SourceEntry["bundle"]>): boolean {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(image)) return false;
  const path = new URL(image, "http://site/post/").pathname;
  if (!path.startsWith("/post/")) return false;
  let name: string;
  try {
    name = decodeURI(path.slice("/post/".length));
  } catch {
    return false;
  }
  return files.some((file) => file.name === name);
}

/**
 * The post files of a content folder, sorted by path: `blog/` and the folders
 * in it. Entries that are not post files are `loadContent`'s to report.
 */
export function listPosts(contentDir: string, cwd: string): SourceEntry[] {
  return listPostFiles(contentDir, cwd).entries;
}

/** The post files with what `loadContent` reports of them: errors, and files left out. */
export function listPostFiles(contentDir: string, cwd: string): Listing {
  return listSources(join(resolve(cwd, contentDir), "blog"), { root: contentDir, cwd, layout: "posts", optional: true });
}

/** Small files read one after another: synchronous reads cost less than a promise each. */
export function readTextSync(path: string, file: string): string {
  // Its size first: a huge file is refused without being read (src/content/file-limit.ts).
  const tooLarge = sourceSizeProblem(sizeOf(path), basename(file));
  if (tooLarge) throw new SitegenError("E_CONTENT", tooLarge.message, { kind: "too-large", location: { file }, hint: tooLarge.hint });
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new SitegenError("E_CONTENT", `cannot read ${file}`, { kind: "unreadable", location: { file }, cause: error });
  }
}

/** A file's size, or 0 when it cannot be stat'ed (the read that follows says why). */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Bytes read first for a post's metadata: frontmatter is a few hundred bytes. */
const HEAD_BYTES = 8192;
/** A line `---` after the first line, whole: the frontmatter ends within the text before it. */
const CLOSING_FENCE = /\n---[ \t]*\r?\n/;

/**
 * The start of a file up to at least the end of its frontmatter: the whole
 * file when the frontmatter does not close within the first few kilobytes.
 * What follows the frontmatter may be cut anywhere, even within a character.
 */
export function readFrontmatterSync(path: string, file: string): string {
  let head: string;
  try {
    const fd = openSync(path, "r");
    try {
      const buffer = Buffer.allocUnsafe(HEAD_BYTES);
      const length = readSync(fd, buffer, 0, HEAD_BYTES, 0);
      head = buffer.toString("utf8", 0, length);
      if (length < HEAD_BYTES) return head;
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new SitegenError("E_CONTENT", `cannot read ${file}`, { kind: "unreadable", location: { file }, cause: error });
  }
  return CLOSING_FENCE.test(head) ? head : readTextSync(path, file);
}
