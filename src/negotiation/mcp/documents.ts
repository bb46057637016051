/**
 * The site's documents as `/mcp` reads them: by number from the chunks the
 * build wrote (data.ts), a page at a time by a cursor, and by URL as
 * Markdown, which is what a resource is. Its own module because the tools
 * (tools.ts) and the resource methods (methods.ts) read the site the same
 * way, through the host's store. No `node:` imports.
 */
import { normalizePath } from "../decide.ts";
import type { SiteData } from "../site-data.ts";
import { DOCS_PER_CHUNK, docChunkPath, type DocRecord, type McpSite } from "./data.ts";

/** What a tool reads: the site's files and `site.json`. */
export interface McpContext {
  site: SiteData;
  info: McpSite;
  /** The origin the request came to (the preview server's, a deploy preview's): its URLs are the site's too. */
  requestOrigin: string;
}

/** Resources: every page and post, by its canonical URL, as Markdown; `resources/list` a page at a time. */
export async function listResources(
  cursor: unknown,
  context: McpContext,
): Promise<{ resources: Record<string, unknown>[]; nextCursor?: string } | undefined> {
  const total = context.info.pages + context.info.posts;
  const start = cursorOf(cursor, total);
  if (start === undefined) return undefined;
  const end = Math.min(total, start + RESOURCES_PER_PAGE);
  const resources: Record<string, unknown>[] = [];
  for (let number = start; number < end; number++) {
    const doc = await docAt(number, context);
    resources.push({
      uri: doc.url,
      name: doc.path,
      title: doc.title,
      description: doc.snippet,
      mimeType: "text/markdown",
    });
  }
  return { resources, ...(end < total ? { nextCursor: String(end) } : {}) };
}

const RESOURCES_PER_PAGE = 100;

/** A page's Markdown by its URL or path, and its canonical URL; undefined when the site has no such page. */
export async function readPage(
  target: string,
  context: McpContext,
): Promise<{ url: string; markdown: string } | undefined> {
  let path = target;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return undefined;
    }
    // Another site's URL names nothing here.
    if (url.origin !== new URL(context.info.origin).origin && url.origin !== context.requestOrigin)
      return undefined;
    path = url.pathname;
  } else if (!target.startsWith("/")) path = `/${target}`;
  const normal = normalizePath(path.split(/[?#]/)[0]);
  const { pages, files } = await context.site.routesFor(normal);
  // A page's `.md` sibling names the page too.
  const sibling = Object.hasOwn(files, normal) ? files[normal] : undefined;
  const page = Object.hasOwn(pages, normal) ? pages[normal] : undefined;
  if (page) return { url: page.url, markdown: await context.site.text(page.markdown.file) };
  if (sibling?.canonical) return { url: sibling.canonical, markdown: await context.site.text(sibling.file) };
  const canonical = await context.site.canonicalFor(normal);
  if (!canonical) return undefined;
  const { pages: near } = await context.site.routesFor(canonical.path);
  return { url: canonical.url, markdown: await context.site.text(near[canonical.path].markdown.file) };
}

/** The document numbered `number`: the pages first, then the posts, newest first (data.ts). */
export async function docAt(number: number, context: McpContext): Promise<DocRecord> {
  const records = await context.site.data<DocRecord[]>(docChunkPath(Math.floor(number / DOCS_PER_CHUNK)));
  return records[number % DOCS_PER_CHUNK];
}

/** A cursor this server gave (a number below `total`), or 0 for none; undefined for any other. */
export function cursorOf(cursor: unknown, total: number): number | undefined {
  if (cursor === undefined) return 0;
  if (typeof cursor !== "string" || !/^(0|[1-9]\d{0,8})$/.test(cursor)) return undefined;
  const at = Number(cursor);
  return at <= total ? at : undefined;
}
