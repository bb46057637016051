/**
 * publicMarkdown works on the whole text between fence lines; it must give
 * what its line-by-line definition gives, on the site's posts and on
 * generated bodies full of fences, heading ids and links.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { generateContent, rng } from "../bench/synthetic.ts";
import { bodyAt, parseMarkdownFile } from "../src/content/frontmatter.ts";
import { publicMarkdown, publicMarkdownByLine } from "../src/emit/page-markdown.ts";
import { tempDir } from "./helpers/dist.ts";
import { CONTENT } from "./helpers/site.ts";

const BASE = "https://halyard.example";

test("the site's pages and posts, and a synthetic blog, publish the same either way", async () => {
  const dir = join(tempDir(), "content");
  await generateContent({ dir, posts: 100, seed: 5 });
  for (const root of [CONTENT, dir]) {
    for (const sub of ["pages", "blog"]) {
      for (const name of readdirSync(join(root, sub))) {
        const text = readFileSync(join(root, sub, name), "utf8");
        const body = bodyAt(text, parseMarkdownFile(text, name).bodyLine);
        assert.equal(publicMarkdown(body, BASE), publicMarkdownByLine(body, BASE), name);
      }
    }
  }
});

test("generated bodies publish the same either way", () => {
  const lines = [
    "```", "~~~", "   ```js", "    ```", "\t```", "``", "## Heading {#explicit}", "## Heading {#explicit}  ", "## {#only-id}", "# a {#b} c {#d}", "####### seven {#x}",
    "#nospace {#x}", "   ### indented {#x}", "    #### code {#x}", "## text {#9bad}", "## text {#ok-id_2}", "See [a](/about/) and [b](//cdn.example/x).",
    "[ref]: /blog/x/", "](/", "plain text", "", " ", "\u00a0## nbsp {#y}", "## é {#z}", "a\u2028b", "c\rd", "## cr {#w}\r", "{# not a heading}",
  ];
  // The benchmark's seeded generator (mulberry32), so a failure can be replayed.
  const next = rng(4242);
  const random = (n: number) => Math.floor(next() * n);
  for (let i = 0; i < 5000; i++) {
    const body = Array.from({ length: 1 + random(12) }, () => lines[random(lines.length)]).join("\n");
    assert.equal(publicMarkdown(body, BASE), publicMarkdownByLine(body, BASE), JSON.stringify(body));
  }
});
