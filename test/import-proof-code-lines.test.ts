/**
 * The move's proof reads a code block line by line, however the old
 * highlighter ended its lines: Eleventy's syntax highlighter (3.x) ends each
 * with a `<br>` and no newline (`end</span><br><span>end`). Read without
 * them, the last word of a line and the first of the next were one word the
 * new page could not have, and every post with code fell under 99 %.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sitegenHere, writtenTree } from "./helpers/dist.ts";
import { importedAgainst, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["jekyll"]);

type Page = { old: string; words: { old: number; kept: number }; missing: { words: string[] } };

test("a code block whose lines end in <br> on the old page keeps every word", {
  skip: tools.skip,
}, async () => {
  const source = writtenTree("sitegen-proof-code-lines-", {
    "_config.yml": "title: Keeper's scripts\n",
    "_posts/2024-03-02-winding.md":
      "---\ntitle: Winding the clockwork\n---\n\nThe script the keeper runs each dusk:\n\n" +
      "```\nwind clockwork\ncheck lens\nlight lamp\n```\n\nIt takes a minute.\n",
  });
  const { out, site } = await importedAgainst(source, jekyllBuild(tools.path("jekyll")));
  // The old page as that highlighter writes it: each line of code ended by a <br>, not a newline.
  const oldPage = join(out, "2024/03/02/winding.html");
  const html = readFileSync(oldPage, "utf8");
  const withBreaks = html.replace(/(<code[^>]*>)([\s\S]*?)(<\/code>)/g, (_all, open, code, close) => {
    return `${open}${code.replace(/\n(?!$)/g, "<br>").replace(/\n$/, "")}${close}`;
  });
  assert.match(withBreaks, /clockwork<br>check lens<br>light/);
  writeFileSync(oldPage, withBreaks);

  const compared = await sitegenHere(["compare", out, "--json"], { cwd: site });
  const page = (JSON.parse(compared.stdout).pages as Page[]).find((each) =>
    each.old.endsWith("/winding.html"),
  );
  assert.ok(page, compared.stdout);
  assert.equal(page.words.kept, page.words.old, JSON.stringify(page.missing));
  assert.ok(page.words.old >= 16, JSON.stringify(page.words));
});
