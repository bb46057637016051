/**
 * The old site's pages that no source file made: its home, its lists of
 * posts page by page, its tag and category pages, its archives by year. A
 * reader's bookmark or a search engine's index still names them, so each
 * answers with a 301 to the page of the new site that does the same job
 * (site.yaml's `redirects:`): a tag's page to `/tags/<tag>/` where the new
 * site has that tag, a list's page to the blog's page of that number where
 * the blog has that many, a year's archive to the blog. What has no
 * counterpart is named, by kind, for the report.
 */
import { tagSlug } from "../../content/slug.ts";
import type { BuiltPage } from "./folder.ts";

export type OldPageKind = "home" | "listing" | "tags" | "tag" | "archive" | "other";

export interface OldPage {
  url: string;
  kind: OldPageKind;
  /** The path of the new site it redirects to; undefined for a page with no counterpart. */
  to?: string;
}

export interface NewSiteFacts {
  /** The old site's base path, `/blog-x`, or "". */
  basePath: string;
  /** The tags the moved posts have, by their slug. */
  tags: Set<string>;
  /** How many pages the blog's list has. */
  blogPages: number;
  /** The site's languages, in lower case: a list of another language's (`/fr/tags/`) goes to the one the new site has. */
  languages: string[];
}

const TAXONOMY = "(?:tags?|categories|category|topics?|labels?)";
const LIST = "(?:blog|posts|articles|archives?|news|writing|notes)";

/** Each built page that `covered` does not name (the moved documents' and files' old addresses), with where it goes now. */
export function oldListPages(built: Map<string, BuiltPage>, covered: (url: string) => boolean, facts: NewSiteFacts): OldPage[] {
  const pages: OldPage[] = [];
  for (const page of built.values()) {
    if (covered(page.url) || page.url.endsWith("/404.html")) continue;
    // A redirect page the old site wrote for an alias: the alias is moved with its document.
    const text = page.text();
    if (text.redirectsTo) continue;
    pages.push({ url: page.url, ...counterpart(decodedPath(page.url, facts), facts) });
  }
  return pages;
}

function counterpart(path: string, facts: NewSiteFacts): { kind: OldPageKind; to?: string } {
  if (path === "/" || path === "/index.html") return { kind: "home", to: "/" };
  const numbered = new RegExp(`^(?:/${LIST})?/page/?(\\d*)/?(?:index\\.html)?$`).exec(path);
  if (numbered) return { kind: "listing", to: blogPage(Number(numbered[1] || 1), facts) };
  if (new RegExp(`^/${TAXONOMY}/?(?:index\\.html)?$`).test(path)) return { kind: "tags", to: "/tags/" };
  const tag = new RegExp(`^/${TAXONOMY}/([^/]+)/(?:page/\\d+/?)?(?:index\\.html)?$`).exec(path);
  if (tag) {
    const slug = tagSlug(tag[1]);
    return { kind: "tag", to: slug !== "" && facts.tags.has(slug) ? `/tags/${slug}/` : "/tags/" };
  }
  if (/^\/\d{4}\/(?:\d{1,2}\/(?:\d{1,2}\/)?)?(?:index\.html)?$/.test(path) || new RegExp(`^/${LIST}/?(?:index\\.html)?$`).test(path)) return { kind: "archive", to: "/blog/" };
  return { kind: "other" };
}

/** The blog's page of that number where the new blog has that many, else its first. */
function blogPage(number: number, facts: NewSiteFacts): string {
  return number <= 1 || number > facts.blogPages ? "/blog/" : `/blog/page/${number}/`;
}

/** The page's path within the old site, decoded, in lower case, without the base path and a language's prefix. */
function decodedPath(url: string, facts: Pick<NewSiteFacts, "basePath" | "languages">): string {
  const within = facts.basePath && url.startsWith(`${facts.basePath}/`) ? url.slice(facts.basePath.length) : url;
  let path: string;
  try {
    path = decodeURI(within).toLowerCase();
  } catch {
    path = within.toLowerCase();
  }
  const lang = facts.languages.find((language) => path === `/${language}/` || path.startsWith(`/${language}/`));
  return lang ? path.slice(lang.length + 1) : path;
}
