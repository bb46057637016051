/**
 * The negotiation data (src/negotiation/table.ts), from the manifest and the
 * written files' digests: `negotiation.json` and the route shards.
 */
import { MEDIA, type Manifest } from "../manifest.ts";
import { NEGOTIATION_PATH, shardCount, shardOf, shardPath, type FileEntry, type NegotiationData, type PageEntry, type Representation, type RouteShard } from "../negotiation/table.ts";
import { estimateTokens } from "./page-markdown.ts";

export interface Written {
  etag: string;
  bytes: number;
}

/** Each output file of the negotiation data, by path from the output folder, with its JSON. */
export function negotiationFiles(manifest: Manifest, written: Map<string, Written>): [file: string, json: string][] {
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
    pages.push([route.path, { html: representation(route.htmlFile, MEDIA.html), markdown: representation(route.markdownFile, MEDIA.markdown), markdownPath: route.markdownPath, lang: route.lang }]);
    files.push([route.markdownPath, { ...representation(route.markdownFile, MEDIA.markdown), canonical: route.path }]);
  }
  for (const file of manifest.files) files.push([file.path, representation(file.file, file.mediaType)]);

  const data: NegotiationData = {
    version: 2,
    baseUrl: manifest.baseUrl,
    shards: shardCount(pages.length + files.length),
    notFound: { html: representation(manifest.notFound.html, MEDIA.html), markdown: representation(manifest.notFound.markdown, MEDIA.markdown) },
  };
  const shards: RouteShard[] = Array.from({ length: data.shards }, () => ({ pages: {}, files: {} }));
  for (const [path, entry] of pages) shards[shardOf(path, data.shards)].pages[path] = entry;
  for (const [path, entry] of files) shards[shardOf(path, data.shards)].files[path] = entry;
  const json = (value: unknown) => `${JSON.stringify(value)}\n`;
  return [[NEGOTIATION_PATH.slice(1), json(data)], ...shards.map((shard, index): [string, string] => [shardPath(index).slice(1), json(shard)])];
}
