/**
 * What moving real public sites with --old-site found, each as a fixture of
 * its own: the old generator asked for its addresses where a real site's
 * setup made it print more than its list, and the proof's reading of a page.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { needTools } from "../scripts/tools.mjs";

const FIXTURES = join(ROOT, "test/fixtures/generators");
const hugo = needTools(["hugo"]);

test("a Hugo theme made for a later Hugo: the warning Hugo prints before its list is passed over, and every address comes from `hugo list all`", { skip: hugo.skip }, async () => {
  const source = join(tempDir("sitegen-proof-hugo-theme-warns-"), "source");
  cpSync(join(FIXTURES, "hugo-theme-warns"), source, { recursive: true });
  const out = join(source, "..", "out");
  mkdirSync(out);
  const built = spawnSync(hugo.path("hugo"), ["--source", source, "--destination", out, "--quiet", "--noBuildLock"], { encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--old-site", out, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(report.addresses, { generator: 2, folder: 0, computed: 0 }, JSON.stringify(report.addresses));
  assert.ok(report.moved.some((each: { from: string[] }) => each.from.includes("/posts/lights-of-the-harbour/")), JSON.stringify(report.moved));
  assert.equal(report.proof.answered.answer, report.proof.answered.old, JSON.stringify(report.proof.answered.unanswered));
});
