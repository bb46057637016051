/**
 * Hugo's `highlight` shortcode closed as Hugo also reads it, with a space
 * after the slash (`{{< / highlight >}}`), around code that shows a
 * Markdown fence of its own (a page teaching how to write one): the move
 * makes it a fence longer than the one it holds, and reports no shortcode
 * left, as Debian's Hugo shows the code as written.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writtenTree } from "./helpers/dist.ts";
import { hugoBuild, importedAgainst } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["hugo"]);

test("a highlight shortcode closed as {{< / highlight >}}, around a fence of its own, moves as one code block", {
  skip: tools.skip,
}, async () => {
  const source = writtenTree("sitegen-hugo-highlight-", {
    "hugo.toml": 'baseURL = "https://harbour.example/"\ntitle = "Harbour log"\n',
    "layouts/_default/single.html": "<main>{{ .Content }}</main>\n",
    "layouts/_default/list.html": "<main>{{ .Content }}</main>\n",
    "content/posts/writing-the-log.md": [
      "---",
      "title: Writing the log",
      "date: 2024-05-02",
      "---",
      "",
      "Each entry of the log is written as a block of code:",
      "",
      "{{< highlight markdown >}}",
      "```text",
      "04:12 high water, wind south-west",
      "```",
      "{{< / highlight >}}",
      "",
      "The keeper signs it at noon.",
      "",
    ].join("\n"),
  });
  const { out, site, report } = await importedAgainst(source, hugoBuild(tools.path("hugo")));
  assert.match(readFileSync(join(out, "posts/writing-the-log/index.html"), "utf8"), /04:12 high water/);
  const moved = readFileSync(join(site, "content/blog/writing-the-log.md"), "utf8");
  assert.match(moved, /\n````markdown\n```text\n04:12 high water, wind south-west\n```\n````\n/);
  assert.deepEqual(report.notConverted, []);
  assert.equal(report.converted["{{< highlight >}}"], 1);
  type Page = { old: string; words: { old: number; kept: number } };
  const page = (report.proof.pages as Page[]).find((each) => each.old === "/posts/writing-the-log/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  assert.equal(page.words.kept, page.words.old);
});
