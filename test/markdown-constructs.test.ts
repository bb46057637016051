/**
 * A post renders through an instance with only the constructs its source
 * may use (src/render/markdown/constructs.ts): its tokens and HTML are the
 * full chain's, byte for byte, on every Markdown fixture, the example
 * site's and the documentation's posts and pages, under each math dialect.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { constructsOf, parseChosen } from "../src/render/markdown/constructs.ts";
import { CONSTRUCTS, markdownWith, md } from "../src/render/markdown/instance.ts";
import { ROOT } from "./helpers/dist.ts";

const FOLDERS = ["test/fixtures", "content", "docs/content", "starter"];

function markdownFiles(): { name: string; text: string }[] {
  const files: { name: string; text: string }[] = [];
  for (const folder of FOLDERS) {
    for (const name of readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" }).sort()) {
      if (name.endsWith(".md") || name.endsWith(".markdown"))
        files.push({ name: `${folder}/${name}`, text: readFileSync(join(ROOT, folder, name), "utf8") });
    }
  }
  return files;
}

/** Constructs that share a source with no trigger of theirs: each written where a plugin could match it only after Markdown has read it. */
const EDGES = [
  "_www.example.com_ and *https://x.example/a*",
  "example.com:8080/path, localhost:3000",
  "`{.x}` &#123;.lead&#125;\n\n## A heading &lcub;#id&rcub;",
  "text[^1]\n\n[^1]: https://example.com/",
  "inline^[a note] here",
  "> [!NOTE] A title\n> body",
  "::: warning\nbox\n:::",
  "**重点。**然后 and *😀*x and a\uFE0E*b*",
  "costs $5 and $10, $\\epsilon$, \\(x\\) and $$y$$",
  ":tada: 12:30:00 :not_an_emoji:",
  "{::comment}hidden{:/comment} and {::nomarkdown}<b>x</b>{:/nomarkdown}",
  "Term\n: definition\n\n- [ ] task\n- [x] done",
  "<!--more-->\n\n<div>raw</div> www&#46;example.com",
  "[a link](https://example.com/) and README.md, //host.example and Note: this",
  "example.com/:tada: and [x](http://y.example)",
  "HTTP://EXAMPLE.COM and <https://example.com> and mailto:a@b.example",
  "&lt;https://x.example/a.tar.gz&gt; and [^1] https://fn.example\n\n[^1]: https://n.example",
];

const DIALECTS = [undefined, "kramdown", "latex", "dollars", "mathjax", "none"] as const;

test("a post's instance renders as the full chain on every fixture and site page", () => {
  const sources = [...markdownFiles().map((file) => file.text), ...EDGES];
  assert.ok(sources.length > 50, `only ${sources.length} sources`);
  for (const source of sources) {
    for (const math of DIALECTS) {
      const [fullEnv, chosenEnv] = [{ math }, { math }];
      const full = md.render(source, fullEnv);
      const chosen = parseChosen(source, chosenEnv);
      assert.equal(
        chosen.md.renderer.render(chosen.tokens, chosen.md.options, chosenEnv),
        full,
        `differs from the full chain (math: ${math}, constructs: ${constructsOf(source).join(", ")}):\n${source.slice(0, 200)}`,
      );
      assert.equal(
        JSON.stringify(chosenEnv),
        JSON.stringify(fullEnv),
        "what the parse tells the page differs",
      );
    }
  }
});

test("a post without a construct's trigger leaves its plugin out", () => {
  assert.deepEqual(constructsOf("Plain text, *emphasis* and a [link](/about/).\n"), []);
  assert.deepEqual(constructsOf("See https://example.com"), ["autolinks"]);
  assert.deepEqual(constructsOf("a[^1]\n\n[^1]: note"), ["footnotes"]);
  assert.deepEqual(constructsOf("Bài viết, **重点。**然后"), []);
});

test("every set of constructs makes an instance", () => {
  for (let mask = 0; mask < 1 << CONSTRUCTS.length; mask++) {
    const set = new Set(CONSTRUCTS.filter((_, index) => mask & (1 << index)));
    assert.equal(typeof markdownWith(set).render("# x\n\ntext\n"), "string");
  }
});
