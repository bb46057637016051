/**
 * An Eleventy site's lists, each page as its own Eleventy published it
 * (eleventy --to=json), lead to their counterparts: a template paginating a
 * collection of the configuration's own (`collections.activity`, two to a
 * page at /activity/ and /activity/1/) to the blog, and the page of a tag
 * named `404` (/blog/tags/404/) to that tag's page. Before, the list's pages
 * had no address the import knew of and answered nothing, and the tag's page
 * was taken for the old site's page for an address it did not have.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { importedAgainst } from "./helpers/imported.ts";
import { answersOnEveryHost } from "./helpers/landings.ts";

const ELEVENTY = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");
const FIXTURE = join(ROOT, "test/fixtures/generators/eleventy-activity");

test("the pages of a list of the site's own collection and of a tag named 404 answer with their counterparts on every host", async () => {
  const { site, out, report } = await importedAgainst(FIXTURE, (source, out) => {
    symlinkSync(join(ROOT, "node_modules"), join(source, "node_modules"));
    return { command: process.execPath, args: [ELEVENTY, `--output=${out}`, "--quiet"] };
  });
  // The reference: Eleventy published the list a page at a time, and the tag's page under /blog/tags/.
  for (const path of ["/activity/", "/activity/1/", "/blog/tags/404/"])
    assert.match(readFileSync(join(out, path, "index.html"), "utf8"), /<main>/);
  assert.deepEqual(
    report.oldPages.filter((page: { url: string }) => /^\/(activity|blog\/tags)\//.test(page.url)),
    [
      { url: "/activity/1/", kind: "listing", to: "/blog/" },
      { url: "/activity/", kind: "listing", to: "/blog/" },
      { url: "/blog/tags/404/", kind: "tag", to: "/tags/404/" },
      { url: "/blog/tags/lamps/", kind: "tag", to: "/tags/lamps/" },
    ],
  );
  assert.deepEqual(report.proof.answered, { old: 9, answer: 9, unanswered: [] });
  const list = report.left.find((each: { file: string }) => each.file.endsWith("src/activity.njk"));
  assert.deepEqual(list.oldUrls, ["/activity/", "/activity/1/"]);
  assert.ok(readFileSync(join(site, "dist/tags/404/index.html"), "utf8").includes("Missing pages"));
  await answersOnEveryHost(site, [
    ["/activity/", "/blog/"],
    ["/activity/1/", "/blog/"],
    ["/blog/tags/404/", "/tags/404/"],
    ["/blog/missing-pages/", "/blog/missing-pages/"],
  ]);
});
