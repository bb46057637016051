/**
 * What moving real public sites with --old-site found, each as a fixture of
 * its own: the old generator asked for its addresses where a real site's
 * setup made it print more than its list, and the proof's reading of a page.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { needTools } from "../scripts/tools.mjs";

const FIXTURES = join(ROOT, "test/fixtures/generators");
const hugo = needTools(["hugo"]);
const ELEVENTY = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");

/** The fixture copied beside its built folder and imported with --old-site. */
async function importedAgainst(fixture: string, build: (source: string, out: string) => { command: string; args: string[] }): Promise<{ site: string; report: ReturnType<typeof JSON.parse> }> {
  const source = join(tempDir(`sitegen-proof-${fixture}-`), "source");
  cpSync(join(FIXTURES, fixture), source, { recursive: true });
  const out = join(source, "..", "out");
  mkdirSync(out);
  const { command, args } = build(source, out);
  const built = spawnSync(command, args, { cwd: source, encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--old-site", out, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  return { site, report: JSON.parse(run.stdout) };
}

test("a Hugo theme made for a later Hugo: the warning Hugo prints before its list is passed over, and every address comes from `hugo list all`", { skip: hugo.skip }, async () => {
  const source = join(tempDir("sitegen-proof-hugo-theme-warns-"), "source");
  cpSync(join(FIXTURES, "hugo-theme-warns"), source, { recursive: true });
  const out = join(source, "..", "out");
  mkdirSync(out);
  const built = spawnSync(hugo.path("hugo"), ["--source", source, "--destination", out, "--quiet", "--noBuildLock"], { encoding: "utf8" });
  assert.equal(built.status, 0, built.stderr);
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--old-site", out, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(report.addresses, { generator: 2, folder: 0, computed: 0 }, JSON.stringify(report.addresses));
  assert.ok(report.moved.some((each: { from: string[] }) => each.from.includes("/posts/lights-of-the-harbour/")), JSON.stringify(report.moved));
  // Every old page answers: the tag `CI/CD`'s, which Hugo wrote at /tags/ci/cd/, too.
  assert.equal(report.proof.answered.answer, report.proof.answered.old, JSON.stringify(report.proof.answered.unanswered));
  assert.match(readFileSync(join(site, "content/site.yaml"), "utf8"), /^ {2}\/tags\/ci\/cd\/: \/tags\/ci-cd\/$/m);
});

test("an Eleventy blog's list and its tags' pages written in Markdown under a blog/ folder are not posts: the list's and each tag's old page answer from the new blog and tag pages", async () => {
  const { site, report } = await importedAgainst("eleventy-listings", (_source, out) => ({ command: process.execPath, args: [ELEVENTY, `--output=${out}`, "--quiet"] }));
  assert.deepEqual(report.written.filter((path: string) => path.startsWith("content/blog/")).sort(), ["content/blog/2022-04-02-wide-doors.md", "content/blog/2023-10-31-quiet-rooms.md"]);
  assert.equal(report.read.posts, 2);
  assert.ok(!existsSync(join(site, "content/blog/tags.md")) && !existsSync(join(site, "content/blog/blog.md")));
  // The tags' page is a template that paginates: named as left, with why.
  assert.ok(report.left.some((each: { file: string; why: string }) => each.file.endsWith("_pages/blog/tags.md") && /paginates/.test(each.why)), JSON.stringify(report.left));
  assert.equal(report.proof.answered.answer, report.proof.answered.old, JSON.stringify(report.proof.answered.unanswered));
  const redirects = readFileSync(join(site, "content/site.yaml"), "utf8");
  assert.match(redirects, /^ {2}\/blog\/tags\/accessibility\/: \/tags\/accessibility\/$/m);
});

test("an Astro post's hero image, processed by Astro to a hashed WebP, is the cover the new page shows; the theme's alt made of the title and its short month are no words the move lost", async () => {
  const root = tempDir("sitegen-proof-astro-hero-");
  cpSync(join(FIXTURES, "astro-hero"), root, { recursive: true });
  const site = join(root, "site");
  const run = await sitegenHere(["import", join(root, "source"), site, "--old-site", join(root, "built"), "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  const page = report.proof.pages.find((each: { old: string }) => each.old === "/blog/pay-the-ferryman/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  assert.deepEqual(page.media, { old: 1, kept: 1 }, JSON.stringify(page.missing));
  assert.equal(page.words.kept, page.words.old, JSON.stringify(page.missing));
  assert.ok(page.words.old >= 20, JSON.stringify(page.words));
  // A code block a highlighter wrote in spans that cut its words (a shell's `\\w` read as an escape) is read as its text.
  const script = report.proof.pages.find((each: { old: string }) => each.old === "/blog/work-script/");
  assert.equal(script.words.kept, script.words.old, JSON.stringify(script.missing));
});

test("two posts of one file name in different folders: the one written under its day keeps its slug, and the report's new address is the one the build publishes", async () => {
  const root = tempDir("sitegen-proof-astro-same-name-");
  cpSync(join(FIXTURES, "astro-same-name"), root, { recursive: true });
  const site = join(root, "site");
  const run = await sitegenHere(["import", join(root, "source"), site, "--old-site", join(root, "built"), "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  const moved = report.moved.filter((each: { file: string }) => each.file.includes("/content/blog/"));
  assert.equal(moved.length, 2, JSON.stringify(report.moved));
  for (const { to } of moved) assert.ok(existsSync(join(site, "dist", to, "index.html")), `${to} is published: ${JSON.stringify(moved)}`);
  // Each moved post is held to its old page.
  assert.deepEqual(report.proof.pages.map((each: { old: string }) => each.old).sort(), ["/blog/2020/notes/", "/blog/harbour-notes/"]);
});

test("a Starlight page: its title shown twice (the page's heading and the text's own `# Title`) is one title, and a code frame's label for screen readers is the theme's", async () => {
  const root = tempDir("sitegen-proof-starlight-title-");
  cpSync(join(FIXTURES, "starlight-title"), root, { recursive: true });
  const run = await sitegenHere(["import", join(root, "source"), join(root, "site"), "--old-site", join(root, "built"), "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  const page = report.proof.pages.find((each: { old: string }) => each.old === "/memo/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  assert.equal(page.words.kept, page.words.old, JSON.stringify(page.missing));
  assert.ok(page.words.old >= 20, JSON.stringify(page.words));
});
