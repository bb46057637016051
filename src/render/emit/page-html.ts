/** The HTML representation of a page, rendered through the templates. */
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";
import type { RenderedMarkdown } from "../markdown/index.ts";
import { escapeHtml, KIND_TEMPLATES, type TemplateSet } from "../page/template.ts";
import type { BlogListing } from "./blog-listing.ts";
import { pagePreview, type PagePreview } from "./structured-data.ts";
import { themeFile } from "../page/theme-files.ts";
import {
  displayDate,
  languagesOf,
  listedLanguages,
  listingContext,
  listingPlace,
  postItem,
  postPlace,
  sectionPlace,
  type ListedExtras,
  type PostExtras,
} from "./page-context.ts";

// The page's renderer names what a post and a listed post show by this module.
export type { ListedExtras, PostCover, PostExtras } from "./page-context.ts";

export interface HtmlOptions {
  /** Extra markup for <head>; the watch-mode reload script, never in a production build. */
  headExtra?: string;
}

/**
 * `rendered` is the page's body as markdown-it rendered it (`renderMarkdown`);
 * `listing`, on the blog page, the posts it lists.
 */
export function pageHtml(
  manifest: Manifest,
  templates: TemplateSet,
  route: PageRoute,
  rendered: RenderedMarkdown,
  options: HtmlOptions & {
    listing?: BlogListing;
    post?: PostExtras;
    listed?: (post: PageRoute) => ListedExtras;
  } = {},
): string {
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
    currentPath:
      route.kind === "post" || (route.kind === "listing" && route.template === "blog")
        ? "/blog/"
        : (route.listing?.section ?? route.path),
    pagePath: route.path,
    content,
    // A draft is never to be indexed, whatever the templates say: only a build that shows drafts has one.
    headExtra: `${route.draft ? '<meta name="robots" content="noindex">\n' : ""}${hreflangLinks(route)}${options.headExtra ?? ""}`,
    languages: languagesOf([
      route.lang,
      manifest.site.languages[0],
      ...recent.map((post) => post.lang),
      ...listedLanguages(options.listing),
    ]),
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
  const link = (lang: string, url: string) =>
    `<link rel="alternate" hreflang="${escapeHtml(lang)}" href="${escapeHtml(url)}">\n`;
  return [
    ...route.alternates.map(({ lang, url }) => link(lang, url)),
    link("x-default", route.alternates[0].url),
  ].join("");
}

/**
 * A fixed page renders through a template of its own name when the templates
 * folder has one (`contact.html` for /contact/, which holds the enquiry form),
 * else through its kind's template; a page named as a kind's template
 * (404.md, post.md) renders through page.html.
 */
function templateOf(route: PageRoute, templates: TemplateSet): string {
  // A page the build makes renders through its kind's template (blog.html, tags.html, tag.html).
  const own =
    route.kind === "page" && route.template === "page" ? `${route.path.slice(1, -1)}.html` : undefined;
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
    content: templates.render("404.html", {
      site: manifest.site,
      pages: notFoundPages(manifest).map((route) => ({
        title: route.title,
        path: route.path,
        lang: route.lang !== manifest.site.languages[0] && route.lang,
      })),
    }),
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
    footerLinks: {
      ...manifest.footerLinks,
      markdown: manifest.footerLinks.markdown && context.markdownUrl !== "" ? context.markdownUrl : false,
    },
    /** What the layout shows of site.yaml's theme: the logo before the site's name, or false. */
    theme: { logo: themeFile(manifest, templates, "logo") ?? false },
    ...sectionPlace(manifest, context.pagePath),
  });
}
