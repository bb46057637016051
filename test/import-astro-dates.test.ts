/**
 * An Astro post whose date names no day (`pubDate: 2025/06/56`, which a
 * collection typed `z.string()` publishes as the text it is) is moved and
 * builds: dated by its file, the written text kept beside the date, and
 * the report naming the line. Moved as written, the post stopped the build
 * and the import ended in an error after writing the site.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";

const POST = `---
title: The tide table
description: A post whose day was mistyped.
pubDate: 2025/06/56
---

High water came twice before noon, and the harbour wall kept its line of weed.
`;

test("an Astro post whose date names no day is dated by its file, its written date kept, and the line named", async () => {
  const source = join(tempDir("sitegen-astro-dates-"), "source");
  cpSync(join(ROOT, "test/fixtures/generators/astro"), source, { recursive: true });
  writeFileSync(join(source, "src/content/blog/tide-table.md"), POST);
  const site = join(source, "..", "site");
  const run = await sitegenHere(["import", source, site]);
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const said = `${run.stdout}\n${run.stderr}`;
  assert.match(said, /src\/content\/blog\/tide-table\.md:4\b[^\n]*2025\/06\/56[^\n]*names no day/);
  const moved = readFileSync(join(site, "content/blog/tide-table.md"), "utf8");
  assert.match(moved, /^date: \d{4}-\d{2}-\d{2}$/m);
  assert.match(moved, /^date_as_written: 2025\/06\/56$/m);
  assert.match(moved, /High water came twice before noon, and the harbour wall kept its line of weed\./);
  const page = readFileSync(join(site, "dist/blog/tide-table/index.html"), "utf8");
  assert.match(page, /High water came twice before noon/);
});
