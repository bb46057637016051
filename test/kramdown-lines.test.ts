/**
 * What the build finds within a paragraph of many lines is told at its own
 * line, not the paragraph's first: a link, an image, raw HTML. In a Jekyll
 * site's Markdown a span-level tag alone on its line (`<video controls>`)
 * opens a paragraph, as kramdown reads it (kramdown-span-html.test.ts), so
 * the `<source>` under it, blocked by the page's policy, is a line of that
 * paragraph; its warning was given at the `<video>` line.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";

const FIXTURE = join(ROOT, "test/fixtures/kramdown-lines/post.md");
const lines = readFileSync(FIXTURE, "utf8").split("\n");

async function findings(name: string, options: { jekyll?: true } = {}) {
  const root = initSite(name);
  copyFileSync(FIXTURE, join(root, "content/blog/lines.md"));
  if (options.jekyll) writeFileSync(join(root, "content/_config.yml"), "title: Tides\n");
  const run = await sitegenHere(["build", "--out", join(root, "dist"), "--json"], { cwd: root });
  assert.equal(run.status, 0, run.stderr);
  const found = JSON.parse(run.stdout).findings as {
    kind: string;
    message: string;
    file: string;
    line: number;
  }[];
  return found.filter((each) => each.file === "content/blog/lines.md");
}

/** Each finding as the kind and the text of the line it names. */
const atLines = (found: { kind: string; line: number }[]) =>
  found.map((each) => `${each.kind}: ${lines[each.line - 1].trim()}`).sort();

const expected = [
  "broken-image: while ![a chart](/charts/neap.png) shows the neaps",
  'broken-link: and <a href="/tables/neap/">the neap table</a> lists them.',
  "broken-link: and the first of them is [the spring table](/tables/spring/),",
];

test("in a Jekyll site, the <source> of a video that opens a paragraph, and each link and image of a long paragraph, at its own line", async () => {
  const found = await findings("kramdown-lines", { jekyll: true });
  assert.deepEqual(
    atLines(found.filter((each) => each.kind !== "csp-blocked" || each.message.includes("<source"))),
    [...expected, 'csp-blocked: <source src="/clips/tide.mp4" type="video/mp4">'].sort(),
  );
});

test("in any site, each link and image of a long paragraph at its own line", async () => {
  const found = await findings("commonmark-lines");
  assert.deepEqual(atLines(found.filter((each) => each.kind !== "csp-blocked")), expected);
});
