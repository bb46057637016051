/** The HTML representation of a page, rendered through the templates. */
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";
import type { RenderedMarkdown } from "../markdown/index.ts";
import { escapeHtml, KIND_TEMPLATES, type TemplateSet } from "../template.ts";
import { yearSpan, type BlogListing } from "./blog-listing.ts";
import { pagePreview, type PagePreview } from "./structured-data.ts";
import { themeFile } from "../theme-files.ts";

export interface HtmlOptions {
  /** Extra markup for <head>; the watch-mode reload script, never in a production build. */
  headExtra?: string;
}

/** A post's own picture, as its page shows it. */
export interface PostCover {
  path: string;
  width: number;
  height: number;
  /** Its narrower copies and itself, each by its width (`<img srcset>`); false when it has none. */
  srcset: string | false;
}

/** What a post's page shows besides its text: its picture, and how long it takes to read. */
export interface PostExtras {
  cover?: PostCover;
  readingMinutes: number;
}

/** What a listed post shows where the theme asks for it (src/render/render-page.ts): its cover, its reading time, and whether its tags are links. */
export interface ListedExtras {
  thumbnail: PostCover | false;
  readingMinutes: number;
  tagLinksShown: boolean;
}

/**
 * `rendered` is the page's body as markdown-it rendered it (`renderMarkdown`);
 * `listing`, on the blog page, the posts it lists.
 */
export function pageHtml(manifest: Manifest, templates: TemplateSet, route: PageRoute, rendered: RenderedMarkdown, options: HtmlOptions & { listing?: BlogListing; post?: PostExtras; listed?: (post: PageRoute) => ListedExtras } = {}): string {
  const body = rendered.html;
  // Only the blog and home templates list posts; building the list for every
  // post page would make a build quadratic in the number of posts.
  const recent = route.template === "home" ? manifest.listed.slice(0, 3) : [];
  const content = templates.render(templateOf(route, templates), {
    ...route,
    site: manifest.site,
    siteLang: manifest.site.languages[0],
    body,
    markdownUrl: route.markdownPath,
    displayDate: route.date ? displayDate(route.date, route.lang) : "",
    displayUpdated: route.updated ? displayDate(route.updated, route.lang) : "",
    tagList: route.tags.join(", "),
    ...listingContext(manifest, options.listing, route.lang, options.listed),
    ...listingPlace(route),
    ...postPlace(route, options.post),
    recentPosts: recent.map((post) => postItem(post, route.lang, options.listed)),
  });
  return layout(manifest, templates, {
    lang: route.lang,
    documentTitle: documentTitle(manifest.site.name, route),
    description: route.description,
    canonical: route.url,
    markdownUrl: route.markdownPath,
    currentPath: route.kind === "post" || (route.kind === "listing" && route.template === "blog") ? "/blog/" : (route.listing?.section ?? route.path),
    pagePath: route.path,
    content,
    // A draft is never to be indexed, whatever the templates say: only a build that shows drafts has one.
    headExtra: `${route.draft ? '<meta name="robots" content="noindex">\n' : ""}${hreflangLinks(route)}${options.headExtra ?? ""}`,
    languages: languagesOf([route.lang, manifest.site.languages[0], ...recent.map((post) => post.lang), ...listedLanguages(options.listing)]),
    ...pagePreview(manifest, templates, route),
  });
}

/**
 * The `<title>`: the home page's after the site's name, any other page's
 * before it; a title that already names the site (`Halyard Integration:
 * middleware and integration consulting`) is not prefixed with it again.
 */
function documentTitle(name: string, route: PageRoute): string {
  if (route.template !== "home") return `${route.title} · ${name}`;
  return route.title.toLowerCase().startsWith(name.toLowerCase()) ? route.title : `${name}: ${route.title}`;
}

/** The page's translations as `<link rel="alternate" hreflang>` (HTML Living Standard §4.6.7.1), and the first language's as `x-default`. */
function hreflangLinks(route: PageRoute): string {
  if (!route.alternates) return "";
  const link = (lang: string, url: string) => `<link rel="alternate" hreflang="${escapeHtml(lang)}" href="${escapeHtml(url)}">\n`;
  return [...route.alternates.map(({ lang, url }) => link(lang, url)), link("x-default", route.alternates[0].url)].join("");
}

