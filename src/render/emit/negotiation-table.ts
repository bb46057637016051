/**
 * The negotiation data (src/negotiation/table.ts), from the manifest and the
 * written files' digests: `negotiation.json`, the route shards and the slug
 * index's nodes.
 */
import { MEDIA, type Manifest } from "../../manifest/manifest.ts";
import { budgetsOf } from "../../plan/budgets.ts";
import { negotiationFiles } from "../../plan/plan.ts";
import { isDocumentPath } from "../../negotiation/decide.ts";
import { SLUG_TREES } from "../../negotiation/slug-index.ts";
import { shardOf, type FileEntry, type NegotiationData, type PageEntry, type Representation } from "../../negotiation/table.ts";
import type { Written } from "../../write/output.ts";
import { estimateTokens } from "./page-markdown.ts";
import { slugTree } from "./slug-index.ts";

/**
 * The JSON of a route's two entries (its page and its `.md` sibling, each
 * with its path as the shard's member names it), kept
 * between the rebuilds of a watch session by the facts they are made of: a
 * rebuild makes again only the entries of the files that changed.
 */
export type EntryMemo = Map<string, [page: string, sibling: string]>;

/** What a watch session keeps of the negotiation data between rebuilds. */
export interface NegotiationMemo {
  entries?: EntryMemo;
  /** The slug trees, by the posts' slugs and titles they were made of. */
  slugs?: { key: string; trees: ReturnType<typeof slugTree>[] };
}

/** The slug index's trees: made again only when a post's slug or title changed, or a post came or went. */
function slugTrees(manifest: Manifest, memo?: NegotiationMemo): ReturnType<typeof slugTree>[] {
  const key = manifest.posts.map((post) => `${post.slug}\0${post.title}`).join("\n");
  if (memo?.slugs?.key === key) return memo.slugs.trees;
  const trees = SLUG_TREES.map((tree) => slugTree(tree, manifest.posts));
  if (memo) memo.slugs = { key, trees };
  return trees;
}

/** The media type of a path the core answers (src/negotiation/decide.ts, DOCUMENT_EXTENSIONS), or undefined for an asset. */
function documentType(path: string): string | undefined {
  if (!isDocumentPath(path)) return undefined;
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  const types: Record<string, string> = { md: MEDIA.markdown, txt: MEDIA.text, json: MEDIA.json, xml: MEDIA.xml, html: MEDIA.html, htm: MEDIA.html };
  return extension ? types[extension] : undefined;
}

/**
 * Each output file of the negotiation data, by path from the output folder,
 * with its JSON. A shard is written entry by entry, exactly as
 * `JSON.stringify` would write the whole of it (`RouteShard`).
 */
export function negotiationData(manifest: Manifest, written: Map<string, Written>, options: { immutable: string[]; memo?: NegotiationMemo }): [file: string, json: string][] {
  const { memo } = options;
  const representation = (file: string, type: string): Representation => {
    const facts = written.get(file);
    if (!facts) throw new Error(`no output was written to ${file}`);
    const entry: Representation = { file: `/${file}`, type, etag: facts.etag };
    if (type === MEDIA.markdown) entry.tokens = estimateTokens(facts.bytes);
    return entry;
  };
  // The plan named these files: the index, a route shard per slot, then the slug trees' nodes.
  const planned = negotiationFiles(manifest);
  const trees = slugTrees(manifest, memo);
  const count = planned.length - 1 - trees.flat().length;
  const shards = Array.from({ length: count }, () => ({ pages: [] as string[], files: [] as string[], redirects: [] as string[] }));
  const member = (path: string, json: string) => `${JSON.stringify(path)}:${json}`;
  const earlier = memo?.entries;
  const kept: EntryMemo = new Map();
  for (const route of manifest.routes) {
    const html = written.get(route.htmlFile);
    const markdown = written.get(route.markdownFile);
    const key = `${route.url}\0${route.lang}\0${html?.etag}\0${markdown?.etag}\0${markdown?.bytes}`;
    let entries = earlier?.get(key);
    if (!entries) {
      const htmlEntry = representation(route.htmlFile, MEDIA.html);
      const markdownEntry = representation(route.markdownFile, MEDIA.markdown);
      const page: PageEntry = { html: htmlEntry, markdown: markdownEntry, markdownPath: route.markdownPath, url: route.url, markdownUrl: route.markdownUrl, lang: route.lang };
      const sibling: FileEntry = { ...markdownEntry, canonical: route.url };
      entries = [member(route.path, JSON.stringify(page)), member(route.markdownPath, JSON.stringify(sibling))];
    }
    kept.set(key, entries);
    shards[shardOf(route.path, count)].pages.push(entries[0]);
    shards[shardOf(route.markdownPath, count)].files.push(entries[1]);
  }
  for (const file of manifest.files) shards[shardOf(file.path, count)].files.push(member(file.path, JSON.stringify(representation(file.file, file.mediaType))));
  // The content's files that are documents by their extension (a `.txt`, a `.json`) are answered by the core, like the site's own files.
  for (const file of manifest.published) {
    const type = documentType(file.path);
    if (type) shards[shardOf(file.path, count)].files.push(member(file.path, JSON.stringify(representation(file.file, type))));
  }
  for (const redirect of manifest.redirects) shards[shardOf(redirect.from, count)].redirects.push(member(redirect.from, JSON.stringify(redirect.to)));
  if (memo) memo.entries = kept;
  const data: NegotiationData = {
    version: 3,
    origin: manifest.baseUrl,
    immutable: options.immutable,
    errors: manifest.errors,
    shards: count,
    notFound: { html: representation(manifest.notFound.html, MEDIA.html), markdown: representation(manifest.notFound.markdown, MEDIA.markdown) },
    slugIndex: { nodes: trees[0].length, ...manifest.postUrlShape, closest: budgetsOf(manifest.site).not_found_closest_posts },
  };
  const json = (value: unknown) => `${JSON.stringify(value)}\n`;
  const redirects = (shard: (typeof shards)[number]) => (shard.redirects.length > 0 ? `,"redirects":{${shard.redirects.join(",")}}` : "");
  const bodies = [json(data), ...shards.map((shard) => `{"pages":{${shard.pages.join(",")}},"files":{${shard.files.join(",")}}${redirects(shard)}}\n`), ...trees.flat().map(json)];
  return planned.map((file, index): [string, string] => [file, bodies[index]]);
}
