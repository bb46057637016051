/**
 * A comma right after a filter's name (`{{ page.ready | replace, "$(STATE)",
 * "clear" }}`), in a post's output, an `assign` and an include: Jekyll's
 * Liquid reads it leniently, the comma as the colon before the arguments,
 * where LiquidJS would run the filter with none and leave out the filters
 * after it. test/fixtures/jekyll-filter-commas/ is built by Debian's jekyll
 * as the reference and moved with `sitegen import`: the post shows what the
 * old page showed, `{% raw %}` keeps its comma, and each comma is a warning
 * at the line of the file it is written in.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere } from "./helpers/dist.ts";
import { importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { initSite } from "./helpers/starter.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);

test("a comma right after a filter's name is read as Jekyll reads it, the colon before its arguments, with a warning at its file and line", {
  skip: tools.skip,
}, async () => {
  const { out, site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/jekyll-filter-commas"),
    jekyllBuild(tools.path("jekyll")),
  );
  assert.equal(report.build.ok, true, JSON.stringify(report.build.errors));
  const old = readFileSync(join(out, "2024/06/checking-the-tide/index.html"), "utf8");
  const page = readFileSync(join(site, "dist/blog/checking-the-tide/index.html"), "utf8");
  for (const line of [
    "<p>The channel is clear for boarding.</p>",
    "<p>THE CHANNEL IS OPEN FOR BOARDING.</p>",
    "<p>The channel is closed for boarding.</p>",
    '<p class="check">Wait for high water before you leave.</p>',
  ]) {
    assert.ok(old.includes(line), `${line}\n${old}`);
    assert.ok(page.includes(line), `${line}\n${page}`);
  }
  assert.doesNotMatch(page, /\$\(STATE\)|\$\(TIDE\)/);
  // What {% raw %} holds is no Liquid: its comma stays.
  assert.match(old, /<code>\{\{ page\.ready \| replace, "a", "b" \}\}\n/);
  assert.match(page, /<code>\{\{ page\.ready \| replace, &quot;a&quot;, &quot;b&quot; \}\}\n/);

  const run = await sitegenHere(["build", "--out", join(site, "dist"), "--json"], { cwd: site });
  assert.equal(run.status, 0, run.stderr);
  const findings = (JSON.parse(run.stdout).findings as { kind: string; file: string; line: number }[])
    .filter((each) => each.kind === "lax-liquid")
    .map((each) => `${each.file}:${each.line}`);
  const post = "content/blog/2024-06-02-checking-the-tide.md";
  const lines = readFileSync(join(site, post), "utf8").split("\n");
  const lineOf = (text: string) => lines.findIndex((each) => each.includes(text)) + 1;
  assert.deepEqual(findings, [
    "content/_includes/check.html:1",
    `${post}:${lineOf('replace, "$(STATE)", "clear"')}`,
    `${post}:${lineOf("replace , '$(STATE)'")}`,
    `${post}:${lineOf('{% assign note = page.ready | replace, "$(STATE)", "closed" %}')}`,
  ]);
  assert.ok(findings.every((each) => !each.endsWith(":0")));
});

test("an output that still cannot run once its comma is read as a colon is shown as written, its comma with it", async () => {
  const root = initSite("filter-comma-fault");
  writeFileSync(join(root, "content/_config.yml"), "title: Harbour Pilots\n");
  writeFileSync(
    join(root, "content/blog/tide-table.md"),
    '---\ntitle: Tide table\ndate: 2024-06-03\n---\n\nThe table reads {{ page.title | replace, "Tide" "Flood" }} today.\n',
  );
  const run = await sitegenHere(["build", "--out", join(root, "dist"), "--json"], { cwd: root });
  assert.equal(run.status, 0, run.stderr);
  const page = readFileSync(join(root, "dist/blog/tide-table/index.html"), "utf8");
  assert.match(
    page,
    /The table reads \{\{ page\.title \| replace, &quot;Tide&quot; &quot;Flood&quot; \}\} today\./,
  );
  const kinds = (JSON.parse(run.stdout).findings as { kind: string; line: number }[]).map(
    (each) => `${each.kind}:${each.line}`,
  );
  assert.ok(kinds.includes("template-tag:6"), kinds.join(" "));
  assert.ok(kinds.includes("lax-liquid:6"), kinds.join(" "));
});
