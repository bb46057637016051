/**
 * The negotiation data: what the build hands to the request-time core, as
 * plain JSON files in the static store. A small fixed-size file
 * (`negotiation.json`) says where the rest is; each canonical path and file
 * has its facts in one of a number of route shards, found by a hash of the
 * path. A request reads one shard, so what a host loads per request stays the
 * same size whether the blog has ten posts or a hundred thousand.
 *
 * Beside them, the slug index (slug-index.ts) finds the posts closest to a
 * path that is not there.
 *
 * Generated from the manifest (src/render/emit/negotiation-table.ts) and read by
 * both hosts (the Netlify edge function and the preview server). No `node:`
 * imports: this module runs in Deno too.
 */
import type { SlugIndexInfo } from "./slug-index.ts";
import type { CspSources } from "./headers.ts";

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
  /** The page's canonical URL and its `.md` sibling's, absolute, for error bodies. */
  url: string;
  markdownUrl: string;
  lang: string;
  /** The same page in the site's other languages, this one included (`Link: rel="alternate"; hreflang`); absent on a page in one language. */
  alternates?: { lang: string; url: string }[];
}

export interface FileEntry extends Representation {
  /** For `.md` siblings: the canonical page's absolute URL (`Link: rel="canonical"`). */
  canonical?: string;
}

/** The absolute URLs every error names (spec §2.5, §7.3), as the manifest gives them. */
export interface ErrorLinks {
  /** A Problem's `type` is this followed by the status: `{base_url}/developers/#http-404`. */
  typePrefix: string;
  /** A Problem's `type` whatever its status, where the site has no page for each (`about:blank`, RFC 9457 §4.2.1); else `typePrefix` makes it. */
  type?: string;
  /** `documentation_url` and the `rel="help"` link: `{base_url}/developers/#errors`. */
  documentation: string;
  /** The documentation's media type, for the `rel="help"` link: `text/html` when left out. */
  documentationType?: string;
  llmsTxt: string;
  sitemap: string;
  openapi: string;
  home: string;
}

/** The facts of the paths whose hash falls in one shard. */
export interface RouteShard {
  /** Canonical page path → its two representations. */
  pages: Record<string, PageEntry>;
  /** Single-representation files by path: agent files, crawl files, `.md` siblings. */
  files: Record<string, FileEntry>;
  /** Old addresses of posts → the post's canonical path (a 301); left out of a shard that has none. */
  redirects?: Record<string, string>;
}

/** `_sitegen/negotiation.json`: the same size for any number of posts. */
export interface NegotiationData {
  version: 3;
  /** The site's origin (`{base_url}`), which the response headers depend on (headers.ts). */
  origin: string;
  /** The fingerprinted assets, cached for a year by `_headers`: the preview server caches them as Netlify does. */
  immutable: string[];
  /** The sources the site adds to the CSP (`security:` in site.yaml); absent when it adds none. */
  security?: CspSources;
  /** The site's Content Signals, sent on every Markdown response (headers.ts); absent when it sets none. */
  contentSignal?: string;
  errors: ErrorLinks;
  /** How many route shards there are: a power of two. */
  shards: number;
  /**
   * The bodies of a negotiated 404 other than JSON (spec §7.1). The Markdown
   * one is the head of the recovery map; the posts closest to the path asked
   * for are added at request time, from the slug index.
   */
  notFound: { html: Representation; markdown: Representation };
  slugIndex: SlugIndexInfo;
  /** Where `/mcp`'s data starts (src/negotiation/mcp/data.ts), on a site that serves it (`agents.mcp`); absent on any other. */
  mcp?: string;
}

/** Where the build puts the negotiation data, from the site root. */
export const NEGOTIATION_PATH = "/_sitegen/negotiation.json";

export function shardPath(index: number): string {
  return `/_sitegen/routes/${index}.json`;
}

/**
 * The shard that holds `path`'s facts: FNV-1a (32-bit) over the path's UTF-16
 * code units, masked to the shard count. The build and both hosts use this one
 * function, so they cannot disagree about where a path lives.
 */
export function shardOf(path: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) {
    hash ^= path.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & (shards - 1);
}

/** Entries a shard holds on average: a few kilobytes of JSON, parsed in well under a millisecond. */
export const ENTRIES_PER_SHARD = 48;

/** The shard count for `entries` paths: the smallest power of two that keeps shards near `ENTRIES_PER_SHARD`. */
export function shardCount(entries: number): number {
  let shards = 1;
  while (shards * ENTRIES_PER_SHARD < entries) shards *= 2;
  return shards;
}