/**
 * A fixed page renders through a template of its own name when the templates
 * folder has one (`contact.html` for /contact/, which holds the enquiry form),
 * else through its kind's template; a page named as a kind's template
 * (404.md, post.md) renders through page.html.
 */
function templateOf(route: PageRoute, templates: TemplateSet): string {
  // A page the build makes renders through its kind's template (blog.html, tags.html, tag.html).
  const own = route.kind === "page" && route.template === "page" ? `${route.path.slice(1, -1)}.html` : undefined;
  return own && !KIND_TEMPLATES.has(own) && templates.has(own) ? own : `${route.template}.html`;
}

export function notFoundHtml(manifest: Manifest, templates: TemplateSet, options: HtmlOptions = {}): string {
  return layout(manifest, templates, {
    lang: manifest.site.languages[0],
    documentTitle: `Page not found · ${manifest.site.name}`,
    description: "There is no page at this address.",
    canonical: "",
    markdownUrl: "",
    currentPath: "",
    pagePath: "",
    // The site's pages, for a reader to go on from (sitemap.xml is for crawlers); each in its language where that is not the site's.
    content: templates.render("404.html", { site: manifest.site, pages: notFoundPages(manifest).map((route) => ({ title: route.title, path: route.path, lang: route.lang !== manifest.site.languages[0] && route.lang })) }),
    headExtra: options.headExtra ?? "",
    languages: languagesOf([manifest.site.languages[0]]),
    // An error page is not a page to index or share.
    jsonLd: "",
    openGraph: [],
    twitter: [],
  });
}

/**
 * The pages a 404 names, in its HTML for people and in its Markdown for
 * agents: the site's pages, and the tag index when the build makes it (it
 * links every tag's page; the other listing pages are found from it and the
 * blog page).
 */
export function notFoundPages(manifest: Manifest): PageRoute[] {
  return [...manifest.pages, ...manifest.listings.filter((route) => route.template === "tags")];
}

interface LayoutContext extends PagePreview {
  lang: string;
  /**
   * Every language with text on the page (`{ en: true, vi: true }`): the
   * page's, the site's (navigation, footer) and those of the posts it lists.
   * The layout fetches early what those languages need, such as a font subset.
   */
  languages: Record<string, true>;
  documentTitle: string;
  description: string;
  canonical: string;
  markdownUrl: string;
  currentPath: string;
  /** The page's own path, for where it stands in `sections`; "" on the 404 page. */
  pagePath: string;
  content: string;
  headExtra: string;
}

function layout(manifest: Manifest, templates: TemplateSet, context: LayoutContext): string {
  return templates.render("layout.html", {
    ...context,
    site: manifest.site,
    /** The site's default language: of the navigation, the footer and the template's own words. */
    siteLang: manifest.site.languages[0],
    year: manifest.generated.slice(0, 4),
    /** The Atom feed's path, for the head's `rel="alternate"` link; "" when the site has none. */
    feedUrl: manifest.feed?.path ?? "",
    navigation: manifest.navigation.map((link) => ({ ...link, current: link.path === context.currentPath })),
    footerNavigation: manifest.footerNavigation,
    /** The footer's links to the machine surface, each a path or false: `developers`, `feed`, `llms_txt`, and `markdown`, this page's Markdown or false. */
    footerLinks: { ...manifest.footerLinks, markdown: manifest.footerLinks.markdown && context.markdownUrl !== "" ? context.markdownUrl : false },
    /** What the layout shows of site.yaml's theme: the logo before the site's name, or false. */
    theme: { logo: themeFile(manifest, templates, "logo") ?? false },
    ...sectionPlace(manifest, context.pagePath),
  });
}

/**
 * Where a page stands in site.yaml's `sections`, where the theme asks for
 * it: `sectionNav` (`theme.section_nav`), each section with its pages, the
 * page's own and its section marked `current`, and `pageNav`
 * (`theme.page_nav`), the pages before and after it in reading order, each
 * false at either end; both false on a page no section names.
 */
