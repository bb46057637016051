/**
 * The build cache: a build in a fresh folder, given the cache of an earlier
 * build, renders only the posts that changed and writes exactly what a cold
 * build writes. A cache of other content, of another sitegen, or damaged, is
 * detected and not trusted: the build is still exactly the cold one.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateContent } from "../bench/synthetic.ts";
import { sitegen, tempDir } from "./helpers/dist.ts";
import { assertSameTree as assertSame } from "./helpers/site.ts";

const POSTS = 340;
const base = tempDir("sitegen-cache-");
const original = join(base, "content");
await generateContent({ dir: original, posts: POSTS, seed: 11 });

function build(content: string, args: string[], workers = "2") {
  const out = join(tempDir("sitegen-cache-out-"), "dist");
  const result = sitegen(["build", "--content", content, "--out", out, "--json", ...args], { env: { SITEGEN_WORKERS: workers } });
  assert.equal(result.status, 0, result.stderr);
  return { out, report: JSON.parse(result.stdout) as { cache?: { reused: number; ignored?: string } } };
}

/**
 * The cold build (no cache) of a content folder, made once per folder: a build without a cache
 * depends on nothing but the content and this sitegen, and no test changes a folder once it has
 * been built (edits go to copies), so each test that compares with the cold build of a folder gets
 * the tree it would have built itself.
 */
const coldBuilds = new Map<string, string>();
function cold(content: string): string {
  if (!coldBuilds.has(content)) coldBuilds.set(content, build(content, []).out);
  return coldBuilds.get(content)!;
}

/** A copy of the content with one post's body edited: the change a commit makes. */
function edited(): { content: string; post: string } {
  const content = join(tempDir("sitegen-cache-content-"), "content");
  cpSync(original, content, { recursive: true });
  const post = readdirSync(join(content, "blog")).sort()[3];
  const file = join(content, "blog", post);
  writeFileSync(file, `${readFileSync(file, "utf8")}\nOne more paragraph, added later.\n`);
  return { content, post };
}

test("a warm build renders only the changed post and writes what a cold build writes, with lanes and without", async () => {
  // One edited copy for both: each round fills a cache of its own from the original, then builds the copy with it.
  const { content } = edited();
  for (const workers of ["2", "0"]) {
    const cache = join(tempDir("sitegen-cache-dir-"), "cache");
    const first = build(original, ["--cache", cache], workers);
    assert.equal(first.report.cache?.reused, 0, "an empty cache has nothing to give");
    const warm = build(content, ["--cache", cache], workers);
    const published = JSON.parse(readFileSync(join(warm.out, "blog-index.json"), "utf8")).count;
    assert.equal(warm.report.cache?.reused, published - 1, `workers=${workers}: every post but the changed one came from the cache`);
    assertSame(warm.out, cold(content));
    // The cache now holds the changed post too: the next build reuses every post.
    assert.equal(build(content, ["--cache", cache], workers).report.cache?.reused, published);
  }
});

test("a cache written by another sitegen or in another format is ignored whole, and said to be", () => {
  const cache = join(tempDir("sitegen-cache-dir-"), "cache");
  build(original, ["--cache", cache]);
  const index = join(cache, "index.json");
  const saved = JSON.parse(readFileSync(index, "utf8"));
  writeFileSync(index, JSON.stringify({ ...saved, code: "another sitegen" }));
  const other = build(original, ["--cache", cache]);
  assert.equal(other.report.cache?.reused, 0);
  assert.match(other.report.cache?.ignored ?? "", /another sitegen/);
  writeFileSync(index, "{ not json");
  const garbled = build(original, ["--cache", cache]);
  assert.equal(garbled.report.cache?.reused, 0);
  assert.match(garbled.report.cache?.ignored ?? "", /does not parse/);
  assertSame(garbled.out, cold(original));
});

test("damaged or missing cached files are not used: those pages are rendered again", () => {
  const cache = join(tempDir("sitegen-cache-dir-"), "cache");
  build(original, ["--cache", cache]);
  const objects = join(cache, "objects");
  const names = readdirSync(objects).sort();
  truncateSync(join(objects, names[0]), Math.floor(statSync(join(objects, names[0])).size / 2));
  writeFileSync(join(objects, names[1]), "");
  const warm = build(original, ["--cache", cache]);
  const published = JSON.parse(readFileSync(join(warm.out, "blog-index.json"), "utf8")).count;
  assert.ok(warm.report.cache!.reused <= published - 1 && warm.report.cache!.reused >= published - 2, `reused ${warm.report.cache!.reused} of ${published}`);
  assertSame(warm.out, cold(original));
});

