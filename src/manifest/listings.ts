/**
 * The pages that list posts, besides each post's own: the blog page and,
 * when site.yaml asks for them, its numbered pages (`paginate: 10`:
 * /blog/page/2/, …), the tag index (`tags: true`: /tags/) and a page per tag
 * (/tags/<tag>/, numbered like the blog's). Each is a route like any other,
 * so the sitemap, llms.txt, OpenAPI, the negotiation data and every host
 * know it from the manifest. Pure: no I/O.
 *
 * A tag is shown as written and addressed by its slug (`Node.js` is
 * /tags/node-js/); spellings of one slug are one tag, shown as most posts
 * spell it.
 */
import type { PageSource, SiteConfig } from "../content/types.ts";
import { slugify } from "../content/slug.ts";
import type { Addresser, PageRoute } from "./manifest.ts";

/** A page of a listing, as the pages around it link to it. */
export interface ListingPageLink {
  number: number;
  path: string;
  url: string;
}

/** Where a numbered page stands among its listing's pages: it lists `posts.slice(first, end)`. */
export interface Pagination {
  number: number;
  count: number;
  first: number;
  end: number;
  /** Every page of the listing, the first at the listing's own path. */
  pages: ListingPageLink[];
}

/** A tag with a page: its name as shown, its slug, its page and how many posts it has. */
export interface TagEntry {
  name: string;
  slug: string;
  path: string;
  url: string;
  markdownUrl: string;
  count: number;
}

/** What a listing route lists. */
export interface ListingFacts {
  /** Every post of the listing, newest first: the blog's, or one tag's. */
  posts: PageRoute[];
  /** Its place among the listing's numbered pages; without, the page lists as many posts as its budget allows. */
  pagination?: Pagination;
  /** On a tag's pages: the tag. */
  tag?: TagEntry;
  /** On the tag index: every tag, by name. */
  tags?: TagEntry[];
}

export interface ListingRoutes {
  /** The routes the build makes besides the site's pages: numbered pages, the tag index when no page gives it, each tag's pages. */
  routes: PageRoute[];
  /** Every tag with a page, by name; empty when the site has no tag pages. */
  tags: TagEntry[];
  /** Tags that cannot have a page: no Latin letter or digit to make a URL of. */
  unaddressable: { name: string; source: string }[];
}

/** The tag index's path; a tag's page is under it (`tagPath`). */
export const TAGS_PATH = "/tags/";

/** `/tags/<slug>/`: where a tag's page is. */
export function tagPath(slug: string): string {
  return `${TAGS_PATH}${slug}/`;
}

/**
 * A tag's slug: its URL segment. `+` and `#` are spelled out, so that `C++`,
 * `C#` and `C` are three tags (`c-plus-plus`, `c-sharp`, `c`).
 */
