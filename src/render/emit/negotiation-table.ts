/**
 * The negotiation data (src/negotiation/table.ts), from the manifest and the
 * written files' digests: `negotiation.json`, the route shards and the slug
 * index's nodes.
 */
import { MEDIA, type Manifest } from "../../manifest/manifest.ts";
import { budgetsOf } from "../../plan/budgets.ts";
import { negotiationFiles } from "../../plan/plan.ts";
import { SLUG_TREES } from "../../negotiation/slug-index.ts";
import { shardOf, type FileEntry, type NegotiationData, type PageEntry, type Representation, type RouteShard } from "../../negotiation/table.ts";
import type { Written } from "../../write/output.ts";
import { estimateTokens } from "./page-markdown.ts";
import { slugTree } from "./slug-index.ts";

/** Each output file of the negotiation data, by path from the output folder, with its JSON. */
export function negotiationData(manifest: Manifest, written: Map<string, Written>): [file: string, json: string][] {
  const representation = (file: string, type: string): Representation => {
    const facts = written.get(file);
    if (!facts) throw new Error(`no output was written to ${file}`);
    const entry: Representation = { file: `/${file}`, type, etag: facts.etag };
    if (type === MEDIA.markdown) entry.tokens = estimateTokens(facts.bytes);
    return entry;
  };
  const pages: [string, PageEntry][] = [];
  const files: [string, FileEntry][] = [];
  for (const route of manifest.routes) {
    const html = representation(route.htmlFile, MEDIA.html);
    const markdown = representation(route.markdownFile, MEDIA.markdown);
    pages.push([route.path, { html, markdown, markdownPath: route.markdownPath, url: route.url, markdownUrl: route.markdownUrl, lang: route.lang }]);
    files.push([route.markdownPath, { ...markdown, canonical: route.url }]);
  }
  for (const file of manifest.files) files.push([file.path, representation(file.file, file.mediaType)]);

  // The plan named these files: the index, a route shard per slot, then the slug trees' nodes.
  const planned = negotiationFiles(manifest);
  const trees = SLUG_TREES.map((tree) => slugTree(tree, manifest.posts));
  const data: NegotiationData = {
    version: 3,
    errors: manifest.errors,
    shards: planned.length - 1 - trees.flat().length,
    notFound: { html: representation(manifest.notFound.html, MEDIA.html), markdown: representation(manifest.notFound.markdown, MEDIA.markdown) },
    slugIndex: { nodes: trees[0].length, ...manifest.postUrlShape, closest: budgetsOf(manifest.site).not_found_closest_posts },
  };
  const shards: RouteShard[] = Array.from({ length: data.shards }, () => ({ pages: {}, files: {} }));
  for (const [path, entry] of pages) shards[shardOf(path, data.shards)].pages[path] = entry;
  for (const [path, entry] of files) shards[shardOf(path, data.shards)].files[path] = entry;
  const json = (value: unknown) => `${JSON.stringify(value)}\n`;
  const bodies = [data, ...shards, ...trees.flat()].map(json);
  return planned.map((file, index): [string, string] => [file, bodies[index]]);
}
