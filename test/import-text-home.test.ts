/**
 * A home that is a page of its author's text (a Jekyll `index.md` of
 * paragraphs, as a Starlight home is) is held to the old home, as every
 * moved page is; a home that only lists the posts (a `{% for post in
 * site.posts %}` loop) is still no page of text, and is left out of the
 * comparison. test/fixtures/import-jekyll-text-home/ is built by Debian's
 * jekyll as the reference, moved with `sitegen import`, and its home counted
 * in the report's parity line; the same old home with a paragraph the new
 * one lacks is a page that lost words, named with what it lost.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { importedAgainst, importedWith, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);

type Report = ReturnType<typeof JSON.parse>;
const home = (report: Report) => report.proof.pages.find((page: { new: string }) => page.new === "/");

test("a home of the author's text is compared with the old home and counted in the parity line", {
  skip: tools.skip,
}, async () => {
  const { out, report } = await importedAgainst(
    join(ROOT, "test/fixtures/import-jekyll-text-home"),
    jekyllBuild(tools.path("jekyll")),
  );
  assert.equal(report.build.ok, true, JSON.stringify(report.build.errors));
  assert.ok(readFileSync(join(out, "index.html"), "utf8").includes("Volunteers walk the transects"));
  const compared = home(report);
  assert.ok(compared, JSON.stringify(report.proof.pages.map((page: { new: string }) => page.new)));
  assert.equal(compared.old, "/");
  // Every word of its three paragraphs, and its link to the post, which now leads to the post's new address.
  assert.ok(compared.words.old > 60, JSON.stringify(compared));
  assert.equal(compared.words.kept, compared.words.old, JSON.stringify(compared.missing));
  assert.deepEqual(compared.links, { old: 1, kept: 1 });
  assert.equal(report.proof.pages.length, 3);

  // The report's line counts it, and the text report says so.
  const site = join(tempDir("sitegen-text-home-"), "site");
  const run = await sitegenHere([
    "import",
    join(ROOT, "test/fixtures/import-jekyll-text-home"),
    site,
    "--old-site",
    out,
  ]);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /3 moved page\(s\) compared with their old page: words 100 %/);
});

test("a home that lost a paragraph of the old one is named with the words it lost", {
  skip: tools.skip,
}, async () => {
  const { source, out } = oldSite(() => {});
  // The old home showed a paragraph the source no longer has.
  const index = join(out, "index.html");
  writeFileSync(
    index,
    readFileSync(index, "utf8").replace(
      "</main>",
      "<p>Ringing permits are renewed each spring through the warden's office.</p></main>",
    ),
  );
  const { report } = await importedWith(source, out);
  const compared = home(report);
  assert.ok(compared, JSON.stringify(report.proof.pages));
  assert.ok(compared.words.kept < compared.words.old, JSON.stringify(compared));
  assert.ok(compared.missing.words.includes("permits"), JSON.stringify(compared.missing));
});

test("a home that only lists the posts (its layout's loop, no text of its own) is left out of the comparison", {
  skip: tools.skip,
}, async () => {
  const source = oldSite((source) => {
    writeFileSync(
      join(source, "_layouts/home.html"),
      '---\nlayout: default\n---\n{{ content }}<ul>{% for post in site.posts %}<li><a href="{{ post.url }}">{{ post.title }}</a></li>{% endfor %}</ul>\n',
    );
    writeFileSync(join(source, "index.md"), "---\nlayout: home\ntitle: Counting terns since 2019\n---\n");
  });
  const { report } = await importedWith(source.source, source.out);
  const moved = report.moved.find((each: { to: string }) => each.to === "/");
  assert.ok(moved, JSON.stringify(report.moved));
  assert.equal(moved.list, true);
  assert.equal(home(report), undefined);
  assert.equal(report.proof.pages.length, 2);
});

/** The fixture copied, changed by `change`, and built by Debian's jekyll into `out` beside it. */
function oldSite(change: (source: string) => void): { source: string; out: string } {
  const source = join(tempDir("sitegen-text-home-"), "source");
  cpSync(join(ROOT, "test/fixtures/import-jekyll-text-home"), source, { recursive: true });
  change(source);
  const out = join(source, "..", "out");
  mkdirSync(out);
  const { command, args } = jekyllBuild(tools.path("jekyll"))(source, out);
  const built = spawnSync(command, args, { encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  return { source, out };
}
