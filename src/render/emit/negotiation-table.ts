/**
 * The negotiation data (src/negotiation/table.ts), from the manifest and the
 * written files' digests: `negotiation.json`, the route shards and the slug
 * index's nodes.
 */
import { MEDIA, type Manifest, type PageRoute } from "../../manifest/manifest.ts";
import { budgetsOf } from "../../plan/budgets.ts";
import { negotiationFiles } from "../../plan/plan.ts";
import { isDocumentPath } from "../../negotiation/decide.ts";
import {
  shardOf,
  type FileEntry,
  type NegotiationData,
  type PageEntry,
  type Representation,
} from "../../negotiation/table.ts";
import type { Written } from "../../write/output.ts";
import { estimateTokens } from "./page-markdown.ts";
import { contentSignal } from "../page/content-signal.ts";
import { cspSources } from "../page/webmcp.ts";
import type { KeptParts } from "../kept-parts.ts";
import { slugFiles, type SlugFiles } from "./slug-index.ts";
import { MCP_SITE_PATH } from "../../negotiation/mcp/data.ts";

/** What a watch session keeps of the negotiation data between rebuilds. */
export interface NegotiationMemo {
  /** The slug index's files of the last rebuild. */
  slugs?: SlugFiles;
  /** Each route shard's members and file, of the last rebuild. */
  shards?: (ShardMembers & { text: string })[];
}

/** A route shard's members, each `"<path>":<entry JSON>`, by the section they go in. */
interface ShardMembers {
  pages: string[];
  files: string[];
  redirects: string[];
}

type RepresentationOf = (file: string, type: string) => Representation;

/**
 * Each output file of the negotiation data, by path from the output folder,
 * with its JSON, made as it is taken: a shard's entries are made only when
 * its file is, and let go once it is written, so that a large blog's data
 * (16 MB of JSON at 10,000 posts) is never all in memory at once. A shard is
 * written entry by entry, exactly as `JSON.stringify` would write the whole
 * of it (`RouteShard`).
 */
export function* negotiationData(
  manifest: Manifest,
  written: Map<string, Written>,
  options: { immutable: string[]; memo?: NegotiationMemo; parts?: KeptParts },
): Generator<[file: string, json: string]> {
  const { memo } = options;
  const representation: RepresentationOf = (file, type) => {
    const facts = written.get(file);
    if (!facts) throw new Error(`no output was written to ${file}`);
    const entry: Representation = { file: `/${file}`, type, etag: facts.etag };
    if (type === MEDIA.markdown) entry.tokens = estimateTokens(facts.bytes);
    return entry;
  };
  // The plan named these files: the index, a route shard per slot, then the slug trees' nodes.
  const [index, ...planned] = negotiationFiles(manifest);
  const slugs = slugFiles(manifest.posts, memo?.slugs);
  const count = planned.length - slugs.files.length;
  const kept = options.parts?.of<PageRoute, KeptEntries>(ENTRIES);
  const data: NegotiationData = {
    version: 3,
    origin: manifest.baseUrl,
    immutable: options.immutable,
    ...(cspSources(manifest.site) ? { security: cspSources(manifest.site) } : {}),
    ...(contentSignal(manifest.site) ? { contentSignal: contentSignal(manifest.site) } : {}),
    errors: manifest.errors,
    shards: count,
    notFound: {
      html: representation(manifest.notFound.html, MEDIA.html),
      markdown: representation(manifest.notFound.markdown, MEDIA.markdown),
    },
    slugIndex: {
      nodes: slugs.trees[0].length,
      ...manifest.postUrlShape,
      closest: budgetsOf(manifest.site).not_found_closest_posts,
    },
    ...(manifest.site.agents?.mcp ? { mcp: MCP_SITE_PATH } : {}),
  };
  yield [index, json(data)];
  const made: (ShardMembers & { text: string })[] = [];
  let shard = 0;
  for (const members of shardMembers(manifest, written, count, representation, kept)) {
    const text = shardText(members, memo?.shards?.[shard]);
    if (memo) made.push({ ...members, text });
    yield [planned[shard++], text];
  }
  if (memo) {
    memo.slugs = slugs;
    memo.shards = made;
  }
  for (const [at, text] of slugs.files.entries()) yield [planned[count + at], text];
}

/**
 * Every path's entry, in the shard its path falls in, shard by shard as they
 * are taken: the paths are sorted into shards first, and an entry's JSON is
 * made with its shard.
 */
