/**
 * The old site's pages that no source file made: its home, its lists of
 * posts page by page, its tag and category pages, its archives by year. A
 * reader's bookmark or a search engine's index still names them, so each
 * answers with a 301 to the page of the new site that does the same job
 * (site.yaml's `redirects:`): a tag's page to `/tags/<tag>/` where the new
 * site has that tag, a list's page to the blog's page of that number where
 * the blog has that many, a year's archive to the blog. What has no
 * counterpart is named, by kind, for the report.
 */
import { tagSlug } from "../../content/slug.ts";
import { isNotFoundPage, type BuiltPage } from "./folder.ts";

export type OldPageKind = "home" | "listing" | "tags" | "tag" | "archive" | "search" | "other";

export interface OldPage {
  url: string;
  kind: OldPageKind;
  /** The path of the new site it redirects to; undefined for a page with no counterpart. */
  to?: string;
}

export interface NewSiteFacts {
  /** The old site's base path, `/blog-x`, or "". */
  basePath: string;
  /** The tags the moved posts have, by their slug. */
  tags: Set<string>;
  /** How many pages the blog's list has. */
  blogPages: number;
  /** The site's languages, in lower case: a list of another language's (`/fr/tags/`) goes to the one the new site has. */
  languages: string[];
  /** The old addresses' prefix of a language where it is not the language (`de-de` for `de`), in lower case. */
  prefixes?: Record<string, string>;
  /** The new site's pages, by path: a language's home goes to its own (`/en/`) where the new site has one. */
  pages?: Set<string>;
  /** Old pages that listed one tag's or category's posts (`/cases.html`), by address: that term's slug. */
  terms?: Map<string, string>;
  /** Old pages that listed every post whatever their address (Jekyll's `/log/`), by address: the blog page's path. */
  listed?: Map<string, string>;
  /** The folder the old site's posts were under, by whatever name (`dave`, for `/dave/2012-09/x/`): its lists and tags are the blog's. */
  blogFolder?: string;
}

const TAXONOMY = "(?:tags?|categories|category|topics?|labels?)";
const LISTS = "(?:blog|posts?|articles|archives?|news|writing|notes)";
/** How a page's address ends: its folder's (`/tags/`, `/tags/index.html`), or its own file's, as Hugo's uglyURLs and Jekyll's `.html` permalinks write it (`/tags.html`). */
const END = "(?:/(?:index\\.html?)?|\\.html?)?$";

/**
 * Each built page that no moved document or file answers, with where it goes
 * now. `movedTo` gives an old address's new path, where a moved document or
 * file had it: a redirect page the old site wrote (a Hugo alias, its
 * `/page/1/`) goes where the page it sent readers to went, else where its
 * own address's kind says.
 */
export function oldListPages(
  built: Map<string, BuiltPage>,
  movedTo: (url: string) => string | undefined,
  facts: NewSiteFacts,
  known: string[] = [],
): OldPage[] {
  const pages: OldPage[] = [];
  // The built pages, and the old addresses of what was left out that the built folder (where there is one) does not list.
  const urls = [...new Set([...built.keys(), ...known.filter((url) => !built.has(url))])].filter(
    (url) => movedTo(url) === undefined && !isNotFoundPage(url),
  );
  const paths = urls.map((url) => decodedPath(url, facts));
  const folders = termFolders(
    paths.map(({ path }) => path),
    facts.tags,
  );
  urls.forEach((url, index) => {
    const sent = built.get(url)?.text().redirectsTo;
    const sentTo = sent === undefined ? undefined : new URL(sent, `http://old.invalid${url}`).pathname;
    const followed = sentTo === undefined ? undefined : movedTo(sentTo);
    const term =
      termListed(url, facts.terms) ?? (sentTo === undefined ? undefined : termListed(sentTo, facts.terms));
    const byPath = counterpart(paths[index], facts, folders);
    // A page that listed one term's posts goes to that term's page, whatever its address looks like (`/notes/`, a list's
    // name, listed one category's); the home stays the home.
    const listed = facts.listed?.get(url);
    const own =
      term !== undefined && byPath.kind !== "home"
        ? { kind: "tag" as const, to: tagPage(term, facts) }
        : listed !== undefined && byPath.kind === "other"
          ? { kind: "listing" as const, to: listed }
          : byPath;
    pages.push({
      url,
      ...(followed && own.kind === "other" ? { kind: "other" as const, to: followed } : own),
    });
  });
  return pages;
}

/**
 * The term an old page listed: its own address's, that of the list it is a
 * numbered page of (`/blog/releases/2/`, `/news/page/3/`), or, for a page
 * that only sent readers on (jekyll-redirect-from's), the one of the list it
 * sent them to.
 */
function termListed(url: string, terms: Map<string, string> | undefined): string | undefined {
  if (terms === undefined) return undefined;
  const first = /^(.*\/)(?:page\/?)?\d+(?:\/(?:index\.html?)?|\.html?)$/.exec(url)?.[1];
  return terms.get(url) ?? (first === undefined ? undefined : terms.get(first));
}

