/**
 * A code block an Astro site's own Markdown plugin fills from a file of the
 * repository (mdBook's `{{#include code/lamp.rs}}`, whole or between two
 * anchors), moved as the lines the site's own Astro showed: moved as
 * written, the block showed the include line alone, and the page lost the
 * code (a real Starlight site: 79 texts, 45 % of its words). Held to
 * Astro's own build of the fixture. Astro comes from npm into a folder
 * beside the clone (test/helpers/astro.ts): a run without it skips, and CI
 * fails.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/dist.ts";
import { importedAgainst } from "./helpers/imported.ts";
import { astroSkip, installAstro } from "./helpers/astro.ts";

const FIXTURE = join(ROOT, "test/fixtures/generators/astro-code-include");

type Note = { file: string; line?: number; why: string };
type Page = { old: string; words: { old: number; kept: number } };

test("a code block the site's own Markdown plugin filled from a file is moved as the lines Astro showed, in a list's item too, and named at its line", {
  skip: astroSkip,
}, async () => {
  const { site, report } = await importedAgainst(FIXTURE, (source, out) => {
    installAstro(source);
    return { command: join(source, "node_modules/.bin/astro"), args: ["build", "--outDir", out] };
  });
  const lighting = readFileSync(join(site, "content/pages/guides/lighting.md"), "utf8");
  // The whole file, less its anchors' lines, as the plugin gave it.
  assert.match(
    lighting,
    /^```rust\nfn trim_wick\(lamp: &mut Lamp\) \{\n {4}lamp\.wick_length = lamp\.wick_length\.min\(3\);\n\}\n\nfn light_lamp\(lamp: &mut Lamp\) \{\n {4}trim_wick\(lamp\);\n {4}lamp\.burning = true;\n\}\n```$/m,
  );
  // The anchor's lines alone, at the item's indent, so that the block stays in the list.
  assert.match(
    lighting,
    /^ {4}```rust\n {4}fn trim_wick\(lamp: &mut Lamp\) \{\n {8}lamp\.wick_length = lamp\.wick_length\.min\(3\);\n {4}\}\n {4}```$/m,
  );
  // A block the plugin left alone stays as written.
  assert.match(lighting, /^```text\ndusk: light\ndawn: douse\n```$/m);
  // A block the highlighter showed with less of each line (a diff's marks beside them) stays as written.
  assert.match(lighting, /^```diff\n- trim_wick\(lamp\);\n\+ trim_wick_to\(lamp, 3\);\n```$/m);
  assert.doesNotMatch(lighting, /#include|sitegen-code/);
  const rotation = readFileSync(join(site, "content/pages/guides/rotation.md"), "utf8");
  // An expression over three lines before the block, moved as the one line it gave: the block's note keeps the file's line.
  assert.match(rotation, /^The lens has four panels of glass, and turns/m);
  assert.match(
    rotation,
    /^~~~python\ndef rotation_period\(flashes, seconds\):\n {4}return seconds \/ flashes\n~~~$/m,
  );
  assert.doesNotMatch(rotation, /#include|sitegen-code/);

  // Each block taken is named at its fence's line.
  const notes = (report.notes as Note[]).filter((note) => /code block's lines/.test(note.why));
  assert.deepEqual(
    notes.map((note) => `${note.file.replace(/^.*?\/source\//, "")}:${note.line}`),
    [
      "src/content/guides/lighting.md:7",
      "src/content/guides/lighting.md:15",
      "src/content/guides/rotation.mdx:10",
    ],
  );
  assert.match(notes[0].why, /\(\{\{#include code\/lamp\.rs\}\}\).*gave 8 lines/);

  // The new pages hold every word the old ones showed.
  const pages = report.proof.pages as Page[];
  for (const address of ["/guides/lighting/", "/guides/rotation/"]) {
    const page = pages.find((each) => each.old === address);
    assert.ok(page, `${address} in ${JSON.stringify(pages.map((each) => each.old))}`);
    assert.equal(page.words.kept, page.words.old, JSON.stringify(page));
  }
});
