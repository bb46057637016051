/**
 * The build cache's stat records (src/write/stat-records.ts): in the folder
 * a cache was filled from, an unchanged post file is known by its stat data
 * and not read; a file whose stat data changed in any way, one changed
 * within the second its record was taken (racily clean), a record that was
 * tampered with, and every file of another checkout are read and hashed.
 * Every build writes what the cold build writes.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { cpSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { generateContent } from "../bench/synthetic.ts";
import { sitegenHere, tempDir, tracedSitegenHere } from "./helpers/dist.ts";
import { assertSameTree } from "./helpers/site.ts";
import type { ParseEvent } from "../src/execute/sources.ts";
import { listSources } from "../src/content/tree.ts";

const POSTS = 40;

/** A content folder whose files were all written more than a second ago, so a build's stat records take them all. */
async function settledContent(seed: number): Promise<string> {
  const content = join(tempDir("sitegen-stat-"), "content");
  await generateContent({ dir: content, posts: POSTS, seed });
  await sleep(1100);
  return content;
}

/**
 * A build with the cache, the posts it read, and those it took from the cache unread: the CLI's `run` in this process,
 * as the binary runs it, in one thread so that its parser's events are heard. The builds that share a cache are all
 * run here, so each is the same sitegen's, whose cache the next one trusts.
 */
async function traced(content: string, cache: string, args: string[] = []) {
  const out = join(tempDir("sitegen-stat-out-"), "dist");
  const run = await tracedSitegenHere<ParseEvent>(
    "sitegen:post-parse",
    ["build", "--content", content, "--out", out, "--cache", cache, "--json", ...args],
    { env: { SITEGEN_WORKERS: "0" } },
  );
  assert.equal(run.status, 0, run.stderr);
  const read = run.events
    .filter((event) => event.read)
    .map((event) => basename(event.file))
    .sort();
  return {
    out,
    read,
    unread: run.events.filter((event) => !event.read).length,
    reused: (JSON.parse(run.stdout) as { cache: { reused: number } }).cache.reused,
  };
}

async function cold(content: string): Promise<string> {
  const out = join(tempDir("sitegen-stat-out-"), "dist");
  const result = await sitegenHere(["build", "--content", content, "--out", out, "--no-cache"]);
  assert.equal(result.status, 0, result.stderr);
  return out;
}

const postsOf = (content: string) =>
  readdirSync(join(content, "blog"))
    .filter((name) => name.endsWith(".md"))
    .sort();

test("in the folder the cache was filled from, only the edited post is read, and read again while its modification time is not before the second a build began (racily clean)", async () => {
  const content = await settledContent(31);
  const cache = join(tempDir("sitegen-stat-cache-"), "cache");
  const first = await traced(content, cache);
  assert.equal(first.read.length, POSTS, "a build without a cache reads every post");
  const unchanged = await traced(content, cache);
  assert.deepEqual(unchanged.read, [], "every post is known by its stat data");
  assert.equal(unchanged.unread, POSTS);
  assertSameTree(unchanged.out, first.out);

  const post = postsOf(content)[5];
  const file = join(content, "blog", post);
  writeFileSync(file, `${readFileSync(file, "utf8")}\nA paragraph added later.\n`);
  // Modified, as far as its stat data says, an hour from now: not before the second any build until then begins.
  const hourAhead = Math.floor(Date.now() / 1000) + 3600;
  utimesSync(file, hourAhead, hourAhead);
  const edited = await traced(content, cache);
  assert.deepEqual(edited.read, [post]);
  assert.equal(edited.reused, POSTS - 1);
  assertSameTree(edited.out, await cold(content));
  // Racily clean: its stat data could not tell a later write in the same second, so no record was kept and it is hashed again.
  const racy = await traced(content, cache);
  assert.deepEqual(racy.read, [post]);
  assert.equal(racy.reused, POSTS);
  // Its time set back a minute, which changes it now: a build that begins a second later reads it and records it, and the next knows it.
  const minuteAgo = Math.floor(Date.now() / 1000) - 60;
  utimesSync(file, minuteAgo, minuteAgo);
  await sleep(1100);
  assert.deepEqual((await traced(content, cache)).read, [post]);
  assert.deepEqual((await traced(content, cache)).read, [], "known by its stat data once recorded");
});

