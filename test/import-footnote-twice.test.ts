/**
 * A footnote label defined twice, moved as its generator showed it. Hugo
 * (goldmark) shows the first definition, sitegen's Markdown the last: a French
 * post that kept the English note and added its own showed the English one on
 * Hugo's page. The import gives the later definition a label of its own, every
 * word of it kept in the moved text, and names both lines; Hugo's own build is
 * the reference of what the page shows, as Astro's own build is for Astro's
 * remark, which keeps the first too and reads a label in any case. kramdown
 * shows the last, as sitegen does: a Jekyll post moves as written.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "./helpers/dist.ts";
import { astroSkip, installAstro } from "./helpers/astro.ts";
import { hugoBuild, importedAgainst, importedWith, jekyllBuild } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const tools = needTools(["hugo", "jekyll"]);

type Page = { old: string; new: string; words: { old: number; kept: number }; missing: { words: string[] } };
type Note = { file: string; line?: number; why: string };

const ENGLISH = "The keeper’s log gives the hour of each lighting since the tower was built.";
const FRENCH = "Le journal du gardien donne l’heure de chaque allumage depuis la construction.";
const CHISEL = "A chisel cuts each mark in the autumn, when the sea is calm.";

/** The moved Markdown file whose text holds `words`. */
function movedText(site: string, words: string): string {
  const folder = join(site, "content/blog");
  const name = readdirSync(folder).find((each) => readFileSync(join(folder, each), "utf8").includes(words));
  assert.ok(name, `no moved text holds "${words}"`);
  return readFileSync(join(folder, name), "utf8");
}

/** A built page's footnotes, as a reader reads them (curly apostrophes as Hugo and kramdown print them). */
function notesOf(html: string): string {
  const notes = /<(section|div)\b[^>]*\bclass="footnotes"[\s\S]*?<\/\1>/.exec(html)?.[0] ?? "";
  return notes
    .replace(/<[^>]+>/g, "")
    .replace(/&rsquo;|&#8217;|'/g, "’")
    .replace(/\s+/g, " ");
}

test("a Hugo post with a footnote label defined twice shows Hugo's first note after the move, the later one kept under a label of its own and named at its line", {
  skip: tools.skip,
}, async () => {
  const { out, site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/import-hugo-footnote-twice"),
    hugoBuild(tools.path("hugo")),
  );
  // Hugo's own page: the first definition, not the later one.
  const old = notesOf(readFileSync(join(out, "posts/phare-de-la-pointe/index.html"), "utf8"));
  assert.ok(old.includes(ENGLISH) && !old.includes(FRENCH), old);

  const notes = (report.notes as Note[]).filter((note) => note.why.includes("[^1]"));
  assert.equal(notes.length, 1, JSON.stringify(report.notes));
  assert.match(notes[0].file, /phare-de-la-pointe\.md$/);
  // The later definition is the file's line 14; the first, line 12 (a fenced `[^1]:` at line 9 is code).
  assert.equal(notes[0].line, 14);
  assert.match(notes[0].why, /first at line 12\b/);
  assert.match(notes[0].why, /\[\^1-2\]/);

  // Every word of both definitions is in the moved text; the code block is as written.
  const text = movedText(site, "Le gardien allume");
  assert.match(text, /^\[\^1\]: The keeper's log gives the hour/m);
  assert.match(text, /^\[\^1-2\]: Le journal du gardien donne/m);
  assert.match(text, /^\[\^1\]: a line of a code block, not a note$/m);
  assert.match(text, /^\[\^maree\]: Selon l'annuaire/m);

  const page = (report.proof.pages as Page[]).find((each) => each.old === "/posts/phare-de-la-pointe/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  const shown = notesOf(readFileSync(join(site, "dist", page.new, "index.html"), "utf8"));
  assert.ok(shown.includes(ENGLISH) && !shown.includes(FRENCH), shown);
  assert.equal(page.words.kept, page.words.old, JSON.stringify(page.missing));
});

test("a Jekyll post with a footnote label defined twice moves as written: kramdown showed the last note, as the new page does", {
  skip: tools.skip,
}, async () => {
  const { out, site, report } = await importedAgainst(
    join(ROOT, "test/fixtures/import-jekyll-footnote-twice"),
    jekyllBuild(tools.path("jekyll")),
  );
  const old = notesOf(readFileSync(join(out, "2024/04/05/point-light.html"), "utf8"));
  assert.ok(old.includes(ENGLISH) && !old.includes("An older note"), old);
  assert.deepEqual(
    (report.notes as Note[]).filter((note) => note.why.includes("footnote")),
    [],
  );
  const text = movedText(site, "The keeper lights the lamp");
  assert.match(text, /^\[\^1\]: An older note/m);
  assert.match(text, /^\[\^1\]: The keeper's log/m);
  const page = (report.proof.pages as Page[]).find((each) => each.old === "/2024/04/05/point-light.html");
  assert.ok(page, JSON.stringify(report.proof.pages));
  const shown = notesOf(readFileSync(join(site, "dist", page.new, "index.html"), "utf8"));
  assert.ok(shown.includes(ENGLISH) && !shown.includes("An older note"), shown);
  assert.equal(page.words.kept, page.words.old, JSON.stringify(page.missing));
});

test("an Astro post with a footnote label defined twice shows remark's first note after the move, the later one kept under a label of its own, and a reference typed in another case than its note still shows it", {
  skip: astroSkip,
}, async () => {
  const source = join(tempDir("sitegen-astro-footnote-twice-"), "source");
  cpSync(join(ROOT, "test/fixtures/import-astro-footnote-twice"), source, { recursive: true });
  installAstro(source);
  const out = join(source, "..", "out");
  const built = spawnSync(join(source, "node_modules/.bin/astro"), ["build", "--outDir", out], {
    cwd: source,
    encoding: "utf8",
  });
  assert.equal(built.status, 0, built.stderr);
  // Astro's own page (remark-gfm): the first definition, not the later one, and the note whose label it typed in another case.
  const old = notesOf(readFileSync(join(out, "blog/tide-notes/index.html"), "utf8"));
  assert.ok(old.includes(ENGLISH) && !old.includes(FRENCH) && old.includes(CHISEL), old);

  const { site, report } = await importedWith(source, out);
  const notes = (report.notes as Note[]).filter((note) => note.why.includes("[^1]"));
  assert.equal(notes.length, 1, JSON.stringify(report.notes));
  assert.match(notes[0].file, /tide-notes\.md$/);
  assert.equal(notes[0].line, 10);
  assert.match(notes[0].why, /first at line 9\b.*remark/);
  const text = movedText(site, "The harbour wall");
  assert.match(text, /^\[\^1-2\]: Le journal du gardien donne/m);
  // remark read `[^Marks]` as the note `[^marks]:` defines; markdown-it reads labels as written.
  assert.match(text, /cut by hand\[\^marks\]\./);
  assert.equal(
    report.converted["footnote reference spelled as its note"],
    1,
    JSON.stringify(report.converted),
  );
  const page = (report.proof.pages as Page[]).find((each) => each.old === "/blog/tide-notes/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  const shown = notesOf(readFileSync(join(site, "dist", page.new, "index.html"), "utf8"));
  assert.ok(shown.includes(ENGLISH) && !shown.includes(FRENCH) && shown.includes(CHISEL), shown);
  assert.equal(page.words.kept, page.words.old, JSON.stringify(page.missing));
});
