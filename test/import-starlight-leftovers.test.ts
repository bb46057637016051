/**
 * What an Astro site's pages showed, or hid, that its texts' Markdown alone
 * does not say: an MDX comment, which MDX leaves out of the page, is moved as
 * an HTML comment and hidden as before, and the build hides one in an `.mdx`
 * text it publishes too. Astro comes from npm into a folder beside the clone
 * (.ci/run installs it there): a run without it skips, naming the install,
 * and CI fails. A Starlight home page's hero, which the theme draws from
 * the frontmatter, is moved as Markdown at the top of its text.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { importedAgainst } from "./helpers/imported.ts";
import { initSite } from "./helpers/starter.ts";
import { astroSkip, installAstro } from "./helpers/astro.ts";

const FIXTURE = join(ROOT, "test/fixtures/generators/astro-comments");

const astroBuild = (source: string, out: string) => {
  installAstro(source);
  return { command: join(source, "node_modules/.bin/astro"), args: ["build", "--outDir", out] };
};

/** What a reader sees of a page: its HTML without its comments. */
const shown = (html: string) => html.replace(/<!--[\s\S]*?-->/g, "");

test("an MDX comment is moved as an HTML comment, named at its line, its words kept in the text and hidden on the page as Astro hid them; one in code stays code", {
  skip: astroSkip,
}, async () => {
  const { site, report } = await importedAgainst(FIXTURE, astroBuild);
  const moved = readFileSync(join(site, "content/blog/tide-log.md"), "utf8");
  // A `--` in the words would end the HTML comment early: spaced.
  assert.match(moved, /^The tide turned at noon\.<!-- Check the almanac - - twice\. -->$/m);
  assert.match(moved, /^<!--\n {2}A note for the next edition:\n {2}add the spring tides\.\n-->$/m);
  assert.match(moved, /^Write `\{\/\* shown as code \*\/\}` to leave a note\.$/m);
  assert.match(moved, /^```mdx\n\{\/\* a comment shown as code \*\/\}\n```$/m);
  const notes = report.notes
    .filter(
      (note: { file: string; why: string }) => note.file.endsWith("tide-log.mdx") && /comment/.test(note.why),
    )
    .map((note: { line: number }) => note.line);
  assert.deepEqual(notes, [6, 8], JSON.stringify(report.notes));
  const page = shown(readFileSync(join(site, "dist/blog/tide-log/index.html"), "utf8"));
  for (const hidden of ["almanac", "next edition", "spring tides"]) assert.ok(!page.includes(hidden), hidden);
  for (const words of [
    "The tide turned at noon.",
    "Boats wait for the flood.",
    "shown as code",
    "The harbour closes at dusk.",
  ])
    assert.ok(page.includes(words), words);
  const proof = report.proof.pages.find((each: { old: string }) => each.old === "/blog/tide-log/");
  assert.equal(proof.words.kept, proof.words.old, JSON.stringify(proof.missing));
});

test("the build hides an MDX comment in an `.mdx` text it publishes, as MDX does, and shows one in code", async () => {
  const root = initSite("tide-site");
  const post = readFileSync(join(FIXTURE, "src/content/blog/tide-log.mdx"), "utf8");
  writeFileSync(join(root, "content/blog/2024-04-02-tide-log.mdx"), post.replace("pubDate:", "date:"));
  const run = await sitegenHere(["build", "--out", join(root, "dist"), "--json"], { cwd: root });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const page = shown(readFileSync(join(root, "dist/blog/tide-log/index.html"), "utf8"));
  for (const hidden of ["almanac", "next edition", "spring tides"]) assert.ok(!page.includes(hidden), hidden);
  for (const words of ["The tide turned at noon.", "Boats wait for the flood.", "a comment shown as code"])
    assert.ok(page.includes(words), words);
});

