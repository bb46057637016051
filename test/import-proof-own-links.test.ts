/**
 * The move's proof and a link written with the old site's own origin
 * (`https://keepers.example/tide-tool`), to an address of that host the
 * source does not make (a redirect of its host's, a tool served beside
 * it): the move keeps it as written, and the new page shows the same link,
 * which the proof must count as kept, as it reads the old page's.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { writtenTree } from "./helpers/dist.ts";
import { importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);

test("a link with the old site's own origin, kept as written, is kept to the proof", {
  skip: tools.skip,
}, async () => {
  const source = writtenTree("sitegen-proof-own-links-", {
    "_config.yml": "title: Keeper's notes\nurl: https://keepers.example\n",
    "_posts/2024-03-02-tides.md":
      "---\ntitle: Reading the tides\n---\n\nThe keeper checks [the tide tool](https://keepers.example/tide-tool) " +
      "before each crossing, and [the harbour office](https://harbour.example/office) after it.\n",
  });
  const { report } = await importedAgainst(source, jekyllBuild(tools.path("jekyll")));
  type Page = { old: string; links: { old: number; kept: number }; missing: { links: string[] } };
  const page = (report.proof.pages as Page[]).find((each) => each.old.endsWith("/tides.html"));
  assert.ok(page, JSON.stringify(report.proof.pages));
  assert.deepEqual(page.links, { old: 2, kept: 2 }, JSON.stringify(page.missing));
});
