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
 * spell it (tags.ts decides that; a post's neighbours are post-neighbours.ts's).
 */
import type { SiteConfig } from "../content/types.ts";
import type { Addresser, ListingPageLink, PageRoute, Pagination, TagEntry } from "./routes.ts";
import {
  archivePath,
  listingPagePath,
  pageNameIn,
  tagsPath,
  type ListingLanguage,
  type ListingLanguages,
} from "./listing-languages.ts";
import { collectTags, type UnaddressableTag } from "./tags.ts";
import { pushAll } from "../collector.ts";

export interface ListingRoutes {
  /** The routes the build makes besides the site's pages: numbered pages, the tag index when no page gives it, each tag's pages. */
  routes: PageRoute[];
  /** Every tag with a page, by name; empty when the site has no tag pages. */
  tags: TagEntry[];
  /** Tags that cannot have a page: no Latin letter or digit to make a URL of. */
  unaddressable: UnaddressableTag[];
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

/** The newest `lastmod` of `posts`, or `floor` when it is newer or there are none. */
function newest(posts: PageRoute[], floor: string): string {
  return posts.reduce((latest, post) => (post.lastmod > latest ? post.lastmod : latest), floor);
}
