/**
 * kramdown's `markdown="1"` on an element of raw HTML in a Jekyll site's
 * Markdown: the element's content is read as Markdown (a code fence, a list,
 * an image, emphasis), the attribute left out.
 * test/fixtures/kramdown-markdown-inside/jekyll.html is what Jekyll 4.3.1
 * (kramdown 2.4.0) made of post.md; kramdown indents the content and
 * highlights with Rouge, so each assertion holds the elements, in order,
 * not their spaces. Content of no Jekyll site keeps CommonMark's HTML block.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { builtFixturePost } from "./helpers/fixture-post.ts";

const FIXTURE = join(ROOT, "test/fixtures/kramdown-markdown-inside");
/** Markup without the spaces and line breaks between tags, which kramdown and markdown-it lay out differently. */
const tight = (html: string) => html.replace(/>\s+</g, "><").replace(/\n\s*/g, "\n");
const jekyll = tight(readFileSync(join(FIXTURE, "jekyll.html"), "utf8"));

/** A new site with the fixture post; `jekyll`: with Jekyll's _config.yml in its content, as a blog copied from Jekyll brings. */
async function built(name: string, options: { jekyll?: true } = {}) {
  const post = await builtFixturePost({
    fixture: FIXTURE,
    slug: "inside",
    site: name,
    config: options.jekyll ? "title: Harbour\n" : undefined,
  });
  return { ...post, article: tight(post.article) };
}

const jekyllSite = built("kramdown-inside", { jekyll: true });

test('a code fence inside <div markdown="1"> in <details> is code, the attribute left out', async () => {
  const { run, article } = await jekyllSite;
  assert.equal(run.status, 0, run.stderr);
  for (const html of [jekyll, article]) {
    assert.match(
      html,
      /<summary>Recommended settings<\/summary><div>(?:<div[^>]*>)*<pre[^>]*><code[^>]*>.*(?:"|&quot;)files\.insertFinalNewline/s,
    );
    assert.doesNotMatch(html, /```|markdown="1"/);
  }
});

test("a figure's image, break and emphasis inside are one paragraph; images and a list after a blank line are Markdown", async () => {
  const { article } = await jekyllSite;
  for (const html of [jekyll, article]) {
    assert.match(
      html,
      /<div class="figure"><p><img src="\/tide-chart\.png" \/><br \/>\nA step of the <em>tide chart<\/em>: high water at noon\.<\/p><\/div>/,
    );
    assert.match(
      html,
      /<summary>All the charts<\/summary><div><p><img src="\/chart-1\.png" alt="Chart one"(?: \/)?><\/p><ul><li>the first chart<\/li><li>the second chart<\/li><\/ul><\/div><\/details>/,
    );
    assert.match(html, /<div class="plain">\n\*Kept as written\* without the attribute\.\n<\/div>/);
  }
});

test("words after the element's end tag are a paragraph, and an element after a heading the block's first ended before reads its Markdown too", async () => {
  const { article } = await jekyllSite;
  for (const html of [jekyll, article]) {
    assert.match(
      html,
      /<div class="aside"><p><em>An aside<\/em> in Markdown\.<\/p><\/div><p>and words after it<\/p>/,
    );
    assert.match(
      html,
      /<div class="tag">Neaps<\/div>(?:<div class="heading">)?<h2 id="neap-tides">Neap tides<\/h2>(?:<a[^>]*>#<\/a><\/div>)?<div class="table"><ul><li>low at <em>dawn<\/em><\/li><\/ul><\/div>/,
    );
  }
});

test("the lines inside are told as written: an image's warning at its own line", async () => {
  const { findings } = await jekyllSite;
  const lines = readFileSync(join(FIXTURE, "post.md"), "utf8").split("\n");
  const images = findings
    .filter((each) => each.kind === "broken-image")
    .map((each) => lines[each.line - 1].trim());
  assert.deepEqual(images.sort(), ["![Chart one](/chart-1.png)", '<img src="/tide-chart.png" />']);
});

test("content of no Jekyll site keeps CommonMark's rule: the fence is raw HTML, as typed", async () => {
  const { run, article } = await built("commonmark-inside");
  assert.equal(run.status, 0, run.stderr);
  assert.match(article, /<div markdown="1">\n```json\n/);
});
