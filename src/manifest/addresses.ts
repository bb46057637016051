/**
 * Where things are: a post's path, a path's Markdown sibling and output
 * files, the surface's files and the error links, each made from the
 * site's origin alone. Pure; the manifest (manifest.ts) and its routes
 * (post-routes.ts, listings.ts) take every address from here.
 */
import type { ErrorLinks } from "../negotiation/table.ts";
import { MEDIA, type Addresser, type FileRoute, type SurfaceRole } from "./routes.ts";

/** A post's canonical path: `/blog/<slug>/`. */
export function postPath(slug: string): string {
  return `/blog/${slug}/`;
}

/** The slug of a post's canonical path, or undefined for any other path: the inverse of `postPath`. */
export function slugOfPostPath(path: string): string | undefined {
  return /^\/blog\/([^/]+)\/$/.exec(path)?.[1];
}

/** `/` → `/index.md`, `/about/` → `/about.md`, `/blog/x/` → `/blog/x.md` (spec §4.1.5). */
export function markdownSibling(path: string): string {
  return path === "/" ? "/index.md" : `${path.slice(0, -1)}.md`;
}

/** Where a canonical path's two representations live, as URLs and as output files. */
export function addresser(baseUrl: string): Addresser {
  return (path) => {
    const markdownPath = markdownSibling(path);
    return {
      path,
      markdownPath,
      htmlFile: `${path.slice(1)}index.html`,
      markdownFile: markdownPath.slice(1),
      url: baseUrl + path,
      markdownUrl: baseUrl + markdownPath,
    };
  };
}

/** The single-representation files of spec §2.6 with their operations of §4, in the order they are listed. */
export function surfaceFiles(baseUrl: string): Record<SurfaceRole, FileRoute> {
  const file = (path: string, rest: Omit<FileRoute, "path" | "url" | "file">): FileRoute => ({
    path,
    url: baseUrl + path,
    file: path.slice(1),
    ...rest,
  });
  return {
    llmsTxt: file("/llms.txt", {
      mediaType: MEDIA.text,
      operationId: "getLlmsTxt",
      tag: "agent-index",
      summary: "Agent index: site summary, when to use, link index",
    }),
    llmsFullTxt: file("/llms-full.txt", {
      mediaType: MEDIA.text,
      operationId: "getLlmsFullTxt",
      tag: "agent-index",
      summary: "The site as one Markdown document: every page, and the newest posts that fit its size budget",
    }),
    agentInstructions: file("/agent-instructions.md", {
      mediaType: MEDIA.markdown,
      operationId: "getAgentInstructions",
      tag: "agent-index",
      summary: "How an agent should call, cite and hand off",
    }),
    blogIndex: file("/blog-index.json", {
      mediaType: MEDIA.json,
      operationId: "getBlogIndex",
      tag: "content",
      summary: "Every published post as JSON",
    }),
    sitemap: file("/sitemap.xml", {
      mediaType: MEDIA.xml,
      operationId: "getSitemap",
      tag: "crawl",
      summary: "Every indexable URL with its last-modified date",
    }),
    robots: file("/robots.txt", {
      mediaType: MEDIA.text,
      operationId: "getRobotsTxt",
      tag: "crawl",
      summary: "Crawl rules; no crawler is blocked",
    }),
    openapi: file("/openapi.json", {
      mediaType: MEDIA.json,
      operationId: "getOpenApiDescription",
      summary: "OpenAPI 3.1 description of this site's machine-readable surface",
    }),
  };
}

/** /feed.xml: an Atom feed (RFC 4287) of the newest posts, for feed readers. */
export function feedFile(baseUrl: string): FileRoute {
  return {
    path: "/feed.xml",
    url: `${baseUrl}/feed.xml`,
    file: "feed.xml",
    mediaType: MEDIA.atom,
    operationId: "getFeed",
    tag: "content",
    summary: "The newest posts as an Atom feed (RFC 4287)",
  };
}

export function absoluteUrl(manifest: { baseUrl: string }, path: string): string {
  return `${manifest.baseUrl}${path}`;
}

/**
 * The developers page documents every error (`#errors`) and each status
 * (`#http-404`). A site that need not have one (`agents.developers_page:
 * optional`) and has none names `about:blank` as every error's type (RFC
 * 9457 §4.2.1: no semantics beyond the status; `code` says which error it
 * is) and /agent-instructions.md, which says how errors answer, as their
 * documentation.
 */
export function errorLinks(
  baseUrl: string,
  surface: Record<SurfaceRole, FileRoute>,
  developersPage = true,
): ErrorLinks {
  const shared = {
    llmsTxt: surface.llmsTxt.url,
    sitemap: surface.sitemap.url,
    openapi: surface.openapi.url,
    home: `${baseUrl}/`,
  };
  if (!developersPage)
    return {
      typePrefix: "",
      type: "about:blank",
      documentation: surface.agentInstructions.url,
      documentationType: "text/markdown",
      ...shared,
    };
  return {
    typePrefix: `${baseUrl}/developers/#http-`,
    documentation: `${baseUrl}/developers/#errors`,
    ...shared,
  };
}

/** The path of the page that documents errors, where the site has or needs one. */
export const DEVELOPERS_PATH = "/developers/";
