/**
 * `sitegen import` keeps a post's picture's text: an Eleventy blog whose
 * layout prints the picture with `alt:` (or `imageAlt:`) beside it, built by
 * Eleventy from npm as the old site, is imported, and the moved post keeps
 * the field, shows it as its cover's `alt`, and holds every word of its old
 * page, the picture's text among them. An Astro theme's `coverImage: { src,
 * alt }` is moved as the post's picture with its text.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";

const FIXTURE = join(ROOT, "test/fixtures/import-eleventy-cover-alt");
const ELEVENTY = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");

interface Report {
  proof: { pages: { old: string; new: string; words: { old: number; kept: number } }[] };
}

const source = join(tempDir("sitegen-cover-alt-"), "source");
cpSync(FIXTURE, source, { recursive: true });
const out = join(source, "..", "out");
const built = spawnSync(process.execPath, [ELEVENTY, `--output=${out}`, "--quiet"], {
  cwd: source,
  encoding: "utf8",
});
const site = join(source, "..", "site");
const run =
  built.status === 0 ? await sitegenHere(["import", source, site, "--old-site", out, "--json"]) : undefined;

const POSTS = [
  {
    slug: "quay-at-dawn",
    old: "/blog/quay-at-dawn/",
    field: /^alt: Fishing boats moored along a granite quay under a pale sky$/m,
    alt: "Fishing boats moored along a granite quay under a pale sky",
  },
  {
    slug: "the-green-buoy",
    old: "/blog/the-green-buoy/",
    field: /^imageAlt: A green channel buoy leaning in a strong ebb tide$/m,
    alt: "A green channel buoy leaning in a strong ebb tide",
  },
];

test("Eleventy built the fixture, and its layout printed each picture's text", () => {
  assert.equal(built.status, 0, built.stderr);
  for (const post of POSTS)
    assert.match(readFileSync(join(out, post.old, "index.html"), "utf8"), new RegExp(`alt="${post.alt}"`));
  assert.equal(run?.status, 0, `${run?.stdout}\n${run?.stderr}`);
});

for (const post of POSTS) {
  test(`${post.slug}: the moved post keeps its picture's text, shows it as its cover's alt, and keeps every word of its old page`, () => {
    // A post that takes its picture with it is a folder of its own.
    const file = [`${post.slug}.md`, `${post.slug}/index.md`]
      .map((name) => join(site, "content/blog", name))
      .find((path) => existsSync(path));
    assert.ok(file, `${post.slug} is moved`);
    const moved = readFileSync(file, "utf8");
    assert.match(moved, post.field);
    const html = readFileSync(join(site, `dist/blog/${post.slug}/index.html`), "utf8");
    assert.match(html, new RegExp(`<img class="cover" [^>]*alt="${post.alt}"`));
    assert.match(html, new RegExp(`<meta property="og:image:alt" content="${post.alt}">`));
    const page = (JSON.parse(run!.stdout) as Report).proof.pages.find((each) => each.old === post.old);
    assert.ok(page, `${post.old} is compared`);
    assert.equal(page.words.kept, page.words.old, JSON.stringify(page));
  });
}

test("an Astro post's `coverImage: { src, alt }` is moved as its picture, with its text as the cover's alt", async () => {
  const astro = join(tempDir("sitegen-cover-alt-astro-"), "source");
  cpSync(join(ROOT, "test/fixtures/generators/astro"), astro, { recursive: true });
  const moved = join(astro, "..", "site");
  const imported = await sitegenHere(["import", astro, moved]);
  assert.equal(imported.status, 0, `${imported.stdout}\n${imported.stderr}`);
  const file = [`first-light.md`, `first-light/index.md`]
    .map((name) => join(moved, "content/blog", name))
    .find((path) => existsSync(path));
  assert.ok(file, "first-light is moved");
  assert.match(readFileSync(file, "utf8"), /^image_alt: The first light$/m);
  assert.match(
    readFileSync(join(moved, "dist/blog/first-light/index.html"), "utf8"),
    /<img class="cover" [^>]*alt="The first light"/,
  );
});
