/**
 * A page is a page whatever it is called: content/pages/404.md (Jekyll and
 * Eleventy sites have one, and `sitegen import` moves it) and a page named
 * like another kind's template (post.md, tag.md) render through page.html,
 * never through the not-found page's or a post's template, which expect
 * what those pages have and failed the build ("unknown name `pages`").
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sitegen, tempDir } from "./helpers/dist.ts";

test("pages named 404, post and tag build through page.html, and the site's not-found page keeps its own template", () => {
  const site = join(tempDir("sitegen-page-names-"), "site");
  assert.equal(sitegen(["init", site, "--no-install"]).status, 0);
  const page = (name: string, text: string) =>
    writeFileSync(
      join(site, "content/pages", `${name}.md`),
      `---\ntitle: "${name} page"\ndescription: "A page called ${name}."\nupdated: 2026-01-01\n---\n\n${text}\n`,
    );
  page("404", "The old site's own not-found text.");
  page("post", "A page about the post office.");
  page("tag", "A page about tags on luggage.");
  const built = sitegen(["build"], { cwd: site });
  assert.equal(built.status, 0, built.stderr);
  const dist = join(site, "dist");
  assert.match(readFileSync(join(dist, "404/index.html"), "utf8"), /The old site's own not-found text\./);
  assert.match(readFileSync(join(dist, "post/index.html"), "utf8"), /A page about the post office\./);
  assert.match(readFileSync(join(dist, "tag/index.html"), "utf8"), /A page about tags on luggage\./);
  assert.match(
    readFileSync(join(dist, "404.html"), "utf8"),
    /<a href="\/post\/"[^>]*>post page<\/a>/,
    "the not-found page lists the pages, these among them",
  );
});
