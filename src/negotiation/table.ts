/**
 * The negotiation table: what the build hands to the request-time core. It is
 * generated from the manifest and read by both hosts (the Netlify edge function
 * and the preview server). Plain JSON, no functions, no `node:` imports.
 */

export interface Representation {
  /** Path of the static file that holds the bytes, from the site root: `/about/index.html`. */
  file: string;
  /** Full Content-Type, charset included. */
  type: string;
  /** Strong ETag, quotes included, from the content hash. */
  etag: string;
  /** Estimated tokens, on Markdown only (`X-Markdown-Tokens`). */
  tokens?: number;
}

export interface PageEntry {
  html: Representation;
  markdown: Representation;
  /** The `.md` sibling's path, for the `Link` header. */
  markdownPath: string;
  lang: string;
}

export interface FileEntry extends Representation {
  /** For `.md` siblings: the canonical page they represent (`Link: rel="canonical"`). */
  canonical?: string;
}

export interface NegotiationTable {
  version: 1;
  /** Origin without a trailing slash; the `{base_url}` of error bodies. */
  baseUrl: string;
  /** Canonical page path → its two representations. */
  pages: Record<string, PageEntry>;
  /** Single-representation files by path: agent files, crawl files, `.md` siblings. */
  files: Record<string, FileEntry>;
  /** The bodies of a negotiated 404 other than JSON (spec §7.1). */
  notFound: { html: Representation; markdown: Representation };
}
