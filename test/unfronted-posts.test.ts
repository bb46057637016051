/**
 * A post file without frontmatter, as its generator reads it: Eleventy
 * publishes every Markdown file of its input (held here to Eleventy's own
 * build of test/fixtures/unfronted/eleventy/), and so does Hugo, in its
 * section; Jekyll copies a file of `_posts/` without frontmatter as no post.
 * A blog copied as it is into a new site is read by the files that came with
 * it: Eleventy's data file beside the posts, Hugo's `_index.md`, Jekyll's
 * `_config.yml`. Built with the real CLI.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";
import type { Finding } from "../src/findings.ts";

const FIXTURE = join(ROOT, "test/fixtures/unfronted");
const FILE_TIME = new Date("2024-02-18T10:00:00Z");

/** A new site with `from`'s blog (if any) copied into its blog folder, each file's modification time FILE_TIME (no git here), and `extra` files. */
async function built(name: string, from: string | undefined, extra: Record<string, string> = {}) {
  const root = initSite(name);
  if (from) cpSync(join(FIXTURE, from, "blog"), join(root, "content/blog"), { recursive: true });
  for (const [path, text] of Object.entries(extra)) writeFileSync(join(root, path), text);
  for (const file of ["2024-07.md", "harbour-walk.md", "tide-notes.md", "2024-03-01-loose-note.md"]) {
    const path = join(root, "content/blog", file);
    if (existsSync(path)) utimesSync(path, FILE_TIME, FILE_TIME);
  }
  const run = await sitegenHere(["build", "--out", join(root, "dist"), "--json"], { cwd: root });
  const findings = (JSON.parse(run.stdout).findings ?? []) as Finding[];
  const posts = existsSync(join(root, "dist/blog-index.json"))
    ? (JSON.parse(readFileSync(join(root, "dist/blog-index.json"), "utf8")).posts as {
        slug: string;
        title: string;
        date: string;
      }[])
    : [];
  return { root, run, findings, posts };
}

const mine = (findings: Finding[], file: string) =>
  findings.filter((finding) => finding.file?.endsWith(`content/blog/${file}`));

test("Eleventy itself publishes both files of the fixture, neither with frontmatter", () => {
  const out = join(tempDir("sitegen-unfronted-eleventy-"), "_site");
  const run = spawnSync(
    join(ROOT, "node_modules/.bin/eleventy"),
    [`--input=${join(FIXTURE, "eleventy")}`, `--output=${out}`, "--quiet"],
    { encoding: "utf8" },
  );
  assert.equal(run.status, 0, run.stderr);
  assert.ok(existsSync(join(out, "blog/2024-07/index.html")));
  assert.ok(existsSync(join(out, "blog/harbour-walk/index.html")));
});

test("an Eleventy post without frontmatter is published, titled by its first heading, else its file's name, dated by its file, with one warning giving the lines to add", async () => {
  const { run, findings, posts } = await built("unfronted-eleventy", "eleventy");
  assert.equal(run.status, 0, run.stderr);
  const week = posts.find((post) => post.slug === "2024-07");
  const walk = posts.find((post) => post.slug === "harbour-walk");
  assert.deepEqual([week?.title, week?.date], ["Weeknotes 7", FILE_TIME.toISOString().replace(".000", "")]);
  assert.deepEqual(
    [walk?.title, walk?.date.slice(0, 10)],
    ["harbour-walk", "2024-02-18"],
    "Eleventy's page.fileSlug",
  );
  assert.deepEqual(
    mine(findings, "2024-07.md")
      .filter((finding) => finding.kind !== "title-heading")
      .map((finding) => [finding.kind, finding.level, finding.line, finding.message, finding.hint]),
    [
      [
        "date-from-file",
        "warning",
        1,
        "no frontmatter: published as Eleventy publishes it, titled `Weeknotes 7` by its first heading and dated 2024-02-18, the file's modification time, as Eleventy dates a file git does not track; a copy or a fresh checkout changes it, so the build is not reproducible until the post says its date",
        'start the file with these lines: `---`, `title: "Weeknotes 7"`, `date: 2024-02-18`, `---`',
      ],
    ],
  );
  assert.match(
    mine(findings, "harbour-walk.md")[0]?.message ?? "",
    /^no frontmatter: published as Eleventy publishes it, titled `harbour-walk` by its file's name and dated 2024-02-18, /,
  );
  assert.equal(mine(findings, "harbour-walk.md").length, 1);
  // The heading that gave the title is the page's H1, not the body's: said as for any post whose body repeats its title.
  assert.deepEqual(
    mine(findings, "2024-07.md")
      .map((finding) => finding.kind)
      .sort(),
    ["date-from-file", "title-heading"],
  );
});

test("the heading that titles the post is not shown twice, and the rest of its Markdown is the page's", async () => {
  const { root } = await built("unfronted-eleventy-page", "eleventy");
  const page = readFileSync(join(root, "dist/blog/2024-07/index.html"), "utf8");
  const article = page.slice(page.indexOf("<article"), page.indexOf("</article>"));
  assert.equal(article.split("Weeknotes 7").length, 2, "once, as the page's title");
  assert.match(article, /the <em>tide<\/em> was high/);
  assert.match(article, /<h2 id="reading"/);
});

test("a Hugo post without frontmatter, in a section with its _index.md, is published as Hugo publishes it", async () => {
  const { run, findings, posts } = await built("unfronted-hugo", "hugo");
  assert.equal(run.status, 0, run.stderr);
  const notes = posts.find((post) => post.slug === "tide-notes");
  assert.deepEqual([notes?.title, notes?.date.slice(0, 10)], ["Tide notes", "2024-02-18"]);
  assert.match(
    mine(findings, "tide-notes.md")[0]?.message ?? "",
    /^no frontmatter: published as Hugo publishes it, titled `Tide notes` by its first heading/,
  );
});

test("Jekyll's content, and content that says whose it is nowhere, keep Jekyll's rule: no frontmatter, no post", async () => {
  const loose = { "content/blog/2024-03-01-loose-note.md": "# A loose note\n\nNo frontmatter.\n" };
  for (const [name, extra] of [
    ["unfronted-jekyll", { ...loose, "content/_config.yml": "title: Tide notes\n" }],
    ["unfronted-nobody", loose],
  ] as const) {
    const { run, findings, posts } = await built(name, undefined, extra);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(!posts.some((post) => post.slug === "loose-note"), name);
    assert.deepEqual(
      mine(findings, "2024-03-01-loose-note.md").map((finding) => [finding.kind, finding.message]),
      [["left-out", "no frontmatter, so not a page or post: left out"]],
      name,
    );
  }
});
