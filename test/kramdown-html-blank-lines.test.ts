/**
 * An element of raw HTML whose content holds blank lines and lines indented
 * four spaces or more (a `<details>` of download steps, its list items set
 * apart by blank lines, written in a post or brought in by an include) is one
 * element to kramdown, up to its end tag, and its Markdown inside is left as
 * written. CommonMark ends the block at the first blank line and shows the
 * indented lines after it as a code block of escaped tags, links and all.
 * The fixture is a Jekyll site built by Debian's jekyll as the reference,
 * then moved with `sitegen import`: the post's words and links are the old
 * page's, in the same order, and no tag shows as text.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);

/** `html` without the links to its headings that the new page shows beside each (`#`), which the old did not. */
function withoutHeadingLinks(html: string): string {
  return html.replace(/<a[^>]*>#<\/a>/g, " ");
}

/** The text a reader sees in `html`, its spaces collapsed. */
function words(html: string): string {
  return withoutHeadingLinks(html)
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The addresses `html` links to, in order. */
function links(html: string): string[] {
  return [...withoutHeadingLinks(html).matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((each) => each[1]);
}

test("an element of raw HTML with blank and indented lines inside is one element, as kramdown reads it: the post shows the old page's words and links, and no tag as text", {
  skip: tools.skip,
}, async () => {
  const { out, site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/kramdown-html-blank-lines"),
    jekyllBuild(tools.path("jekyll")),
  );
  assert.equal(report.build.ok, true, JSON.stringify(report.build.errors));
  const old = readFileSync(join(out, "2024/05/lighting-the-lamp/index.html"), "utf8");
  const oldMain = old.slice(old.indexOf("<main>") + 6, old.indexOf("</main>"));
  const page = readFileSync(join(site, "dist/blog/lighting-the-lamp/index.html"), "utf8");
  // The post's text: after its title and date line, before the links to other posts.
  const article = page.slice(page.indexOf("<article"), page.indexOf("</article>"));
  const text = article.slice(
    article.indexOf("</p>", article.indexOf('class="meta"')) + 4,
    article.indexOf("<nav"),
  );

  assert.doesNotMatch(text, /&lt;/, "no tag shows as text");
  assert.doesNotMatch(text, /<pre tabindex="0"><code>/, "no line of an element is a code block");
  assert.equal(words(text), words(oldMain));
  assert.deepEqual(links(text), links(oldMain));
  assert.deepEqual(links(oldMain), [
    "/clockwork/",
    "/lamps/wicks.txt",
    "https://keepers.example/trimming",
    "/log/",
  ]);
  // kramdown leaves the Markdown inside the element as written, and reads what follows its end tag as Markdown.
  for (const html of [oldMain, text]) {
    assert.match(html, /\*Still as written\*, and \[not a link\]\(https:\/\/keepers\.example\/log\)\./);
    assert.match(html, /<\/div>\n<p>and words after the box\.<\/p>/);
    assert.match(html, /<p>The lamp then burns <em>until dawn<\/em>\.<\/p>/);
    // An element with no end tag (`<hr />`) ends at its tag: the heading under it is a heading, and the box after it raw HTML.
    assert.match(html, /<h2[^>]*>After the night<\/h2>/);
    assert.match(html, /<div class="note">\n\nThe keeper writes the hours the lamp burned\.<\/div>/);
  }
  // The import's own comparison of the two pages finds nothing missing.
  type Counts = { old: number; kept: number };
  const proof = (report.proof.pages as { old: string; words: Counts; links: Counts }[]).find(
    (each) => each.old === "/2024/05/lighting-the-lamp/",
  );
  assert.ok(proof, JSON.stringify(report.proof.pages));
  assert.equal(proof.words.kept, proof.words.old);
  assert.deepEqual(proof.links, { old: 4, kept: 4 });
});
