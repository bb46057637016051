/**
 * The routes of posts, and the translations among pages and posts: what a
 * post's front matter and the site's settings make its route, kept by post
 * so an unchanged post keeps its route from one rebuild to the next. Pure.
 */
import type { Lang, PostSource } from "../content/types.ts";
import { tagPath, type ListingLanguages } from "./listing-languages.ts";
import { tagSlug } from "../content/slug.ts";
import { postPath } from "./addresses.ts";
import type { Addresser, PageRoute } from "./routes.ts";

/**
 * Translations, from the manifest alone: a page in one of the site's other
 * languages under that language's prefix (`/fr/about/`) is the translation
 * of the page at the same path without it (`/about/`), and pages or posts
 * with the same `translationKey` are translations of one another. Each of a
 * group in two or more languages names them all. A text in another language
 * with no counterpart (a Vietnamese post on an English site) is not one.
 */
export function withAlternates(routes: PageRoute[], languages: readonly Lang[]): PageRoute[] {
  const order = (lang: Lang) => (languages.indexOf(lang) + languages.length + 1) % (languages.length + 1);
  const keyOf = (route: PageRoute): string | undefined => {
    const written = route.params.translationKey;
    if (typeof written === "string" || typeof written === "number") return `key:${written}`;
    if (route.kind !== "page") return undefined;
    const prefix = `/${route.lang.toLowerCase()}/`;
    return route.lang !== languages[0] && route.path.startsWith(prefix)
      ? `page:${route.path.slice(prefix.length - 1)}`
      : route.lang === languages[0]
        ? `page:${route.path}`
        : undefined;
  };
  const groups = new Map<string, PageRoute[]>();
  for (const route of routes) {
    const key = keyOf(route);
    if (key !== undefined) groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  const alternates = new Map<PageRoute, { lang: Lang; url: string }[]>();
  for (const group of groups.values()) {
    if (new Set(group.map((route) => route.lang)).size < 2) continue;
    const list = [...group]
      .sort((a, b) => order(a.lang) - order(b.lang) || (a.url < b.url ? -1 : 1))
      .map((route) => ({ lang: route.lang, url: route.url }));
    for (const route of group) alternates.set(route, list);
  }
  // A route is never changed once made: a translated one is a new object.
  return alternates.size === 0
    ? routes
    : routes.map((route) =>
        alternates.has(route) ? { ...route, alternates: alternates.get(route) } : route,
      );
}

/**
 * Each post's route, kept with the post object it was made from (for the
 * same origin and default language). A watch session hands an unchanged post
 * back as the same object (src/execute/sources.ts), so its route is the same
 * object too, and what is kept by route (src/render/kept-parts.ts) stays
 * valid from one rebuild to the next. Routes are never changed once made.
 */
const routesByPost = new WeakMap<PostSource, { context: string; route: PageRoute }>();

/** What a post's route is made of besides the post: the same for every post of a build. */
interface PostRouting {
  defaultLang: Lang;
  baseUrl: string;
  /** Whether its tags link to their pages. */
  tagPages: boolean;
  /** Whether a post opens with a table of contents unless it says otherwise (site.yaml's `toc`). */
  toc: boolean;
  /** Which language's listing pages list a post of a language: its tags link to that language's tag pages. */
  listingIn: ListingLanguages;
}

export function postRouter(addressesOf: Addresser, routing: PostRouting): (post: PostSource) => PageRoute {
  const context = `${routing.baseUrl}\0${routing.defaultLang}\0${routing.tagPages}\0${routing.toc}\0${routing.listingIn.key}`;
  return (post) => {
    const kept = routesByPost.get(post);
    if (kept?.context === context) return kept.route;
    const route = postRoute(post, addressesOf, routing);
    routesByPost.set(post, { context, route });
    return route;
  };
}

function postRoute(
  post: PostSource,
  addressesOf: Addresser,
  { defaultLang, baseUrl, tagPages, toc, listingIn }: PostRouting,
): PageRoute {
  const path = postPath(post.slug);
  const language = listingIn.of(post.lang ?? defaultLang);
  const tagLinks = tagPages
    ? post.tags
        .map((name) => ({ name, slug: tagSlug(name) }))
        .filter(({ slug }) => slug !== "")
        .map(({ name, slug }) => ({
          name,
          path: tagPath(language, slug),
          url: baseUrl + tagPath(language, slug),
        }))
    : undefined;
  const images = (post.bundle ?? [])
    .filter((file) => file.width && file.height)
    .map((file): [string, { width: number; height: number }] => [
      encodeURI(`${path}${file.name}`),
      { width: file.width!, height: file.height! },
    ]);
  return {
    kind: "post",
    ...addressesOf(path),
    template: "post",
    title: post.title,
    description: post.description,
    lang: post.lang ?? defaultLang,
    lastmod: post.updated ?? post.date,
    slug: post.slug,
    date: post.date,
    published: post.published,
    updated: post.updated,
    ...(post.author !== undefined ? { author: post.author } : {}),
    ...(post.status === "draft" ? { draft: true as const } : {}),
    ...((post.toc ?? toc) ? { toc: true as const } : {}),
    ...(post.image !== undefined ? { image: imageUrl(post.image, path, baseUrl) } : {}),
    ...(post.image !== undefined && post.imageAlt !== undefined ? { imageAlt: post.imageAlt } : {}),
    tags: post.tags,
    ...(tagLinks ? { tagLinks } : {}),
    params: post.params,
    source: post.file,
    sourcePath: post.path,
    body: post.body,
    bodyLine: post.bodyLine,
    ...(post.markup ? { markup: post.markup } : {}),
    ...(images.length > 0 ? { images: Object.fromEntries(images) } : {}),
  };
}

/**
 * A post's `image` as an absolute URL: another site's as it is, a path from
 * the root on the site's origin, and a relative one (a bundle's `cover.jpg`)
 * read from the post's URL, as a browser would read it there.
 */
function imageUrl(image: string, path: string, baseUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(image) || image.startsWith("//")) return image;
  if (image.startsWith("/")) return baseUrl + image;
  return baseUrl + new URL(image, `http://site${path}`).pathname;
}
