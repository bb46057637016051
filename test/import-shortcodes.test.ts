/**
 * A shortcode's output is what the old page showed, and only the site's own
 * generator knows it: the import asks the site's Eleventy what each template
 * call of a text gave (a shortcode that writes a picture into the built
 * folder, a paired one, an include reading what `{% set %}` gave it, an
 * output of the site's data), and Hugo what each shortcode gave (a paired
 * one, one reading the site's params), and takes that in place of the call,
 * named at its file:line. Each fixture is built by its generator itself, and
 * the moved post is held to that page by the import's own comparison;
 * without the generator, each call stays as written and the comparison
 * shows the loss.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { needTools } from "../scripts/tools.mjs";

const FIXTURE = join(ROOT, "test/fixtures/import-eleventy-shortcodes");
const ELEVENTY = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");
const POST = "/blog/storm-night/";

interface Report {
  notes: { file: string; line?: number; why: string }[];
  notConverted: { file: string; line: number; tag: string }[];
  proof: {
    pages: { old: string; words: { old: number; kept: number }; media: { old: number; kept: number } }[];
  };
}

/** The fixture built by Eleventy into out/, then imported with out/ as the old site; `installed`: the site has its own Eleventy. */
async function imported(installed: boolean): Promise<{ site: string; report: Report }> {
  const source = join(tempDir("sitegen-shortcodes-"), "source");
  cpSync(FIXTURE, source, { recursive: true });
  mkdirSync(join(source, "node_modules/.bin"), { recursive: true });
  symlinkSync(ELEVENTY, join(source, "node_modules/.bin/eleventy"));
  const out = join(source, "..", "out");
  const built = spawnSync(process.execPath, [ELEVENTY, `--output=${out}`, "--quiet"], {
    cwd: source,
    encoding: "utf8",
  });
  assert.equal(built.status, 0, built.stderr);
  assert.match(readFileSync(join(out, "blog/storm-night/index.html"), "utf8"), /Tide table for Porthlee/);
  if (!installed) rmSync(join(source, "node_modules"), { recursive: true });
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--old-site", out, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  return { site, report: JSON.parse(run.stdout) as Report };
}

const shown = (report: Report) => report.proof.pages.find((page) => page.old === POST)!;