test("a Starlight splash page's hero (tagline, picture, buttons), drawn by the theme from the frontmatter, is moved as Markdown at the top of its text, named at the `hero:` line, and the new home page shows it", async () => {
  const source = join(tempDir("sitegen-starlight-hero-"), "source");
  cpSync(join(ROOT, "test/fixtures/generators/starlight-hero"), source, { recursive: true });
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  const moved = readFileSync(join(site, "content/pages/index.md"), "utf8");
  const body = moved.slice(moved.indexOf("\n---\n") + 5);
  assert.match(
    body,
    /^\n!\[The great lantern\]\(\/lantern\.png\)\n\nEverything a keeper needs, from dusk to dawn\.\n\n\[Start the watch\]\(\/guides\/watch\/\) · \[Read the log\]\(https:\/\/log\.example\/\)\n\n\n## Why keep a log\?/,
  );
  const note = report.notes.find((each: { why: string }) => /Starlight's hero/.test(each.why));
  assert.ok(
    note?.file.endsWith("src/content/docs/index.mdx") && note.line === 5,
    JSON.stringify(report.notes),
  );
  assert.match(note.why, /tagline, 2 action\(s\), image/);
  // What follows the hero is still named at its own line of the file.
  assert.deepEqual(
    report.unresolved.map((each: { line: number; url: string }) => `${each.line} ${each.url}`),
    ["21 /charts/old/"],
  );
  const page = readFileSync(join(site, "dist/index.html"), "utf8");
  assert.ok(page.includes("Everything a keeper needs, from dusk to dawn."));
  assert.match(page, /<a href="\/guides\/watch\/">Start the watch<\/a>/);
  assert.match(page, /<img src="\/lantern\.png" alt="The great lantern"/);
  assert.ok(existsSync(join(site, "dist/lantern.png")));
});

test("Starlight for Astro 4 (a `docs` collection of `docsSchema()`, no loader): its docs are pages at their ids, each home page at its locale's address", async () => {
  const fixture = join(ROOT, "test/fixtures/generators/starlight-astro4");
  const site = join(tempDir("sitegen-starlight-astro4-"), "site");
  const run = await sitegenHere(["import", fixture, site, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(report.unknownUrls, []);
  const moved = report.moved
    .map(
      (each: { file: string; from: string[]; to: string }) =>
        `${each.file.split("/docs/")[1]} ${each.from} ${each.to}`,
    )
    .sort();
  assert.deepEqual(moved, [
    "en/index.mdx /en/ /en/",
    "en/marees.md /en/marees/ /en/marees/",
    "index.mdx / /",
    "marees.md /marees/ /marees/",
  ]);
  assert.match(readFileSync(join(site, "content/pages/en/index.md"), "utf8"), /^lang: en$/m);
  assert.ok(!existsSync(join(site, "content/pages/docs.md")));
});

test("a `hero:` on a page of an Astro site without Starlight is the theme's own field: kept in the frontmatter, not moved into the text", async () => {
  const source = join(tempDir("sitegen-astro-own-hero-"), "source");
  mkdirSync(join(source, "src/pages"), { recursive: true });
  writeFileSync(
    join(source, "astro.config.mjs"),
    'import { defineConfig } from "astro/config";\nexport default defineConfig({ site: "https://harbour.example" });\n',
  );
  writeFileSync(join(source, "package.json"), '{ "private": true, "type": "module" }\n');
  writeFileSync(
    join(source, "src/pages/about.md"),
    "---\ntitle: About the harbour\nhero:\n  tagline: Drawn by this theme its own way\n---\nThe harbour master keeps the tide tables by the door.\n",
  );
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const moved = readFileSync(join(site, "content/pages/about.md"), "utf8");
  assert.match(moved, /^hero:\n {2}tagline: Drawn by this theme its own way$/m);
  assert.match(moved, /\n---\n\nThe harbour master keeps/);
  const notes = JSON.parse(run.stdout).notes ?? [];
  assert.ok(!notes.some((each: { why: string }) => /hero/.test(each.why)), JSON.stringify(notes));
});
