/** The HTML representation of a page, rendered through the templates. */
import { renderMarkdown } from "../markdown.ts";
import { absoluteUrl, type Manifest, type PageRoute } from "../manifest.ts";
import type { TemplateSet } from "../template.ts";
import { pagePreview, type PagePreview } from "./structured-data.ts";

export interface HtmlOptions {
  /** Extra markup for <head>; the watch-mode reload script, never in a production build. */
  headExtra?: string;
}

export interface RenderedPage {
  html: string;
  ids: string[];
  links: { href: string; line: number }[];
}

export function pageHtml(manifest: Manifest, templates: TemplateSet, route: PageRoute, options: HtmlOptions = {}): RenderedPage {
  const { html: body, ids, links } = renderMarkdown(route.body);
  // Only the blog and home templates list posts; building the list for every
  // post page would make a build quadratic in the number of posts.
  const listed = route.template === "blog" ? manifest.posts : route.template === "home" ? manifest.posts.slice(0, 3) : [];
  const content = templates.render(templateOf(route, templates), {
    ...route,
    site: manifest.site,
    body,
    markdownUrl: route.markdownPath,
    displayDate: route.date ? displayDate(route.date, route.lang) : "",
    displayUpdated: route.updated ? displayDate(route.updated, route.lang) : "",
    tagList: route.tags.join(", "),
    posts: route.template === "blog" ? listed.map((post) => postItem(post, route.lang)) : [],
    recentPosts: route.template === "home" ? listed.map((post) => postItem(post, route.lang)) : [],
  });
  const html = layout(manifest, templates, {
    lang: route.lang,
    documentTitle: route.template === "home" ? `${manifest.site.name}: ${route.title}` : `${route.title} · ${manifest.site.name}`,
    description: route.description,
    canonical: absoluteUrl(manifest, route.path),
    markdownUrl: route.markdownPath,
    currentPath: route.kind === "post" ? "/blog/" : route.path,
    content,
    headExtra: options.headExtra ?? "",
    languages: languagesOf([route.lang, manifest.site.language, ...listed.map((post) => post.lang)]),
    ...pagePreview(manifest, templates, route),
  });
  return { html, ids, links };
}

/**
 * A fixed page renders through a template of its own name when the templates
 * folder has one (`contact.html` for /contact/, which holds the enquiry form),
 * else through its kind's template.
 */
function templateOf(route: PageRoute, templates: TemplateSet): string {
  const own = route.kind === "page" && route.template === "page" ? `${route.path.slice(1, -1)}.html` : undefined;
  return own && templates.has(own) ? own : `${route.template}.html`;
}

export function notFoundHtml(manifest: Manifest, templates: TemplateSet, options: HtmlOptions = {}): { html: string } {
  return { html: layout(manifest, templates, {
    lang: manifest.site.language,
    documentTitle: `Page not found · ${manifest.site.name}`,
    description: "There is no page at this address.",
    canonical: "",
    markdownUrl: "",
    currentPath: "",
    content: templates.render("404.html", { site: manifest.site }),
    headExtra: options.headExtra ?? "",
    languages: languagesOf([manifest.site.language]),
    // An error page is not a page to index or share.
    jsonLd: "",
    openGraph: [],
    twitter: [],
  }) };
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
  content: string;
  headExtra: string;
}

function layout(manifest: Manifest, templates: TemplateSet, context: LayoutContext): string {
  return templates.render("layout.html", {
    ...context,
    site: manifest.site,
    year: manifest.generated.slice(0, 4),
    navigation: manifest.navigation.map((link) => ({ ...link, current: link.path === context.currentPath })),
    footerNavigation: manifest.footerNavigation,
  });
}

function languagesOf(languages: string[]): Record<string, true> {
  return Object.fromEntries(languages.map((lang) => [lang, true]));
}

/**
 * A post in a list: its date is written the way the listing page's language
 * writes dates. The post is the item's prototype, so a template sees all its
 * fields and listing 10,000 posts copies none of them.
 */
function postItem(post: PageRoute, pageLang: string): PageRoute & { displayDate: string; tagList: string } {
  return Object.assign(Object.create(post) as PageRoute, { displayDate: displayDate(post.date!, pageLang), tagList: post.tags.join(", ") });
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** `4 March 2025` in English, `04/03/2025` (day first, as Vietnamese readers write it) in Vietnamese. */
function displayDate(date: string, lang: string): string {
  const [year, month, day] = date.split("-");
  return lang === "vi" ? `${day}/${month}/${year}` : `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
}
