/**
 * The move's proof on a Hugo site whose layout for one section adds the
 * same line to each of its pages (a note under every tide gauge's page),
 * built by Hugo itself: a section of three pages among nineteen is under a
 * fifth of the site, but the line is its layout's on every page of it, not
 * the author's, and is not counted as lost. The section has no `_index`
 * file: Hugo lists it at /gauges/ all the same, and so does the new site.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { importedAgainst, hugoBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["hugo"]);

test("a line a section's layout adds to each of its pages is the theme's, however small a part of the site the section is; the section's list, which no _index file makes, is a page of the new site", {
  skip: tools.skip,
}, async () => {
  const { site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/import-hugo-section-layout"),
    hugoBuild(tools.path("hugo")),
  );
  // The section has no _index file, and Hugo listed it at /gauges/ all the same: a page of the new site lists it there.
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered),
  );
  const list = readFileSync(join(site, "dist/gauges/index.html"), "utf8");
  for (const gauge of ["breakwater", "quay-north", "river-mouth"])
    assert.ok(list.includes(`<a href="/gauges/${gauge}/">${gauge}</a>`), list);
  const pages = report.proof.pages as {
    old: string;
    words: { old: number; kept: number };
    missing: { words: string[] };
  }[];
  const gauges = pages.filter((page) => page.old.startsWith("/gauges/") && page.old !== "/gauges/");
  assert.equal(gauges.length, 3, JSON.stringify(pages));
  for (const page of pages)
    assert.equal(page.words.kept, page.words.old, `${page.old}: ${JSON.stringify(page.missing)}`);
  // What the author wrote is still compared: the gauge's own sentence.
  for (const page of gauges) assert.ok(page.words.old >= 10, JSON.stringify(page));
});
