/**
 * The data `/mcp` answers from, as the build writes it from the manifest
 * (src/render/emit/search-index.ts): one small file that describes the site
 * and the index, the documents (the site's pages, then its posts, newest
 * first) in chunks of `DOCS_PER_CHUNK`, and the search shards
 * (search-index.ts). A tool reads only the chunks it lists or names. No
 * `node:` imports: this module runs in Deno and workerd.
 */

/** Where `negotiation.json` points when the site serves `/mcp`. */
export const MCP_SITE_PATH = "/_sitegen/mcp/site.json";

/** Documents a chunk holds: a chunk is about 10 kB of JSON, so a search's ten answers parse little beyond themselves. */
export const DOCS_PER_CHUNK = 16;

export function docChunkPath(index: number): string {
  return `/_sitegen/mcp/docs/${index}.json`;
}

/** A page or post as the tools answer with it. */
export interface DocRecord {
  kind: "page" | "post";
  title: string;
  /** Canonical URL and the `.md` sibling's, absolute; the canonical path. */
  url: string;
  markdownUrl: string;
  path: string;
  lang: string;
  /** Posts: the day, YYYY-MM-DD, and the tags. */
  date?: string;
  tags?: string[];
  /** The description, or the body's first words: at most `SNIPPET_CHARS`. */
  snippet: string;
}

export const SNIPPET_CHARS = 240;

/** `_sitegen/mcp/site.json`. */
export interface McpSite {
  version: 1;
  /** The site's name, summary and origin: the server's identity and instructions. */
  name: string;
  summary: string;
  origin: string;
  languages: string[];
  /** When the build ran (RFC 3339): the content's version, as the server names it. */
  generated: string;
  /** Documents: `pages` pages (numbers 0 … pages − 1), then `posts` posts, newest first. */
  pages: number;
  posts: number;
  /** Each chunk's newest and oldest post's day, or null for a chunk of pages only: `list_posts` reads only the chunks its dates reach. */
  chunkDays: ([newest: string, oldest: string] | null)[];
  /** Search shards: a power of two (search-index.ts). */
  searchShards: number;
}
