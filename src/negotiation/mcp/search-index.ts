/**
 * The search index's shape and its query: one index that the build writes
 * from the manifest (src/render/emit/search-index.ts) and that the `/mcp`
 * endpoint's `search` tool reads at the edge, which the starter's search page
 * asks too. No `node:` imports: this module runs in Deno and workerd.
 *
 * The index is sharded by term prefix: every term that starts with the same
 * three characters is in the same shard file, chosen by a hash of those
 * three characters. A query reads the shards of its own terms (a file of a
 * few kilobytes a word at 10,000 posts), never the whole index, so its cost
 * does not grow with the site. Each term's postings are the documents it
 * scores highest in, best first, capped at `POSTINGS_CAP`: an impact-ordered
 * list, so a query needs no other statistics at request time.
 */

/** A shard: term → [document, score, document, score, …], best first; `=<title>` keys hold the documents of that exact title. */
export type SearchShard = Record<string, number[]>;

/** The longest a posting list gets: the documents a term scores highest in. */
export const POSTINGS_CAP = 128;

/** What a query may hold: more terms than this are ignored. */
export const QUERY_TERMS = 8;

/** Words too common to tell posts apart, left out of bodies and descriptions (never out of titles). */
const STOPWORDS = new Set(
  "a an and are as at be but by for from has have in is it its of on or that the this to was were will with you your not can".split(
    " ",
  ),
);

/**
 * A text's terms: letters and digits, lowercased, diacritics dropped (NFKD,
 * then combining marks removed), so `Đồng bộ` and `dong bo` meet. Vietnamese
 * đ has no decomposition and is mapped by hand.
 */
export function terms(text: string): string[] {
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/đ/g, "d");
  return folded.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether a body or description term is worth a posting. */
export function indexable(term: string): boolean {
  return term.length > 1 && term.length <= 32 && !STOPWORDS.has(term);
}

/** The key a title is found by exactly: its terms, space-separated, after `=`. */
export function titleKey(title: string): string | undefined {
  const words = terms(title);
  return words.length > 0 ? `=${words.join(" ")}` : undefined;
}

/** How many of a term's first characters choose its shard: a word typed that far finds its completions in one file. */
export const PREFIX_CHARS = 3;

/** The shard of a term (or a title key, by its first term): FNV-1a over its first `PREFIX_CHARS` characters. */
export function searchShardOf(term: string, shards: number): number {
  const prefix = (term.startsWith("=") ? term.slice(1) : term).slice(0, PREFIX_CHARS);
  let hash = 0x811c9dc5;
  for (let i = 0; i < prefix.length; i++) {
    hash ^= prefix.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & (shards - 1);
}

export function searchShardPath(index: number): string {
  return `/_sitegen/search/${index}.json`;
}

/** Shards for `documents`: a power of two near one shard per 16 documents, at most 1,024. */
export function searchShardCount(documents: number): number {
  let shards = 1;
  while (shards * 16 < documents && shards < 1024) shards *= 2;
  return shards;
}

/** A ranked document: its number and score. */
export interface Hit {
  doc: number;
  score: number;
}

/** How much a prefix's completions count against the term typed in full: `integ` finds `integration`, below an exact `integ`. */
const PREFIX_WEIGHT = 0.5;
/** How many completions of the last term are read: the first in the shard's order, which is the build's sorted order. */
const PREFIX_TERMS = 24;
/** An exact title outranks any sum of scores. */
const EXACT_TITLE = 1e9;

/**
 * The documents that match `query`, best first: each query term adds its
 * best posting score per document; the last term also finds its completions
 * (the query is typed as it is read); a document that matches fewer of the
 * terms is scaled down by the share it matches, squared; and a document whose
 * title is exactly the query comes first. Ties go to the lower document
 * number, which is the build's order (pages, then posts newest first).
 */
export async function rank(
  query: string,
  shardCount: number,
  shard: (index: number) => Promise<SearchShard>,
): Promise<Hit[]> {
  const words = [...new Set(terms(query))].slice(0, QUERY_TERMS);
  if (words.length === 0) return [];
  const scores = new Map<number, { score: number; matched: number }>();
  for (const [at, word] of words.entries()) {
    const found = await shard(searchShardOf(word, shardCount));
    const best = new Map<number, number>();
    add(best, found[word], 1);
    // Completions share the word's shard only once it is `PREFIX_CHARS` long: a shorter one finds itself alone.
    if (at === words.length - 1 && word.length >= PREFIX_CHARS) {
      let taken = 0;
      for (const term in found) {
        if (term !== word && !term.startsWith("=") && term.startsWith(word)) {
          add(best, found[term], PREFIX_WEIGHT);
          if (++taken === PREFIX_TERMS) break;
        }
      }
    }
    for (const [doc, score] of best) {
      const sum = scores.get(doc) ?? { score: 0, matched: 0 };
      sum.score += score;
      sum.matched += 1;
      scores.set(doc, sum);
    }
  }
  const key = titleKey(query);
  const exact = new Set(
    key
      ? ((await shard(searchShardOf(key, shardCount)))[key] ?? []).filter((_, index) => index % 2 === 0)
      : [],
  );
  const hits: Hit[] = [];
  for (const [doc, { score, matched }] of scores) {
    const share = matched / words.length;
    hits.push({ doc, score: score * share * share + (exact.has(doc) ? EXACT_TITLE : 0) });
  }
  for (const doc of exact) if (!scores.has(doc)) hits.push({ doc, score: EXACT_TITLE });
  return hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
}

/** Keeps each document's best score from `postings`, weighted. */
function add(best: Map<number, number>, postings: number[] | undefined, weight: number): void {
  if (!postings) return;
  for (let i = 0; i < postings.length; i += 2) {
    const score = postings[i + 1] * weight;
    if (score > (best.get(postings[i]) ?? 0)) best.set(postings[i], score);
  }
}
