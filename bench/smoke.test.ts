/**
 * The bench script still runs: a tiny synthetic site (20 posts, one run)
 * through sitegen, Eleventy and the bare script, the real site, the negotiation
 * bench, start-up, a watch session with two edits, the warm-build part (which
 * says so when sitegen has no cache), the edge function on Netlify's
 * emulator, the stages of a cold build and a search on /mcp, with the report and the JSON results written where the test says.
 * Benchmarks are not tests: nothing here asserts a time, only that every part
 * ran and the report has its structure.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { assertSmokeReport } from "./smoke-report.ts";
import { parseArgs } from "./options.ts";
import { stats } from "./stats.ts";
import { slugOf } from "./synthetic-post.ts";
import { generateContent } from "./synthetic.ts";

const ROOT = resolve(import.meta.dirname, "..");

test("a smoke run with 20 posts writes the report and the JSON results", { timeout: 300_000 }, (t) => {
  const work = mkdtempSync(join(tmpdir(), "sitegen-bench-"));
  t.after(() => rmSync(work, { recursive: true, force: true }));
  const report = join(work, "BENCHMARKS.md");
  const json = join(work, "results.json");
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "bench/run.ts",
      "--posts",
      "20",
      "--runs",
      "1",
      "--skip-hugo",
      "--skip-serve",
      "--negotiation-ms",
      "50",
      "--idle-wait",
      "0",
      "--retries",
      "0",
      "--no-install",
      "--startup-runs",
      "1",
      "--watch-edits",
      "2",
      "--edge-rounds",
      "1",
      "--edge-load-rounds",
      "1",
      "--edge-in-flight",
      "2",
      "--large",
      "30",
      "--work",
      work,
      "--report",
      report,
      "--json",
      json,
    ],
    { cwd: ROOT, encoding: "utf8", timeout: 280_000 },
  );
  assert.equal(run.status, 0, `bench exited ${run.status}\n${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /\[bench\] wrote /);

  const text = readFileSync(report, "utf8");
  assertSmokeReport(text);

  const results = JSON.parse(readFileSync(json, "utf8"));
  assert.deepEqual(results.failures, []);
  const real = results.builds.filter((b: { real?: boolean }) => b.real);
  const synthetic = results.builds.filter((b: { real?: boolean }) => !b.real);
  assert.deepEqual(
    real.map((b: { tool: string }) => b.tool).sort(),
    ["bare", "eleventy", "sitegen", "sitegen-warm"],
    "every tool built the real site",
  );
  assert.deepEqual(synthetic.map((b: { tool: string }) => b.tool).sort(), [
    "bare",
    "eleventy",
    "sitegen",
    "sitegen-warm",
  ]);
  for (const build of synthetic) assert.equal(build.posts, 20);
  for (const build of results.builds) {
    // sitegen runs once in each of its pairs (against Eleventy and the bare script); its warm build has no Hugo to pair with.
    assert.equal(build.runs.length, build.tool === "sitegen" ? 2 : 1, build.tool);
    assert.ok(build.ok, `${build.tool}: ${build.problems.join("; ")}`);
    assert.ok(
      build.wallMs.median > 0 && build.cpuMs.median > 0 && build.peakRssBytes.median > 0,
      `${build.tool} has wall, CPU and RSS`,
    );
  }
  for (const summary of results.pairs) {
    assert.equal(summary.pairs.length, 1, `${summary.subject} / ${summary.baseline}`);
    const [pair] = summary.pairs;
    assert.ok(
      pair.ratio > 0 &&
        pair.attempts === 1 &&
        Number.isFinite(pair.load.loadavg[0]) &&
        Number.isFinite(pair.load.foreignCpuMs),
      "a pair's ratio and the load around it",
    );
  }
  assert.deepEqual(
    results.pairs
      .map(
        (p: { subject: string; baseline: string; real?: boolean }) =>
          `${p.real ? "real" : "20"} ${p.subject}/${p.baseline}`,
      )
      .sort(),
    ["20 sitegen/bare", "20 sitegen/eleventy", "real sitegen/bare", "real sitegen/eleventy"],
  );
  assert.deepEqual(
    results.negotiation.mixes.map((m: { mix: string }) => m.mix),
    ["realistic", "distinct"],
  );
  assert.ok(
    results.real.fullBuild && results.real.rebuild && results.real.check,
    "full build, rebuild and check were timed",
  );
  assert.equal(results.serve, undefined, "--skip-serve skips the preview server");

  assert.deepEqual(
    results.startup.commands.map((c: { name: string }) => c.name),
    ["sitegen --version", "sitegen --help", "node -e 0"],
    "no hugo version with --skip-hugo",
  );
  const version = results.startup.commands[0];
  assert.ok(version.overNode.median > 0, "sitegen --version is measured against node -e 0 round by round");
  const [watching] = results.watch.servers;
  assert.equal(results.watch.servers.length, 1, "no hugo server with --skip-hugo");
  assert.deepEqual(
    watching.postEdits.map((e: { ok: boolean; title: boolean }) => [e.ok, e.title]),
    [
      [true, false],
      [true, true],
    ],
    "both edits showed; the second changed the title",
  );
  assert.deepEqual(Object.keys(watching.postEdits[1].seenMs).sort(), ["HTML", "Markdown", "blog index"]);
  assert.ok(watching.templateEdit.ok, "the template edit showed");
  assert.ok(results.realWatch.real && results.realWatch.posts > 0, "the real site's edits were timed too");
  assert.ok(
    results.realWatch.servers[0].postEdits.every((e: { ok: boolean }) => e.ok),
    "every edit of the real site showed",
  );
  if (results.cache.available) assert.ok(results.cache.ratio.median > 0, "warm / cold");
  else assert.match(text, /^Not available: .*--cache/m, "the warm-build part says why it measured nothing");
  assert.deepEqual(
    results.edge.sites.map((s: { name: string }) => s.name),
    ["the real site", "20 posts"],
  );
  for (const site of results.edge.sites) {
    assert.ok(
      site.load.importMs.median > 0 && site.bundleBytes > 0 && site.latency.sequentialMs.median > 0,
      `${site.name}: load, bundle and latency`,
    );
  }
});

test("the synthetic content is the same for the same seed, and links only to what exists", async (t) => {
  const work = mkdtempSync(join(tmpdir(), "sitegen-synthetic-"));
  t.after(() => rmSync(work, { recursive: true, force: true }));
  const a = await generateContent({ dir: join(work, "a"), posts: 30, seed: 7 });
  const b = await generateContent({ dir: join(work, "b"), posts: 30, seed: 7 });
  assert.deepEqual(a.slugs, b.slugs);
  for (const slug of a.slugs)
    assert.equal(
      readFileSync(join(work, "a/blog", `${slug}.md`), "utf8"),
      readFileSync(join(work, "b/blog", `${slug}.md`), "utf8"),
    );

  const pages = new Set([
    "/",
    "/about/",
    "/blog/",
    "/brand/",
    "/contact/",
    "/developers/",
    "/developers/#errors",
  ]);
  for (const slug of a.slugs) {
    const text = readFileSync(join(work, "a/blog", `${slug}.md`), "utf8");
    assert.match(slug, /^[a-z0-9]+(?:-[a-z0-9]+)*-?$/);
    assert.ok(slug.length <= 60);
    for (const [, href] of text.matchAll(/\]\((\/[^)]*)\)/g)) {
      assert.ok(
        pages.has(href) || a.slugs.some((s) => href === `/blog/${s}/`),
        `${slug} links to ${href}, which exists`,
      );
    }
    assert.match(text, /^```[a-z]+$/m, "a fenced code block with a language");
    assert.match(text, /^\|---/m, "a table");
  }
  assert.equal(slugOf("Tiến hóa schema: đọc kỹ"), "tien-hoa-schema-doc-ky");
});

test("bench options: sizes sorted and deduplicated, skipping Hugo skips both of its runs, a skip flag for every part", () => {
  assert.deepEqual(parseArgs([]).posts, [1000, 2000, 10_000]);
  const skipped = parseArgs([
    "--skip-bare",
    "--skip-startup",
    "--skip-watch",
    "--skip-cache",
    "--skip-edge",
  ]).skip;
  assert.deepEqual([...skipped].sort(), ["bare", "cache", "edge", "startup", "watch"]);
  const options = parseArgs(["--posts", "10000,1000,1000", "--runs", "2", "--skip-hugo"]);
  assert.deepEqual(options.posts, [1000, 10_000]);
  assert.equal(options.runs, 2);
  assert.ok(options.skip.has("hugo") && options.skip.has("hugo-default"));
  assert.throws(() => parseArgs(["--runs", "0"]), /positive integer/);
  assert.throws(() => parseArgs(["--frobnicate"]), /unknown option/);
  assert.deepEqual(stats([3, 1, 2]), { median: 2, min: 1, max: 3 });
  assert.deepEqual(stats([4, 1, 2, 3]), { median: 2.5, min: 1, max: 4 });
});
