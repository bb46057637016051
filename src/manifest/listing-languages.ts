/**
 * The languages with listing pages, and where a language's listing pages
 * are: its blog, tag index, tag pages, archive and numbered pages. Pure.
 */
import type { SiteConfig } from "../content/types.ts";

/**
 * A language's listing pages: the first language's at the root (/blog/,
 * /tags/), another's under its prefix when the site has a blog page in it
 * (pages/blog.fr.md is /fr/blog/, and its posts are listed there and at
 * /fr/tags/, not on /blog/). `prefix` is "" or `/fr`.
 */
export interface ListingLanguage {
  lang: string;
  prefix: string;
}

/** The tag index's path in a language: `/tags/`, `/fr/tags/`; a tag's page is under it (`tagPath`). */
export function tagsPath(language: Pick<ListingLanguage, "prefix">): string {
  return `${language.prefix}/tags/`;
}

/** The archive's path in a language: `/archive/`, `/fr/archive/`. */
export function archivePath(language: Pick<ListingLanguage, "prefix">): string {
  return `${language.prefix}/archive/`;
}

/** `/tags/<slug>/`, `/fr/tags/<slug>/`: where a tag's page is. */
export function tagPath(language: Pick<ListingLanguage, "prefix">, slug: string): string {
  return `${tagsPath(language)}${slug}/`;
}

/** The path of page `number` of a listing at `path`: the listing itself first, then `<path>page/<n>/`. */
export function listingPagePath(path: string, number: number): string {
  return number === 1 ? path : `${path}page/${number}/`;
}

/** The languages with listing pages: which of them lists a post of a language, and what a page's name makes it. */
export interface ListingLanguages {
  /** The first language's, then each other language the site has a blog page in. */
  all: ListingLanguage[];
  /** The language whose listing pages list a post in `lang`: its own, or the first language's. */
  of(lang: string): ListingLanguage;
  /** A page's template by its name: a language's `blog` page lists its posts, its `tags` page (with `tags: true`) its tags. */
  templateOf(name: string, site: Pick<SiteConfig, "tags">): "blog" | "tags" | "page";
  /** The same for the same languages: what routes made with them are kept by. */
  key: string;
}

/**
 * The first language, and each other one the site has a blog page in
 * (`fr/blog`, from pages/blog.fr.md), with its prefix.
 */
export function listingLanguages(
  languages: readonly string[],
  pages: Iterable<{ name: string }>,
): ListingLanguages {
  const first: ListingLanguage = { lang: languages[0], prefix: "" };
  const names = new Set([...pages].map((page) => page.name));
  const own = languages
    .slice(1)
    .map((lang) => ({ lang, prefix: `/${lang.toLowerCase()}` }))
    .filter((language) => names.has(pageNameIn(language, "blog")));
  const all = [first, ...own];
  const byLang = new Map(own.map((language) => [language.lang, language]));
  const kinds = new Map(
    all.flatMap((language) => [
      [pageNameIn(language, "blog"), "blog" as const],
      [pageNameIn(language, "tags"), "tags" as const],
    ]),
  );
  return {
    all,
    of: (lang) => byLang.get(lang) ?? first,
    templateOf: (name, site) => {
      const kind = kinds.get(name);
      return kind === "blog" || (kind === "tags" && site.tags) ? kind : "page";
    },
    key: own.map((language) => language.lang).join(","),
  };
}

/** The name of a language's page of a kind: `blog`, `fr/blog`. */
export function pageNameIn(language: Pick<ListingLanguage, "prefix">, name: string): string {
  return language.prefix === "" ? name : `${language.prefix.slice(1)}/${name}`;
}
