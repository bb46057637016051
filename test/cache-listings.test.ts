/**
 * The build cache keeps how many posts each listing page fitted to its
 * budget listed (src/write/listing-counts.ts), where the next build's search
 * starts. A count is checked by rendering, never trusted: whatever the file
 * says (too few, too many, not a count, not JSON), and after an edit that
 * moves the count, the warm build writes what a cold build writes.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateContent } from "../bench/synthetic.ts";
import { sitegenHere, tempDir } from "./helpers/dist.ts";
import { assertSameTree } from "./helpers/site.ts";

const POSTS = 40;

async function build(content: string, args: string[]): Promise<string> {
  const out = join(tempDir("sitegen-cache-listings-out-"), "dist");
  const run = await sitegenHere(["build", "--content", content, "--out", out, "--quiet", ...args], {
    env: { SOURCE_DATE_EPOCH: "1767225600", SITEGEN_WORKERS: "0" },
  });
  assert.equal(run.status, 0, run.stderr);
  return out;
}

/** The same files as `expected`, or a failure that says which case it was. */
function assertSame(out: string, expected: string, what: string): void {
  try {
    assertSameTree(out, expected);
  } catch (error) {
    throw new Error(`${what}: ${(error as Error).message}`);
  }
}

const countOf = (cache: string) =>
  (JSON.parse(readFileSync(join(cache, "listings"), "utf8")) as Record<string, number>)["/blog/"];

test("a listing's count from the cache is checked by rendering: a wrong one, or one an edit moved, writes the cold build's pages", async () => {
  const content = join(tempDir("sitegen-cache-listings-"), "content");
  await generateContent({ dir: content, posts: POSTS, seed: 47 });
  // A budget that leaves the older posts off /blog/, so that the count is one the search has to find.
  writeFileSync(
    join(content, "site.yaml"),
    `${readFileSync(join(content, "site.yaml"), "utf8")}\nbudgets:\n  blog_page_bytes: 12000\n`,
  );
  const cold = await build(content, ["--no-cache"]);
  const cache = join(tempDir("sitegen-cache-listings-cache-"), "cache");
  assertSameTree(await build(content, ["--cache", cache]), cold);
  const found = countOf(cache);
  assert.ok(found > 2 && found < POSTS, `/blog/ lists some of the posts, not all (${found})`);

  const forged = [0, 1, found - 1, found + 1, POSTS, 10 ** 9, -3, 2.5, "7", null];
  for (const count of forged) {
    writeFileSync(join(cache, "listings"), JSON.stringify({ "/blog/": count }));
    assertSame(await build(content, ["--cache", cache]), cold, `a count of ${JSON.stringify(count)}`);
    assert.equal(countOf(cache), found, "the count found is kept again");
  }
  for (const text of ["[3]", "not json", ""]) {
    writeFileSync(join(cache, "listings"), text);
    assertSame(await build(content, ["--cache", cache]), cold, `a file that reads ${JSON.stringify(text)}`);
  }

  // The newest post's description grown: /blog/ shows it in full, so fewer posts fit, and the count kept is too large.
  const newest = readFileSync(join(cold, "blog-index.json"), "utf8").match(/"slug": "([^"]+)"/)![1];
  const file = join(content, "blog", `${newest}.md`);
  const longer = `description: "${"A much longer description of this post. ".repeat(60)}`;
  writeFileSync(file, readFileSync(file, "utf8").replace(/^description: "/m, longer));
  const warm = await build(content, ["--cache", cache]);
  assertSameTree(warm, await build(content, ["--no-cache"]));
  assert.ok(countOf(cache) < found, `the edit moved the count (${found} → ${countOf(cache)})`);
});
