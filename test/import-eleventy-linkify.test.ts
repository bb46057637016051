/**
 * An Eleventy blog whose markdown-it has `linkify` on showed a bare name
 * (`shop.example.com`) as a link; sitegen's Markdown links a bare address
 * only with its scheme or `www.`, so the name moved as written lost its link
 * (two of a real blog's posts in each of its three languages). The names the
 * site's own Eleventy linked are written as those links, each named at its
 * line; the same name as a link's text, in code, or an address sitegen links
 * itself stays as written.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { importedAgainst } from "./helpers/imported.ts";

const ELEVENTY = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");
const FIXTURE = join(ROOT, "test/fixtures/generators/eleventy-linkify");

test("the bare names a site's Markdown linked move as the links its old pages showed, named at their line", async () => {
  const { site, out, report } = await importedAgainst(FIXTURE, (source, out) => {
    symlinkSync(join(ROOT, "node_modules"), join(source, "node_modules"));
    return { command: process.execPath, args: [ELEVENTY, `--output=${out}`, "--quiet"] };
  });
  const shop = '<a href="http://shop.example.com">shop.example.com</a>';
  // The reference: the site's markdown-it linked the bare names.
  assert.ok(readFileSync(join(out, "posts/new-shop/index.html"), "utf8").includes(shop));
  const moved = readFileSync(join(site, "content/blog/new-shop.md"), "utf8");
  assert.ok(
    moved.includes(
      "at [shop.example.com](http://shop.example.com) now, and the old one at [lamps.example.org](http://lamps.example.org) will close.",
    ),
    moved,
  );
  // Between quotes, as a typographer's site writes a file's name: linked as it was.
  assert.ok(
    moved.includes('the workshop "[lamps.example.net](http://lamps.example.net)" in his letters.'),
    moved,
  );
  for (const kept of [
    "[shop.example.com](https://shop.example.com/about/)",
    "`shop.example.com`",
    "https://www.example.net/ is linked",
  ])
    assert.ok(moved.includes(kept), kept);
  assert.deepEqual(
    report.notes.map((note: { file: string; line: number; why: string }) => [
      note.file.replace(/^.*\/source\//, ""),
      note.line,
      note.why,
    ]),
    [
      ["shop.example.com", 6],
      ["lamps.example.org", 6],
      ["lamps.example.net", 10],
    ].map(([name, line]) => [
      "src/posts/new-shop.md",
      line,
      `\`${name}\`: its Markdown made a link of the bare name (markdown-it's linkify); written as the link it showed`,
    ]),
  );
  assert.deepEqual(report.proof.totals.links, { old: 6, kept: 6 });
  assert.deepEqual(report.proof.totals.words, { old: 87, kept: 87 });
  assert.ok(readFileSync(join(site, "dist/blog/new-shop/index.html"), "utf8").includes(shop));
  // A post the site's Markdown linked nothing in moves as written.
  assert.ok(
    readFileSync(join(site, "content/blog/quiet-week.md"), "utf8").endsWith(
      "Nothing new this week: the lamps are lit, and the quay is swept.\n",
    ),
  );
});