test("a post rewritten to the same size with its old modification time is read: its change time tells", async () => {
  const content = join(tempDir("sitegen-stat-"), "content");
  await generateContent({ dir: content, posts: POSTS, seed: 32 });
  const post = postsOf(content)[7];
  const file = join(content, "blog", post);
  // A whole second, which can be set again exactly (a time in nanoseconds cannot be given back through utimes).
  const minuteAgo = Math.floor(Date.now() / 1000) - 60;
  utimesSync(file, minuteAgo, minuteAgo);
  await sleep(1100);
  const cache = join(tempDir("sitegen-stat-cache-"), "cache");
  await traced(content, cache);
  const before = statSync(file, { bigint: true });
  const text = readFileSync(file, "utf8");
  // The same number of bytes, one letter of the body changed, and the modification time set back to what it was.
  const at = text.lastIndexOf("e");
  writeFileSync(file, `${text.slice(0, at)}a${text.slice(at + 1)}`);
  utimesSync(file, minuteAgo, minuteAgo);
  const after = statSync(file, { bigint: true });
  assert.deepEqual([after.size, after.mtimeNs, after.ino], [before.size, before.mtimeNs, before.ino]);
  assert.notEqual(after.ctimeNs, before.ctimeNs);
  const warm = await traced(content, cache);
  assert.deepEqual(warm.read, [post]);
  assertSameTree(warm.out, await cold(content));
});

test("stat records tampered with are ignored whole, and a copy of the content is read whole: both build what a cold build writes", async () => {
  const content = await settledContent(33);
  const cache = join(tempDir("sitegen-stat-cache-"), "cache");
  await traced(content, cache);
  const stat = join(cache, "stat");
  const lines = readFileSync(stat, "utf8").split("\n");
  // A record that names another hash for its post: the checksum no longer matches.
  lines[1] = `${"A".repeat(43)}${lines[1].slice(43)}`;
  writeFileSync(stat, lines.join("\n"));
  const tampered = await traced(content, cache);
  assert.equal(tampered.read.length, POSTS);
  assert.equal(
    tampered.reused,
    POSTS,
    "the index's records still stand: each post read is found unchanged by its hash",
  );
  assertSameTree(tampered.out, await cold(content));

  // A fresh checkout: the same files, with inodes and change times of their own.
  const copy = join(tempDir("sitegen-stat-copy-"), "content");
  cpSync(content, copy, { recursive: true, preserveTimestamps: true });
  await sleep(1100);
  const elsewhere = await traced(copy, cache);
  assert.equal(elsewhere.read.length, POSTS);
  assert.equal(elsewhere.reused, POSTS);
  assertSameTree(elsewhere.out, await cold(copy));
});

test("a draft whose record a forger turned to published stays a draft, though its stat record vouches for its file: the status is read from the file", async () => {
  const content = join(tempDir("sitegen-stat-"), "content");
  await generateContent({ dir: content, posts: POSTS, seed: 34 });
  writeFileSync(
    join(content, "blog/not-yet.md"),
    '---\ntitle: "Not yet"\ndescription: "A draft nobody may read yet."\ndate: 2024-01-01\nstatus: draft\n---\n\nWords of a draft nobody may read yet.\n',
  );
  await sleep(1100);
  const cache = join(tempDir("sitegen-stat-cache-"), "cache");
  await traced(content, cache, ["--drafts"]);
  assert.match(
    readFileSync(join(cache, "stat"), "utf8"),
    /"blog\/not-yet\.md"/,
    "the draft's file has its stat record",
  );
  const index = JSON.parse(readFileSync(join(cache, "index.json"), "utf8")) as {
    records: Record<string, { sum?: string; post: { status: string } }>;
  };
  const record = index.records["blog/not-yet.md"];
  record.post.status = "published";
  // Its checksum made again, as a forger would (src/write/cache-index.ts).
  const { sum: _sum, ...rest } = record;
  index.records["blog/not-yet.md"] = {
    sum: createHash("sha256")
      .update("blog/not-yet.md")
      .update("\0")
      .update(JSON.stringify(rest))
      .digest("base64url")
      .slice(0, 22),
    ...rest,
  };
  writeFileSync(join(cache, "index.json"), JSON.stringify(index));
  const warm = await traced(content, cache);
  assert.ok(warm.read.includes("not-yet.md"), "the draft's file was read whole");
  assert.ok(!readFileSync(join(warm.out, "blog-index.json"), "utf8").includes("Not yet"));
  assertSameTree(warm.out, await cold(content));
});

test("the listing keeps of each post file the five stat fields a stat record compares, not Node's whole stat object (eighteen bigints and four Dates a post: 10 MB of the build's heap at 10,000 posts)", async () => {
  const content = join(tempDir("sitegen-stat-"), "content");
  await generateContent({ dir: content, posts: 3, seed: 5 });
  const listing = listSources(join(content, "blog"), { root: content, cwd: content, layout: "posts" });
  assert.equal(listing.stats?.size, 3);
  for (const [path, kept] of listing.stats ?? []) {
    assert.deepEqual(Object.keys(kept).sort(), ["ctimeNs", "dev", "ino", "mtimeNs", "size"], path);
    const stat = statSync(path, { bigint: true });
    assert.deepEqual(kept, {
      size: stat.size,
      mtimeNs: stat.mtimeNs,
      ctimeNs: stat.ctimeNs,
      ino: stat.ino,
      dev: stat.dev,
    });
  }
});
