/**
 * Post files as a build reads them: each file's content hash, and its parse,
 * taken from an earlier build when the file is unchanged (a warm build, or
 * the next rebuild of `serve --watch`), so an unchanged post costs a read and
 * a hash, not a YAML parse, a schema check and the Markdown parse its
 * description may be cut from.
 */
import { createHash } from "node:crypto";
import { channel } from "node:diagnostics_channel";
import { readFileSync } from "node:fs";
import { bodyAt } from "../content/frontmatter.ts";
import type { SourceEntry } from "../content/load.ts";
import { asFound, parsePost } from "../content/load.ts";
import { fileDate } from "../content/file-dates.ts";
import { unfrontedDialect } from "../content/unfronted.ts";
import type { PostSource } from "../content/types.ts";
import { errorsOf, SitegenError } from "../errors.ts";
import { excerptOf } from "../render/markdown/excerpt.ts";
import { statusOf, type KnownSource } from "../write/post-records.ts";
import { pushAll } from "../collector.ts";

export interface ParsedSources {
  posts: PostSource[];
  errors: SitegenError[];
  /** Each file's content hash, by absolute path. */
  hashes: [path: string, hash: string][];
}

export interface ParseOptions {
  /** What an earlier build knew of the files, by path. */
  known?: ReadonlyMap<string, KnownSource>;
  /** Whether a known file is vouched for as unchanged since: then it is not read at all. Given the entry, for what else its hash covers (a bundle's files). */
  vouched?: (path: string, entry: SourceEntry) => boolean;
  /** Keep each body for its page to render from; else it is read again when the page renders. */
  keepBodies?: boolean;
}

/**
 * Each post file as it is read, published (Node's diagnostics_channel: nothing
 * is made unless something subscribes): parsed, or its earlier parse taken.
 * A test shows by it that a warm build parses only what changed.
 */
export const PARSE_EVENTS = channel("sitegen:post-parse");

export interface ParseEvent {
  file: string;
  from: "parser" | "earlier";
  /** Whether the file was read: not when the store vouched for it unchanged (its stat data, or a watch session that saw no change). */
  read: boolean;
}

const told = (file: string, from: ParseEvent["from"], read = true) =>
  PARSE_EVENTS.hasSubscribers && PARSE_EVENTS.publish({ file, from, read } satisfies ParseEvent);

/** Reads and parses post files here. */
export function parseSources(entries: SourceEntry[], options: ParseOptions = {}): ParsedSources {
  const { known = new Map(), vouched = () => false, keepBodies = false } = options;
  const parsed: ParsedSources = { posts: [], errors: [], hashes: [] };
  for (const entry of entries) {
    const earlier = known.get(entry.path);
    if (earlier && vouched(entry.path, entry)) {
      parsed.hashes.push([entry.path, earlier.source]);
      parsed.posts.push(named(earlier.post, entry));
      told(entry.file, "earlier", false);
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(entry.path);
    } catch (error) {
      parsed.errors.push(
        new SitegenError("E_CONTENT", `cannot read ${entry.file}`, {
          kind: "unreadable",
          location: { file: entry.file },
          cause: error,
        }),
      );
      continue;
    }
    // A bundle's files are part of its post: an image's size is in the page.
    const source = entry.bundle
      ? contentHash(Buffer.concat([bytes, ...entry.bundle.map((file) => bundleFileKey(file))]))
      : contentHash(bytes);
    parsed.hashes.push([entry.path, source]);
    // The same bytes parse the same: the earlier parse, with the body (which it does not keep) cut from the text read to hash it;
    // but whether the post is published is read from the file each time (an earlier parse may come from an edited cache).
    if (earlier?.source === source && statusOf(bytes.toString("utf8"), entry.file) === earlier.post.status) {
      const post = named(earlier.post, entry);
      parsed.posts.push(
        keepBodies ? { ...post, body: bodyAt(bytes.toString("utf8"), post.bodyLine, entry.file) } : post,
      );
      told(entry.file, "earlier");
      continue;
    }
    told(entry.file, "parser");
    try {
      const post = asFound(
        parsePost(entry.name, bytes.toString("utf8"), entry.file, entry.path, {
          fileDate,
          unfronted: unfrontedDialect,
          excerptOf,
        }),
        entry,
      );
      parsed.posts.push(keepBodies ? post : { ...post, body: "" });
    } catch (error) {
      const located = errorsOf(error);
      if (!located) throw error;
      pushAll(parsed.errors, located);
    }
  }
  return parsed;
}

/**
 * An earlier parse of the same bytes, placed where this build found the file
 * and its bundle: a fresh checkout may be elsewhere, and the build cache
 * keeps no paths.
 */
function named(post: PostSource, entry: SourceEntry): PostSource {
  if (
    post.file === entry.file &&
    post.path === entry.path &&
    post.place === entry.place &&
    sameFiles(post.bundle, entry.bundle)
  )
    return post;
  const { bundle: _elsewhere, place: _before, ...parse } = post;
  return asFound({ ...parse, file: entry.file, path: entry.path }, entry);
}

/** Whether two listings of a bundle name the same files in the same places (the content hash vouches for their bytes). */
function sameFiles(a: SourceEntry["bundle"], b: SourceEntry["bundle"]): boolean {
  return (
    a === b ||
    (a !== undefined &&
      b !== undefined &&
      a.length === b.length &&
      a.every((file, index) => file.path === b[index].path && file.file === b[index].file))
  );
}

/** A bundle file's name and content, as they enter its post's hash. */
function bundleFileKey(file: NonNullable<SourceEntry["bundle"]>[number]): Buffer {
  return Buffer.from(`\0${file.name}\0${contentHash(readFileSync(file.path))}`);
}

/** A file's content hash: SHA-256, base64url. */
export function contentHash(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("base64url");
}
