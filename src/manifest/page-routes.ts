/**
 * The routes of the site's own pages (content/pages/), in the order spec
 * §2.1 lists them. Its own module because a page's route is made from the
 * page's file and the site's settings alone, as post-routes.ts makes a
 * post's: the manifest only puts the two lists together. Pure.
 */
import type { PageSource, SiteConfig } from "../content/types.ts";
import type { ListingLanguages } from "./listing-languages.ts";
import type { Addresser, PageRoute } from "./routes.ts";

/** Each page's route, for an origin (`addressesOf`), the site's settings and the day the build stands for. */
export function pageRouter(
  addressesOf: Addresser,
  { site, languages, generatedDay }: { site: SiteConfig; languages: ListingLanguages; generatedDay: string },
): (page: PageSource) => PageRoute {
  return (page) => ({
    kind: "page",
    ...addressesOf(page.name === "index" ? "/" : `/${page.name}/`),
    template: page.name === "index" ? "home" : languages.templateOf(page.name, site),
    title: page.title,
    description: page.description,
    lang: page.lang ?? site.languages[0],
    // A page without `updated` is dated by the build.
    lastmod: page.updated ?? generatedDay,
    tags: [],
    params: page.params,
    source: page.file,
    sourcePath: page.path,
    body: page.body,
    bodyLine: page.bodyLine,
    ...(page.markup ? { markup: page.markup } : {}),
  });
}

/**
 * The home page first, then by path, a folder's page before the pages in it
 * (`docs`, `docs/history`, `docs-old`): the order of spec §2.1's list, and of
 * a tree.
 */
export function byPageName(a: { name: string }, b: { name: string }): number {
  if (a.name === "index" || b.name === "index") return a.name === b.name ? 0 : a.name === "index" ? -1 : 1;
  const [x, y] = [a.name.split("/"), b.name.split("/")];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length - y.length;
}
