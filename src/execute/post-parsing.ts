/**
 * How a build parses its posts: spread over the render lanes when it has
 * them, else here, a post whose earlier record the build cache vouches for
 * taken from it without reading the file. Its own module because the
 * pipeline needs only a parser from it, and what the parse leaves for the
 * posts' records: each file's hash and each post as its file alone reads.
 */
import type { PostParser, SourceEntry } from "../content/load.ts";
import type { PostSource } from "../content/types.ts";
import type { FileStat } from "../content/tree.ts";
import { keyPath, type PostRecords } from "../write/post-records.ts";
import type { RenderPool } from "./pool.ts";
import { parseSources, type ParsedSources } from "./sources.ts";

/** Up to this many posts, the bodies read while parsing are kept for rendering (about 25 MB); beyond, each is read again. */
const KEEP_BODIES_UP_TO = 3000;

export interface PostParsing {
  /** What readContent parses the post files with. */
  parsePosts: PostParser;
  /** Each post file's content hash, by absolute path: what a record is held to. */
  hashes: Map<string, string>;
  /**
   * Each post as its file alone reads, by path, before the posts are held to each other (two on one slug):
   * what a record keeps, so that the next build, taking the parse from it, finds the same clashes and says so again.
   */
  asParsed: Map<string, PostSource>;
}

export function postParsing(options: {
  /** The render lanes; with no threads, the posts are parsed here. */
  pool: RenderPool;
  /** The content folder, absolute: records are keyed below it. */
  contentRoot: string;
  /** How many post files the site has. */
  count: number;
  /** Earlier results: each post's record, and whether a file is vouched for as unchanged since. */
  store?: {
    readonly records: PostRecords;
    vouches?(path: string, entry?: SourceEntry, stated?: FileStat): boolean;
  };
  /** Each post file's stat data as this build listed it, by path: the store's check takes it rather than a stat of its own. */
  stats?: ReadonlyMap<string, FileStat>;
  /** Runs a parse, timing it as the build's parse stage. */
  timed?: <T>(parse: () => Promise<T>) => Promise<T>;
}): PostParsing {
  const { pool, store } = options;
  const known = new Map(
    [...(store?.records ?? [])].map(([key, record]) => [keyPath(options.contentRoot, key), record]),
  );
  const hashes = new Map<string, string>();
  const vouched = (path: string, entry: SourceEntry) =>
    store?.vouches?.(path, entry, options.stats?.get(path)) ?? false;
  // A body read to parse its file is kept for its page, unless the blog is so large that its bodies would crowd memory.
  const keepBodies = options.count <= KEEP_BODIES_UP_TO;
  const parseOnLanes =
    pool.threads > 0
      ? pool.postParser(known, hashes, keepBodies)
      : async (entries: SourceEntry[]) =>
          collect(parseSources(entries, { known, vouched, keepBodies }), hashes);
  const asParsed = new Map<string, PostSource>();
  const parsePosts = async (entries: SourceEntry[]) => {
    const parsed = await (options.timed ? options.timed(() => parseOnLanes(entries)) : parseOnLanes(entries));
    for (const post of parsed.posts) asParsed.set(post.path, post);
    return parsed;
  };
  return { parsePosts, hashes, asParsed };
}

/** Parsed sources as loadContent takes them, their hashes kept aside. */
function collect(
  parsed: ParsedSources,
  hashes: Map<string, string>,
): { posts: ParsedSources["posts"]; errors: ParsedSources["errors"] } {
  for (const [path, hash] of parsed.hashes) hashes.set(path, hash);
  return { posts: parsed.posts, errors: parsed.errors };
}
