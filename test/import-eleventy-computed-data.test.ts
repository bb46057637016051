/**
 * An Eleventy folder whose data file is code (a function that returns the
 * entries' tags, layout, permalink and date, as a real weeknotes blog's
 * does): sitegen runs none of it, so the site's own Eleventy gives each
 * entry's data as it computed it, and the entries the feed lists
 * (`collections.logbook`) move as posts with their tags and dates. Where the
 * site has not installed Eleventy, they move as pages, as before, and the
 * data file is named with why.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT, tempDir } from "./helpers/dist.ts";
import { importedAgainst, importedWith } from "./helpers/imported.ts";
import { answersOnEveryHost } from "./helpers/landings.ts";

const ELEVENTY = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");
const FIXTURE = join(ROOT, "test/fixtures/generators/eleventy-coded-data");
const DATA_FILE = /src\/logbook\/logbook\.11tydata\.js$/;

const frontMatter = (file: string) => parse(/^---\n([\s\S]*?)\n---\n/.exec(readFileSync(file, "utf8"))![1]);

test("the entries of a folder whose data file is code move as posts with the tags and dates the site's own Eleventy computed, and their old addresses answer on every host", async () => {
  const { site, out, report } = await importedAgainst(FIXTURE, (source, out) => {
    symlinkSync(join(ROOT, "node_modules"), join(source, "node_modules"));
    return { command: process.execPath, args: [ELEVENTY, `--output=${out}`, "--quiet"] };
  });
  assert.deepEqual(report.read, { posts: 3, pages: 1, files: 0 });
  const posts = join(site, "content/blog");
  // The data file's tags beneath the entry's own; its computed day where the entry names none.
  assert.deepEqual(frontMatter(join(posts, "harbour-lights.md")), {
    title: "Harbour lights",
    layout: "entry.njk",
    date: "2021-03-04",
    tags: ["logbook", "coast"],
    aliases: ["/log/harbour-lights/"],
  });
  assert.deepEqual(frontMatter(join(posts, "fog-signals.md")).tags, ["logbook", "coast", "weather"]);
  assert.equal(frontMatter(join(posts, "tide-tables.md")).date, "2021-06-15");
  const said = report.left.find((each: { file: string }) => DATA_FILE.test(each.file));
  assert.match(
    said.why,
    /computed by code: the tags, date, title and layout of the 3 texts it is for were taken as the site's own Eleventy computed them/,
  );
  assert.deepEqual(report.notes, []);
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered),
  );
  assert.equal(report.proof.answered.old, 4);
  assert.deepEqual(report.proof.totals.words.kept, report.proof.totals.words.old);
  // Each old address Eleventy published (its built folder) leads to the moved post, under tags the new site lists.
  const published = ["harbour-lights", "fog-signals", "tide-tables"].map((slug) => `/log/${slug}/`);
  for (const path of published)
    assert.ok(readFileSync(join(out, path, "index.html"), "utf8").includes("<main>"));
  await answersOnEveryHost(site, [
    ...published.map((path): [string, string] => [path, path.replace(/^\/log\//, "/blog/")]),
    ["/", "/"],
  ]);
  assert.ok(readFileSync(join(site, "dist/tags/coast/index.html"), "utf8").includes("Harbour lights"));
});

test("where the site has not installed its Eleventy, the entries move as pages with every word, and the data file is named with why", async () => {
  const built = await importedAgainst(FIXTURE, (source, out) => {
    symlinkSync(join(ROOT, "node_modules"), join(source, "node_modules"));
    return { command: process.execPath, args: [ELEVENTY, `--output=${out}`, "--quiet"] };
  });
  const source = join(tempDir("sitegen-coded-data-alone-"), "source");
  cpSync(FIXTURE, source, { recursive: true });
  const { report } = await importedWith(source, built.out);
  assert.deepEqual(report.read, { posts: 0, pages: 4, files: 0 });
  const said = report.left.find((each: { file: string }) => DATA_FILE.test(each.file));
  assert.match(
    said.why,
    /computed by code: sitegen runs none.*; the site's own Eleventy could not compute them: the site has not installed its own Eleventy/,
  );
  assert.deepEqual(report.proof.totals.words.kept, report.proof.totals.words.old);
});
