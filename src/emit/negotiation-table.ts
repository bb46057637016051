/** The negotiation table (src/negotiation/table.ts), from the manifest and the written files' digests. */
import { MEDIA, type Manifest } from "../manifest.ts";
import type { NegotiationTable, Representation } from "../negotiation/table.ts";
import { estimateTokens } from "./page-markdown.ts";

export interface Written {
  etag: string;
  bytes: number;
}

export function negotiationTable(manifest: Manifest, written: Map<string, Written>): NegotiationTable {
  const representation = (file: string, type: string): Representation => {
    const facts = written.get(file);
    if (!facts) throw new Error(`no output was written to ${file}`);
    const entry: Representation = { file: `/${file}`, type, etag: facts.etag };
    if (type === MEDIA.markdown) entry.tokens = estimateTokens(facts.bytes);
    return entry;
  };
  const table: NegotiationTable = {
    version: 1,
    baseUrl: manifest.baseUrl,
    pages: {},
    files: {},
    notFound: { html: representation(manifest.notFound.html, MEDIA.html), markdown: representation(manifest.notFound.markdown, MEDIA.markdown) },
  };
  for (const route of manifest.routes) {
    table.pages[route.path] = {
      html: representation(route.htmlFile, MEDIA.html),
      markdown: representation(route.markdownFile, MEDIA.markdown),
      markdownPath: route.markdownPath,
      lang: route.lang,
    };
    table.files[route.markdownPath] = { ...representation(route.markdownFile, MEDIA.markdown), canonical: route.path };
  }
  for (const file of manifest.files) table.files[file.path] = representation(file.file, file.mediaType);
  return table;
}
