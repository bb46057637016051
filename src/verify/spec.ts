/**
 * What the surface specification fixes, as data. The checks compare what a live
 * site answers against these values; nothing here is discovered.
 */

/** §2.1: the fixed pages. Post pages (`/blog/<slug>/`) are added from the published slugs. */
export const FIXED_PAGES: readonly string[] = [
  "/",
  "/about/",
  "/blog/",
  "/brand/",
  "/contact/",
  "/developers/",
  "/privacy/",
];

/** §2.1: the two representations every page has, and nothing else. */
export const PAGE_MEDIA_TYPES: readonly string[] = ["text/html", "text/markdown"];

/**
 * §2.6 and §4: the files with one representation, and the media types each may be
 * served as. §2.6 calls /openapi.json "OpenAPI 3.1 JSON", which either JSON type names.
 */
export const FILES: readonly { path: string; mediaTypes: readonly [string, ...string[]] }[] = [
  { path: "/llms.txt", mediaTypes: ["text/plain"] },
  { path: "/llms-full.txt", mediaTypes: ["text/plain"] },
  { path: "/agent-instructions.md", mediaTypes: ["text/markdown"] },
  { path: "/blog-index.json", mediaTypes: ["application/json"] },
  { path: "/sitemap.xml", mediaTypes: ["application/xml"] },
  { path: "/robots.txt", mediaTypes: ["text/plain"] },
  { path: "/openapi.json", mediaTypes: ["application/json", "application/vnd.oai.openapi+json"] },
];

/** §4: the operations the OpenAPI description must name, with their path and tag. */
export const OPERATIONS: readonly { operationId: string; path: string; tag?: string }[] = [
  { operationId: "getLlmsTxt", path: "/llms.txt", tag: "agent-index" },
  { operationId: "getLlmsFullTxt", path: "/llms-full.txt", tag: "agent-index" },
  { operationId: "getAgentInstructions", path: "/agent-instructions.md", tag: "agent-index" },
  { operationId: "getBlogIndex", path: "/blog-index.json", tag: "content" },
  { operationId: "getPostMarkdown", path: "/blog/{slug}.md", tag: "content" },
  { operationId: "getSitemap", path: "/sitemap.xml", tag: "crawl" },
  { operationId: "getRobotsTxt", path: "/robots.txt", tag: "crawl" },
  { operationId: "getPage", path: "/{path}" },
];

/** §2.5 and §7: the Problem `code` for each error status. */
export const PROBLEM_CODES: Readonly<Record<number, string>> = {
  404: "not_found",
  406: "representation_not_available",
};

/** §7.3: the relations every error's Link header names, with their target path and type. */
export const ERROR_LINKS: readonly { rel: string; path: string; type: string }[] = [
  { rel: "service-desc", path: "/openapi.json", type: "application/vnd.oai.openapi+json" },
  { rel: "service-doc", path: "/llms.txt", type: "text/plain" },
  { rel: "help", path: "/developers/#errors", type: "text/html" },
];

/** §2.6 "no AI crawler is blocked": the crawlers whose access is checked. */
export const AI_CRAWLERS: readonly string[] = [
  "GPTBot",
  "ClaudeBot",
  "PerplexityBot",
  "Google-Extended",
  "CCBot",
];

/** §8.3: robots.txt is about 100 bytes at most. */
export const ROBOTS_MAX_BYTES = 100;

/**
 * §8.2: llms-full.txt is "sized in the hundreds of kilobytes": past a
 * megabyte it has grown beyond what an agent's context takes in one read. A
 * small site's is smaller, and that is no fault; a file that lost posts is
 * caught by §2.6's check instead.
 */
export const LLMS_FULL_MAX_BYTES = 1_000_000;

/**
 * How llms-full.txt says it left the oldest posts out, to stay within §8.2:
 * "The oldest 9,900 posts … are left out". The newest posts must then all be in it.
 */
export const LLMS_FULL_OMISSION = /\bthe oldest ([\d,]+) posts?\b[^.]*?\b(?:are|is) left out\b/i;

/** §9.1: the version the OpenAPI description carries. */
export const OPENAPI_DOCUMENT_VERSION = "1.0.0";

/** §4.1.5: the `.md` sibling of a canonical page path (`/` → `/index.md`, `/a/b/` → `/a/b.md`). */
export function markdownSiblingPath(pagePath: string): string {
  return pagePath === "/" ? "/index.md" : `${pagePath.replace(/\/$/, "")}.md`;
}

/** §2.1: the canonical path of the post page for `slug`. */
export function postPagePath(slug: string): string {
  return `/blog/${slug}/`;
}