export function tagSlug(name: string): string {
  return slugify(name.replace(/\+/g, " plus ").replace(/#/g, " sharp "));
}

/** The path of page `number` of a listing at `path`: the listing itself first, then `<path>page/<n>/`. */
export function listingPagePath(path: string, number: number): string {
  return number === 1 ? path : `${path}page/${number}/`;
}

interface ListingInput {
  site: Pick<SiteConfig, "tags" | "paginate">;
  addressesOf: Addresser;
  defaultLang: string;
  /** The blog page (content/pages/blog.md) and the tag index when a page gives it (content/pages/tags.md). */
  blog?: PageRoute;
  tagIndex?: PageRoute;
  /** Where the site's settings are, for the routes the build makes from them alone. */
  siteFile: string;
  /** The posts the listings show, newest first. */
  posts: PageRoute[];
  /** The day the build stands for, YYYY-MM-DD: the `lastmod` of a listing with no post. */
  today: string;
}

/**
 * The listing routes of a site, and the blog page and tag index given what
 * they list (`listing`): new route objects, the site's own left as they were.
 */
export function listingRoutes(input: ListingInput): ListingRoutes & { blog?: PageRoute; tagIndex?: PageRoute } {
  const { site, posts } = input;
  // The tag index first, then the blog's numbered pages, then each tag's pages: the order of the sitemap and llms.txt.
  const routes: PageRoute[] = [];
  const blogPages = input.blog ? paginate(input.blog, posts, site.paginate, input) : [];
  const blog = blogPages[0];
  if (!site.tags) return { routes: blogPages.slice(1), tags: [], unaddressable: [], ...(blog ? { blog } : {}) };
  const { tags, postsOf, unaddressable } = collectTags(posts, input.addressesOf);
  const index = input.tagIndex ?? generatedTagIndex(input, tags);
  const tagIndex: PageRoute = { ...index, lastmod: newest(posts, index.lastmod || input.today), listing: { posts, tags } };
  if (!input.tagIndex) routes.push(tagIndex);
  routes.push(...blogPages.slice(1));
  for (const tag of tags) {
    const tagged = postsOf.get(tag.slug)!;
    const first: PageRoute = {
      ...generated(input, tag.path),
      title: `Posts tagged ${tag.name}`,
      description: `${tag.count === 1 ? "The post" : `The ${tag.count} posts`} tagged ${tag.name}, newest first.`,
      lastmod: newest(tagged, ""),
      template: "tag",
    };
    routes.push(...paginate(first, tagged, site.paginate, input).map((page) => ({ ...page, listing: { ...page.listing!, tag } })));
  }
  return { routes, tags, unaddressable, ...(blog ? { blog } : {}), ...(input.tagIndex ? { tagIndex } : {}) };
}

/**
 * The pages of a listing: `first` as page 1 and, with `perPage`, a numbered
 * page for each further `perPage` posts, titled and described by their
 * place. Without `perPage`, one page, fitted to its budget when rendered.
 */
function paginate(first: PageRoute, posts: PageRoute[], perPage: number | undefined, input: ListingInput): PageRoute[] {
  if (perPage === undefined) return [{ ...first, listing: { posts } }];
  const count = Math.max(1, Math.ceil(posts.length / perPage));
  const pages: ListingPageLink[] = Array.from({ length: count }, (_, index) => {
    const path = listingPagePath(first.path, index + 1);
    return { number: index + 1, path, url: input.addressesOf(path).url };
  });
  return pages.map(({ number, path }) => {
    const from = (number - 1) * perPage;
    const end = Math.min(posts.length, from + perPage);
    const pagination: Pagination = { number, count, first: from, end, pages };
    if (number === 1) return { ...first, listing: { posts, pagination } };
    const shown = posts.slice(from, end);
    return {
      ...first,
      ...input.addressesOf(path),
      kind: "listing",
      title: `${first.title}, page ${number}`,
      description: `Posts ${from + 1} to ${end} of ${posts.length}, newest first: page ${number} of ${count}.`,
      lastmod: newest(shown, ""),
      body: "",
      bodyLine: 1,
      params: {},
      listing: { posts, pagination },
    };
  });
}

/** The tag index when the site has no page for it (content/pages/tags.md). */
function generatedTagIndex(input: ListingInput, tags: TagEntry[]): PageRoute {
  return {
    ...generated(input, TAGS_PATH),
    title: "Tags",
    description: tags.length === 1 ? "The one tag of the posts, with its posts." : `The ${tags.length} tags of the posts, each with its posts.`,
    lastmod: "",
    template: "tags",
  };
}

/** A route the build makes from the site's settings alone: no file of its own, no text but what it lists. */
function generated(input: ListingInput, path: string): PageRoute {
  return {
    kind: "listing",
    ...input.addressesOf(path),
    template: "tags",
    title: "",
    description: "",
    lang: input.defaultLang,
    lastmod: "",
    tags: [],
    params: {},
    source: input.siteFile,
    sourcePath: "",
    body: "",
    bodyLine: 1,
  };
}

/**
 * Every tag of the posts with its posts (newest first, as they come), by
 * name. Spellings of one slug are one tag, named as most of its posts spell
 * it (the first in code-point order among equals); a tag with no Latin
 * letter or digit has no slug, and so no page.
 */
function collectTags(posts: PageRoute[], addressesOf: Addresser): { tags: TagEntry[]; postsOf: Map<string, PageRoute[]>; unaddressable: ListingRoutes["unaddressable"] } {
  const postsOf = new Map<string, PageRoute[]>();
  const spellings = new Map<string, Map<string, number>>();
  const unaddressable = new Map<string, string>();
  for (const post of posts) {
    const seen = new Set<string>();
    for (const name of post.tags) {
      const slug = tagSlug(name);
      if (slug === "") {
        if (!unaddressable.has(name)) unaddressable.set(name, post.source);
        continue;
      }
      const counts = spellings.get(slug) ?? new Map<string, number>();
      spellings.set(slug, counts.set(name, (counts.get(name) ?? 0) + 1));
      if (seen.has(slug)) continue;
      seen.add(slug);
      postsOf.set(slug, [...(postsOf.get(slug) ?? []), post]);
    }
  }
  const tags = [...postsOf.keys()].map((slug): TagEntry => {
    const name = [...spellings.get(slug)!].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))[0][0];
    const { path, url, markdownUrl } = addressesOf(tagPath(slug));
    return { name, slug, path, url, markdownUrl, count: postsOf.get(slug)!.length };
  });
  tags.sort((a, b) => byName(a.name, b.name) || (a.slug < b.slug ? -1 : 1));
  return { tags, postsOf, unaddressable: [...unaddressable].map(([name, source]) => ({ name, source })) };
}

/** Case-insensitively, as a reader looks a tag up, then as written: the same order on every machine. */
function byName(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/** The newest `lastmod` of `posts`, or `floor` when it is newer or there are none. */
function newest(posts: PageRoute[], floor: string): string {
  return posts.reduce((latest, post) => (post.lastmod > latest ? post.lastmod : latest), floor);
}

/** The site's page that is the tag index when tag pages are on: content/pages/tags.md. */
export function isTagIndexPage(page: Pick<PageSource, "name">, site: Pick<SiteConfig, "tags">): boolean {
  return Boolean(site.tags) && page.name === "tags";
}
