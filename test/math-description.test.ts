/**
 * A post without a `description:` is described by its first paragraph as
 * plain text (src/render/markdown/excerpt.ts); a formula in it is kept as its TeX
 * was written, delimiters and all, read as the site's `markdown.math` reads
 * it: it was left out, and `$a_1 + b_1$` read as text lost its `_` to
 * emphasis. Built by the real CLI; test/fixtures/math-description/circles.md
 * holds each inline form.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere } from "./helpers/dist.ts";
import { decodeEntities } from "./helpers/site.ts";
import { initSite } from "./helpers/starter.ts";

const FIXTURE = join(ROOT, "test/fixtures/math-description/circles.md");

/** A new site with the fixture post, its site.yaml saying `math` where given; the post's description as its page's head has it. */
async function described(name: string, math?: string) {
  const root = initSite(name);
  copyFileSync(FIXTURE, join(root, "content/blog/circles.md"));
  if (math) appendFileSync(join(root, "content/site.yaml"), `\nmarkdown:\n  math: ${math}\n`);
  const run = await sitegenHere(["build", "--out", join(root, "dist")], { cwd: root });
  assert.equal(run.status, 0, run.stderr);
  const page = readFileSync(join(root, "dist/blog/circles/index.html"), "utf8");
  const meta = /<meta name="description" content="([^"]*)">/.exec(page)?.[1];
  assert.ok(meta !== undefined, "the page has a description");
  return {
    description: decodeEntities(meta),
    markdown: readFileSync(join(root, "dist/blog/circles.md"), "utf8"),
  };
}

test("a site that reads $…$ keeps every formula of the first paragraph in the description, as written", async () => {
  const { description, markdown } = await described("math-description-dollars", "dollars");
  assert.equal(
    description,
    "The area of a circle is \\(\\pi r^2\\), the sum $a_1 + b_1$ is a sum, and $$E = mc^2$$ is famous; a price of $5 stays a price.",
  );
  // The Markdown's summary line escapes each backslash, so that it reads as the same text.
  assert.match(
    markdown,
    /^> The area of a circle is \\\\\(\\\\pi r\^2\\\\\), the sum \$a_1 \+ b_1\$ is a sum/m,
  );
});

test("a site of the default reading keeps \\(…\\) and $$…$$, the formulas it reads; a single $ is its text", async () => {
  const { description } = await described("math-description-latex");
  assert.match(description, /^The area of a circle is \\\(\\pi r\^2\\\), the sum \$a/);
  assert.match(description, /and \$\$E = mc\^2\$\$ is famous; a price of \$5 stays a price\.$/);
});
