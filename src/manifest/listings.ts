/**
 * The pages that list posts, besides each post's own: the blog page and,
 * when site.yaml asks for them, its numbered pages (`paginate: 10`:
 * /blog/page/2/, …), the tag index (`tags: true`: /tags/) and a page per tag
 * (/tags/<tag>/, numbered like the blog's) and the archive (`archive: true`:
 * /archive/, every post by year). Each is a route like any other,
 * so the sitemap, llms.txt, OpenAPI, the negotiation data and every host
 * know it from the manifest. Pure: no I/O.
 *
 * A tag is shown as written and addressed by its slug (`Node.js` is
 * /tags/node-js/); spellings of one slug are one tag, shown as most posts
 * spell it.
 */
import type { SiteConfig } from "../content/types.ts";
import { tagSlug } from "../content/slug.ts";
import type { Addresser, ListingPageLink, PageRoute, Pagination, PostLink, TagEntry } from "./routes.ts";
import {
  archivePath,
  listingPagePath,
  pageNameIn,
  tagPath,
  tagsPath,
  type ListingLanguage,
  type ListingLanguages,
} from "./listing-languages.ts";
import { pushAll } from "../collector.ts";

export interface ListingRoutes {
  /** The routes the build makes besides the site's pages: numbered pages, the tag index when no page gives it, each tag's pages. */
  routes: PageRoute[];
  /** Every tag with a page, by name; empty when the site has no tag pages. */
  tags: TagEntry[];
  /** Tags that cannot have a page: no Latin letter or digit to make a URL of. */
  unaddressable: { name: string; source: string }[];
}

/** What a post's route is kept with, with its neighbours: the route without them, and who they are. */
const neighboursOf = new WeakMap<PageRoute, { key: string; route: PageRoute }>();

/**
 * Each post with the posts before and after it (newer, older) in its
 * language's listing (`languageOf`). A post keeps its route object while its
 * neighbours are the same, so that what is kept by route stays valid; a new
 * neighbour makes a new route, and its page is rendered again.
 */
export function withNeighbours(
  posts: PageRoute[],
  languageOf: (lang: string) => ListingLanguage,
): PageRoute[] {
  const link = (post: PageRoute | undefined): PostLink | undefined =>
    post && { title: post.title, path: post.path, url: post.url, lang: post.lang };
  const groups = new Map<ListingLanguage, number[]>();
  posts.forEach((post, index) => {
    const language = languageOf(post.lang);
    groups.set(language, [...(groups.get(language) ?? []), index]);
  });
  const around = new Map<number, [PostLink | undefined, PostLink | undefined]>();
  for (const indexes of groups.values())
    indexes.forEach((index, at) =>
      around.set(index, [link(posts[indexes[at - 1]]), link(posts[indexes[at + 1]])]),
    );
  return posts.map((post, index) => {
    const [newer, older] = around.get(index)!;
    const key = JSON.stringify([newer, older]);
    const kept = neighboursOf.get(post);
    if (kept?.key === key) return kept.route;
    const route = { ...post, ...(newer ? { newer } : {}), ...(older ? { older } : {}) };
    neighboursOf.set(post, { key, route });
    return route;
  });
}

/**
 * Every listing page of the site, in each language that has them: the blog
 * page (its own, or the first language's) and the tag index given what they
 * list, every other listing route, and every tag with a page.
 */
export function siteListings(
  input: Omit<ListingInput, "language" | "blog" | "tagIndex"> & {
    languages: ListingLanguages;
    pages: PageRoute[];
  },
): ListingRoutes & { pages: PageRoute[] } {
  const replaced = new Map<PageRoute, PageRoute>();
  const routes: PageRoute[] = [];
  const tags: TagEntry[] = [];
  const unaddressable: ListingRoutes["unaddressable"] = [];
  for (const language of input.languages.all) {
    const own = (name: string, template: string) =>
      input.pages.find(
        (page) => page.template === template && page.path === `/${pageNameIn(language, name)}/`,
      );
    const blog = own("blog", "blog");
    const tagIndex = own("tags", "tags");
    const posts = input.posts.filter((post) => input.languages.of(post.lang) === language);
    const made = listingRoutes({ ...input, language, blog, tagIndex, posts });
    if (blog) replaced.set(blog, made.blog!);
    if (tagIndex) replaced.set(tagIndex, made.tagIndex!);
    pushAll(routes, made.routes);
    pushAll(tags, made.tags);
    pushAll(unaddressable, made.unaddressable);
  }
  return { pages: input.pages.map((page) => replaced.get(page) ?? page), routes, tags, unaddressable };
}

