/**
 * An image alone in its paragraph, with a title, shown as a figure whose
 * caption is the title where site.yaml says `markdown.image_captions:
 * title`, as markdown-it-image-figures (`figcaption: true`) shows it; left
 * as CommonMark's `<img>` in a paragraph otherwise. `sitegen import` sets
 * it for an Eleventy site that sets that plugin up, in a module its
 * configuration imports too.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { renderMarkdown } from "../src/render/markdown/index.ts";
import { sitegenHere, tempDir } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";

const ALONE = '![A quay](/quay.png "Low tide at dawn")\n';
const captioned = (text: string) => renderMarkdown(text, "en", { imageCaptions: "title" }).html;

test("a lone image's title is its caption, the title attribute moved into it; a link around it kept", () => {
  assert.equal(
    captioned(ALONE),
    '<figure><img src="/quay.png" alt="A quay"><figcaption>Low tide at dawn</figcaption></figure>\n',
  );
  assert.equal(
    captioned('[![A quay](/quay.png "Low tide & dawn")](/quay.png)\n'),
    '<figure><a href="/quay.png"><img src="/quay.png" alt="A quay"></a><figcaption>Low tide &amp; dawn</figcaption></figure>\n',
  );
});

test("an image among words, one with no title, and any image without the setting stay CommonMark's", () => {
  assert.match(captioned(`Before ${ALONE}`), /^<p>Before <img [^>]*title="Low tide at dawn">/);
  assert.equal(captioned("![A quay](/quay.png)\n"), '<p><img src="/quay.png" alt="A quay"></p>\n');
  assert.equal(
    renderMarkdown(ALONE, "en", {}).html,
    '<p><img src="/quay.png" alt="A quay" title="Low tide at dawn"></p>\n',
  );
});

test("site.yaml's markdown.image_captions: title captions the post's pictures on its page", async () => {
  const root = initSite("image-captions");
  appendFileSync(join(root, "content/site.yaml"), "\nmarkdown:\n  image_captions: title\n");
  writeFileSync(
    join(root, "content/blog/harbour.md"),
    `---\ntitle: Harbour\ndate: 2024-03-01\ndescription: The quay.\n---\n\nThe boats came in.\n\n${ALONE}`,
  );
  const built = await sitegenHere(["build", "--out", join(root, "dist")], { cwd: root });
  assert.equal(built.status, 0, built.stderr);
  const page = readFileSync(join(root, "dist/blog/harbour/index.html"), "utf8");
  assert.match(
    page,
    /<figure><img [^>]*alt="A quay"[^>]*><figcaption>Low tide at dawn<\/figcaption><\/figure>/,
  );
  // The Markdown representation keeps what the author wrote.
  assert.match(readFileSync(join(root, "dist/blog/harbour.md"), "utf8"), /"Low tide at dawn"\)/);
});

test("sitegen import sets image_captions: title for an Eleventy site whose markdown-it-image-figures captions by title", async () => {
  const source = (plugin: string) => {
    const root = tempDir("sitegen-image-captions-");
    const files: Record<string, string> = {
      "eleventy.config.js":
        'const markdown = require("./lib/markdown.js");\nmodule.exports = (config) => { config.setLibrary("md", markdown); return { dir: { input: "src" } }; };\n',
      "lib/markdown.js": `const markdownIt = require("markdown-it");\nconst imageFigures = require("markdown-it-image-figures");\nmodule.exports = markdownIt().use(imageFigures, ${plugin});\n`,
      "package.json":
        '{ "devDependencies": { "@11ty/eleventy": "^3.0.0", "markdown-it-image-figures": "^2.1.1" } }\n',
      "src/blog/2024-03-01-harbour.md": `---\ntitle: Harbour\ntags: post\n---\n\nThe boats came in.\n\n${ALONE}`,
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };
  const imported = async (plugin: string) => {
    const from = source(plugin);
    const site = join(from, "..", `${from.split("/").pop()}-site`);
    const run = await sitegenHere(["import", from, site]);
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    return site;
  };
  const titled = await imported("{ figcaption: true }");
  assert.match(readFileSync(join(titled, "content/site.yaml"), "utf8"), /^\s+image_captions: title$/m);
  const page = readFileSync(join(titled, "dist/blog/harbour/index.html"), "utf8");
  assert.match(page, /<figcaption>Low tide at dawn<\/figcaption>/);
  const plain = await imported("{ lazy: true }");
  assert.doesNotMatch(readFileSync(join(plain, "content/site.yaml"), "utf8"), /image_captions/);
});
