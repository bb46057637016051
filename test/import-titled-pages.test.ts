/**
 * Where the old generator cannot be asked (the site has not installed its
 * own Eleventy) and its addresses come from a filter of its configuration,
 * each built page is matched to its source by its title, as the theme wrote
 * it: `<title>` is the post's title and the site's name after a separator.
 * A post's own title may hold the same separator ("Rexpolotl – a regexp
 * engine in Ruby"): the title less the site's name is the whole of it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { importedAgainst } from "./helpers/imported.ts";

const ELEVENTY = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");

test("a post whose title holds the separator its theme puts before the site's name is found by that title in the built folder", async () => {
  // The reference is built by the project's Eleventy; the source itself has none installed, so the import cannot ask it.
  const { report } = await importedAgainst(
    join(ROOT, "test/fixtures/generators/eleventy-titled"),
    (_source, out) => ({ command: process.execPath, args: [ELEVENTY, `--output=${out}`, "--quiet"] }),
  );
  assert.equal(report.addresses.generator, 0, JSON.stringify(report.addresses));
  type Moved = { file: string; from: string[] };
  const from = (name: string) =>
    (report.moved as Moved[]).find((each) => each.file.endsWith(`posts/${name}.md`))?.from ?? [];
  assert.ok(from("rexpolotl").includes("/2006/11/rexpolotl/"), JSON.stringify(report.moved));
  assert.ok(from("fog-bells").includes("/2007/01/fog-bells/"), JSON.stringify(report.moved));
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered.unanswered),
  );
});