interface ListingInput {
  site: Pick<SiteConfig, "tags" | "paginate" | "name" | "archive">;
  /** The language whose listing pages these are. */
  language: ListingLanguage;
  addressesOf: Addresser;
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
export function listingRoutes(
  input: ListingInput,
): ListingRoutes & { blog?: PageRoute; tagIndex?: PageRoute } {
  const { site, posts } = input;
  // The tag index first, then the blog's numbered pages, then each tag's pages: the order of the sitemap and llms.txt.
  const routes: PageRoute[] = [];
  // The blog page changes whenever a post does (a draft, only in a build that shows it, does not count).
  const blogPages = input.blog
    ? paginate(
        {
          ...input.blog,
          lastmod: newest(
            posts.filter((post) => !post.draft),
            input.blog.lastmod,
          ),
        },
        posts,
        site.paginate,
        input,
      )
    : [];
  const blog = blogPages[0];
  // The archive (`archive: true`) lists every post of the language by year, on one page fitted to its budget, as the blog page's older posts are.
  const archive: PageRoute[] = site.archive
    ? [
        {
          ...generated(input, archivePath(input.language)),
          title: "Archive",
          description: `Every post of ${input.site.name} by the year it was published, newest first, each with its title and date.`,
          lastmod: newest(
            posts.filter((post) => !post.draft),
            input.today,
          ),
          template: "archive",
          listing: { posts },
        },
      ]
    : [];
  if (!site.tags)
    return {
      routes: [...archive, ...blogPages.slice(1)],
      tags: [],
      unaddressable: [],
      ...(blog ? { blog } : {}),
    };
  const { tags, postsOf, unaddressable } = collectTags(posts, input);
  const index = input.tagIndex ?? generatedTagIndex(input, tags);
  const tagIndex: PageRoute = {
    ...index,
    lastmod: newest(posts, index.lastmod || input.today),
    listing: { posts, tags },
  };
  if (!input.tagIndex) routes.push(tagIndex);
  pushAll(routes, archive);
  pushAll(routes, blogPages.slice(1));
  for (const tag of tags) {
    const tagged = postsOf.get(tag.slug)!;
    const first: PageRoute = {
      ...generated(input, tag.path),
      title: `Posts tagged ${tag.name}`,
      // At least 50 characters, as a search result's snippet and an agent's link list want one (here and below).
      description: `${tag.count === 1 ? "The post" : `The ${tag.count} posts`} of ${input.site.name} tagged ${tag.name}, newest first, each with its date and description.`,
      lastmod: newest(tagged, ""),
      template: "tag",
    };
    pushAll(
      routes,
      paginate(first, tagged, site.paginate, input).map((page) => ({
        ...page,
        listing: { ...page.listing!, tag, section: tagsPath(input.language) },
      })),
    );
  }
  return { routes, tags, unaddressable, ...(blog ? { blog } : {}), ...(input.tagIndex ? { tagIndex } : {}) };
}

/**
 * The pages of a listing: `first` as page 1 and, with `perPage`, a numbered
 * page for each further `perPage` posts, titled and described by their
 * place. Without `perPage`, one page, fitted to its budget when rendered.
 */
function paginate(
  first: PageRoute,
  posts: PageRoute[],
  perPage: number | undefined,
  input: ListingInput,
): PageRoute[] {
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
      description: `Page ${number} of ${count} of ${first.title}: posts ${from + 1} to ${end} of ${posts.length}, newest first, each with its date and description.`,
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
    ...generated(input, tagsPath(input.language)),
    title: "Tags",
    description: `${tags.length === 1 ? "The one tag" : `The ${tags.length} tags`} of the posts of ${input.site.name}, each with a page of the posts it is given to.`,
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
    lang: input.language.lang,
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
function collectTags(
  posts: PageRoute[],
  { addressesOf, language }: Pick<ListingInput, "addressesOf" | "language">,
): { tags: TagEntry[]; postsOf: Map<string, PageRoute[]>; unaddressable: ListingRoutes["unaddressable"] } {
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
    const name = [...spellings.get(slug)!].sort(
      ([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0),
    )[0][0];
    const { path, url, markdownUrl } = addressesOf(tagPath(language, slug));
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
