/**
 * What the manifest is made of: a route (a page with its HTML and Markdown
 * representations), a file of the surface, a file published as it is, and
 * what a listing route lists. Types and constants only: manifest.ts,
 * listings.ts, sitemap-parts.ts and agent-files.ts make these, and each
 * imports them from here, below all four, so none of them imports another's
 * maker to name a route.
 */
import type { Lang } from "../content/types.ts";
import type { Markup } from "../content/markup.ts";

export type Template = "home" | "page" | "blog" | "post" | "tags" | "tag" | "archive";

export interface PageRoute {
  /** A page of content/pages/, a post, or a page the build makes to list posts (src/manifest/listings.ts). */
  kind: "page" | "post" | "listing";
  /** Canonical path, always trailing-slashed: `/`, `/about/`, `/blog/<slug>/`. */
  path: string;
  /** The `.md` sibling's path: `/index.md`, `/about.md`, `/blog/<slug>.md`. */
  markdownPath: string;
  /** Output files, relative to the output folder. */
  htmlFile: string;
  markdownFile: string;
  template: Template;
  title: string;
  description: string;
  lang: Lang;
  /** YYYY-MM-DD: sitemap `lastmod`. */
  lastmod: string;
  /** The canonical URL and the `.md` sibling's, absolute. */
  url: string;
  markdownUrl: string;
  /**
   * The same text in the site's other languages, this one included, in the
   * site's order: its `hreflang` links and `Link` header. Absent on a text
   * in one language.
   */
  alternates?: { lang: Lang; url: string }[];
  /** Posts only. */
  slug?: string;
  /** The day it is dated, YYYY-MM-DD, and the moment, RFC 3339. */
  date?: string;
  published?: string;
  updated?: string;
  author?: string;
  /** An image for the post, absolute: a file of the site, or another site's URL. */
  image?: string;
  /** Its text for a reader who cannot see it, where the post gives one. */
  imageAlt?: string;
  /** A draft, in a build that shows drafts: marked on its page, left out of every index. */
  draft?: true;
  /** The posts before and after it, newest first: the newer and the older one. */
  newer?: PostLink;
  older?: PostLink;
  /** Whether its page opens with a table of contents: the post's `toc`, else the site's. */
  toc?: true;
  tags: string[];
  /** A post's tags with their pages, when the site has tag pages (`tags: true`): a tag with no Latin letter or digit has none. */
  tagLinks?: { name: string; path: string; url: string }[];
  /** The frontmatter's fields sitegen does not know: templates read them as `params.<name>`. */
  params: Record<string, unknown>;
  /** The sizes of the images of a post's own folder, by URL path: its `<img>` tags carry them. */
  images?: Record<string, { width: number; height: number }>;
  /** On a page that lists posts (the blog, its numbered pages, the tag index, a tag's pages): what it lists. */
  listing?: ListingFacts;
  /** Source file as messages name it, its absolute path, and its Markdown body, for rendering and error messages. */
  source: string;
  sourcePath: string;
  body: string;
  bodyLine: number;
  /** `html` when the body is HTML, published as written (src/content/markup.ts). */
  markup?: Markup;
}

/** A post as a neighbour links to it. */
export interface PostLink {
  title: string;
  path: string;
  url: string;
  lang: Lang;
}

export type FileTag = "agent-index" | "content" | "crawl";

/** A file of the content published as it is (a post's bundle file, a site-wide file). */
export interface PublishedFile {
  /** Its URL path: `/blog/<slug>/possum.png`, `/favicon.ico`. */
  path: string;
  /** Output file, relative to the output folder. */
  file: string;
  /** Absolute path of the source, to copy, and the source as messages name it. */
  sourcePath: string;
  source: string;
  /** The source's size. */
  bytes: number;
  /** Whether it is a post's own file, and an image's size. */
  bundle: boolean;
  width?: number;
  height?: number;
  /** A narrower copy of a post's cover (src/manifest/image-variants.ts): the original's URL path. `sourcePath` is the original's, which it is made from. */
  variantOf?: string;
}

/** A single-representation file of the surface (spec §2.6, §4). */
export interface FileRoute {
  path: string;
  /** Absolute URL. */
  url: string;
  file: string;
  mediaType: string;
  operationId: string;
  tag?: FileTag;
  summary: string;
}

/** A page of a listing, as the pages around it link to it. */
export interface ListingPageLink {
  number: number;
  path: string;
  url: string;
}

/** Where a numbered page stands among its listing's pages: it lists `posts.slice(first, end)`. */
export interface Pagination {
  number: number;
  count: number;
  first: number;
  end: number;
  /** Every page of the listing, the first at the listing's own path. */
  pages: ListingPageLink[];
}

/** A tag with a page: its name as shown, its slug, its page and how many posts it has. */
export interface TagEntry {
  name: string;
  slug: string;
  path: string;
  url: string;
  markdownUrl: string;
  count: number;
}

/** What a listing route lists. */
export interface ListingFacts {
  /** Every post of the listing, newest first: the blog's, or one tag's. */
  posts: PageRoute[];
  /** Its place among the listing's numbered pages; without, the page lists as many posts as its budget allows. */
  pagination?: Pagination;
  /** On a tag's pages: the tag, and the tag index they belong to (the site's navigation marks it as where the reader is). */
  tag?: TagEntry;
  section?: string;
  /** On the tag index: every tag, by name. */
  tags?: TagEntry[];
}

export const MEDIA = {
  html: "text/html; charset=utf-8",
  markdown: "text/markdown; charset=utf-8",
  text: "text/plain; charset=utf-8",
  json: "application/json; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
} as const;

/** Internal build files live here; `_redirects` keeps them private on the CDN. */
export const INTERNAL_DIR = "_sitegen";
export const NEGOTIATION_TABLE_FILE = `${INTERNAL_DIR}/negotiation.json`;

export type Addresser = (
  path: string,
) => Pick<PageRoute, "path" | "markdownPath" | "htmlFile" | "markdownFile" | "url" | "markdownUrl">;

export type SurfaceRole =
  | "llmsTxt"
  | "llmsFullTxt"
  | "agentInstructions"
  | "blogIndex"
  | "sitemap"
  | "robots"
  | "openapi";
