/**
 * An Astro collection whose schema names its posts' date otherwise than
 * Astro's usual names (`published: z.coerce.date()`, as a real blog theme
 * does) has its entries moved as posts, dated by that field. Read as pages,
 * every entry under the posts' route was dropped and the import ended in
 * success with no post moved. The site's Astro is not installed: the import
 * computes the addresses itself.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";

test("an Astro collection dated by its schema's `published: z.coerce.date()` has its entries moved as posts with their dates", async () => {
  const source = join(tempDir("sitegen-astro-schema-date-"), "source");
  cpSync(join(ROOT, "test/fixtures/generators/astro-schema-date"), source, { recursive: true });
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site, "--json"]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(report.read, { posts: 2, pages: 0, files: 0 });
  assert.deepEqual(
    (report.moved as { file: string; to: string }[]).map(({ file, to }) => [
      file.replace(/^.*\/source\//, ""),
      to,
    ]),
    [
      ["src/content/blog/net-mending.md", "/blog/net-mending/"],
      ["src/content/blog/salt-marsh.md", "/blog/salt-marsh/"],
    ],
  );
  // Each dated by `published` (`Jul 08 2023` coerced as Astro's schema does), its `updated` kept as the update.
  const marsh = readFileSync(join(site, "content/blog/salt-marsh.md"), "utf8");
  assert.match(marsh, /^date: 2024-03-09$/m);
  assert.doesNotMatch(marsh, /^published:/m);
  const nets = readFileSync(join(site, "content/blog/net-mending.md"), "utf8");
  assert.match(nets, /^date: 2023-07-08$/m);
  assert.match(nets, /^updated: 2024-01-15$/m);
  const page = readFileSync(join(site, "dist/blog/salt-marsh/index.html"), "utf8");
  assert.match(page, /The creek filled before the light did/);
  assert.match(page, /datetime="2024-03-09"/);
});
