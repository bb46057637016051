/**
 * `build --json` says where the build's time went, by stage (src/stage-times.ts):
 * read, parse, assemble, render, check and write, each in whole milliseconds,
 * together no more than the build's own.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { STAGES } from "../src/stage-times.ts";
import { ROOT, sitegen, tempDir } from "./helpers/dist.ts";

test("build --json gives each stage's milliseconds, within the build's", () => {
  const out = join(tempDir("sitegen-stages-"), "dist");
  const result = sitegen([
    "build",
    "--json",
    "--no-cache",
    "--content",
    join(ROOT, "content"),
    "--templates",
    join(ROOT, "templates"),
    "--out",
    out,
  ]);
  assert.equal(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout);
  assert.deepEqual(Object.keys(report.stages), [...STAGES]);
  for (const stage of STAGES)
    assert.ok(
      Number.isInteger(report.stages[stage]) && report.stages[stage] >= 0,
      `${stage}: ${report.stages[stage]}`,
    );
  const sum = STAGES.reduce((total, stage) => total + report.stages[stage], 0);
  // Each stage is rounded on its own: up to half a millisecond each either way.
  assert.ok(sum <= report.milliseconds + STAGES.length, `stages ${sum} ms, build ${report.milliseconds} ms`);
  assert.ok(report.stages.render > 0, "the pages took no time to render");
});
