/**
 * The content fuzz (fuzz/content.ts) with a fixed seed and a few inputs:
 * random and adversarial frontmatter, Markdown, site.yaml and trees through
 * the real CLI's `build`, `check` and `import`. Each run ends in a valid
 * build or in exit 1 with every error naming its file; `dist/` is the old
 * build or the new one; time and memory stay within a bound proportional to
 * the input. Then the cache fuzz (fuzz/cache.ts): random edits of the posts
 * and random tampering with the build cache between warm builds, each warm
 * build the cold one byte for byte. `npm run fuzz` runs hundreds with a
 * seed from the clock.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatCacheReport, fuzzCache } from "../fuzz/cache.ts";
import { formatContentReport, fuzzContent } from "../fuzz/content.ts";

const SEED = Number(process.env.SITEGEN_FUZZ_SEED ?? 20261125);
const INPUTS = 10;

// A bound on a hang, not a measure of speed: each input takes a second or two.
test(`the content fuzz (seed ${SEED}, ${INPUTS} inputs): a valid build or a clean refusal naming the file, dist/ old or new, bounded`, {
  timeout: 300_000,
}, async () => {
  const report = await fuzzContent({ seed: SEED, inputs: INPUTS, maxTextCharacters: 20_000, importEvery: 3 });
  console.log(formatContentReport(report));
  assert.deepEqual(report.failures, []);
  assert.equal(report.inputs, INPUTS);
  assert.ok(
    (report.outcomes["build: built"] ?? 0) > 0 && (report.outcomes["build: refused"] ?? 0) > 0,
    "both outcomes are tried",
  );
});

const ROUNDS = 8;

// A bound on a hang, not a measure of speed: each round is two builds of a small site.
test(`the cache fuzz (seed ${SEED}, ${ROUNDS} warm builds): whatever the cache holds, the warm build is the cold one, and nothing outside the site is read or removed`, {
  timeout: 300_000,
}, async () => {
  const report = await fuzzCache({ seed: SEED, rounds: ROUNDS });
  console.log(formatCacheReport(report));
  assert.deepEqual(report.failures, []);
  assert.equal(report.rounds, ROUNDS);
  assert.ok(
    Object.keys(report.tried).filter((kind) => kind.startsWith("cache: ")).length >= 5,
    "several kinds of tampering are tried",
  );
  assert.ok(
    (report.outcomes["equal to cold, posts built again"] ?? 0) > 0,
    "some tampering is found and its posts built again",
  );
});