function counterpart(
  { path, lang }: { path: string; lang?: string },
  facts: NewSiteFacts,
  folders: Set<string>,
): { kind: OldPageKind; to?: string } {
  const list = facts.blogFolder ? `(?:${LISTS}|${escaped(facts.blogFolder)})` : LISTS;
  if (new RegExp(`^(?:/index\\.html?|/)?$`).test(path))
    return { kind: "home", to: lang && facts.pages?.has(`/${lang}/`) ? `/${lang}/` : "/" };
  // A search page, where the new site has its own (the starter's /search/).
  if (new RegExp(`^/search${END}`).test(path))
    return facts.pages?.has("/search/") ? { kind: "search", to: "/search/" } : { kind: "search" };
  // A list's page by its number: `/page/2/`, `/blog/page/2/`, jekyll-paginate's `/page2/`, or Eleventy's and octopress-paginate's `/blog/2/`, `/blog/posts/2/`.
  const numbered =
    new RegExp(`^(?:/${list})?/page(?:/?(\\d+))?${END}`).exec(path) ??
    new RegExp(`^(?:/${list})?/${list}/(\\d+)${END}`).exec(path);
  if (numbered) return { kind: "listing", to: blogPage(Number(numbered[1] ?? 1), facts) };
  // A blog's taxonomy is often under its list's folder (`/blog/tags/a11y/`, Eleventy's and Jekyll's themes).
  if (new RegExp(`^(?:/${list})?/${TAXONOMY}${END}`).test(path)) return { kind: "tags", to: "/tags/" };
  // A tag with a slash in its name (`CI/CD`) is a folder deeper (Hugo writes /tags/ci/cd/).
  const tag = new RegExp(`^(?:/${list})?/${TAXONOMY}/(.+?)(?:/page/\\d+)?${END}`).exec(path);
  if (tag) {
    return { kind: "tag", to: tagPage(tagSlug(tag[1]), facts) };
  }
  const named = NAMED.exec(path);
  if (named && folders.has(named[1])) return { kind: "tag", to: tagPage(tagSlug(named[2]), facts) };
  if (folders.has(path.replace(/(?:index\.html?)?$/, ""))) return { kind: "tags", to: "/tags/" };
  if (
    // A year's, month's or day's archive, at the root or under the blog's folder (`/news/2024/03/`, beside `/news/2024/`).
    new RegExp(`^(?:/${list})?/\\d{4}(?:/\\d{1,2}(?:/\\d{1,2})?)?${END}`).test(path) ||
    new RegExp(`^(?:/${list})?/${list}${END}`).test(path)
  )
    return { kind: "archive", to: "/blog/" };
  return { kind: "other" };
}

/** A page's folder and its own name: `/blog/tagged/` and `fog` for `/blog/tagged/fog/` (or `fog.html`). */
const NAMED = /^(\/.+\/)([^/]+?)(?:\/(?:index\.html?)?|\.html?)?$/;
/** How many of a folder's pages, at the least, must be named by a tag for the folder to be the tags'. */
const MIN_TAG_PAGES = 3;

/**
 * The folders that hold the old site's tag pages under a name of the theme's
 * own (`/blog/tagged/fog/`, `/stichwort/fog/`), which no list of names
 * foresees: most of the unanswered pages right under such a folder are
 * named by a tag of the moved posts, at least three of them.
 */
function termFolders(paths: string[], tags: Set<string>): Set<string> {
  const under = new Map<string, { pages: number; tags: number }>();
  for (const path of paths) {
    const named = NAMED.exec(path);
    if (!named) continue;
    const counts = under.get(named[1]) ?? { pages: 0, tags: 0 };
    counts.pages++;
    if (tags.has(tagSlug(named[2]))) counts.tags++;
    under.set(named[1], counts);
  }
  return new Set(
    [...under].flatMap(([folder, counts]) =>
      counts.tags >= MIN_TAG_PAGES && counts.tags * 2 > counts.pages ? [folder] : [],
    ),
  );
}

/** A tag's page where the new site has that tag, else the page of all tags. */
function tagPage(slug: string, facts: NewSiteFacts): string {
  return slug !== "" && facts.tags.has(slug) ? `/tags/${slug}/` : "/tags/";
}

/** The blog's page of that number where the new blog has that many, else its first. */
function blogPage(number: number, facts: NewSiteFacts): string {
  return number <= 1 || number > facts.blogPages ? "/blog/" : `/blog/page/${number}/`;
}

/** The page's path within the old site, decoded, in lower case, without the base path and a language's prefix; and that language. */
function decodedPath(
  url: string,
  facts: Pick<NewSiteFacts, "basePath" | "languages" | "prefixes">,
): { path: string; lang?: string } {
  const within =
    facts.basePath && url.startsWith(`${facts.basePath}/`) ? url.slice(facts.basePath.length) : url;
  let path: string;
  try {
    path = decodeURI(within).toLowerCase();
  } catch {
    path = within.toLowerCase();
  }
  // A language's prefix as its tag (`/zh-cn/`) or as a locale names it (`/zh_cn/`, a Jekyll site's folder).
  const prefixes = [
    ...facts.languages.flatMap((language) =>
      [...new Set([language, language.replace(/-/g, "_")])].map((prefix) => ({ prefix, language })),
    ),
    ...Object.entries(facts.prefixes ?? {}).map(([prefix, language]) => ({ prefix, language })),
  ];
  // A language's home written as a file (Astro's `build.format: "file"`: /en.html) is its home.
  const home = prefixes.find(({ prefix }) => path === `/${prefix}.html` || path === `/${prefix}`);
  if (home) return { path: "/", lang: home.language };
  const lang = prefixes.find(({ prefix }) => path === `/${prefix}/` || path.startsWith(`/${prefix}/`));
  return lang ? { path: path.slice(lang.prefix.length + 1), lang: lang.language } : { path };
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
