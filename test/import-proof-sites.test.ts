/**
 * What moving real public sites with --old-site found, each as a fixture of
 * its own: the old generator asked for its addresses where a real site's
 * setup made it print more than its list, and the proof's reading of a page.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "./helpers/dist.ts";
import { hugoBuild, importedAgainst, importedWith, type Imported } from "./helpers/imported.ts";
import { needTools } from "../scripts/tools.mjs";

const FIXTURES = join(ROOT, "test/fixtures/generators");
const hugo = needTools(["hugo"]);
const ELEVENTY = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");

/** A fixture that holds the old site's source/ beside the built/ folder its generator wrote, imported with --old-site. */
function importedWithItsBuild(fixture: string): Promise<Imported> {
  const root = tempDir(`sitegen-proof-${fixture}-`);
  cpSync(join(FIXTURES, fixture), root, { recursive: true });
  return importedWith(join(root, "source"), join(root, "built"));
}

test("a Hugo theme made for a later Hugo: the warning Hugo prints before its list is passed over, and every address comes from `hugo list all`", {
  skip: hugo.skip,
}, async () => {
  const { site, report } = await importedAgainst(
    join(FIXTURES, "hugo-theme-warns"),
    hugoBuild(hugo.path("hugo")),
  );
  assert.deepEqual(
    report.addresses,
    { generator: 2, folder: 0, computed: 0 },
    JSON.stringify(report.addresses),
  );
  assert.ok(
    report.moved.some((each: { from: string[] }) => each.from.includes("/posts/lights-of-the-harbour/")),
    JSON.stringify(report.moved),
  );
  // Every old page answers: the tag `CI/CD`'s, which Hugo wrote at /tags/ci/cd/, too.
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered.unanswered),
  );
  assert.match(
    readFileSync(join(site, "content/site.yaml"), "utf8"),
    /^ {2}\/tags\/ci\/cd\/: \/tags\/ci-cd\/$/m,
  );
});

test("an Eleventy blog's list and its tags' pages written in Markdown under a blog/ folder are not posts: the list's and each tag's old page answer from the new blog and tag pages", async () => {
  // The site's own Eleventy, to be asked for its addresses: the project's.
  const { site, report } = await importedAgainst(join(FIXTURES, "eleventy-listings"), (source, out) => {
    symlinkSync(join(ROOT, "node_modules"), join(source, "node_modules"));
    return { command: process.execPath, args: [ELEVENTY, `--output=${out}`, "--quiet"] };
  });
  // A line the configuration prints before Eleventy's list (dotenv's) is passed over: every address from Eleventy itself.
  assert.deepEqual(
    report.addresses,
    { generator: report.read.posts + report.read.pages, folder: 0, computed: 0 },
    JSON.stringify(report.addresses),
  );
  assert.deepEqual(report.written.filter((path: string) => path.startsWith("content/blog/")).sort(), [
    "content/blog/2022-04-02-wide-doors.md",
    "content/blog/2023-10-31-quiet-rooms.md",
  ]);
  assert.equal(report.read.posts, 2);
  assert.ok(
    !existsSync(join(site, "content/blog/tags.md")) && !existsSync(join(site, "content/blog/blog.md")),
  );
  // The tags' page is a template that paginates: named as left, with why.
  assert.ok(
    report.left.some(
      (each: { file: string; why: string }) =>
        each.file.endsWith("_pages/blog/tags.md") && /paginates/.test(each.why),
    ),
    JSON.stringify(report.left),
  );
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered.unanswered),
  );
  const redirects = readFileSync(join(site, "content/site.yaml"), "utf8");
  assert.match(redirects, /^ {2}\/blog\/tags\/accessibility\/: \/tags\/accessibility\/$/m);
});

