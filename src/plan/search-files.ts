/**
 * Which files the search index and `/mcp`'s data are written to: known from
 * the manifest before any page is rendered, so the plan holds them
 * (src/render/emit/search-index.ts writes them after the pages).
 */
import type { Manifest, PageRoute } from "../manifest/manifest.ts";
import { DOCS_PER_CHUNK, docChunkPath, MCP_SITE_PATH } from "../negotiation/mcp/data.ts";
import { searchShardCount, searchShardPath } from "../negotiation/mcp/search-index.ts";

/** Whether the site writes the index: it serves `/mcp` or has a search page. */
export function hasSearchIndex(manifest: Manifest): boolean {
  return Boolean(manifest.site.agents?.mcp || manifest.site.search);
}

/** The documents the index holds, in their numbers' order: the site's pages, then its posts, newest first. */
export function documents(manifest: Manifest): PageRoute[] {
  return [...manifest.pages, ...manifest.posts];
}

/** Every file the index is written to, for the plan: known before any page is rendered. */
export function searchIndexFiles(manifest: Manifest): string[] {
  if (!hasSearchIndex(manifest)) return [];
  const count = documents(manifest).length;
  return [
    MCP_SITE_PATH,
    ...Array.from({ length: Math.ceil(count / DOCS_PER_CHUNK) }, (_, index) => docChunkPath(index)),
    ...Array.from({ length: searchShardCount(count) }, (_, index) => searchShardPath(index)),
  ].map((path) => path.slice(1));
}
