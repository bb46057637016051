/**
 * A backslash in a quoted string of a Jekyll site's Liquid (`{% assign folder
 * = "C:\Program Files\Lantern" %}`, `| replace: "/", "\"`, an include's
 * `path="C:\Users\keeper\Night"`): Ruby's Liquid reads it as a backslash and
 * ends the string at the next quote, where LiquidJS would read an escape and
 * lose the backslashes and the words they join; and a replacement of
 * `replace` names the match (`\&`) as Ruby's `gsub` reads one.
 * test/fixtures/jekyll-string-backslashes/ is built by Debian's jekyll as the
 * reference and moved with `sitegen import`: the post shows what the old
 * page showed, word for word, `{% raw %}` keeps its backslash, and each such
 * output or tag is a warning at the line of the file it is written in.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere } from "./helpers/dist.ts";
import { importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { initSite } from "./helpers/starter.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);

test("a backslash in a Liquid string is read as Jekyll reads it, a backslash, with a warning at its file and line", {
  skip: tools.skip,
}, async () => {
  const { out, site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/jekyll-string-backslashes"),
    jekyllBuild(tools.path("jekyll")),
  );
  assert.equal(report.build.ok, true, JSON.stringify(report.build.errors));
  const old = readFileSync(join(out, "2024/07/installing-on-windows/index.html"), "utf8");
  const page = readFileSync(join(site, "dist/blog/installing-on-windows/index.html"), "utf8");
  for (const line of [
    "Program Files\\Lantern unless told otherwise.</p>",
    "<p>The charts stay in D:\\Maps\\Coast\\Charts beside the tide tables.</p>",
    "<p>An old path reads C:\\Lantern\\Logs once the installer has moved it.</p>",
    // A replacement names the match, the text before it and after it, as Ruby's gsub reads one.
    "<p>The log writes salt [&amp;] tide, low\\water and ebb(ebb/flow)flow as Ruby reads a replacement.</p>",
    "<code>C:\\Users\\keeper\\Night</code>, the folder Night on 37 characters of share.</p>",
    "<code>E:\\Backup\\Weekly</code>, the folder Weekly on 32 characters of share.</p>",
  ]) {
    assert.ok(old.includes(line), `${line}\n${old}`);
    assert.ok(page.includes(line), `${line}\n${page}`);
  }
  // Jekyll's include reads `\"` in a value as the quote.
  assert.ok(old.includes('<p class="folder">The "night" log: '), old);
  assert.ok(page.includes('<p class="folder">The "night" log: '), page);
  // What {% raw %} holds is no Liquid: its backslash stays one.
  assert.match(old, /<code>\{\{ "C:\\Temp" \}\}\n/);
  assert.match(page, /<code>\{\{ &quot;C:\\Temp&quot; \}\}\n/);
  // The import's own comparison finds every word of the old page on the new one.
  const proof = report.proof.pages.find(
    (each: { new: string }) => each.new === "/blog/installing-on-windows/",
  );
  assert.ok(proof, JSON.stringify(report.proof.pages));
  assert.ok(proof.words.old > 50, JSON.stringify(proof));
  assert.deepEqual(proof.missing.words, []);
  assert.equal(proof.words.kept, proof.words.old);

  const run = await sitegenHere(["build", "--out", join(site, "dist"), "--json"], { cwd: site });
  assert.equal(run.status, 0, run.stderr);
  const findings = (JSON.parse(run.stdout).findings as { kind: string; file: string; line: number }[])
    .filter((each) => each.kind === "lax-liquid")
    .map((each) => `${each.file}:${each.line}`);
  const post = "content/blog/2024-07-01-installing-on-windows.md";
  const lines = readFileSync(join(site, post), "utf8").split("\n");
  const lineOf = (text: string) => lines.findIndex((each) => each.includes(text)) + 1;
  assert.deepEqual(findings, [
    "content/_includes/folder.html:1",
    "content/_includes/folder.html:1",
    `${post}:${lineOf("{% assign folder")}`,
    `${post}:${lineOf("The charts stay in")}`,
    `${post}:${lineOf("An old path reads")}`,
    // Each of its three outputs.
    ...Array(3).fill(`${post}:${lineOf("The log writes")}`),
    `${post}:${lineOf('label="The \\"night\\" log"')}`,
    `${post}:${lineOf("label='Backups'")}`,
  ]);
  assert.ok(findings.every((each) => !each.endsWith(":0")));
});

test("a tag that cannot run is shown with its backslashes as written; an include's escaped quote alone, and an inline comment, are no warning", async () => {
  const root = initSite("string-backslash-fault");
  writeFileSync(join(root, "content/_config.yml"), "title: Lantern Keepers\n");
  mkdirSync(join(root, "content/_includes"));
  writeFileSync(join(root, "content/_includes/quoted.html"), "<p>{{ include.said }}</p>\n");
  writeFileSync(
    join(root, "content/blog/night-watch.md"),
    [
      "---",
      "title: Night watch",
      "date: 2024-07-02",
      "---",
      "",
      'The watch log is {% logbook "C:\\Watch\\Night" %} tonight.',
      "",
      '{% include quoted.html said="The \\"first\\" lamp" %}',
      "",
      'Signed by the keeper.{% # the log is kept in "C:\\Watch" %}',
      "",
    ].join("\n"),
  );
  const run = await sitegenHere(["build", "--out", join(root, "dist"), "--json"], { cwd: root });
  assert.equal(run.status, 0, run.stderr);
  const page = readFileSync(join(root, "dist/blog/night-watch/index.html"), "utf8");
  assert.match(page, /The watch log is \{% logbook &quot;C:\\Watch\\Night&quot; %\} tonight\./);
  assert.ok(page.includes('<p>The "first" lamp</p>'), page);
  const kinds = (JSON.parse(run.stdout).findings as { kind: string; line: number }[]).map(
    (each) => `${each.kind}:${each.line}`,
  );
  assert.ok(kinds.includes("template-tag:6"), kinds.join(" "));
  assert.ok(kinds.includes("lax-liquid:6"), kinds.join(" "));
  assert.ok(!kinds.includes("lax-liquid:8"), kinds.join(" "));
  // An inline comment is no Liquid to read: nothing shown, nothing said.
  assert.match(page, /Signed by the keeper\./);
  assert.doesNotMatch(page, /the log is kept in/);
  assert.ok(!kinds.includes("lax-liquid:10"), kinds.join(" "));
});
