/**
 * An old site's tag pages under a folder of its theme's own naming
 * (`/blog/tagged/fog/`, found on a real Astro blog): no list of names
 * foresees it, so the folder is known by its pages, most of them named by
 * the moved posts' tags. Each answers with a 301 to the new tag page.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { importedAgainst } from "./helpers/imported.ts";

const ELEVENTY = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");

test("tag pages under a folder the theme named (/blog/tagged/<tag>/) and a list of posts numbered under /blog/posts/ answer with a 301 to the new tag and blog pages", async () => {
  const { site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/generators/eleventy-tagged"),
    (source, out) => {
      symlinkSync(join(ROOT, "node_modules"), join(source, "node_modules"));
      return { command: process.execPath, args: [ELEVENTY, `--output=${out}`, "--quiet"] };
    },
  );
  assert.equal(report.read.posts, 3);
  // Five tag pages, three posts and the list of posts page by page (/blog/posts/, /blog/posts/2/, /blog/posts/3/), each answering.
  assert.equal(report.proof.answered.old, 11, JSON.stringify(report.proof.answered));
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered.unanswered),
  );
  const redirects = readFileSync(join(site, "content/site.yaml"), "utf8");
  for (const tag of ["fog", "sound", "lamps", "supplies", "tides"])
    assert.match(redirects, new RegExp(`^ {2}/blog/tagged/${tag}/: /tags/${tag}/$`, "m"), redirects);
  // The new blog lists three posts on its one page.
  for (const page of ["2", "3"])
    assert.match(redirects, new RegExp(`^ {2}/blog/posts/${page}/: /blog/$`, "m"), redirects);
});
