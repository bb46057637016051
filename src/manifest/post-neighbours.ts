/**
 * Each post's neighbours: the posts before and after it in its language's
 * listing, which its page links to. Its own module because it belongs to a
 * post's route, not to the listing pages: what it keeps by route is what
 * lets an unchanged post keep its page from one rebuild to the next. Pure.
 */
import type { ListingLanguage } from "./listing-languages.ts";
import type { PageRoute, PostLink } from "./routes.ts";

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
