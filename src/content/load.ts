/**
 * Reads the content tree into validated sources. All problems are collected and
 * reported together, each naming its file and line.
 */
import { join, resolve } from "node:path";
import { Collector } from "../collector.ts";
import { errorsOf, SitegenError, SitegenErrors } from "../errors.ts";
import { levelOf } from "../policy.ts";
import { contentNotices } from "./notices.ts";
import { summarisedWith, type ExcerptOf } from "./excerpt.ts";
import { languageOf, translationOf, withUnlisted } from "./content-languages.ts";
import { distinctSlugs } from "./distinct-slugs.ts";
import { readFrontmatterSync, readTextSync } from "./read-files.ts";
import { parsePage } from "./page.ts";
import { parsePost } from "./post.ts";
import { fileDate } from "./file-dates.ts";
import { unfrontedDialect } from "./unfronted.ts";
import { parseSite } from "./site.ts";
import { rootEntries, listStatic, STATIC_DIR } from "./site-files.ts";
import { readJekyllFiles } from "./jekyll-files.ts";
import { listSources, type Listing } from "./tree.ts";
import { displayFrom, refusedFile } from "./entries.ts";
import type { SourceEntry } from "./source-entry.ts";
import type { Content, PageSource, PostSource } from "./types.ts";

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
  /** The body's summary, for a page or post without a description: the renderer's (src/content/excerpt.ts says why it is given). */
  excerptOf: ExcerptOf;
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
  const site = refused
    ? undefined
    : collect(() => parseSite(readTextSync(join(root, "site.yaml"), siteFile), siteFile, siteWarnings));
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
    const parsed = collect(() =>
      parsePage(
        translation?.name ?? entry.name,
        readTextSync(entry.path, entry.file),
        entry.file,
        entry.path,
        { excerptOf: options.excerptOf },
      ),
    );
    const page =
      parsed && translation && parsed.lang === undefined ? { ...parsed, lang: translation.lang } : parsed;
    if (!page) failed.add(entry.name);
    const twin = page && pages.find((other) => other.name === page.name);
    if (twin)
      reported.add(
        new SitegenError(
          "E_CONTENT",
          `a second file for the page ${page.name === "index" ? "/" : `/${page.name}/`}, after ${twin.file}`,
          {
            kind: "url-clash",
            location: { file: page.file },
            hint: "keep one of the two files (`docs.md` and `docs/index.md` are both /docs/)",
          },
        ),
      );
    else if (page?.name.startsWith("blog/"))
      reported.add(
        new SitegenError(
          "E_CONTENT",
          `a page at /${page.name}/, among the posts' addresses (/blog/<slug>/)`,
          {
            kind: "url-clash",
            location: { file: page.file },
            hint: "posts go in content/blog/; a page goes anywhere in content/pages/ but its blog/ folder",
          },
        ),
      );
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
  const parsed = await (
    options.parsePosts ?? ((entries) => parsePostsHere(entries, { excerptOf: options.excerptOf }))
  )(postFiles.entries);
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
      published = published.map((page) => summarisedWith(page, summary, readTextSync, options.excerptOf));
      posts = posts.map((post) => summarisedWith(post, summary, readTextSync, options.excerptOf));
    }
  }
  const jekyll = readJekyllFiles(root, display);
  reported.addAll(jekyll.problems);
  // What each file was read past, drafts' pages included: reported once they are read. Jekyll's content has its template tags run, and what cannot run is reported when it renders.
  const notices = contentNotices([...pages, ...slugs.posts]);
  reported.addAll(jekyll.files ? notices.filter((notice) => notice.kind !== "template-tag") : notices);
  return {
    content: site && {
      siteFile,
      site,
      pages: published,
      posts,
      files: files.files,
      ...(jekyll.files ? { jekyll: jekyll.files } : {}),
    },
    reported,
  };
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
 * Reads and parses posts in this thread. Without `bodies`, only as much of
 * each file is read as holds its frontmatter, and `body` is left empty: a
 * build reads each body again when it renders the post.
 */
export async function parsePostsHere(
  entries: SourceEntry[],
  options: { bodies?: boolean; excerptOf: ExcerptOf },
): Promise<{ posts: PostSource[]; errors: SitegenError[] }> {
  const bodies = options.bodies ?? true;
  const posts: PostSource[] = [];
  const errors: SitegenError[] = [];
  for (const entry of entries) {
    try {
      const text = bodies
        ? readTextSync(entry.path, entry.file)
        : readFrontmatterSync(entry.path, entry.file);
      const post = asFound(
        parsePost(entry.name, text, entry.file, entry.path, {
          fileDate,
          unfronted: unfrontedDialect,
          excerptOf: options.excerptOf,
        }),
        entry,
      );
      posts.push(bodies ? post : { ...post, body: "" });
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
  const notices = own
    ? post.notices.filter((notice) => !(notice.kind === "problem" && notice.problem === "relative-image"))
    : post.notices;
  return {
    ...post,
    notices,
    ...(entry.bundle ? { bundle: entry.bundle } : {}),
    ...(entry.place ? { place: entry.place } : {}),
  };
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
  return listSources(join(resolve(cwd, contentDir), "blog"), {
    root: contentDir,
    cwd,
    layout: "posts",
    optional: true,
  });
}