test("an Astro post's hero image, processed by Astro to a hashed WebP, is the cover the new page shows; the theme's alt made of the title and its short month are no words the move lost", async () => {
  const { report } = await importedWithItsBuild("astro-hero");
  const page = report.proof.pages.find((each: { old: string }) => each.old === "/blog/pay-the-ferryman/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  assert.deepEqual(page.media, { old: 1, kept: 1 }, JSON.stringify(page.missing));
  assert.equal(page.words.kept, page.words.old, JSON.stringify(page.missing));
  assert.ok(page.words.old >= 20, JSON.stringify(page.words));
  // A code block a highlighter wrote in spans that cut its words (a shell's `\\w` read as an escape) is read as its text.
  const script = report.proof.pages.find((each: { old: string }) => each.old === "/blog/work-script/");
  assert.equal(script.words.kept, script.words.old, JSON.stringify(script.missing));
});

test("two posts of one file name in different folders: the one written under its day keeps its slug, and the report's new address is the one the build publishes", async () => {
  const { site, report } = await importedWithItsBuild("astro-same-name");
  const moved = report.moved.filter((each: { file: string }) => each.file.includes("/content/blog/"));
  assert.equal(moved.length, 2, JSON.stringify(report.moved));
  for (const { to } of moved)
    assert.ok(
      existsSync(join(site, "dist", to, "index.html")),
      `${to} is published: ${JSON.stringify(moved)}`,
    );
  // Each moved post is held to its old page.
  assert.deepEqual(report.proof.pages.map((each: { old: string }) => each.old).sort(), [
    "/blog/2020/notes/",
    "/blog/harbour-notes/",
  ]);
});

test("a Starlight page: its title shown twice (the page's heading and the text's own `# Title`) is one title, and a code frame's label for screen readers is the theme's", async () => {
  const { report } = await importedWithItsBuild("starlight-title");
  const page = report.proof.pages.find((each: { old: string }) => each.old === "/memo/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  assert.equal(page.words.kept, page.words.old, JSON.stringify(page.missing));
  assert.ok(page.words.old >= 20, JSON.stringify(page.words));
});

test("a Starlight code block's lines, each a `<div>` of Expressive Code's with no newline between them, are read as lines: the last word of one and the first of the next are two words", async () => {
  const { report } = await importedWithItsBuild("starlight-title");
  const page = report.proof.pages.find((each: { old: string }) => each.old === "/shell/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  assert.equal(page.words.kept, page.words.old, JSON.stringify(page.missing));
  assert.ok(page.words.old >= 16, JSON.stringify(page.words));
});

test("an Eleventy theme's h-entry: the text is its `e-content`, though the theme names its previous-and-next links `page-content` too, so the byline and summary around it are the theme's", async () => {
  const { report } = await importedAgainst(join(FIXTURES, "eleventy-h-entry"), (_source, out) => ({
    command: process.execPath,
    args: [ELEVENTY, `--output=${out}`, "--quiet"],
  }));
  const page = report.proof.pages.find((each: { old: string }) => each.old === "/blog/quay-lamps/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  // The two paragraphs' 34 words, every one shown by the new page; not "Published", "three minutes" or the summary.
  assert.deepEqual(page.words, { old: 34, kept: 34 }, JSON.stringify(page.missing));
});

test("an Eleventy site whose posts are a glob of its own, one tagged `blog`, in two languages: every dated file of its posts folder is a post, a folder's data file that is a module gives its language, and a page dated `Last Modified` is dated by its file, as Eleventy dates it", async () => {
  const { site, report } = await importedAgainst(join(FIXTURES, "eleventy-dated"), (_source, out) => ({
    command: process.execPath,
    args: [ELEVENTY, `--output=${out}`, "--quiet"],
  }));
  assert.equal(report.read.posts, 4, JSON.stringify(report.written));
  // A folder's data file that is a module: its fields written as values apply (its language, its tag), what code computes is named.
  assert.ok(
    report.left.some(
      (each: { file: string; why: string }) =>
        each.file.endsWith("de.11tydata.js") &&
        /fields were applied.*less what code computes \(`eleventyComputed`\)/.test(each.why),
    ),
    JSON.stringify(report.left),
  );
  assert.match(readFileSync(join(site, "content/site.yaml"), "utf8"), /^languages: \[ ?en, de ?\]$/m);
  assert.ok(
    report.written.some((path: string) => /^content\/blog\/2020-08-28-new-project\.de\.md$/.test(path)),
    JSON.stringify(report.written),
  );
  assert.equal(report.build.ok, true, JSON.stringify(report.build.errors));
  const page = readFileSync(join(site, "content/pages/en/accessibility.md"), "utf8");
  assert.match(page, /^(?:date|updated): \d{4}-\d{2}-\d{2}$/m);
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered.unanswered),
  );
  // A post's `image:` written from the project's root (`./src/assets/…`) is its cover, moved with it, and shown.
  const post = report.proof.pages.find((each: { old: string }) => each.old === "/en/blog/new-project/");
  assert.deepEqual(post.media, { old: 1, kept: 1 }, JSON.stringify(post.missing));
});

test("an Eleventy site with the I18n plugin and no `lang` in its data: each text is in the language its folder names, and the same path in another language's folder is its translation, held to its old page", async () => {
  const { site, report } = await importedAgainst(join(FIXTURES, "eleventy-i18n"), (_source, out) => ({
    command: process.execPath,
    args: [ELEVENTY, `--output=${out}`, "--quiet"],
  }));
  assert.equal(report.read.posts, 2, JSON.stringify(report.written));
  const english = readFileSync(join(site, "content/blog/ferry-timetable.md"), "utf8");
  const french = readFileSync(join(site, "content/blog/ferry-timetable.fr.md"), "utf8");
  assert.match(french, /^lang: fr$/m);
  const key = /^translationKey: (.+)$/m.exec(french)?.[1];
  assert.ok(key, french);
  assert.match(english, new RegExp(`^translationKey: ${key.replace(/[*.]/g, "\\$&")}$`, "m"));
  assert.match(readFileSync(join(site, "content/site.yaml"), "utf8"), /^languages: \[ ?en, fr ?\]$/m);
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered),
  );
  for (const page of report.proof.pages)
    assert.equal(page.words.kept, page.words.old, `${page.old}: ${JSON.stringify(page.missing)}`);
});

