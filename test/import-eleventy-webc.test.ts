/**
 * A WebC component an Eleventy post calls as an element (`<film-link
 * @slug="…" @label="…"></film-link>`, as a real blog embeds its videos): the
 * site's WebC plugin puts the component's markup in its place as it writes
 * the page, so the element kept as written showed nothing on the new page,
 * its link and words gone without a warning. The site's own Eleventy now
 * gives what each call made, as it does a shortcode's; the same element
 * shown in a code block stays as written.
 *
 * The WebC plugin is not a devDependency: .ci/run installs it with Eleventy
 * beside the clone, as it does Astro; without it this test skips, naming the
 * install, and under CI it fails.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { isCI } from "../scripts/tools.mjs";
import { ROOT } from "./helpers/dist.ts";
import { importedAgainst } from "./helpers/imported.ts";
import { answersOnEveryHost } from "./helpers/landings.ts";

const WEBC = join(process.env.TMPDIR || "/tmp", "sitegen-ci-webc/node_modules");
const ELEVENTY = join(WEBC, "@11ty/eleventy/cmd.cjs");
const FIXTURE = join(ROOT, "test/fixtures/generators/eleventy-webc");
const missing = existsSync(join(WEBC, "@11ty/eleventy-plugin-webc"))
  ? undefined
  : `Eleventy's WebC plugin is not installed: npm install --prefix ${join(WEBC, "..")} --no-save --no-package-lock @11ty/eleventy@3.1.8 @11ty/eleventy-plugin-webc@0.11.2 (.ci/run does this)`;

test("a WebC component called in a post's Markdown moves as what the site's own Eleventy made of it, named at its line", {
  skip: isCI() ? false : missing,
}, async () => {
  assert.equal(missing, undefined);
  const { site, out, report } = await importedAgainst(FIXTURE, (source, out) => {
    symlinkSync(WEBC, join(source, "node_modules"));
    return { command: process.execPath, args: [ELEVENTY, `--output=${out}`, "--quiet"] };
  });
  const film =
    '<p class="film"><a href="https://films.example/watch/dusk-boats">Watch: Boats at dusk</a></p>';
  // The reference: the plugin wrote the component's markup where the element was.
  assert.ok(readFileSync(join(out, "posts/harbour-film/index.html"), "utf8").includes(film));
  const moved = readFileSync(join(site, "content/blog/harbour-film.md"), "utf8");
  assert.ok(moved.includes(`<div>${film}\n</div>`), moved);
  // Shown as code, the element is the author's example: as written.
  assert.ok(
    moved.includes('```html\n<film-link @slug="your-film" @label="Your film"></film-link>\n```'),
    moved,
  );
  assert.equal(moved.match(/<film-link/g)?.length, 1, moved);
  assert.deepEqual(
    report.notes.map((note: { file: string; line: number; why: string }) => [
      note.file.replace(/^.*\/source\//, ""),
      note.line,
      note.why,
    ]),
    [
      [
        "src/posts/harbour-film.md",
        8,
        '<film-link @slug="dusk-boats" @label="Boats at dusk"></fi…: the site\'s own Eleventy ran it, and what it gave was taken in its place',
      ],
    ],
  );
  assert.deepEqual(report.proof.totals.words, { old: 69, kept: 69 });
  assert.deepEqual(report.proof.totals.links, { old: 1, kept: 1 });
  assert.ok(readFileSync(join(site, "dist/blog/harbour-film/index.html"), "utf8").includes(film));
  await answersOnEveryHost(site, [["/posts/harbour-film/", "/blog/harbour-film/"]]);
});
