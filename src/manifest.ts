/**
 * The manifest: every route and file of the site, computed once from the
 * content. Every emitter (pages, siblings, indexes, sitemap, OpenAPI, CDN rules,
 * negotiation table) reads URLs from here and computes none of its own, so they
 * cannot disagree.
 */
import { FIXED_PAGES } from "./content/load.ts";
import type { Content, Lang, NavLink, PostSource, SiteConfig } from "./content/types.ts";

export type Template = "home" | "page" | "blog" | "post";

export interface PageRoute {
  kind: "page" | "post";
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
  /** Posts only. */
  slug?: string;
  date?: string;
  updated?: string;
  tags: string[];
  /** Source file and Markdown body, for rendering and error messages. */
  source: string;
  body: string;
  bodyLine: number;
}

export type FileTag = "agent-index" | "content" | "crawl";

/** A single-representation file of the surface (spec §2.6, §4). */
export interface FileRoute {
  path: string;
  file: string;
  mediaType: string;
  operationId: string;
  tag?: FileTag;
  summary: string;
}

export interface Manifest {
  site: SiteConfig;
  /** Origin without a trailing slash. */
  baseUrl: string;
  /** RFC 3339 time the build stands for (SOURCE_DATE_EPOCH when set). */
  generated: string;
  /** Fixed pages in the order of spec §2.1. */
  pages: PageRoute[];
  /** Published posts, newest first. */
  posts: PageRoute[];
  /** Pages then posts: every negotiable URL. */
  routes: PageRoute[];
  files: FileRoute[];
  /** Files behind the negotiated 404 (spec §7.1). */
  notFound: { html: string; markdown: string };
  navigation: NavLink[];
  footerNavigation: NavLink[];
}

export const MEDIA = {
  html: "text/html; charset=utf-8",
  markdown: "text/markdown; charset=utf-8",
  text: "text/plain; charset=utf-8",
  json: "application/json; charset=utf-8",
  xml: "application/xml; charset=utf-8",
} as const;

/** Internal build files live here; `_redirects` keeps them private on the CDN. */
export const INTERNAL_DIR = "_sitegen";
export const NEGOTIATION_TABLE_FILE = `${INTERNAL_DIR}/negotiation.json`;

export interface ManifestOptions {
  baseUrl?: string;
  generated: Date;
}

export function buildManifest(content: Content, options: ManifestOptions): Manifest {
  const baseUrl = (options.baseUrl ?? content.site.base_url).replace(/\/+$/, "");
  const posts = content.posts
    .filter((post) => post.status === "published")
    .sort((a, b) => (a.date === b.date ? a.slug.localeCompare(b.slug) : a.date < b.date ? 1 : -1))
    .map(postRoute);
  const newestPost = posts.map((post) => post.lastmod).sort().at(-1);
  const byName = new Map(content.pages.map((page) => [page.name, page]));
  const pages = FIXED_PAGES.map((name): PageRoute => {
    const page = byName.get(name)!;
    const path = name === "index" ? "/" : `/${name}/`;
    // The blog page changes whenever a post does.
    const lastmod = name === "blog" && newestPost && newestPost > page.updated ? newestPost : page.updated;
    return {
      kind: "page",
      ...addressesOf(path),
      template: name === "index" ? "home" : name === "blog" ? "blog" : "page",
      title: page.title,
      description: page.description,
      lang: page.lang ?? content.site.language,
      lastmod,
      tags: [],
      source: page.file,
      body: page.body,
      bodyLine: page.bodyLine,
    };
  });
  return {
    site: content.site,
    baseUrl,
    generated: options.generated.toISOString().replace(/\.\d{3}Z$/, "Z"),
    pages,
    posts,
    routes: [...pages, ...posts],
    files: surfaceFiles(),
    notFound: { html: "404.html", markdown: `${INTERNAL_DIR}/404.md` },
    navigation: content.site.navigation,
    footerNavigation: content.site.footer_navigation ?? [],
  };
}

function postRoute(post: PostSource): PageRoute {
  return {
    kind: "post",
    ...addressesOf(`/blog/${post.slug}/`),
    template: "post",
    title: post.title,
    description: post.description,
    lang: post.lang,
    lastmod: post.updated ?? post.date,
    slug: post.slug,
    date: post.date,
    updated: post.updated,
    tags: post.tags,
    source: post.file,
    body: post.body,
    bodyLine: post.bodyLine,
  };
}

/** `/` → `/index.md`, `/about/` → `/about.md`, `/blog/x/` → `/blog/x.md` (spec §4.1.5). */
export function markdownSibling(path: string): string {
  return path === "/" ? "/index.md" : `${path.slice(0, -1)}.md`;
}

/** Where a canonical path's two representations live, as URLs and as output files. */
function addressesOf(path: string): Pick<PageRoute, "path" | "markdownPath" | "htmlFile" | "markdownFile"> {
  const markdownPath = markdownSibling(path);
  return { path, markdownPath, htmlFile: `${path.slice(1)}index.html`, markdownFile: markdownPath.slice(1) };
}

/** The single-representation files of spec §2.6 with their operations of §4. */
function surfaceFiles(): FileRoute[] {
  return [
    { path: "/llms.txt", file: "llms.txt", mediaType: MEDIA.text, operationId: "getLlmsTxt", tag: "agent-index", summary: "Agent index: site summary, when to use, link index" },
    { path: "/llms-full.txt", file: "llms-full.txt", mediaType: MEDIA.text, operationId: "getLlmsFullTxt", tag: "agent-index", summary: "Every public page and post as one Markdown document" },
    { path: "/agent-instructions.md", file: "agent-instructions.md", mediaType: MEDIA.markdown, operationId: "getAgentInstructions", tag: "agent-index", summary: "How an agent should call, cite and hand off" },
    { path: "/blog-index.json", file: "blog-index.json", mediaType: MEDIA.json, operationId: "getBlogIndex", tag: "content", summary: "Every published post as JSON" },
    { path: "/sitemap.xml", file: "sitemap.xml", mediaType: MEDIA.xml, operationId: "getSitemap", tag: "crawl", summary: "Every indexable URL with its last-modified date" },
    { path: "/robots.txt", file: "robots.txt", mediaType: MEDIA.text, operationId: "getRobotsTxt", tag: "crawl", summary: "Crawl rules; no crawler is blocked" },
    { path: "/openapi.json", file: "openapi.json", mediaType: MEDIA.json, operationId: "getOpenApiDescription", summary: "This OpenAPI 3.1 description" },
  ];
}

export function absoluteUrl(manifest: Pick<Manifest, "baseUrl">, path: string): string {
  return `${manifest.baseUrl}${path}`;
}

/** Every path a reader can link to: pages, siblings and files. */
export function linkablePaths(manifest: Manifest): Set<string> {
  return new Set([...manifest.routes.flatMap((r) => [r.path, r.markdownPath]), ...manifest.files.map((f) => f.path)]);
}
