/**
 * The negotiation data (src/negotiation/table.ts), from the manifest and the
 * written files' digests: `negotiation.json` and the route shards.
 */
import { MEDIA, type Manifest } from "../../manifest/manifest.ts";
import { negotiationFiles } from "../../plan/plan.ts";
import { shardOf, type FileEntry, type NegotiationData, type PageEntry, type Representation, type RouteShard } from "../../negotiation/table.ts";
import type { Written } from "../../write/output.ts";
import { estimateTokens } from "./page-markdown.ts";

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

  const planned = negotiationFiles(manifest);
  const data: NegotiationData = {
    version: 2,
    errors: manifest.errors,
    // The plan named these files: one index and a route shard per slot.
    shards: planned.length - 1,
    notFound: { html: representation(manifest.notFound.html, MEDIA.html), markdown: representation(manifest.notFound.markdown, MEDIA.markdown) },
  };
  const shards: RouteShard[] = Array.from({ length: data.shards }, () => ({ pages: {}, files: {} }));
  for (const [path, entry] of pages) shards[shardOf(path, data.shards)].pages[path] = entry;
  for (const [path, entry] of files) shards[shardOf(path, data.shards)].files[path] = entry;
  const json = (value: unknown) => `${JSON.stringify(value)}\n`;
  return [[planned[0], json(data)], ...shards.map((shard, index): [string, string] => [planned[index + 1], json(shard)])];
}
