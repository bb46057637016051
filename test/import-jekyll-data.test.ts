/**
 * A Jekyll site whose pages list rows of its _data/ tables (a club's crew in
 * `crew.csv`, its boats in `boats.tsv`), built by Jekyll itself as the
 * reference: moved, the new site runs the same Liquid over the same tables,
 * and each page is held to its old one word for word. Its log of outings,
 * a page that lists the posts, is the new site's blog page. A post's words
 * in parentheses after a reference link's brackets (`[note 12][](moved two
 * inches forward)`) are words to kramdown, and stay words. A page that
 * lists a collection of the site's own (`site.regattas`) lists it still.
 * Its _config.yml names itself in `exclude`, and goes along all the same.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);

test("a page looping over a CSV or TSV table of _data/ shows every row, as Jekyll showed them: a quoted comma, a doubled quote, an empty field; a link to the site's list of posts leads to the blog page; a collection is site.<label> to the Liquid", {
  skip: tools.skip,
}, async () => {
  const { site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/import-jekyll-data-table"),
    jekyllBuild(tools.path("jekyll")),
  );
  assert.equal(report.build.ok, true, JSON.stringify(report.build.errors));

  const crew = readFileSync(join(site, "dist/crew/index.html"), "utf8");
  for (const row of [
    "Maren Holt: Stroke, and captain, rowing since 2019",
    "Ives Dunmore: Bow</li>",
    'Ola "Oars" Brand: Coxswain, rowing since 2023',
    "Heron, 12 m long",
    "Kittiwake, 9 m long",
  ])
    assert.ok(crew.includes(row), `${row}\n${crew}`);
  // A data file's quoted value continued at the start of the next line, as Jekyll's YAML reads it.
  assert.match(
    crew,
    /Spoon blades: Heavier, and kinder to a novice(?:'|&#39;)s catch than the cleavers are\. They stay in the rack for the spring head race\./,
  );
  assert.ok(
    report.build.warnings.some(
      (each: { kind: string; file: string; line: number }) =>
        each.kind === "nonstandard-yaml" && each.file.endsWith("content/_data/oars.yml") && each.line === 4,
    ),
    JSON.stringify(report.build.warnings),
  );
  // The log of every outing is the blog page now: the crew page's link to it leads there, and its old address answers.
  assert.match(crew, /their outings are in <a href="\/blog\/">the log<\/a>/);
  assert.deepEqual(report.unresolved, []);
  assert.equal(report.proof.answered.answer, report.proof.answered.old);
  const pages = report.proof.pages as { old: string; words: { old: number; kept: number } }[];
  assert.match(
    readFileSync(join(site, "dist/blog/first-outing/index.html"), "utf8"),
    /<a href="https:\/\/rowing-notes\.example\/12">crew note 12<\/a>\(moved two inches forward\) asked\./,
  );
  // A page that lists the site's collection of regattas runs the same Liquid over the same documents.
  assert.match(
    readFileSync(join(site, "dist/regattas/index.html"), "utf8"),
    /<li><a href="\/regattas\/2023-spring\/">Spring head race<\/a>, on the lower reach<\/li>\n\s*<li><a href="\/regattas\/2024-autumn\/">Autumn sprints<\/a>, on the harbour basin<\/li>/,
  );
  for (const old of ["/crew/", "/2024/04/first-outing/", "/regattas/"]) {
    const page = pages.find((each) => each.old === old);
    assert.ok(page, `${old}: ${JSON.stringify(pages)}`);
    assert.equal(page.words.kept, page.words.old, `${old}: ${JSON.stringify(page)}`);
  }
});
