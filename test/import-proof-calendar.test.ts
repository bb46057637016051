/**
 * The move's proof on a French theme whose dates are Hugo's own localised
 * medium form (`12 janv. 2021`) under a byline "Publié le": the new page
 * says `12 janvier 2021`, the same month, and the byline is the theme's on
 * every post. Each post keeps all its words.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { hugoBuild, importedAgainst } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["hugo"]);

type Page = { old: string; words: { old: number; kept: number }; missing: { words: string[] } };

test("a French theme's short month names and its byline are read as the dates and the chrome they are: every post keeps its words", {
  skip: tools.skip,
}, async () => {
  const { report } = await importedAgainst(
    join(ROOT, "test/fixtures/import-hugo-french-dates"),
    hugoBuild(tools.path("hugo")),
  );
  const posts = (report.proof.pages as Page[]).filter((page) => page.old.startsWith("/posts/"));
  assert.equal(posts.length, 3, JSON.stringify(report.proof.pages));
  for (const page of posts) {
    assert.equal(page.words.kept, page.words.old, `${page.old}: ${JSON.stringify(page.missing)}`);
    // The post's own sentence is counted, not only its title and date.
    assert.ok(page.words.old >= 20, `${page.old}: ${page.words.old}`);
  }
});
