/**
 * The content fuzz (fuzz/content.ts) with a fixed seed and a few inputs:
 * random and adversarial frontmatter, Markdown, site.yaml and trees through
 * the real CLI's `build`, `check` and `import`. Each run ends in a valid
 * build or in exit 1 with every error naming its file; `dist/` is the old
 * build or the new one; time and memory stay within a bound proportional to
 * the input. `npm run fuzz` runs hundreds with a seed from the clock.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatContentReport, fuzzContent } from "../fuzz/content.ts";

const SEED = Number(process.env.SITEGEN_FUZZ_SEED ?? 20261125);
const INPUTS = 10;

// A bound on a hang, not a measure of speed: each input takes a second or two.
test(`the content fuzz (seed ${SEED}, ${INPUTS} inputs): a valid build or a clean refusal naming the file, dist/ old or new, bounded`, { timeout: 300_000 }, async () => {
  const report = await fuzzContent({ seed: SEED, inputs: INPUTS, maxTextCharacters: 20_000, importEvery: 3 });
  console.log(formatContentReport(report));
  assert.deepEqual(report.failures, []);
  assert.equal(report.inputs, INPUTS);
  assert.ok((report.outcomes["build: built"] ?? 0) > 0 && (report.outcomes["build: refused"] ?? 0) > 0, "both outcomes are tried");
});