test("an Eleventy site that copies public/, beside its input folder, to its root (eleventy-base-blog's layout): each of its files is moved where Eleventy published it, a page of HTML among them, and the picture a post shows from there is kept", async () => {
  const { site, report } = await importedAgainst(join(FIXTURES, "eleventy-public"), (_source, out) => ({
    command: process.execPath,
    args: [ELEVENTY, `--output=${out}`, "--quiet"],
  }));
  assert.equal(report.read.files, 2, JSON.stringify(report.written));
  assert.ok(existsSync(join(site, "content/static/img/red-buoy.svg")), JSON.stringify(report.written));
  assert.ok(existsSync(join(site, "content/static/examples/channel.html")), JSON.stringify(report.written));
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered),
  );
  const page = report.proof.pages.find((each: { old: string }) => each.old === "/blog/buoy-colours/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  assert.deepEqual(page.media, { old: 1, kept: 1 });
  assert.equal(
    report.build.warnings.filter((each: { kind: string }) => /broken/.test(each.kind)).length,
    0,
    JSON.stringify(report.build.warnings),
  );
});

test("an Eleventy blog under a folder of its own name (`/journal/`): its list, its tags' pages and a post there (each at an address with a space too) answer from the new blog and tag pages, and its theme's links to the neighbouring posts are no words of the post", async () => {
  const { site, report } = await importedAgainst(join(FIXTURES, "eleventy-folder"), (_source, out) => ({
    command: process.execPath,
    args: [ELEVENTY, `--output=${out}`, "--quiet"],
  }));
  assert.equal(report.read.posts, 3, JSON.stringify(report.written));
  // A post at its file's name with a space (`/journal/harbour lights/`), its address computed (it has no title to find its
  // old page by): its old address is an alias sitegen reads, encoded.
  assert.match(
    readFileSync(join(site, "content/blog/harbour lights.md"), "utf8"),
    /^ {2}- \/journal\/harbour%20lights\/$/m,
  );
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered),
  );
  const yaml = readFileSync(join(site, "content/site.yaml"), "utf8");
  assert.match(yaml, /^ {2}\/journal\/tags\/harbour\/: \/tags\/harbour\/$/m);
  assert.match(yaml, /^ {2}\/journal\/: \/blog\/$/m);
  // A tag's page at an address with a space, which `_redirects` cannot write: the hosts answer it from the route shards.
  assert.match(yaml, /^ {2}\/journal\/tags\/night%20market\/: \/tags\/night-market\/$/m);
  // The theme's links to the previous and next post (`rel="prev"`, `rel="next"`) are its words, not the post's: each
  // post's are its text's alone, every one kept.
  const words = Object.fromEntries(
    report.proof.pages.map((each: { old: string; words: unknown }) => [each.old, each.words]),
  );
  assert.deepEqual(words["/journal/net-mending/"], { old: 15, kept: 15 }, JSON.stringify(report.proof.pages));
  assert.deepEqual(words["/journal/gull-count/"], { old: 12, kept: 12 }, JSON.stringify(report.proof.pages));
});

