/**
 * The move's proof and a link written with the old site's own origin
 * (`https://keepers.example/tide-tool`), to an address of that host the
 * source does not make (a redirect of its host's, a tool served beside
 * it): the move keeps it as written, and the new page shows the same link,
 * which the proof must count as kept, as it reads the old page's. The same
 * of a link to the origin's `www.` host, which the move reads as the site's
 * own, and of an address the old generator wrote escaped (a Hugo link hook's
 * `Replication_%28computing%29`) where the new page writes it as typed.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writtenTree } from "./helpers/dist.ts";
import { hugoBuild, importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);
const hugoTools = needTools(["hugo"]);

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

test("a link to the origin's www. host, and an address the old generator escaped, are kept to the proof", {
  skip: hugoTools.skip,
}, async () => {
  const source = writtenTree("sitegen-proof-www-links-", {
    "hugo.toml": 'baseURL = "https://keepers.example/"\ntitle = "Keeper\'s notes"\n',
    "layouts/_default/single.html": "<main>{{ .Content }}</main>\n",
    "layouts/_default/list.html": "<main>{{ .Content }}</main>\n",
    // The link hook many Hugo sites have, to open other sites' pages in a tab: Hugo gives it the address escaped.
    "layouts/_default/_markup/render-link.html":
      '<a href="{{ .Destination | safeURL }}"{{ if strings.HasPrefix .Destination "http" }} target="_blank"{{ end }}>{{ .Text }}</a>',
    "content/posts/tides.md":
      "---\ntitle: Reading the tides\ndate: 2024-03-02\n---\n\nThe keepers of [the harbour](https://www.keepers.example/) " +
      "read [its replication](https://en.wikipedia.org/wiki/Replication_(computing)) and [the tables](https://tables.example/a#neap]).\n",
  });
  const { out, report } = await importedAgainst(source, hugoBuild(hugoTools.path("hugo")));
  assert.match(readFileSync(join(out, "posts/tides/index.html"), "utf8"), /Replication_%28computing%29/);
  type Page = { old: string; links: { old: number; kept: number }; missing: { links: string[] } };
  const page = (report.proof.pages as Page[]).find((each) => each.old === "/posts/tides/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  assert.deepEqual(page.links, { old: 3, kept: 3 }, JSON.stringify(page.missing));
});
