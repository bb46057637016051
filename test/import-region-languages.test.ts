/**
 * A Hugo language keyed by its region (`[languages.de-de]`, languageCode
 * de-DE) publishes under `/de-de/`, while the moved site knows the language
 * as `de`: its old tag, category and list pages are the language's, and
 * each answers as the same pages of a language keyed `de` do.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { hugoBuild, importedAgainst } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const hugo = needTools(["hugo"]);

test("a language keyed by its region (/de-de/): its old tag and list pages answer with a 301 to the new site's", {
  skip: hugo.skip,
}, async () => {
  const { site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/generators/hugo-region-languages"),
    hugoBuild(hugo.path("hugo")),
  );
  assert.equal(report.read.posts, 4, JSON.stringify(report.read));
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered.unanswered),
  );
  const redirects = readFileSync(join(site, "content/site.yaml"), "utf8");
  for (const tag of ["fog", "lamps", "sound"])
    assert.match(redirects, new RegExp(`^ {2}/de-de/tags/${tag}/: /tags/${tag}/$`, "m"), redirects);
  assert.match(redirects, /^ {2}\/de-de\/tags\/: \/tags\/$/m, redirects);
});
