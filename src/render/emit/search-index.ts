/**
 * The data `/mcp` and the search page answer from (src/negotiation/mcp/):
 * `_sitegen/mcp/site.json`, the documents in chunks, and the search index's
 * shards, all from the manifest and the pages' Markdown as written, so the
 * index cannot name a page the site does not have. Written after the pages
 * (the plan's second stage), when the site has `agents.mcp` or `search` on.
 *
 * Scores are BM25F (Robertson and Zaragoza, "The Probabilistic Relevance
 * Framework", 2009, §3.3): each field's term frequency is normalised by its
 * length and weighted (a title counts most), summed, then saturated once.
 * They are computed here, over the whole site, so the edge adds them up and
 * knows nothing else.
 */
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";
import { DOCS_PER_CHUNK, SNIPPET_CHARS, type DocRecord, type McpSite } from "../../negotiation/mcp/data.ts";
import {
  indexable,
  POSTINGS_CAP,
  searchShardOf,
  terms,
  titleKey,
} from "../../negotiation/mcp/search-index.ts";
import { documents, searchIndexFiles } from "../../plan/search-files.ts";

/** Field weights (BM25F): a title's word counts four times a body's. */
const WEIGHTS = { title: 4, tags: 2.5, description: 1.5, body: 1 } as const;
type Field = keyof typeof WEIGHTS;
const K1 = 1.2;
const B = 0.75;

/**
 * The index's files, by output path, each with its JSON. `markdown` reads a
 * page's written `.md` file: the text an agent reads is the text searched.
 */
export function* searchIndex(
  manifest: Manifest,
  markdown: (file: string) => string,
): Generator<[file: string, json: string]> {
  const docs = documents(manifest);
  const [site, ...rest] = searchIndexFiles(manifest);
  const chunks = rest.slice(0, Math.ceil(docs.length / DOCS_PER_CHUNK));
  const shardFiles = rest.slice(chunks.length);
  // First pass: the corpus's document frequencies and mean field lengths, and each document's lengths and snippet.
  // Each document's counts are made again in the second pass rather than kept: at 10,000 posts they would be
  // millions of map entries held at once.
  const count = (number: number) => fieldTerms(docs[number], markdown(docs[number].markdownFile));
  const frequency = new Map<string, number>();
  const lengths: Record<Field, number> = { title: 0, tags: 0, description: 0, body: 0 };
  const kept: Pick<Counted, "lengths" | "snippet">[] = [];
  for (const number of docs.keys()) {
    const doc = count(number);
    kept.push({ lengths: doc.lengths, snippet: doc.snippet });
    const seen = new Set<string>();
    for (const field of Object.keys(WEIGHTS) as Field[]) {
      lengths[field] += doc.lengths[field];
      for (const term of doc.fields[field].keys()) seen.add(term);
    }
    for (const term of seen) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  const mean = (field: Field) => Math.max(1, lengths[field] / Math.max(1, docs.length));
  // Second pass: each term's postings, the best `POSTINGS_CAP` kept.
  const postings = new Map<string, number[]>();
  for (const number of docs.keys()) {
    const doc = count(number);
    const weighted = new Map<string, number>();
    for (const field of Object.keys(WEIGHTS) as Field[]) {
      const norm = 1 - B + (B * doc.lengths[field]) / mean(field);
      for (const [term, count] of doc.fields[field])
        weighted.set(term, (weighted.get(term) ?? 0) + (WEIGHTS[field] * count) / norm);
    }
    for (const [term, tf] of weighted) {
      const df = frequency.get(term)!;
      const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
      const list = postings.get(term) ?? [];
      list.push(number, Math.max(1, Math.round(1000 * idf * (tf / (K1 + tf)))));
      postings.set(term, list);
    }
    const key = titleKey(docs[number].title);
    if (key) postings.set(key, [...(postings.get(key) ?? []), number, 1]);
  }
  const shards: Map<string, number[]>[] = shardFiles.map(() => new Map());
  for (const term of [...postings.keys()].sort())
    shards[searchShardOf(term, shardFiles.length)].set(term, best(postings.get(term)!));
  const records = docs.map((route, number) => record(route, kept[number].snippet));
  const chunkDays = chunks.map((_, index) =>
    daysOf(records.slice(index * DOCS_PER_CHUNK, (index + 1) * DOCS_PER_CHUNK)),
  );
  const data: McpSite = {
    version: 1,
    name: manifest.site.name,
    summary: manifest.site.summary,
    origin: manifest.baseUrl,
    languages: [...manifest.site.languages],
    generated: manifest.generated,
    pages: manifest.pages.length,
    posts: manifest.posts.length,
    chunkDays,
    searchShards: shardFiles.length,
  };
  yield [site, json(data)];
  for (const [index, file] of chunks.entries())
    yield [file, json(records.slice(index * DOCS_PER_CHUNK, (index + 1) * DOCS_PER_CHUNK))];
  for (const [index, file] of shardFiles.entries()) yield [file, json(Object.fromEntries(shards[index]))];
}

interface Counted {
  fields: Record<Field, Map<string, number>>;
  lengths: Record<Field, number>;
  snippet: string;
}

/** A document's terms by field, counted. A title keeps every word; the other fields drop the most common ones. */
function fieldTerms(route: PageRoute, markdown: string): Counted {
  const body = bodyText(markdown);
  const texts: Record<Field, string> = {
    title: route.title,
    tags: route.tags.join(" "),
    description: route.description,
    body,
  };
  const fields = {} as Record<Field, Map<string, number>>;
  const lengths = {} as Record<Field, number>;
  for (const field of Object.keys(WEIGHTS) as Field[]) {
    const all = terms(texts[field]);
    const kept = field === "title" ? all : all.filter(indexable);
    const counts = new Map<string, number>();
    for (const term of kept) counts.set(term, (counts.get(term) ?? 0) + 1);
    fields[field] = counts;
    lengths[field] = all.length;
  }
  return { fields, lengths, snippet: clip(route.description || body) };
}

/**
 * The words of a page's Markdown without its markup: link targets, code
 * fences' markers, heading and emphasis marks. Code stays: a post about
 * `idempotency-key` is found by it.
 */
function bodyText(markdown: string): string {
  return markdown
    .replace(/^---\n[\s\S]*?\n---\n/, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ")
    .replace(/[#>*_`|~-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const cut = flat.slice(0, SNIPPET_CHARS - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), SNIPPET_CHARS / 2))}…`;
}

function record(route: PageRoute, snippet: string): DocRecord {
  const doc: DocRecord = {
    kind: route.kind === "post" ? "post" : "page",
    title: route.title,
    url: route.url,
    markdownUrl: route.markdownUrl,
    path: route.path,
    lang: route.lang,
    snippet,
  };
  if (route.kind === "post") {
    doc.date = route.date;
    doc.tags = route.tags;
  }
  return doc;
}

/** A chunk's newest and oldest post's day; posts are newest first. */
function daysOf(records: DocRecord[]): [string, string] | null {
  const days = records.flatMap((doc) => (doc.date ? [doc.date] : []));
  return days.length > 0 ? [days[0], days[days.length - 1]] : null;
}

/** A posting list's best `POSTINGS_CAP` documents, best first, ties by number. */
function best(list: number[]): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < list.length; i += 2) pairs.push([list[i], list[i + 1]]);
  pairs.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return pairs.slice(0, POSTINGS_CAP).flat();
}

function json(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
