/**
 * The move's proof and what a documentation theme repeats within a folder:
 * a sidebar that lists the pages of the version a page is of
 * (`/docs/v3/…`), on every page of that version and on none of the others'.
 * Each version is a small share of the site, so only the folder shows it as
 * the layout's: its words and links are not the page's own, and no page is
 * counted as having lost them.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { writtenTree } from "./helpers/dist.ts";
import { importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);
const VERSIONS = 6;
const PAGES = 10;
const CALLS = [
  "anchor",
  "ballast",
  "capstan",
  "davit",
  "fender",
  "gunwale",
  "halyard",
  "jib",
  "keel",
  "lanyard",
];

/** A Jekyll site of six versions' documentation, ten pages each, and the layout's sidebar of the version's pages. */
function docsSite(): string {
  const files: Record<string, string> = {
    "_config.yml":
      "title: Rigging reference\ncollections:\n  docs:\n    output: true\n    permalink: /docs/:path/\n",
    "_layouts/doc.html": [
      // The sidebar inside the page's article, beside its text, as a real documentation theme has it.
      '<!doctype html><html><body><article><h1>{{ page.title }}</h1><div><section class="toc"><h3>Calls</h3><ul>',
      "{% for doc in site.docs %}{% if doc.version == page.version %}",
      '<li><a href="{{ doc.url }}">{{ doc.call }}</a></li>',
      "{% endif %}{% endfor %}",
      "</ul></section><div>{{ content }}</div></div></article></body></html>",
    ].join("\n"),
  };
  for (let version = 1; version <= VERSIONS; version++)
    for (const [index, call] of CALLS.slice(0, PAGES).entries())
      files[`_docs/v${version}/${call}.md`] =
        `---\nlayout: doc\ntitle: ${call} in version ${version}\ncall: ${call}\nversion: ${version}\n---\n\n` +
        `The ${call} call of version ${version} takes ${index + version} arguments and returns the rope's tension.\n`;
  return writtenTree("sitegen-proof-folders-", files);
}

test("a sidebar that lists each version's pages, on every page of its version, is the theme's: every documentation page keeps all its words and links", {
  skip: tools.skip,
}, async () => {
  const { report } = await importedAgainst(docsSite(), jekyllBuild(tools.path("jekyll")));
  const docs = report.proof.pages.filter((page: { old: string }) => page.old.startsWith("/docs/"));
  assert.equal(
    docs.length,
    VERSIONS * PAGES,
    JSON.stringify(report.proof.pages.map((page: { old: string }) => page.old)),
  );
  for (const page of docs) {
    assert.equal(page.words.kept, page.words.old, `${page.old}: ${JSON.stringify(page.missing)}`);
    assert.equal(page.links.kept, page.links.old, `${page.old}: ${JSON.stringify(page.missing)}`);
    assert.ok(page.words.old >= 12, `${page.old}: ${JSON.stringify(page.words)}`);
  }
});
