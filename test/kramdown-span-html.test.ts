/**
 * A span-level tag alone on its line (`<a name="heights" />` before a
 * heading, `<br />`, `<span id="note-1">`) in content written for kramdown:
 * part of its paragraph, as kramdown reads it, so the Markdown after it is
 * Markdown. (An anchor opened and closed, `<a name="intro"></a>`, is two
 * tags, which CommonMark already reads as a paragraph.) test/fixtures/kramdown-span-html/jekyll.html is what Jekyll 4.3.1
 * (kramdown 2.4.0) made of post.md; each assertion names the lines it holds
 * to. Content of no Jekyll site keeps CommonMark's HTML block of type 7.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { builtFixturePost } from "./helpers/fixture-post.ts";

const FIXTURE = join(ROOT, "test/fixtures/kramdown-span-html");
const jekyll = readFileSync(join(FIXTURE, "jekyll.html"), "utf8");

/** A new site with the fixture post; `jekyll`: with a Jekyll _config.yml in its content, as a blog copied from Jekyll brings. */
function built(name: string, options: { jekyll?: true; siteYaml?: string } = {}) {
  const config = options.jekyll ? "title: Tide notes\nmarkdown: kramdown\n" : undefined;
  return builtFixturePost({
    fixture: FIXTURE,
    slug: "anchors",
    site: name,
    config,
    siteYaml: options.siteYaml,
  });
}

// A site moved from Jekyll, whose site.yaml spells heading ids as Jekyll's kramdown did.
const jekyllSite = built("kramdown-span", { siteYaml: "markdown:\n  heading_ids: jekyll\n" });

test("an anchor alone before a heading is a paragraph of its own, and the heading a heading", async () => {
  const { run, article } = await jekyllSite;
  assert.equal(run.status, 0, run.stderr);
  assert.match(jekyll, /<p><a name="heights"><\/a><\/p>\n<h2 id="tide-heights">Tide heights<\/h2>/);
  assert.match(
    article,
    /<p><a name="heights" \/><\/p>\n<div class="heading"><h2 id="tide-heights">Tide heights<\/h2>/,
  );
  assert.match(jekyll, /<p><a name="intro"><\/a><\/p>\n<h2 id="reading-the-tables">Reading the tables<\/h2>/);
  // The theme's link to the heading wraps it: the heading is the same element.
  assert.match(
    article,
    /<p><a name="intro"><\/a><\/p>\n<div class="heading"><h2 id="reading-the-tables">Reading the tables<\/h2>/,
  );
  assert.doesNotMatch(
    article.slice(0, article.indexOf('<div class="box">')),
    /## |\{:/,
    "no heading or attribute list shows as text",
  );
});

test("an attribute list after the anchor is its paragraph's, and the emphasis after it a paragraph of its own", async () => {
  const { article } = await jekyllSite;
  assert.match(
    jekyll,
    /<p class="aside"><a name="slack"><\/a><\/p>\n<p><em>Slack water<\/em> comes twice a day\.<\/p>/,
  );
  assert.match(
    article,
    /<p class="aside"><a name="slack"><\/a><\/p>\n<p><em>Slack water<\/em> comes twice a day\.<\/p>/,
  );
});

test("a self-closed anchor, a break and an open span each begin the paragraph whose Markdown follows", async () => {
  const { article } = await jekyllSite;
  assert.match(
    jekyll,
    /<p><a name="springs"><\/a>\nThe spring tides are <strong>higher<\/strong> than the neaps\.<\/p>/,
  );
  assert.match(
    article,
    /<p><a name="springs" \/>\nThe spring tides are <strong>higher<\/strong> than the neaps\.<\/p>/,
  );
  assert.match(jekyll, /<p><br \/>\nA line after a break\.<\/p>/);
  assert.match(article, /<p><br \/>\nA line after a break\.<\/p>/);
  assert.match(jekyll, /<p><span id="note-1">\nThe note’s <em>own<\/em> words\.\n<\/span><\/p>/);
  assert.match(article, /<p><span id="note-1">\nThe note's <em>own<\/em> words\.\n<\/span><\/p>/);
});

test("a block-level element still runs to the blank line, its lines as written, as kramdown leaves them", async () => {
  const { article } = await jekyllSite;
  for (const html of [jekyll, article]) {
    assert.match(
      html,
      /<div class="box">\nA block-level element still ends at the blank line: \*kept as written\*\.\n<\/div>/,
    );
    assert.match(html, /<section>\n## Not a heading inside a section block\n<\/section>/);
  }
});

test("a blog copied with Jekyll's _config.yml, and nothing said in site.yaml, reads the tags as kramdown does too", async () => {
  const { run, article } = await built("kramdown-span-config", { jekyll: true });
  assert.equal(run.status, 0, run.stderr);
  assert.match(article, /<p><a name="intro"><\/a><\/p>\n<div class="heading"><h2 id="reading-the-tables"/);
});

test("content of no Jekyll site keeps CommonMark's rule: the tag's line opens an HTML block that runs to the blank line", async () => {
  const { run, article } = await built("commonmark-span");
  assert.equal(run.status, 0, run.stderr);
  assert.match(article, /\n<a name="springs" \/>\nThe spring tides are \*\*higher\*\* than the neaps\.\n/);
  assert.match(article, /\n<br \/>\nA line after a break\.\n/);
  assert.match(article, /\n<a name="heights" \/>\n## Tide heights\n/);
});