test("each shortcode, include and output of an Eleventy post is taken from the site's own Eleventy, at its file:line, and the post holds every word and picture of its old page", async () => {
  const { site, report } = await imported(true);
  const moved = readFileSync(join(site, "content/blog/storm-night.md"), "utf8");
  assert.match(moved, /<img src="\/img\/w640-lighthouse\.png" alt="The lighthouse in rain" width="640">/);
  assert.match(moved, /<figcaption>Its lamp turned all night long\.<\/figcaption>/);
  assert.match(moved, /<aside class="note note-warning">Keep off the north pier/);
  assert.match(moved, /Tide table for Porthlee: high water at 04:12/);
  assert.match(moved, /Write to Ines Marlow at keeper@harbour\.example/);
  assert.doesNotMatch(moved, /\{%|\{\{/, "no call is left as written");
  // The picture the shortcode wrote into the built folder is published at its path.
  assert.equal(
    readFileSync(join(site, "content/static/img/w640-lighthouse.png"), "utf8"),
    "PNG-bytes-of-a-lighthouse\n",
  );
  const notes = report.notes
    .filter((note) => /storm-night\.md$/.test(note.file))
    .map((note) => `${note.line}: ${note.why.replace(/: the site's own Eleventy ran it.*$/, "")}`);
  assert.deepEqual(notes, [
    '8: {% picture "lighthouse.png", "The lighthouse in rain", "I…',
    '10: {% note "warning" %}Keep off the north pier when the swel…',
    '12: {% set harbour = "Porthlee" %}',
    '13: {% set high = "04:12" %}',
    '14: {% include "partials/tide.njk" %}',
    "16: {{ keeper.name }}",
    "16: {{ keeper.email }}",
  ]);
  assert.ok(
    report.notes.every((note) => !/storm-night/.test(note.file) || /own Eleventy ran it/.test(note.why)),
  );
  assert.deepEqual(report.notConverted, []);
  const page = shown(report);
  assert.equal(page.words.kept, page.words.old, JSON.stringify(page));
  assert.deepEqual(page.media, { old: 1, kept: 1 });
  assert.ok(existsSync(join(site, "dist/img/w640-lighthouse.png")));
});

test("without the site's own Eleventy each call stays as written, reported at its line, and the comparison shows what the old page had more", async () => {
  const { site, report } = await imported(false);
  const moved = readFileSync(join(site, "content/blog/storm-night.md"), "utf8");
  assert.match(
    moved,
    /\{% picture "lighthouse\.png", "The lighthouse in rain", "Its lamp turned all night long\." %\}/,
  );
  assert.match(moved, /\{% include "partials\/tide\.njk" %\}/);
  assert.deepEqual(
    report.notConverted.filter((each) => /storm-night/.test(each.file)).map((each) => each.line),
    [8, 10, 10, 12, 13, 14, 16, 16],
  );
  assert.ok(
    report.notes.some(
      (note) =>
        /eleventy\.config\.js$/.test(note.file) &&
        /calls of its texts were kept as written .*has not installed its own Eleventy/.test(note.why),
    ),
    JSON.stringify(report.notes),
  );
  const page = shown(report);
  assert.ok(page.words.kept < page.words.old, JSON.stringify(page));
  assert.deepEqual(page.media, { old: 1, kept: 0 });
});

const hugoTools = needTools(["hugo"]);

/** The Hugo fixture built by Hugo into out/, then imported with out/ as the old site; `env` is the import's. */
async function importedFromHugo(env?: NodeJS.ProcessEnv): Promise<{ site: string; report: Report }> {
  const source = join(tempDir("sitegen-hugo-shortcodes-"), "source");
  cpSync(join(ROOT, "test/fixtures/import-hugo-shortcodes"), source, { recursive: true });
  const out = join(source, "..", "out");
  const built = spawnSync(hugoTools.path("hugo"), ["--source", source, "--destination", out, "--quiet"], {
    encoding: "utf8",
    env: { ...process.env, HUGO_NOBUILDLOCK: "true", HUGO_RESOURCEDIR: join(source, "..", "resources") },
  });
  assert.equal(built.status, 0, built.stderr);
  assert.match(readFileSync(join(out, "posts/neap-tide/index.html"), "utf8"), /Mind the sandbar/);
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--old-site", out, "--json"], env ? { env } : {});
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  return { site, report: JSON.parse(run.stdout) as Report };
}

const neap = (report: Report) => report.proof.pages.find((page) => page.old === "/posts/neap-tide/")!;

test("each shortcode of a Hugo post and of a section's own text is taken from Hugo itself, at its file:line, and the post holds every word of its old page", {
  skip: hugoTools.skip,
}, async () => {
  const { site, report } = await importedFromHugo();
  // `hugo list all` names single pages only: a section's `_index.md` is read at its list page's address.
  const harbour = readFileSync(join(site, "content/pages/harbour.md"), "utf8");
  assert.match(
    harbour,
    /The harbour office opens at dawn, and <span class="keeper">Ines Marlow<\/span>\s+answers the bell\./,
  );
  // A list item's paragraph, indented as far as its text after a blank line, is no code: Hugo ran its shortcode.
  assert.match(harbour, /\n {4}Rung by <span class="keeper">Ines Marlow<\/span>/);
  const moved = readFileSync(join(site, "content/blog/neap-tide.md"), "utf8");
  assert.match(
    moved,
    /<div class="box box-warning">\n<strong>Mind the sandbar<\/strong> at the mouth of the river/,
  );
  assert.match(moved, /The log is kept by <span class="keeper">Ines Marlow<\/span>/);
  assert.doesNotMatch(moved, /\{\{[<%]/, "no shortcode is left as written");
  assert.deepEqual(
    report.notes
      .filter((note) => /neap-tide\.md$/.test(note.file))
      .map((note) => `${note.line}: ${note.why.replace(/: the site's own Hugo ran it.*$/, "")}`),
    ["8: {{< box warning >}} **Mind the sandbar** at the mouth of …", "12: {{< keeper >}}"],
  );
  assert.deepEqual(report.notConverted, []);
  const page = neap(report);
  assert.equal(page.words.kept, page.words.old, JSON.stringify(page));
});

test("without Hugo each shortcode stays as written, reported at its line, and the comparison shows what the old page had more", {
  skip: hugoTools.skip,
}, async () => {
  const { site, report } = await importedFromHugo({ ...process.env, PATH: "/nonexistent" });
  const moved = readFileSync(join(site, "content/blog/neap-tide.md"), "utf8");
  assert.match(moved, /\{\{< box warning >\}\}\n\*\*Mind the sandbar\*\*/);
  assert.match(moved, /\{\{< keeper >\}\}/);
  assert.deepEqual(
    report.notConverted.filter((each) => /neap-tide/.test(each.file)).map((each) => each.line),
    [8, 10, 12],
  );
  assert.ok(
    report.notes.some(
      (note) =>
        /hugo\.toml$/.test(note.file) &&
        /shortcodes of its texts were kept as written .*: hugo is not installed/.test(note.why),
    ),
    JSON.stringify(report.notes),
  );
  const page = neap(report);
  assert.ok(page.words.kept < page.words.old, JSON.stringify(page));
});

test("a theme's example site, which names its theme's folder from where it stands (themesDir = ../..), has its shortcodes taken from Hugo", {
  skip: hugoTools.skip,
}, async () => {
  const folder = tempDir("sitegen-hugo-theme-example-");
  cpSync(join(ROOT, "test/fixtures/import-hugo-theme-example"), folder, { recursive: true });
  const source = join(folder, "tidewater/exampleSite");
  const out = join(folder, "out");
  const built = spawnSync(hugoTools.path("hugo"), ["--source", source, "--destination", out, "--quiet"], {
    encoding: "utf8",
    env: { ...process.env, HUGO_NOBUILDLOCK: "true", HUGO_RESOURCEDIR: join(folder, "resources") },
  });
  assert.equal(built.status, 0, built.stderr);
  const site = join(folder, "site");
  const run = await sitegenHere(["import", source, site, "--old-site", out, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout) as Report;
  assert.match(
    readFileSync(join(site, "content/blog/slack-water.md"), "utf8"),
    /<aside class="notice notice-warning"><strong>Notice:<\/strong> Boats moored at the <strong>outer wall<\/strong>/,
  );
  assert.deepEqual(report.notConverted, []);
  assert.ok(
    report.notes.every((note) => !/hugo failed/.test(note.why)),
    JSON.stringify(report.notes),
  );
});
