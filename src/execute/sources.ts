/**
 * Post files as a build reads them: each file's content hash, and its parse,
 * taken from an earlier build when the file is unchanged (a warm build, or
 * the next rebuild of `serve --watch`), so an unchanged post costs a read and
 * a hash, not a YAML parse and a schema check.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { SourceEntry } from "../content/load.ts";
import { parsePost } from "../content/load.ts";
import type { PostSource } from "../content/types.ts";
import { errorsOf, SitegenError } from "../errors.ts";

/** What an earlier build knew of a post file: its content hash and its parse (without the body). */
export interface KnownSource {
  source: string;
  post: PostSource;
}

export interface ParsedSources {
  posts: PostSource[];
  errors: SitegenError[];
  /** Each file's content hash, by absolute path. */
  hashes: [path: string, hash: string][];
}

/**
 * Reads and parses post files here; bodies are left on disk until their page
 * renders. A file `vouched` for as unchanged since it was `known` is not read.
 */
export function parseSources(entries: SourceEntry[], known: ReadonlyMap<string, KnownSource> = new Map(), vouched: (path: string) => boolean = () => false): ParsedSources {
  const parsed: ParsedSources = { posts: [], errors: [], hashes: [] };
  for (const entry of entries) {
    const earlier = known.get(entry.path);
    if (earlier && vouched(entry.path)) {
      parsed.hashes.push([entry.path, earlier.source]);
      parsed.posts.push({ ...earlier.post, file: entry.file, path: entry.path });
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(entry.path);
    } catch (error) {
      parsed.errors.push(new SitegenError("E_CONTENT", `cannot read ${entry.file}`, { location: { file: entry.file }, cause: error }));
      continue;
    }
    const source = contentHash(bytes);
    parsed.hashes.push([entry.path, source]);
    if (earlier?.source === source) {
      // The same bytes parse the same; only where the file is named from may differ.
      parsed.posts.push({ ...earlier.post, file: entry.file, path: entry.path });
      continue;
    }
    try {
      parsed.posts.push({ ...parsePost(entry.name, bytes.toString("utf8"), entry.file, entry.path), body: "" });
    } catch (error) {
      const located = errorsOf(error);
      if (!located) throw error;
      parsed.errors.push(...located);
    }
  }
  return parsed;
}

/** A file's content hash: SHA-256, base64url. */
export function contentHash(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("base64url");
}
