/**
 * A link's or an image's address with spaces in it, in a Jekyll site's
 * Markdown, runs to its `)` as kramdown reads it (a screenshot's file name,
 * `Screen Shot 2024-05-07 at 09.12.png`), where CommonMark shows the image
 * as typed. test/fixtures/kramdown-links/jekyll.html is what Jekyll 4.3.1
 * (kramdown 2.4.0) made of post.md; kramdown writes the spaces as they are,
 * markdown-it as %20, which a browser asks for either way.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { builtFixturePost } from "./helpers/fixture-post.ts";

const FIXTURE = join(ROOT, "test/fixtures/kramdown-links");
const SHOT = "Screen Shot 2024-05-07 at 09.12.png";
const jekyll = readFileSync(join(FIXTURE, "jekyll.html"), "utf8");

/** A new site with the fixture post and its screenshot in content/static/shots/. */
async function built(name: string, options: { jekyll?: true } = {}) {
  const prepare = (root: string) => {
    mkdirSync(join(root, "content/static/shots"), { recursive: true });
    copyFileSync(join(FIXTURE, SHOT), join(root, "content/static/shots", SHOT));
  };
  const { run, article, findings } = await builtFixturePost({
    fixture: FIXTURE,
    slug: "shots",
    site: name,
    config: options.jekyll ? "title: Shots\n" : undefined,
    prepare,
  });
  assert.equal(run.status, 0, run.stderr);
  return { article, findings: findings.filter((each) => each.kind.startsWith("broken-")) };
}

test("an image whose address has spaces is the image, found and sized, in a Jekyll site", async () => {
  const { article, findings } = await built("kramdown-links", { jekyll: true });
  assert.match(
    jekyll,
    /<p><img src="\/shots\/Screen Shot 2024-05-07 at 09\.12\.png" alt="Settings window" \/><\/p>/,
  );
  assert.match(
    article,
    /<p><img src="\/shots\/Screen%20Shot%202024-05-07%20at%2009\.12\.png" alt="Settings window" width="4" height="3"><\/p>/,
  );
  assert.ok(!findings.some((each) => each.kind === "broken-image"), JSON.stringify(findings));
  // A link with a title, one without spaces, and a reference definition's address.
  const links = [
    [
      '<a href="/notes/release notes.html" title="What changed">release notes</a>',
      '<a href="/notes/release%20notes.html" title="What changed">release notes</a>',
    ],
    ['<a href="/notes/">plain link</a>', '<a href="/notes/">plain link</a>'],
    [
      '<a href="/notes/all notes.html">defined link</a>',
      '<a href="/notes/all%20notes.html">defined link</a>',
    ],
  ];
  for (const [kramdown, here] of links) {
    assert.ok(jekyll.includes(kramdown), kramdown);
    assert.ok(article.includes(here), here);
  }
});

test("content of no Jekyll site keeps CommonMark's rule: the address ends at its first space, the image shown as typed", async () => {
  const { article } = await built("commonmark-links");
  assert.match(article, /<p>!\[Settings window\]\(\/shots\/Screen Shot 2024-05-07 at 09\.12\.png\)<\/p>/);
});
