/**
 * The bench script still runs: a tiny synthetic site (20 posts, one run)
 * through sitegen and Eleventy, the real site, and the negotiation bench, with
 * the report and the JSON results written where the test says. Benchmarks are
 * not tests: nothing here asserts a time, only that every part ran and the
 * report has its structure.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generateContent, slugOf } from "../bench/synthetic.ts";
import { parseArgs, stats } from "../bench/run.ts";

const ROOT = resolve(import.meta.dirname, "..");

test("a smoke run with 20 posts writes the report and the JSON results", { timeout: 300_000 }, (t) => {
  const work = mkdtempSync(join(tmpdir(), "sitegen-bench-"));
  t.after(() => rmSync(work, { recursive: true, force: true }));
  const report = join(work, "BENCHMARKS.md");
  const json = join(work, "results.json");
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "bench/run.ts", "--posts", "20", "--runs", "1", "--skip-hugo", "--skip-serve", "--negotiation-ms", "50", "--idle-wait", "0", "--retries", "0", "--no-install", "--work", work, "--report", report, "--json", json],
    { cwd: ROOT, encoding: "utf8", timeout: 280_000 },
  );
  assert.equal(run.status, 0, `bench exited ${run.status}\n${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /\[bench\] wrote /);

  const text = readFileSync(report, "utf8");
  for (const heading of ["# Benchmarks", "## Targets (20 posts)", "## Build", "### 20 posts", "## The real site", "## Negotiation", "## Preview server", "## What is compared", "## Machine and versions", "## Command"]) {
    assert.ok(text.includes(`\n${heading}`) || text.startsWith(heading), `the report has "${heading}"`);
  }
  assert.match(text, /^\| sitegen \| \d/m, "a sitegen row with a time");
  assert.match(text, /^\| Eleventy \| \d/m, "an Eleventy row with a time");
  assert.match(text, /^\| realistic .*\| [\d,]+ \| [\d,]+ \|/m, "the negotiation table");
  assert.match(text, /^\| full build .*\| \d/m, "the real site's build time");
  assert.match(text, /--posts 20 --runs 1/, "the exact command");

  const results = JSON.parse(readFileSync(json, "utf8"));
  assert.deepEqual(results.failures, []);
  const tools = results.builds.map((b: { tool: string }) => b.tool).sort();
  assert.deepEqual(tools, ["eleventy", "sitegen"]);
  for (const build of results.builds) {
    assert.equal(build.posts, 20);
    assert.equal(build.runs.length, 1);
    assert.ok(build.ok, `${build.tool}: ${build.problems.join("; ")}`);
    assert.ok(build.wallMs.median > 0 && build.cpuMs.median > 0 && build.peakRssBytes.median > 0, `${build.tool} has wall, CPU and RSS`);
  }
  assert.deepEqual(results.negotiation.mixes.map((m: { mix: string }) => m.mix), ["realistic", "distinct"]);
  assert.ok(results.real.fullBuild && results.real.rebuild && results.real.check, "full build, rebuild and check were timed");
  assert.equal(results.serve, undefined, "--skip-serve skips the preview server");
});

test("the synthetic content is the same for the same seed, and links only to what exists", async (t) => {
  const work = mkdtempSync(join(tmpdir(), "sitegen-synthetic-"));
  t.after(() => rmSync(work, { recursive: true, force: true }));
  const a = await generateContent({ dir: join(work, "a"), posts: 30, seed: 7 });
  const b = await generateContent({ dir: join(work, "b"), posts: 30, seed: 7 });
  assert.deepEqual(a.slugs, b.slugs);
  for (const slug of a.slugs) assert.equal(readFileSync(join(work, "a/blog", `${slug}.md`), "utf8"), readFileSync(join(work, "b/blog", `${slug}.md`), "utf8"));

  const pages = new Set(["/", "/about/", "/blog/", "/brand/", "/contact/", "/developers/", "/developers/#errors"]);
  for (const slug of a.slugs) {
    const text = readFileSync(join(work, "a/blog", `${slug}.md`), "utf8");
    assert.match(slug, /^[a-z0-9]+(?:-[a-z0-9]+)*-?$/);
    assert.ok(slug.length <= 60);
    for (const [, href] of text.matchAll(/\]\((\/[^)]*)\)/g)) {
      assert.ok(pages.has(href) || a.slugs.some((s) => href === `/blog/${s}/`), `${slug} links to ${href}, which exists`);
    }
    assert.match(text, /^```[a-z]+$/m, "a fenced code block with a language");
    assert.match(text, /^\|---/m, "a table");
  }
  assert.equal(slugOf("Tiến hóa schema: đọc kỹ"), "tien-hoa-schema-doc-ky");
});

test("bench options: sizes sorted and deduplicated, skipping Hugo skips both of its runs", () => {
  const options = parseArgs(["--posts", "10000,1000,1000", "--runs", "2", "--skip-hugo"]);
  assert.deepEqual(options.posts, [1000, 10_000]);
  assert.equal(options.runs, 2);
  assert.ok(options.skip.has("hugo") && options.skip.has("hugo-default"));
  assert.throws(() => parseArgs(["--runs", "0"]), /positive integer/);
  assert.throws(() => parseArgs(["--frobnicate"]), /unknown option/);
  assert.deepEqual(stats([3, 1, 2]), { median: 2, min: 1, max: 3 });
  assert.deepEqual(stats([4, 1, 2, 3]), { median: 2.5, min: 1, max: 4 });
});