test("a cache filled from other content gives nothing to this content, and the build is the cold one", async () => {
  const other = join(tempDir("sitegen-cache-other-"), "content");
  await generateContent({ dir: other, posts: 40, seed: 12 });
  const cache = join(tempDir("sitegen-cache-dir-"), "cache");
  build(other, ["--cache", cache]);
  const warm = build(original, ["--cache", cache]);
  assert.equal(warm.report.cache?.reused, 0);
  assertSame(warm.out, cold(original));
});

test("an index that names a file outside the cache folder is not followed: that page is rendered again", () => {
  const folder = tempDir("sitegen-cache-dir-");
  const cache = join(folder, "cache");
  build(original, ["--cache", cache]);
  const index = JSON.parse(readFileSync(join(cache, "index.json"), "utf8")) as { records: Record<string, { files: { written: { etag: string; bytes: number } }[] }> };
  const [key, record] = Object.entries(index.records).sort(([a], [b]) => (a < b ? -1 : 1))[0];
  // A file of the right size, outside the cache, where `objects/../../` leads: a build that followed the name would publish it.
  const { written } = record.files[0];
  writeFileSync(join(folder, "elsewhere"), "x".repeat(written.bytes));
  written.etag = '"../../elsewhere"';
  writeFileSync(join(cache, "index.json"), JSON.stringify({ ...index, records: { ...index.records, [key]: record } }));
  const warm = build(original, ["--cache", cache]);
  const published = JSON.parse(readFileSync(join(warm.out, "blog-index.json"), "utf8")).count;
  assert.equal(warm.report.cache!.reused, published - 1, "every page but the one whose record was changed");
  assertSame(warm.out, cold(original));
});

test("the index a warm build leaves is, byte for byte, the one a cold build of the same content writes; the same index on one line is read as well", () => {
  const content = join(tempDir("sitegen-cache-content-"), "content");
  cpSync(original, content, { recursive: true });
  const warmCache = join(tempDir("sitegen-cache-dir-"), "cache");
  build(content, ["--cache", warmCache]);
  const post = join(content, "blog", readdirSync(join(content, "blog")).sort()[5]);
  writeFileSync(post, `${readFileSync(post, "utf8")}\nA paragraph added later.\n`);
  const warm = build(content, ["--cache", warmCache]);
  const published = JSON.parse(readFileSync(join(warm.out, "blog-index.json"), "utf8")).count;
  assert.equal(warm.report.cache?.reused, published - 1);
  const coldCache = join(tempDir("sitegen-cache-dir-"), "cache");
  build(content, ["--cache", coldCache]);
  // The warm build wrote the records it took from the cache back as the lines it read them from.
  const index = readFileSync(join(warmCache, "index.json"), "utf8");
  assert.equal(index, readFileSync(join(coldCache, "index.json"), "utf8"));
  assert.equal(index.split("\n").length, published + 2, "a line for the head, one a record, and one to close");
  writeFileSync(join(warmCache, "index.json"), JSON.stringify(JSON.parse(index)));
  assert.equal(build(content, ["--cache", warmCache]).report.cache?.reused, published);
});

test("a cache moves with the content: a checkout elsewhere, the first one gone, takes every post from it, a bundle's files from where they are now", () => {
  const first = join(tempDir("sitegen-cache-content-"), "content");
  cpSync(original, first, { recursive: true });
  const bundle = join(first, "blog", "with-a-picture");
  mkdirSync(bundle);
  writeFileSync(join(bundle, "index.md"), "---\ntitle: \"A post with a picture\"\ndescription: \"A post whose picture is a file beside it.\"\ndate: 2024-05-01\nlang: en\nstatus: published\n---\n\n![A dot](dot.png)\n");
  writeFileSync(join(bundle, "dot.png"), Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));
  const cache = join(tempDir("sitegen-cache-dir-"), "cache");
  build(first, ["--cache", cache]);
  assert.ok(!readFileSync(join(cache, "index.json"), "utf8").includes(first), "the index names no path of the checkout");
  const moved = join(tempDir("sitegen-cache-content-"), "content");
  cpSync(first, moved, { recursive: true });
  rmSync(first, { recursive: true });
  const warm = build(moved, ["--cache", cache]);
  const published = JSON.parse(readFileSync(join(warm.out, "blog-index.json"), "utf8")).count;
  assert.equal(warm.report.cache?.reused, published);
  assertSame(warm.out, build(moved, []).out);
  assert.ok(statSync(join(warm.out, "blog/with-a-picture/dot.png")).isFile());
});
