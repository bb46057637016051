/**
 * What a page's template is given besides the page itself: its place among
 * site.yaml's sections, a listing's posts and pages, a post's neighbours,
 * and dates as the page's language writes them. page-html.ts hands these to
 * the templates.
 */
import { MONTHS } from "../../content/calendar.ts";
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";
import { yearSpan, type BlogListing } from "./blog-listing.ts";

/** A post's own picture, as its page shows it. */
export interface PostCover {
  path: string;
  width: number;
  height: number;
  /** Its narrower copies and itself, each by its width (`<img srcset>`); false when it has none. */
  srcset: string | false;
  /** Its text for a reader who cannot see it (`<img alt>`); empty where the post gives none, as a picture that only adorns is marked (`alt=""`). */
  alt: string;
}

/** What a post's page shows besides its text: its picture, and how long it takes to read. */
export interface PostExtras {
  cover?: PostCover;
  readingMinutes: number;
}

/** What a listed post shows where the theme asks for it (src/render/page/render-page.ts): its cover, its reading time, and whether its tags are links. */
export interface ListedExtras {
  thumbnail: PostCover | false;
  readingMinutes: number;
  tagLinksShown: boolean;
}

/**
 * Where a page stands in site.yaml's `sections`, where the theme asks for
 * it: `sectionNav` (`theme.section_nav`), each section with its pages, the
 * page's own and its section marked `current`, and `pageNav`
 * (`theme.page_nav`), the pages before and after it in reading order, each
 * false at either end; both false on a page no section names.
 */
export function sectionPlace(manifest: Manifest, path: string) {
  const { sections = [], theme } = manifest.site;
  if (sections.length === 0 || (!theme?.section_nav && !theme?.page_nav))
    return { sectionNav: false, pageNav: false };
  const titles = new Map([...manifest.pages, ...manifest.listings].map((route) => [route.path, route.title]));
  const link = (page: string) => ({ path: page, title: titles.get(page) ?? page, current: page === path });
  const order = sections.flatMap((section) => section.pages);
  const at = order.indexOf(path);
  const shown = theme?.section_nav && at !== -1;
  return {
    sectionNav: shown
      ? sections.map((section) => ({
          title: section.title,
          current: section.pages.includes(path),
          pages: section.pages.map(link),
        }))
      : false,
    pageNav:
      theme?.page_nav && at !== -1 && order.length > 1
        ? {
            previous: at > 0 ? link(order[at - 1]) : false,
            next: at < order.length - 1 ? link(order[at + 1]) : false,
          }
        : false,
  };
}

/** What blog.html lists: `posts` in full, then `years` of `{ year, posts }`, `omitted` when posts were left off, and `postCount` in all. */
export function listingContext(
  manifest: Manifest,
  listing: BlogListing | undefined,
  lang: string,
  listed?: (post: PageRoute) => ListedExtras,
) {
  if (!listing) return { posts: [], years: [], omitted: false, postCount: 0 };
  const { blogIndex, sitemap } = manifest.surface;
  const omitted = listing.omitted && {
    ...listing.omitted,
    years: yearSpan(listing.omitted.fromYear, listing.omitted.toYear),
    listed: listing.listed,
    total: listing.total,
    blogIndex: blogIndex.path,
    sitemap: sitemap.path,
  };
  return {
    posts: listing.full.map((post) => postItem(post, lang, listed)),
    years: listing.years.map(({ year, posts }) => ({
      year,
      posts: posts.map((post) => postItem(post, lang, listed)),
    })),
    omitted: omitted ?? false,
    postCount: listing.total,
  };
}

/**
 * What a post's template shows besides its text, each false where the post
 * has none: `draft`, `author`, `cover` (its own picture, sized), the minutes
 * it takes to read, and the `newer` and `older` posts around it.
 */
export function postPlace(route: PageRoute, extras: PostExtras | undefined) {
  return {
    draft: route.draft ?? false,
    author: route.author ?? false,
    cover: extras?.cover ?? false,
    readingMinutes: extras?.readingMinutes ?? 0,
    newer: route.newer ?? false,
    older: route.older ?? false,
  };
}

