/**
 * What every layout links to besides the site's navigation: the footer's
 * links to the machine surface and the blog a post belongs to. Its own module
 * because these are the site's settings read against the routes it has (a
 * link only where its target exists), not routes of their own.
 */
import { FOOTER_LINKS } from "../content/site-settings.ts";
import type { SiteConfig } from "../content/types.ts";
import { DEVELOPERS_PATH } from "./addresses.ts";
import type { FileRoute, PageRoute } from "./routes.ts";

/**
 * The footer's links to the machine surface (`agents.footer_links`), each a path or false: the
 * developers page and the feed only where the site has them; `markdown`, whether a page links its own.
 */
export interface FooterLinks {
  developers: string | false;
  feed: string | false;
  llms_txt: string | false;
  markdown: boolean;
}

/** Which of the footer's links to the machine surface a layout shows: those `agents.footer_links` names (all when left out) that the site has. */
export function footerLinksOf(
  site: SiteConfig,
  pages: PageRoute[],
  feed: FileRoute | undefined,
  llmsTxt: FileRoute,
): FooterLinks {
  const shown = new Set(site.agents?.footer_links ?? FOOTER_LINKS);
  return {
    developers:
      shown.has("developers") && pages.some((page) => page.path === DEVELOPERS_PATH)
        ? DEVELOPERS_PATH
        : false,
    feed: shown.has("feed") && feed ? feed.path : false,
    llms_txt: shown.has("llms_txt") ? llmsTxt.path : false,
    markdown: shown.has("markdown"),
  };
}

/** The page that lists the posts, which every post belongs to (structured data), when the site has one. */
export function blogOf(pages: PageRoute[]): { blog?: { url: string; title: string } } {
  const blog = pages.find((page) => page.template === "blog");
  return blog ? { blog: { url: blog.url, title: blog.title } } : {};
}
