/**
 * A Hugo site that declares each language in a file of its own in
 * config/_default/ (`languages.en.toml`, `languages.fr.toml`, each with its
 * contentDir, as a site translated into many languages keeps them), beside a
 * folder of content/ that no language reads (the texts translators start
 * from), and a text whose brackets are escaped (`\[1\]`) where no layout
 * loads any math, built by Hugo itself as the reference.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { importedAgainst, hugoBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["hugo"]);

test("languages declared in config/_default/languages.<lang>.toml are the site's: each reads its own content folder, a French post is a translation at /fr/, and a folder no language reads is not moved; escaped brackets stay brackets where the site had no math", {
  skip: tools.skip,
}, async () => {
  const { site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/import-hugo-language-files"),
    hugoBuild(tools.path("hugo")),
  );

  assert.deepEqual(
    report.proof.answered.unanswered ?? [],
    [],
    `${report.proof.answered.answer}/${report.proof.answered.old}`,
  );
  assert.equal(report.proof.answered.answer, report.proof.answered.old);
  const moved = report.moved as { file: string; from: string[]; to: string }[];
  const from = (old: string) => moved.find((each) => each.from.includes(old));
  assert.ok(
    from("/posts/spring-tides/")?.file.endsWith("content/en/posts/spring-tides.md"),
    JSON.stringify(moved),
  );
  assert.ok(
    from("/fr/posts/spring-tides/")?.file.endsWith("content/fr/posts/spring-tides.md"),
    JSON.stringify(moved),
  );
  assert.ok(!moved.some((each) => each.file.includes("shared-l10n")), JSON.stringify(moved));
  // The folder no language reads is named, with why, not passed over.
  const left = report.left as { file: string; why: string }[];
  assert.ok(
    left.some(
      (each) => /content\/shared-l10n\/$/.test(each.file) && /no language .* reads it/.test(each.why),
    ),
    JSON.stringify(left),
  );
  // No layout loads MathJax or KaTeX, so `\[…\]` and `\(…\)` were escaped brackets to Hugo's Markdown, as they stay.
  assert.match(readFileSync(join(site, "content/site.yaml"), "utf8"), /^ {2}math: none$/m);
  assert.match(
    readFileSync(join(site, "dist/blog/spring-tides/index.html"), "utf8"),
    /port to port \[<a href="https:\/\/tables\.example\/ports">1<\/a>\], and the tables give them \(in metres\)\./,
  );
  for (const page of report.proof.pages as { old: string; words: { old: number; kept: number } }[])
    assert.equal(page.words.kept, page.words.old, JSON.stringify(page));
  const french = readFileSync(join(site, "content/blog/spring-tides.fr.md"), "utf8");
  assert.match(french, /^lang: fr$/m);
  assert.match(french, /^translationKey: /m);
});