function* shardMembers(
  manifest: Manifest,
  written: Map<string, Written>,
  count: number,
  representation: RepresentationOf,
  kept?: WeakMap<PageRoute, KeptEntries>,
): Generator<ShardMembers> {
  type Entry = () => string;
  const shards = Array.from({ length: count }, () => ({
    pages: [] as Entry[],
    files: [] as Entry[],
    redirects: [] as Entry[],
  }));
  for (const route of manifest.routes) {
    // A watch session keeps both of a route's members together; a build makes each in its own shard.
    const entries = kept
      ? () => routeEntries(route, written, count, representation, kept).entries
      : undefined;
    shards[shardOf(route.path, count)].pages.push(
      entries
        ? () => entries()[0]
        : () => member(route.path, JSON.stringify(pageEntry(route, representation))),
    );
    shards[shardOf(route.markdownPath, count)].files.push(
      entries
        ? () => entries()[1]
        : () => member(route.markdownPath, JSON.stringify(siblingEntry(route, representation))),
    );
  }
  for (const file of manifest.files)
    shards[shardOf(file.path, count)].files.push(() =>
      member(file.path, JSON.stringify(representation(file.file, file.mediaType))),
    );
  // The content's files that are documents by their extension (a `.txt`, a `.json`) are answered by the core, like the site's own files.
  for (const file of manifest.published) {
    const type = documentType(file.path);
    if (type)
      shards[shardOf(file.path, count)].files.push(() =>
        member(file.path, JSON.stringify(representation(file.file, type))),
      );
  }
  for (const redirect of manifest.redirects)
    shards[shardOf(redirect.from, count)].redirects.push(() =>
      member(redirect.from, JSON.stringify(redirect.to)),
    );
  const made = (entries: Entry[]) => entries.map((entry) => entry());
  for (const shard of shards)
    yield { pages: made(shard.pages), files: made(shard.files), redirects: made(shard.redirects) };
}

/**
 * The kind of the parts a watch session keeps (src/render/kept-parts.ts):
 * the JSON of a route's two entries (its page and its `.md` sibling, each
 * with its path as the shard's member names it), with the
 * facts of the two files they were made from, so that a rebuild makes again
 * only the entries of the routes whose files changed.
 */
const ENTRIES = {};

interface KeptEntries {
  html: Written;
  markdown: Written;
  /** The shard count the shards are of. */
  count: number;
  entries: [page: string, sibling: string];
}

/** A route's two members; those `kept` while its files are the same. */
function routeEntries(
  route: PageRoute,
  written: Map<string, Written>,
  count: number,
  representation: RepresentationOf,
  kept: WeakMap<PageRoute, KeptEntries>,
): KeptEntries {
  const html = written.get(route.htmlFile);
  const markdown = written.get(route.markdownFile);
  const earlier = kept.get(route);
  if (
    earlier &&
    html &&
    markdown &&
    earlier.count === count &&
    sameFile(earlier.html, html) &&
    sameFile(earlier.markdown, markdown)
  )
    return earlier;
  const made: KeptEntries = {
    html: html!,
    markdown: markdown!,
    count,
    entries: [
      member(route.path, JSON.stringify(pageEntry(route, representation))),
      member(route.markdownPath, JSON.stringify(siblingEntry(route, representation))),
    ],
  };
  kept.set(route, made);
  return made;
}

/** A route's entry in its shard's pages. */
function pageEntry(route: PageRoute, representation: RepresentationOf): PageEntry {
  const html = representation(route.htmlFile, MEDIA.html);
  const markdown = representation(route.markdownFile, MEDIA.markdown);
  return {
    html,
    markdown,
    markdownPath: route.markdownPath,
    url: route.url,
    markdownUrl: route.markdownUrl,
    lang: route.lang,
    ...(route.alternates ? { alternates: route.alternates } : {}),
  };
}

/** Its `.md` sibling's entry in its shard's files. */
function siblingEntry(route: PageRoute, representation: RepresentationOf): FileEntry {
  return { ...representation(route.markdownFile, MEDIA.markdown), canonical: route.url };
}

function member(path: string, json: string): string {
  return `${JSON.stringify(path)}:${json}`;
}

/** A shard's file; the last rebuild's text again when its members are the same strings. */
function shardText(shard: ShardMembers, earlier?: ShardMembers & { text: string }): string {
  if (
    earlier &&
    same(shard.pages, earlier.pages) &&
    same(shard.files, earlier.files) &&
    same(shard.redirects, earlier.redirects)
  )
    return earlier.text;
  const redirects = shard.redirects.length > 0 ? `,"redirects":{${shard.redirects.join(",")}}` : "";
  return `{"pages":{${shard.pages.join(",")}},"files":{${shard.files.join(",")}}${redirects}}\n`;
}

function same(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function sameFile(a: Written, b: Written): boolean {
  return a.etag === b.etag && a.bytes === b.bytes;
}

/** The media type of a path the core answers (src/negotiation/decide.ts, DOCUMENT_EXTENSIONS), or undefined for an asset. */
function documentType(path: string): string | undefined {
  if (!isDocumentPath(path)) return undefined;
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  const types: Record<string, string> = {
    md: MEDIA.markdown,
    txt: MEDIA.text,
    json: MEDIA.json,
    xml: MEDIA.xml,
    html: MEDIA.html,
    htm: MEDIA.html,
  };
  return extension ? types[extension] : undefined;
}

function json(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