/**
 * Where a listing page stands, for its template: `pagination` (its number,
 * the count, the previous and next pages and every page, or false when the
 * listing is one page), `tag` on a tag's pages, and `allTags` on the tag
 * index, each tag with its page and number of posts.
 */
export function listingPlace(route: PageRoute) {
  const listing = route.listing;
  const pagination = listing?.pagination;
  const link = (number: number) => pagination!.pages[number - 1];
  return {
    pagination:
      pagination && pagination.count > 1
        ? {
            number: pagination.number,
            count: pagination.count,
            previous: pagination.number > 1 ? link(pagination.number - 1) : false,
            next: pagination.number < pagination.count ? link(pagination.number + 1) : false,
            pages: pageWindow(pagination.number, pagination.count).map((number) =>
              number === undefined
                ? { gap: true, number: 0, path: "", current: false }
                : { gap: false, ...link(number), current: number === pagination.number },
            ),
          }
        : false,
    tag: listing?.tag ?? false,
    allTags: listing?.tags ?? [],
    /** A post's tags with their pages: empty when the site has none (`tagList` is the tags as text). */
    tagLinks: route.tagLinks ?? [],
  };
}

/**
 * The page numbers a listing page links: the first, the last, and two on
 * each side of its own, with a gap (undefined) where numbers are left out,
 * so that a blog of a thousand pages links a few from each.
 */
export function pageWindow(current: number, count: number): (number | undefined)[] {
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, count])]
    .filter((number) => number >= 1 && number <= count)
    .sort((a, b) => a - b);
  return shown.flatMap((number, index) =>
    index > 0 && number - shown[index - 1] > 1 ? [undefined, number] : [number],
  );
}

/** The languages of the posts the blog page lists. */
export function listedLanguages(listing: BlogListing | undefined): string[] {
  if (!listing) return [];
  return [...listing.full, ...listing.years.flatMap((year) => year.posts)].map((post) => post.lang);
}

export function languagesOf(languages: string[]): Record<string, true> {
  return Object.fromEntries(languages.map((lang) => [lang, true]));
}

/**
 * A post in a list: its date is written the way the listing page's language
 * writes dates. The post is the item's prototype, so a template sees all its
 * fields and listing 10,000 posts copies none of them. `thumbnail`,
 * `readingMinutes` and `tagLinksShown` are false, 0 and false unless the
 * theme asks for them (`listed`).
 */
export function postItem(
  post: PageRoute,
  pageLang: string,
  listed?: (post: PageRoute) => ListedExtras,
): PageRoute & { displayDate: string; tagList: string } & ListedExtras {
  const extras = listed?.(post) ?? { thumbnail: false, readingMinutes: 0, tagLinksShown: false };
  return Object.assign(
    Object.create(post) as PageRoute,
    { displayDate: displayDate(post.date!, pageLang), tagList: post.tags.join(", ") },
    extras,
  );
}

/**
 * `4 March 2025` in English, `04/03/2025` (day first, as Vietnamese readers
 * write it) in Vietnamese, and in any other language as Intl's long date
 * style writes it there (`4. März 2025` in German).
 */
export function displayDate(date: string, lang: string): string {
  const [year, month, day] = date.split("-");
  const primary = lang.split("-")[0].toLowerCase();
  if (primary === "vi") return `${day}/${month}/${year}`;
  if (primary === "en") return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
  return longDate(lang).format(new Date(`${date}T00:00:00Z`));
}

/** Intl's long date style for `lang`, made once a language: making one costs thirty times what formatting a date with it does, and a German blog of 10,000 posts lists each on several pages. */
const longDates = new Map<string, Intl.DateTimeFormat>();
function longDate(lang: string): Intl.DateTimeFormat {
  let format = longDates.get(lang);
  if (!format)
    longDates.set(lang, (format = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" })));
  return format;
}
