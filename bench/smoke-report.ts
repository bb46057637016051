/**
 * What the report of a smoke run (bench/smoke.test.ts) must hold: every
 * section, and a row of each table with a figure in it. Running the bench is
 * the test's job; the report's shape, checked line by line, is long enough
 * for a file of its own.
 */
import assert from "node:assert/strict";

/** Fails, naming what is missing, unless `text` (BENCHMARKS.md of a 20-post smoke run) has every part. */
export function assertSmokeReport(text: string): void {
  for (const heading of [
    "# Benchmarks",
    "## Targets",
    "## Build",
    "### 20 posts",
    "## The real site",
    "## Start-up",
    "## Rebuild while writing (20 posts)",
    "## Rebuild while writing (the real site)",
    "## Warm CI builds (20 posts)",
    "## One very large blog (30 posts)",
    "### The real site (",
    "## Negotiation",
    "## Preview server",
    "## The edge function on Netlify's emulator",
    "## Stages",
    "## Search (/mcp at 20 posts)",
    "## What is compared",
    "## Machine and versions",
    "## Command",
  ]) {
    assert.ok(text.includes(`\n${heading}`) || text.startsWith(heading), `the report has "${heading}"`);
  }
  assert.match(text, /^\| sitegen \| \d/m, "a sitegen row with a time");
  assert.match(text, /^\| Eleventy \| \d/m, "an Eleventy row with a time");
  assert.match(
    text,
    /^\| bare script \(the floor\) \| \d.*\| \d+\.\d\d \|/m,
    "the floor's row with a time and sitegen / floor",
  );
  assert.match(
    text,
    /^\| a cold build at most 1\.15× the bare one-thread script's time, 20 posts \| sitegen \/ bare = \d\.\d\d \(.*1 pairs/m,
    "the floor is a target, as a pair ratio",
  );
  assert.match(
    text,
    /^\| a cold build at most 2× Hugo's \(default, highlighting code as sitegen does\), the real site \| /m,
    "the real site against Hugo is a target",
  );
  assert.match(
    text,
    /^\| a cold build at most 0\.6× Eleventy's, 20 posts \| sitegen \/ Eleventy = \d/m,
    "Eleventy is a target, as a pair ratio",
  );
  assert.match(text, /\n## Load\n/, "the load around the pairs has a section");
  assert.match(
    text,
    /^\| 20 posts \| sitegen \/ bare script \(the floor\) \| 1 \| \d\.\d\d \| \d+\.\d\d → \d+\.\d\d \| /m,
    "each pair's load is recorded",
  );
  assert.match(
    text,
    /^\| every sitemap file within 50,000 URLs and 50 MB \(sitemaps\.org\), 30 posts \| `sitemap\.xml` \d+ URLs/m,
    "the large build's sitemap files",
  );
  assert.match(text, /^\| `sitegen --version` \| \d/m, "start-up of --version");
  assert.match(text, /^\| `sitegen --help` \| \d/m, "start-up of --help");
  assert.match(
    text,
    /^\| `sitegen --version` within 1\.3× a bare `node -e 0` \| \d\.\d\d× \(/m,
    "start-up as a ratio to Node's own, round by round",
  );
  assert.match(text, /^\| a build of 30 posts \| built in \d/m, "the large build is a target of its own");
  assert.match(text, /^\| sitegen serve --watch \| \d/m, "a post edit's time in watch mode");
  assert.match(
    text,
    /^\| a post edit served by `sitegen serve --watch` within 250 ms, 20 posts \| \d/m,
    "the watch target on the synthetic blog",
  );
  assert.match(
    text,
    /^\| a post edit served by `sitegen serve --watch` within 50 ms, on the real site \| \d/m,
    "the watch target on the real site",
  );
  assert.match(
    text,
    /^\| the real site \| \d.*\| [\d,]+ bytes \|/m,
    "the edge function's load and bundle for the real site",
  );
  assert.match(
    text,
    /^\| 20 posts \| \d.*\| \d+\.\d\d× \|$/m,
    "edge latency at 20 posts as a ratio to the real site's",
  );
  assert.match(text, /^\| realistic .*\| [\d,]+ \| [\d,]+ \|/m, "the negotiation table");
  assert.match(text, /^\| full build .*\| \d/m, "the real site's build time");
  assert.match(text, /--posts 20 --runs 1/, "the exact command");
  assert.match(text, /^\| the real site \(median of 1\) \| \d+ ms \| \d+ ms \|/m, "the real site's stages");
  assert.match(text, /^\| 20 posts \(median of 1\) \| \d+ ms \| \d+ ms \|/m, "the synthetic blog's stages");
  assert.match(
    text,
    /^\| V8 under Node \(workerd's engine\), cold, CPU \| \d+\.\d\d ms \|/m,
    "a search's CPU time",
  );
}