test("an Eleventy site with Eleventy Image's transform: each picture a text names from the root, which the transform found in the input folder, moves to the path the text names; one no text names stays behind", async () => {
  const { site, report } = await importedAgainst(
    join(FIXTURES, "eleventy-image-transform"),
    (_source, out) => ({
      command: process.execPath,
      args: [ELEVENTY, `--output=${out}`, "--quiet"],
    }),
  );
  for (const name of ["lamp", "quay"])
    assert.ok(existsSync(join(site, `content/static/img/${name}.svg`)), JSON.stringify(report.written));
  assert.ok(!existsSync(join(site, "content/static/img/unused.svg")));
  assert.deepEqual(
    report.build.warnings.filter((each: { kind: string }) => each.kind === "broken-image"),
    [],
  );
});

test("a picture Eleventy Image renamed by a hash of its bytes (`/img/Qm3x_Lp0aZ-400.png`, its built folder as Eleventy Image writes it) is known by its alt text: each one the moved post shows is kept", async () => {
  const { report } = await importedWithItsBuild("eleventy-img-hashed");
  const page = report.proof.pages.find((each: { old: string }) => each.old === "/posts/lamp-room/");
  assert.ok(page, JSON.stringify(report.proof.pages));
  assert.deepEqual(page.media, { old: 2, kept: 2 }, JSON.stringify(page.missing));
});

test("an Astro site routed by Astro's own i18n: a post in a locale's folder is in that language, the default's first, and each is held to its old page", async () => {
  const { site, report } = await importedWithItsBuild("astro-i18n");
  assert.match(readFileSync(join(site, "content/site.yaml"), "utf8"), /^languages: \[ ?pt, en ?\]$/m);
  // Each English post is written as a translation, the one whose `slug:` gives its id too.
  assert.deepEqual(report.written.filter((path: string) => path.startsWith("content/blog/")).sort(), [
    "content/blog/farol.md",
    "content/blog/mare.en.md",
    "content/blog/mare.md",
    "content/blog/rede.en.md",
    "content/blog/rede.md",
    "content/blog/the-lighthouse.en.md",
  ]);
  assert.equal(
    report.proof.answered.answer,
    report.proof.answered.old,
    JSON.stringify(report.proof.answered.unanswered),
  );
  assert.equal(report.proof.pages.length, 6, JSON.stringify(report.proof.pages));
  assert.ok(
    report.proof.pages.some((each: { old: string; new: string }) => each.old === "/blog/en/the-lighthouse/"),
    JSON.stringify(report.proof.pages),
  );
  // The theme's notice under every post of a language, in that language, is on 3 of the old site's 16 pages: the theme's still.
  for (const page of report.proof.pages)
    assert.equal(page.words.kept, page.words.old, `${page.old}: ${JSON.stringify(page.missing)}`);
});
