/**
 * A block-level element of raw HTML ends at its end tag in content written
 * for kramdown (Jekyll's reader), and what follows it is Markdown: a heading,
 * an attribute list or a paragraph directly under `</div>`, or words after
 * the end tag on its line. An attribute list on the line under a block is
 * that block's, as kramdown gives it, a paragraph after it or not. test/fixtures/kramdown-block-html/jekyll.html is
 * what Jekyll 4.3.1 (kramdown 2.4.0) made of post.md, with a _config.yml of
 * one line; each assertion names the lines it holds to. Content of no Jekyll
 * site keeps CommonMark's HTML block, which runs to the blank line.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { builtFixturePost } from "./helpers/fixture-post.ts";

const FIXTURE = join(ROOT, "test/fixtures/kramdown-block-html");
const jekyll = readFileSync(join(FIXTURE, "jekyll.html"), "utf8");

/** A new site with the fixture post; `jekyll`: with Jekyll's _config.yml in its content, as a blog copied from Jekyll brings. */
async function built(name: string, options: { jekyll?: true } = {}) {
  const post = await builtFixturePost({
    fixture: FIXTURE,
    slug: "harbour",
    site: name,
    config: options.jekyll ? "title: Harbour\n" : undefined,
  });
  // The theme wraps each heading with its link to itself; the heading is the same element.
  return {
    ...post,
    article: post.article.replace(
      /<div class="heading">(<h\d[^>]*>[^<]*<\/h\d>)\n<a class="heading-anchor"[^>]*>#<\/a><\/div>/g,
      "$1",
    ),
  };
}

const jekyllSite = built("kramdown-block", { jekyll: true });

test("a heading directly under a block's end tag is a heading, the block ended at its end tag", async () => {
  const { run, article } = await jekyllSite;
  assert.equal(run.status, 0, run.stderr);
  for (const html of [jekyll, article]) {
    assert.match(html, /<\/div>\n<h2 id="low-water">Low water<\/h2>/);
    assert.match(html, /<div class="one">One line<\/div>\n<h2 id="after-a-one-line-box">/);
    assert.match(
      html,
      /<p class="lead">A paragraph written as HTML\.<\/p>\n<h3 id="after-a-paragraph-element">/,
    );
  }
  assert.doesNotMatch(
    article.slice(0, article.indexOf("<section>")),
    /## |\{:/,
    "no heading or attribute list shows as text",
  );
});

test("an attribute list under the end tag is the element's, its classes after the element's own", async () => {
  const { article, findings } = await jekyllSite;
  assert.match(
    jekyll,
    /<div class="note wide" id="tides">\nA note on the tides\.\n<\/div>\n<p><em>The note’s caption\.<\/em><\/p>/,
  );
  assert.match(
    article,
    /<div class="note wide" id="tides">\nA note on the tides\.\n<\/div>\n<p><em>The note's caption\.<\/em><\/p>/,
  );
  assert.match(jekyll, /<table class="grid">\n<tr><td>A cell<\/td><\/tr>\n<\/table>/);
  assert.match(article, /<table class="grid">\n<tr><td>A cell<\/td><\/tr>\n<\/table>/);
  assert.deepEqual(
    findings.filter((each) => each.kind === "stray-attributes"),
    [],
  );
});

test("an attribute list under a heading or a code fence, with a paragraph on the next line, is the block's above, not the paragraph's", async () => {
  const { article } = await jekyllSite;
  for (const html of [jekyll, article]) {
    assert.match(
      html,
      /<h2 class="tables" id="tide-tables">Tide tables<\/h2>\n<p>The tables follow the heading\.<\/p>/,
    );
    assert.match(html, /<\/code><\/pre>(?:<\/div><\/div>)?\n<p>Times are local\.<\/p>/);
  }
  // kramdown gives the class to the block around its code, markdown-it's code block is the <pre>.
  assert.match(jekyll, /<div class="language-plaintext times highlighter-rouge">/);
  assert.match(article, /<pre tabindex="0" class="times"><code>high 06:12/);
});

test("what follows nested elements, two end tags on a line, or an end tag on its line is Markdown", async () => {
  const { article } = await jekyllSite;
  for (const html of [jekyll, article]) {
    assert.match(
      html,
      /<div class="inner">Nested boxes<\/div>\n<\/div>\n<p>Text straight after the boxes, with <em>emphasis<\/em>\.<\/p>/,
    );
    assert.match(html, /<\/div><\/div>\n<p>Words after two end tags\.<\/p>/);
    assert.match(
      html,
      /<div class="trail">Box<\/div>\n<p>and words after its end tag<\/p>\n<h2 id="after-trailing-words">/,
    );
    assert.match(html, /<\/details>\n<ul>\n\s*<li>a list item after the details<\/li>/);
  }
});

test("an element that ends at the blank line keeps its lines as written, and one past a blank line runs on to its end tag, its Markdown as written", async () => {
  const { article } = await jekyllSite;
  for (const html of [jekyll, article]) {
    assert.match(
      html,
      /<div class="box">\nA block-level element still ends at the blank line: \*kept as written\*\.\n<\/div>/,
    );
    assert.match(html, /<section>\n## Not a heading inside a section block\n<\/section>/);
    assert.match(html, /<\/div>\n<h2 id="after-the-wide-box">After the wide box<\/h2>/);
    // kramdown leaves the Markdown inside as written.
    assert.match(html, /<div class="wide">\n\n\*Inside\* after a blank line\.\n\n<\/div>/);
  }
});

test("the lines of the post are told as written: the image under the split block at its own line", async () => {
  const { findings } = await jekyllSite;
  const image = findings.find((each) => each.kind === "broken-image");
  assert.equal(image?.file, "content/blog/harbour.md");
  assert.equal(
    readFileSync(join(FIXTURE, "post.md"), "utf8").split("\n")[(image?.line ?? 0) - 1],
    '<img src="/harbour.png"',
  );
});

test("content of no Jekyll site keeps CommonMark's rule: the block runs to the blank line, the heading in it as typed", async () => {
  const { run, article } = await built("commonmark-block");
  assert.equal(run.status, 0, run.stderr);
  assert.match(article, /<\/div>\n## Low water\n/);
  assert.match(
    article,
    /<div class="note">\nA note on the tides\.\n<\/div>\n\{: \.wide #tides\}\n\*The note's caption\.\*\n/,
  );
});
