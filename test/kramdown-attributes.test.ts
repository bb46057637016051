/**
 * kramdown's attribute lists where kramdown applies them, and its
 * extensions, in a post written for Jekyll (test/fixtures/kramdown/), built
 * with the real CLI: each list is its element's (the HTML beside each
 * assertion is what Jekyll 4.3.1's kramdown 2.4.0 made of the same post),
 * none shows as text, and a `style`, which the page's policy blocks, is
 * left out with a warning at its line that names the setting.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";

const FIXTURE = join(ROOT, "test/fixtures/kramdown/attributes.md");

/** A new site with the fixture post, and a second post linking to the ids its attribute lists give. */
function site(name: string): string {
  const root = initSite(name);
  copyFileSync(FIXTURE, join(root, "content/blog/kramdown-attributes.md"));
  mkdirSync(join(root, "content/static"), { recursive: true });
  copyFileSync(join(ROOT, "test/fixtures/markdown/hafen.svg"), join(root, "content/static/hafen.svg"));
  writeFileSync(
    join(root, "content/blog/linking.md"),
    '---\ntitle: "Linking"\ndate: 2024-02-11\n---\n\nSee [the signal](/blog/kramdown-attributes/#signal) and [the note](/blog/kramdown-attributes/#first-note).\n',
  );
  return root;
}

const built = (async () => {
  const root = site("kramdown");
  const run = await sitegenHere(["build", "--out", join(root, "dist")], { cwd: root });
  const page = readFileSync(join(root, "dist/blog/kramdown-attributes/index.html"), "utf8");
  return { run, article: page.slice(page.indexOf("<article"), page.indexOf("</article>")) };
})();

test("an attribute line under an image ends its paragraph and is the paragraph's; the caption after it is a paragraph of its own", async () => {
  const { run, article } = await built;
  assert.equal(run.status, 0, run.stderr);
  // kramdown: <p style="width: 100%;" class="center"><img … /></p> <p><em>Fig. 1. …</em></p>
  assert.match(
    article,
    /<p class="center"><img src="\/hafen\.svg" alt="A shiba in the snow"[^>]*><\/p>\n<p><em>Fig\. 1\. A caption under the picture\.<\/em><\/p>/,
  );
});

test("a `style` is left out, with a warning at the attribute list's line naming the security setting", async () => {
  const { run, article } = await built;
  assert.doesNotMatch(article, /style=/);
  assert.match(
    run.stderr,
    /content\/blog\/kramdown-attributes\.md:12:\d+: `style="width: 100%;"` in an attribute list is left out: the page's Content-Security-Policy blocks inline styles \(`style-src`\)/,
  );
  assert.match(
    run.stderr,
    /hint: give the element a class instead .* `style-src` in site\.yaml's `security:` setting/,
  );
  assert.doesNotMatch(run.stderr, /unsafe-inline/);
});

test("span lists after a link, emphasis and code are theirs, and an id one gives is a link target", async () => {
  const { run, article } = await built;
  // kramdown: <a href="#signal" id="signal" class="self">#</a> … <em class="highlight">mind the gap</em> … <code class="… shell …">kill -TERM</code>
  assert.match(
    article,
    /<a href="#signal" id="signal" class="self">#<\/a>, and an\nemphasis can carry a class: <em class="highlight">mind the gap<\/em>, as can code:\n<code class="shell">kill -TERM<\/code>\./,
  );
  assert.doesNotMatch(run.stderr, /broken/);
});

test("a definition shows nothing, and a list naming it gets its attributes", async () => {
  const { article } = await built;
  // kramdown: <p class="note" id="first-note">A paragraph the definition above names.</p>
  assert.match(article, /<p id="first-note" class="note">A paragraph the definition above names\.<\/p>/);
});

test("a table of contents keeps the classes its list was given", async () => {
  const { article } = await built;
  // kramdown: <ul class="table-of-content" id="markdown-toc">
  assert.match(
    article,
    /<nav class="toc table-of-content" aria-label="Contents">\n<ul>\n<li><a href="#signal-handling">Signal handling<\/a><\/li>/,
  );
  assert.equal(article.split('<nav class="toc').length, 2, "one table of contents");
});

test("what kramdown cannot read in a list it passes over, and applies the rest", async () => {
  const { article } = await built;
  // kramdown: <p class="note">A note whose list leaves a quote open.</p>
  assert.match(article, /<p class="note">A note whose list leaves a quote open\.<\/p>/);
});

test("block lists before a paragraph, after a quote, a list, a table, indented code and a heading", async () => {
  const { article } = await built;
  assert.match(article, /<p class="lead">A paragraph whose list comes before it\.<\/p>/);
  assert.match(article, /<blockquote class="pull">\n<p>A quote with a class\.<\/p>/);
  assert.match(article, /<ul class="compact">\n<li>one<\/li>/);
  assert.match(article, /<table class="wide">/);
  assert.match(article, /<pre tabindex="0" class="listing"><code>indented code/);
  assert.match(article, /<h2 class="step" id="a-heading">A heading<\/h2>/);
});

test("kramdown's extensions: a comment shows nothing, in a line or over paragraphs; nomarkdown is passed as written; options show nothing", async () => {
  const { article } = await built;
  assert.match(article, /<p>Text goes on\.<\/p>/);
  assert.doesNotMatch(article, /note to self|over two paragraphs/);
  assert.match(article, /<p class="raw">Passed as written\.<\/p>/);
  const text = article.replace(/<pre[\s\S]*?<\/pre>|<code[\s\S]*?<\/code>/g, "");
  for (const shown of ["{:", "{::", "parse_block_html"]) assert.ok(!text.includes(shown), `shows ${shown}`);
});

test("where site.yaml's policy allows inline styles, a list's `style` is kept, and nothing is said", async () => {
  const root = site("kramdown-styles");
  appendFileSync(join(root, "content/site.yaml"), "\nsecurity:\n  style-src: [\"'unsafe-inline'\"]\n");
  const run = await sitegenHere(["build", "--out", join(root, "dist")], { cwd: root });
  assert.equal(run.status, 0, run.stderr);
  assert.match(
    readFileSync(join(root, "dist/blog/kramdown-attributes/index.html"), "utf8"),
    /<p class="center" style="width: 100%;"><img/,
  );
  assert.doesNotMatch(run.stderr, /csp-blocked|style/);
});
