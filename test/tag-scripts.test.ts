/**
 * Tags in a script without Latin letters (a blog in Chinese tags its posts
 * `随笔`): each has a page at `/tags/t-<hash>/`, linked from its posts
 * beside the Latin ones and listed on /tags/, and the warnings say what the
 * build did. Only a tag of punctuation alone has no page, and its warning
 * says the starter's links leave it out, as they do. A new site as
 * `sitegen init` writes it, built by the real CLI.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sitegen } from "./helpers/dist.ts";
import { initSite } from "./helpers/starter.ts";

const post = (title: string, tags: string[], body: string) =>
  `---\ntitle: "${title}"\ndate: 2026-02-0${tags.length}\ntags: [${tags.map((tag) => JSON.stringify(tag)).join(", ")}]\n---\n\n${body}\n`;

test("a tag with no Latin letter has a page of its own, linked from its posts beside the others; a tag of punctuation alone has none, and its warning says the links leave it out", () => {
  const root = initSite("tag-scripts");
  writeFileSync(
    join(root, "content/blog/harbour-notes.md"),
    post("Harbour notes", ["随笔", "Sailing"], "Notes from the quay, filed under two tags."),
  );
  writeFileSync(
    join(root, "content/blog/greek-winds.md"),
    post("Greek winds", ["Ελλάδα", "随笔", "..."], "The meltemi, in a post with three tags."),
  );
  const run = sitegen(["build", "--json"], { cwd: root });
  assert.equal(run.status, 0, run.stderr);

  const page = readFileSync(join(root, "dist/blog/harbour-notes/index.html"), "utf8");
  const links = new Map(
    [...page.matchAll(/<a href="(\/tags\/[^"]+)" rel="tag">([^<]+)<\/a>/g)].map(([, path, name]) => [
      name,
      path,
    ]),
  );
  assert.deepEqual([...links.keys()].sort(), ["Sailing", "随笔"]);
  const essays = links.get("随笔")!;
  assert.match(essays, /^\/tags\/t-[0-9a-f]{8}\/$/);
  // The same tag on another post is the same page; a tag in another script is another.
  const greek = readFileSync(join(root, "dist/blog/greek-winds/index.html"), "utf8");
  assert.ok(greek.includes(`<a href="${essays}" rel="tag">随笔</a>`), greek);
  const hellas = /<a href="(\/tags\/t-[0-9a-f]{8}\/)" rel="tag">Ελλάδα<\/a>/.exec(greek)?.[1];
  assert.ok(hellas && hellas !== essays, greek);
  // The punctuation tag is no link: the warning below says so.
  assert.doesNotMatch(greek, /rel="tag">\.\.\.</);

  const listing = readFileSync(join(root, `dist${essays}index.html`), "utf8");
  assert.match(listing, /Harbour notes/);
  assert.match(listing, /Greek winds/);
  assert.ok(existsSync(join(root, `dist${hellas}index.html`)));
  assert.ok(readFileSync(join(root, "dist/tags/index.html"), "utf8").includes(`href="${essays}"`));
  assert.match(
    readFileSync(join(root, "dist/blog/harbour-notes.md"), "utf8"),
    /\[随笔\]\([^)]*\/tags\/t-[0-9a-f]{8}\/\)/,
  );

  const findings = JSON.parse(run.stdout).findings as { kind: string; file?: string; message: string }[];
  const said = (kind: string) => findings.filter((finding) => finding.kind === kind).map((f) => f.message);
  assert.deepEqual(said("unaddressable-tag"), [
    "the tag `...` has no letter, digit or symbol to make its URL of: it has no page, and a template that links a post's tags to their pages (`tagLinks`, as the starter's do) leaves it out",
  ]);
  const spelling = said("tag-spelling").find((message) => message.includes("随笔"));
  assert.ok(spelling, JSON.stringify(findings));
  assert.equal(
    spelling,
    `the tag \`随笔\` is not lowercase words joined by hyphens: shown as written, \`${essays.split("/")[2]}\` in its URL (it has no Latin letter or digit to spell one with)`,
  );
});
