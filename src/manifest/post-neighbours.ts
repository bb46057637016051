/**
 * Each post's neighbours: the posts before and after it in its language's
 * listing, which its page links to. Its own module because it belongs to a
 * post's route, not to the listing pages: what it keeps by route is what
 * lets an unchanged post keep its page from one rebuild to the next. Pure.
 */
import type { ListingLanguage } from "./listing-languages.ts";
import type { PageRoute, PostLink } from "./routes.ts";

/**
 * Each post's route with its neighbours, kept by the route without them: the
 * neighbours it holds are what the next rebuild compares with, so nothing is
 * kept beside it (a JSON string of both was, for every post of a build).
 */
const neighboursOf = new WeakMap<PageRoute, PageRoute>();

/** Two neighbours are the same post as far as a page shows it. */
const sameLink = (a: PostLink | undefined, b: PostLink | undefined): boolean =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.title === b.title &&
    a.path === b.path &&
    a.url === b.url &&
    a.lang === b.lang);

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
    const kept = neighboursOf.get(post);
    if (kept && sameLink(kept.newer, newer) && sameLink(kept.older, older)) return kept;
    // The post copied, then each neighbour set. With the string gone, this took the manifest of 10,000 posts from
    // 27.6 MB of live heap to 17.3 MB on Node 20, whose V8 gives each spread of the post a hidden class of its own
    // (Node 22's shares one); the post's fields copied one by one instead made each route a dictionary, 16 MB.
    const route: PageRoute = { ...post };
    if (newer) route.newer = newer;
    if (older) route.older = older;
    neighboursOf.set(post, route);
    return route;
  });
}
