/**
 * A Jekyll site's own plugin tags, asked of Jekyll: the fixture's
 * `_plugins/tracker.rb` defines a block that links each `#123` it holds to a
 * tracker and a tag that writes its word in bold capitals, which sitegen's
 * Liquid cannot run. The import has Jekyll render each call (with the site's
 * plugins, on a scratch copy) and takes what it gave in its place, named at
 * file:line, so the moved page shows every word and link `jekyll build`'s
 * page showed; where a plugin cannot load, each call stays as written and
 * the report says why in Jekyll's words.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { needTools } from "../scripts/tools.mjs";

const FIXTURE = join(ROOT, "test/fixtures/jekyll-plugin");
const tools = needTools(["jekyll"]);
const POST = "_posts/2024-03-05-lantern-release.md";

function copied(name: string): string {
  const source = join(tempDir(`sitegen-jekyll-plugins-${name}-`), "source");
  cpSync(FIXTURE, source, { recursive: true });
  return source;
}

/** The words of a source text as its reader sees them: the Liquid tags taken out. */
function wordsOf(text: string): string[] {
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, "").replace(/\{%[\s\S]*?%\}/g, " ");
  return body.match(/[A-Za-z]+/g) ?? [];
}

test("a plugin's block and tag are replaced by what Jekyll gave: every word and link of `jekyll build`'s pages kept, each call named at file:line", {
  skip: tools.skip,
}, async () => {
  const source = copied("ran");
  const out = join(source, "..", "out");
  mkdirSync(out);
  const built = spawnSync(
    tools.path("jekyll"),
    ["build", "--disable-disk-cache", "--quiet", "-s", source, "-d", out],
    { cwd: source, encoding: "utf8" },
  );
  assert.equal(built.status, 0, built.stderr);
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--old-site", out, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);

  const post = readFileSync(join(site, "content/blog/2024-03-05-lantern-release.md"), "utf8");
  const page = readFileSync(join(site, "content/pages/about.md"), "utf8");
  for (const [moved, numbers, word] of [
    [post, ["123", "456", "789"], "WELCOME"],
    [page, ["321", "654"], "HELLO"],
  ] as const) {
    for (const number of numbers)
      assert.ok(
        moved.includes(`<a href="https://tracker.example.org/issues/${number}">#${number}</a>`),
        `#${number} linked:\n${moved}`,
      );
    assert.ok(moved.includes(`<strong>${word}</strong>`), moved);
    assert.doesNotMatch(moved, /\{%|SITEGEN/, "no tag or marker left");
    // Still Markdown: the plugin's HTML inline in the list and paragraphs as the author wrote them.
    assert.match(moved, /^- Brighter flame|^Open questions live at/m);
  }
  for (const [file, moved] of [
    [POST, post],
    ["about.md", page],
  ] as const) {
    const kept = new Set(wordsOf(moved));
    for (const word of wordsOf(readFileSync(join(FIXTURE, file), "utf8")))
      assert.ok(kept.has(word), `${file}: "${word}" kept`);
  }

  const named = report.notes
    .filter((note: { why: string }) => /the site's own Jekyll ran it/.test(note.why))
    .map(
      (note: { file: string; line: number; why: string }) =>
        `${relative(source, note.file)}:${note.line} ${note.why.split(":")[0]}`,
    );
  assert.deepEqual(named, [
    `${POST}:8 {% tracker https`,
    `${POST}:13 {% shout welcome %}`,
    "about.md:9 {% tracker https",
    "about.md:13 {% shout hello %}",
  ]);

  // The move's proof against `jekyll build`'s pages: every link and word the plugin's pages showed.
  assert.equal(report.proof.totals.links.kept, report.proof.totals.links.old, JSON.stringify(report.proof));
  assert.equal(report.proof.totals.words.kept, report.proof.totals.words.old, JSON.stringify(report.proof));
  for (const old of ["/2024/03/05/lantern-release/", "/about/"]) {
    const proved = report.proof.pages.find((each: { old: string }) => each.old === old);
    assert.ok(proved.links.old >= 2, JSON.stringify(proved));
    assert.equal(proved.links.kept, proved.links.old, JSON.stringify(proved.missing));
  }
});

test("where Jekyll cannot load the site's plugins, each call stays as written and the report says why in Jekyll's words", {
  skip: tools.skip,
}, async () => {
  const source = copied("failed");
  writeFileSync(join(source, "_plugins/wick.rb"), 'raise "the wick plugin needs lamp oil"\n');
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  const why = report.notes.find((note: { file: string }) => note.file === join(source, "_config.yml"));
  assert.match(why.why, /the plugin tags of its texts were kept as written/);
  assert.match(why.why, /Jekyll failed: RuntimeError: the wick plugin needs lamp oil/);
  const page = readFileSync(join(site, "content/pages/about.md"), "utf8");
  assert.match(page, /\{% tracker https:\/\/tracker\.example\.org\/issues %\}\nOpen questions live at #321/);
  assert.match(page, /Say \{% shout hello %\} when/);
});
