/**
 * Heading ids spelled as the generator a site came from spelled them
 * (site.yaml's `markdown.heading_ids`), so that the anchors its posts link to
 * still land: each spelling against the ids the real tool gave the same
 * headings (test/fixtures/heading-ids/), and a site built with the real CLI
 * whose posts link to their headings as their authors wrote the links.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync, appendFileSync } from "node:fs";
import { join } from "node:path";
import { slug as githubSlug } from "github-slugger";
import { renderMarkdown } from "../src/render/markdown/index.ts";
import type { HeadingIdStyle } from "../src/content/types.ts";
import { anchorsOf, fragmentIn, headingIdsOf } from "../src/import/anchors.ts";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";

const FIXTURE = join(ROOT, "test/fixtures/heading-ids");
const headings = readFileSync(join(FIXTURE, "headings.md"), "utf8");
const reference = JSON.parse(readFileSync(join(FIXTURE, "reference.json"), "utf8")) as Record<
  string,
  string[]
>;
const ids = (style: HeadingIdStyle, text = headings) => renderMarkdown(text, "en", { headingIds: style }).ids;

for (const style of ["hugo", "hugo-ascii", "blackfriday", "jekyll", "kramdown"] as const) {
  test(`${style}: every heading gets the id the real tool gave it`, () => {
    // Where the tool gave a heading no id (kramdown's GFM input, on `## !!!`), it gets one here, which no other heading's is: its link to itself needs one.
    const taken = new Set(reference[style]);
    assert.deepEqual(
      ids(style),
      reference[style].map(
        (id) => id || ["section", "section-2", "section-3"].find((free) => !taken.has(free)),
      ),
    );
  });
}

test("github: github-slugger on the heading's text as GitHub shows it, an image's alt text left out, a repeat numbered from -1", () => {
  const texts = [
    "MoCo & MoCo-V2",
    "Kullback–Leibler",
    "ε-Greedy Algorithm",
    "Use a--b -- or not...",
    "Image  here",
  ];
  const got = ids(
    "github",
    texts.map((text) => `## ${text.replace("Image  here", "Image ![alt text](/a.png) here")}\n`).join("\n"),
  );
  assert.deepEqual(
    got,
    texts.map((text) => githubSlug(text)),
  );
  assert.deepEqual(got.slice(0, 3), ["moco--moco-v2", "kullbackleibler", "ε-greedy-algorithm"]);
  assert.deepEqual(
    ids("github", "## A\n\n## A\n\n## A 1\n\n## A\n"),
    ["a", "a-1", "a-1-1", "a-2"],
    "github-slugger's: `A 1` is taken by the second `A`",
  );
  assert.deepEqual(renderMarkdown("## MoCo & MoCo-V2\n").ids, ["moco--moco-v2"], "GitHub's is the default");
});

test("eleventy: markdown-it-anchor's default slugify, percent-encoded as it writes ids", () => {
  assert.deepEqual(ids("eleventy", "## MoCo & MoCo-V2\n\n## ε-Greedy  Algorithm\n\n## Hello\n\n## Hello\n"), [
    "moco-%26-moco-v2",
    "%CE%B5-greedy-algorithm",
    "hello",
    "hello-1",
  ]);
});

test("ascii: sitegen's own slugs, German umlauts spelled out, a repeat numbered from -2", () => {
  assert.deepEqual(
    renderMarkdown("## Grüße aus Köln\n\n## Grüße aus Köln\n", "de", { headingIds: "ascii" }).ids,
    ["gruesse-aus-koeln", "gruesse-aus-koeln-2"],
  );
});

test("an id the author gave wins, and no made id takes it", () => {
  assert.deepEqual(ids("github", "## Setup {#setup-1}\n\n## Setup\n\n## Setup\n"), [
    "setup-1",
    "setup",
    "setup-2",
  ]);
  assert.deepEqual(
    ids("kramdown", "## Compiling {.step}\n"),
    ["compiling"],
    "the attribute list is no part of the words",
  );
});

test("a site's posts link to their headings as their authors wrote the links, in the spelling site.yaml names", async () => {
  const root = initSite("heading-ids");
  const post = (name: string, body: string) =>
    writeFileSync(
      join(root, "content/blog", `${name}.md`),
      `---\ntitle: "${name}"\ndate: 2024-03-01\n---\n\n${body}`,
    );
  post(
    "contrastive",
    "See [MoCo](#moco--moco-v2), [KL](#kullbackleibler) and [ε](#%CE%B5-greedy-algorithm).\n\n## MoCo & MoCo-V2\n\n## Kullback–Leibler\n\n## ε-Greedy Algorithm\n",
  );
  post("linking", "As [the other post says](/blog/contrastive/#moco--moco-v2).\n");
  const built = await sitegenHere(["build", "--out", join(root, "dist")], { cwd: root });
  assert.equal(built.status, 0, built.stderr);
  assert.doesNotMatch(built.stderr, /broken-anchor|broken anchor/);
  const page = readFileSync(join(root, "dist/blog/contrastive/index.html"), "utf8");
  for (const id of ["moco--moco-v2", "kullbackleibler", "ε-greedy-algorithm"])
    assert.match(page, new RegExp(`<h2 id="${id}">`));

  // kramdown's own input drops what is not ASCII, and what comes before the first letter: the same links now miss.
  appendFileSync(join(root, "content/site.yaml"), "\nmarkdown:\n  heading_ids: kramdown\n");
  const kramdown = await sitegenHere(["build", "--out", join(root, "dist-kramdown")], { cwd: root });
  assert.equal(kramdown.status, 0, kramdown.stderr);
  assert.match(
    readFileSync(join(root, "dist-kramdown/blog/contrastive/index.html"), "utf8"),
    /<h2 id="greedy-algorithm">/,
  );
  assert.match(
    kramdown.stderr,
    /content\/blog\/contrastive\.md:6:60: broken anchor `#%CE%B5-greedy-algorithm`/,
  );
});

test("a spelling site.yaml does not know is an error at its line, naming the ones it knows", async () => {
  const root = initSite("heading-ids-bad");
  appendFileSync(join(root, "content/site.yaml"), "\nmarkdown:\n  heading_ids: gitlab\n");
  const run = await sitegenHere(["build", "--out", join(root, "dist")], { cwd: root });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /content\/site\.yaml:\d+/);
  assert.match(run.stderr, /github/);
});

test("sitegen import names the spelling the old site's configuration gave its ids", () => {
  const site = (files: Record<string, string>) => {
    const root = tempDir("sitegen-heading-ids-");
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(root, name, ".."), { recursive: true });
      writeFileSync(join(root, name), text);
    }
    return root;
  };
  assert.equal(
    headingIdsOf("jekyll", site({ "_config.yml": "title: x\nmarkdown: kramdown\n" })),
    "jekyll",
    "kramdown's GFM input, Jekyll's default",
  );
  assert.equal(
    headingIdsOf(
      "jekyll",
      site({ "_config.yml": "kramdown:\n  auto_ids: true\n\n  input: kramdown\ntitle: x\n" }),
    ),
    "kramdown",
  );
  assert.equal(headingIdsOf("hugo", site({ "hugo.toml": 'title = "x"\n' })), "hugo");
  assert.equal(
    headingIdsOf(
      "hugo",
      site({ "config.toml": '[markup.goldmark.parser]\n  autoHeadingIDType = "github-ascii"\n' }),
    ),
    "hugo-ascii",
  );
  assert.equal(
    headingIdsOf(
      "hugo",
      site({ "config/_default/markup.yaml": "goldmark:\n  parser:\n    autoHeadingIDType: blackfriday\n" }),
    ),
    "blackfriday",
  );
  assert.equal(
    headingIdsOf(
      "eleventy",
      site({
        "eleventy.config.js":
          'import markdownItAnchor from "markdown-it-anchor";\nexport default (c) => c.amendLibrary("md", (md) => md.use(markdownItAnchor));\n',
      }),
    ),
    "eleventy",
  );
  assert.equal(
    headingIdsOf(
      "eleventy",
      site({
        "eleventy.config.js":
          'import { IdAttributePlugin } from "@11ty/eleventy";\nexport default (c) => c.addPlugin(IdAttributePlugin);\n',
      }),
    ),
    "ascii",
    "Eleventy's slugify filter: sitegen's spelling is the nearest",
  );
  assert.equal(
    headingIdsOf("eleventy", site({ ".eleventy.js": "module.exports = () => ({});\n" })),
    undefined,
    "no ids made: the default",
  );
  assert.equal(headingIdsOf("astro", site({})), undefined);
});

test("sitegen import keeps a link to a heading whose id is the same in both spellings, written encoded or not", () => {
  const anchors = anchorsOf("## ε-Greedy Algorithm\n\n## MoCo & MoCo-V2\n", "en", "jekyll");
  assert.equal(
    fragmentIn(anchors, "%CE%B5-greedy-algorithm"),
    "ε-greedy-algorithm",
    "decoded, as the link is written again encoded",
  );
  assert.equal(fragmentIn(anchors, "ε-greedy-algorithm"), "ε-greedy-algorithm");
  assert.equal(fragmentIn(anchors, "moco--moco-v2"), "moco--moco-v2");
  assert.equal(fragmentIn(anchors, "no-such-heading"), undefined);
});
