/**
 * The Markdown representation leaves code blocks exactly as written and
 * publishes the rest as written but for its links (root links made absolute). Where
 * the code blocks are comes from markdown-it's own tokens, so the Markdown and
 * the HTML agree on what is code. publicMarkdown works on whole stretches of
 * text between code blocks; it must give what its line-by-line definition
 * gives, on the site's pages and posts and on generated bodies.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { rng } from "../bench/random.ts";
import { generateContent } from "../bench/synthetic.ts";
import { bodyAt, parseMarkdownFile } from "../src/content/frontmatter.ts";
import { publicMarkdown, publishedText } from "../src/render/emit/page-markdown.ts";
import { renderMarkdown } from "../src/render/markdown/index.ts";
import { tempDir } from "./helpers/dist.ts";
import { CONTENT } from "./helpers/site.ts";

const BASE = "https://halyard.example";

/** The definition: line by line, code lines as they are, every other line published. */
function byLine(body: string): string {
  const text = body.replace(/\r\n?/g, "\n");
  const code = new Set(
    renderMarkdown(body).code.flatMap(([start, end]) =>
      Array.from({ length: end - start }, (_, i) => start + i),
    ),
  );
  return text
    .split("\n")
    .map((line, index) => (code.has(index) ? line : publishedText(line, BASE)))
    .join("\n");
}

const published = (body: string) => publicMarkdown(body, BASE, renderMarkdown(body).code);

test("a fence that shows another fence is one code block: nothing inside it is rewritten, as in the HTML", () => {
  const body = [
    "Intro with [a link](/about/).",
    "",
    "````markdown",
    "```js",
    "## Not a heading {#kept}",
    "[inside](/blog/x/)",
    "```",
    "Still code: [kept](/contact/)",
    "````",
    "",
    "## After {#after}",
    "[out](/about/)",
  ].join("\n");
  const markdown = published(body);
  assert.ok(markdown.includes("Still code: [kept](/contact/)"), markdown);
  assert.ok(markdown.includes("[inside](/blog/x/)"), markdown);
  assert.ok(markdown.includes("## Not a heading {#kept}"), markdown);
  assert.ok(markdown.includes(`[a link](${BASE}/about/)`), markdown);
  assert.ok(markdown.includes(`[out](${BASE}/about/)`), markdown);
  assert.ok(
    markdown.includes("## After {#after}\n"),
    `the author's id stays, as it says where a link may point: ${markdown}`,
  );
  // The highlighter marks the code up; its text is what a reader sees.
  const text = renderMarkdown(body).html.replace(/<[^>]+>/g, "");
  assert.ok(text.includes("Still code: [kept](/contact/)"), "the HTML shows the same text as code");
});

test("indented code is code too", () => {
  const body = ["Text [x](/a/).", "", "    [y](/b/) {#z}", "", "## H {#h}"].join("\n");
  assert.equal(
    published(body),
    [`Text [x](${BASE}/a/).`, "", "    [y](/b/) {#z}", "", "## H {#h}"].join("\n"),
  );
});

test("the site's pages and posts, and a synthetic blog, publish the same either way", async () => {
  const dir = join(tempDir(), "content");
  await generateContent({ dir, posts: 100, seed: 5 });
  for (const root of [CONTENT, dir]) {
    for (const sub of ["pages", "blog"]) {
      for (const name of readdirSync(join(root, sub))) {
        const text = readFileSync(join(root, sub, name), "utf8");
        const body = bodyAt(text, parseMarkdownFile(text, name).bodyLine, name);
        assert.equal(published(body), byLine(body), name);
      }
    }
  }
});

test("generated bodies publish the same either way", () => {
  const lines = [
    "```",
    "~~~",
    "````",
    "   ```js",
    "    ```",
    "\t```",
    "``",
    "## Heading {#explicit}",
    "## Heading {#explicit}  ",
    "## {#only-id}",
    "# a {#b} c {#d}",
    "####### seven {#x}",
    "#nospace {#x}",
    "   ### indented {#x}",
    "    #### code {#x}",
    "## text {#9bad}",
    "## text {#ok-id_2}",
    "See [a](/about/) and [b](//cdn.example/x).",
    "[ref]: /blog/x/",
    "](/",
    "plain text",
    "",
    " ",
    "\u00a0## nbsp {#y}",
    "## é {#z}",
    "a\u2028b",
    "c\rd",
    "## cr {#w}\r",
    "{# not a heading}",
    "> ```",
    "- ```",
    "    indented [c](/c/)",
  ];
  // The benchmark's seeded generator (mulberry32), so a failure can be replayed.
  const next = rng(4242);
  const random = (n: number) => Math.floor(next() * n);
  for (let i = 0; i < 5000; i++) {
    const body = Array.from({ length: 1 + random(12) }, () => lines[random(lines.length)]).join("\n");
    assert.equal(published(body), byLine(body), JSON.stringify(body));
  }
});
