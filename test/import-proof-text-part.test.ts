/**
 * The move's proof on an old theme that names no element for a post's text:
 * no `<article>`, no `<main>`, only `<div>`s, a sidebar with what the post's
 * front matter gave the theme (the weather it was written in, its shelf) and
 * a byline with the day's name ("Posted Thursday, March 3, 2016") and a link
 * to a translation a script may show (`style="display: none"`), built by
 * Jekyll itself. The post's own words are compared, not the theme's; a
 * paragraph the new site loses still counts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere } from "./helpers/dist.ts";
import { importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);

type Page = { old: string; words: { old: number; kept: number }; missing: { words: string[] } };

test("an old page laid out in <div>s is compared by the element that holds the post's text: its sidebar, its byline and what it does not show are the theme's, and a paragraph lost after the move is still found", {
  skip: tools.skip,
}, async () => {
  const { out, site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/import-jekyll-div-theme"),
    jekyllBuild(tools.path("jekyll")),
  );
  const pages = report.proof.pages as Page[];
  assert.equal(pages.length, 5, JSON.stringify(pages));
  for (const page of pages) {
    assert.equal(page.words.kept, page.words.old, `${page.old}: ${JSON.stringify(page.missing)}`);
    // The text's own words are what is compared: its title and its two or three sentences.
    assert.ok(page.words.old >= 45, `${page.old}: ${page.words.old}`);
  }

  // The new site loses the post's last sentence: the comparison, which no longer counts the sidebar, says so.
  const post = join(site, "content/blog/2016-03-03-leading-lights.md");
  writeFileSync(post, readFileSync(post, "utf8").replace(/ At night the pair[^\n]*/, ""));
  const rebuilt = await sitegenHere(["build", "--quiet"], { cwd: site });
  assert.equal(rebuilt.status, 0, rebuilt.stderr);
  const compared = await sitegenHere(["compare", out, "--json"], { cwd: site });
  const lights = (JSON.parse(compared.stdout).pages as Page[]).find(
    (page) => page.old === "/2016/03/03/leading-lights.html",
  );
  assert.ok(lights, compared.stdout);
  const before = pages.find((page) => page.old === lights.old)!;
  assert.equal(lights.words.old, before.words.old, JSON.stringify(lights));
  assert.ok(lights.words.old - lights.words.kept >= 15, JSON.stringify(lights));
  assert.ok(lights.missing.words.includes("fog"), JSON.stringify(lights.missing));
});