function sectionPlace(manifest: Manifest, path: string) {
  const { sections = [], theme } = manifest.site;
  if (sections.length === 0 || (!theme?.section_nav && !theme?.page_nav)) return { sectionNav: false, pageNav: false };
  const titles = new Map([...manifest.pages, ...manifest.listings].map((route) => [route.path, route.title]));
  const link = (page: string) => ({ path: page, title: titles.get(page) ?? page, current: page === path });
  const order = sections.flatMap((section) => section.pages);
  const at = order.indexOf(path);
  const shown = theme?.section_nav && at !== -1;
  return {
    sectionNav: shown ? sections.map((section) => ({ title: section.title, current: section.pages.includes(path), pages: section.pages.map(link) })) : false,
    pageNav: theme?.page_nav && at !== -1 && order.length > 1
      ? { previous: at > 0 ? link(order[at - 1]) : false, next: at < order.length - 1 ? link(order[at + 1]) : false }
      : false,
  };
}

/** What blog.html lists: `posts` in full, then `years` of `{ year, posts }`, `omitted` when posts were left off, and `postCount` in all. */
function listingContext(manifest: Manifest, listing: BlogListing | undefined, lang: string, listed?: (post: PageRoute) => ListedExtras) {
  if (!listing) return { posts: [], years: [], omitted: false, postCount: 0 };
  const { blogIndex, sitemap } = manifest.surface;
  const omitted = listing.omitted && { ...listing.omitted, years: yearSpan(listing.omitted.fromYear, listing.omitted.toYear), listed: listing.listed, total: listing.total, blogIndex: blogIndex.path, sitemap: sitemap.path };
  return {
    posts: listing.full.map((post) => postItem(post, lang, listed)),
    years: listing.years.map(({ year, posts }) => ({ year, posts: posts.map((post) => postItem(post, lang, listed)) })),
    omitted: omitted ?? false,
    postCount: listing.total,
  };
}

/**
 * What a post's template shows besides its text, each false where the post
 * has none: `draft`, `author`, `cover` (its own picture, sized), the minutes
 * it takes to read, and the `newer` and `older` posts around it.
 */
function postPlace(route: PageRoute, extras: PostExtras | undefined) {
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
function listingPlace(route: PageRoute) {
  const listing = route.listing;
  const pagination = listing?.pagination;
  const link = (number: number) => pagination!.pages[number - 1];
  return {
    pagination: pagination && pagination.count > 1
      ? {
          number: pagination.number,
          count: pagination.count,
          previous: pagination.number > 1 ? link(pagination.number - 1) : false,
          next: pagination.number < pagination.count ? link(pagination.number + 1) : false,
          pages: pageWindow(pagination.number, pagination.count).map((number) =>
            number === undefined ? { gap: true, number: 0, path: "", current: false } : { gap: false, ...link(number), current: number === pagination.number },
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
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, count])].filter((number) => number >= 1 && number <= count).sort((a, b) => a - b);
  return shown.flatMap((number, index) => (index > 0 && number - shown[index - 1] > 1 ? [undefined, number] : [number]));
}

/** The languages of the posts the blog page lists. */
function listedLanguages(listing: BlogListing | undefined): string[] {
  if (!listing) return [];
  return [...listing.full, ...listing.years.flatMap((year) => year.posts)].map((post) => post.lang);
}

function languagesOf(languages: string[]): Record<string, true> {
  return Object.fromEntries(languages.map((lang) => [lang, true]));
}

/**
 * A post in a list: its date is written the way the listing page's language
 * writes dates. The post is the item's prototype, so a template sees all its
 * fields and listing 10,000 posts copies none of them. `thumbnail`,
 * `readingMinutes` and `tagLinksShown` are false, 0 and false unless the
 * theme asks for them (`listed`).
 */
function postItem(post: PageRoute, pageLang: string, listed?: (post: PageRoute) => ListedExtras): PageRoute & { displayDate: string; tagList: string } & ListedExtras {
  const extras = listed?.(post) ?? { thumbnail: false, readingMinutes: 0, tagLinksShown: false };
  return Object.assign(Object.create(post) as PageRoute, { displayDate: displayDate(post.date!, pageLang), tagList: post.tags.join(", ") }, extras);
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * `4 March 2025` in English, `04/03/2025` (day first, as Vietnamese readers
 * write it) in Vietnamese, and in any other language as Intl's long date
 * style writes it there (`4. März 2025` in German).
 */
function displayDate(date: string, lang: string): string {
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
  if (!format) longDates.set(lang, (format = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" })));
  return format;
}
