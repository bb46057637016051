/**
 * A Jekyll site that keeps its pages in _posts/ (`type: pages` and a page's
 * permalink, as a cryptocurrency client's site in five languages does), built
 * by Jekyll itself as the reference, moved and held to it page by page:
 * - a page whose include runs a block for its assignments only, `{% capture
 *   /dev/null %}` (Jekyll's Liquid captures it into `dev`), shows its table;
 * - a page in a language whose folder is a locale (`lang: zh_CN`) reads
 *   `page.lang` as written, for the data file keyed by it and the address it
 *   builds (`/zh_CN/notes.xml`), though the new site knows it as `zh-CN`;
 * - a post whose layout lists the site's posts in its place (its blog page,
 *   its home, in each language), or a page that wears that layout, is that
 *   list: its old address leads to the new site's list, and nothing of its
 *   own text is lost, since its layout showed none of it; a page whose
 *   layout lists posts beside what it shows of the page is a page.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);

interface PageKept {
  old: string;
  new: string;
  words: { old: number; kept: number };
  links: { old: number; kept: number };
  missing: { words: string[]; links: string[] };
}

test("pages kept in _posts/ keep every word Jekyll showed: a capture into /dev/null, page.lang as written, a layout that lists the posts", {
  skip: tools.skip,
}, async () => {
  const { site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/import-jekyll-page-like-posts"),
    jekyllBuild(tools.path("jekyll")),
  );
  assert.equal(report.build.ok, true, JSON.stringify(report.build.errors));
  const failed = (report.build.warnings as { kind: string; message: string; file: string }[]).filter(
    (warning) => warning.kind === "template-tag",
  );
  assert.deepEqual(failed, []);
  // Every old page answers, a post or page of text with its words and links as Jekyll showed them.
  assert.deepEqual(report.proof.answered.unanswered, []);
  assert.equal(report.proof.answered.answer, report.proof.answered.old);
  const pages = report.proof.pages as PageKept[];
  // A page whose layout lists recent posts beside it, and shows it through a filter (`{{ content | strip }}`), is a page of its own.
  for (const old of [
    "/en/contact/",
    "/en/feeds/",
    "/zh_CN/feeds/",
    "/en/2020/01/01/first-light/",
    "/en/about/",
  ]) {
    const page = pages.find((each) => each.old === old);
    assert.ok(page, `${old}: ${JSON.stringify(pages)}`);
    assert.equal(page.words.kept, page.words.old, `${old}: ${JSON.stringify(page)}`);
    assert.equal(page.links.kept, page.links.old, `${old}: ${JSON.stringify(page)}`);
  }

  const contact = pages.find((each) => each.old === "/en/contact/")!;
  const shown = readFileSync(join(site, "dist", contact.new, "index.html"), "utf8");
  for (const cell of ["<th>Keeper</th>", "<td>Agnes Tarrow</td>", "<td>Midnight to dawn</td>"])
    assert.ok(shown.includes(cell), `${cell}\n${shown}`);
  assert.match(shown, /Each keeper signs the log at the end of a watch\./);
  assert.doesNotMatch(shown, /capture|only sets the words/);

  const feeds = pages.find((each) => each.old === "/zh_CN/feeds/")!;
  assert.match(
    readFileSync(join(site, "dist", feeds.new, "index.html"), "utf8"),
    /<a href="\/zh_CN\/notes\.xml" title="守灯人笔记订阅">笔记订阅<\/a>\s*灯室的每一篇笔记，最新的在前/,
  );

  // The blog pages and the homes are the new site's lists: each old address answers with a 301 to one.
  const redirects = readFileSync(join(site, "dist/_redirects"), "utf8");
  for (const [old, to] of [
    ["/en/blog/", "/blog/"],
    ["/zh_CN/blog/", "/blog/"],
    ["/en/archive/", "/blog/"],
  ])
    assert.match(redirects, new RegExp(`^${old} ${to} 301$`, "m"));
  const left = report.left as { file: string; why: string }[];
  for (const name of [
    "_posts/en/pages/2016-01-01-blog.md",
    "_posts/zh_CN/pages/2016-01-01-index.md",
    "archive.md",
  ]) {
    const entry = left.find((each) => each.file.endsWith(`/${name}`));
    assert.ok(entry, `${name}: ${JSON.stringify(left)}`);
    assert.match(
      entry.why,
      /its layout _layouts\/(post-index|home)\.html lists them and shows none of its own text/,
    );
  }
  // None of them is a post of the new blog, whose list has the site's notes.
  assert.deepEqual(readdirSync(join(site, "content/blog")).sort(), [
    "2016-03-12-contact.md",
    "2016-03-21-feeds.md",
    "2016-03-21-feeds.zh-CN.md",
    "2020-01-01-first-light.md",
    "2020-01-01-first-light.zh-CN.md",
    "2020-02-03-fog-signal.md",
  ]);
  assert.match(readFileSync(join(site, "dist/blog/index.html"), "utf8"), /First light of the season/);
});
