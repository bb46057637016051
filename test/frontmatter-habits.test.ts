/**
 * The frontmatter and files people bring from Hugo, Jekyll and Eleventy,
 * each tried through the CLI's own code (in this process, as `sitegenHere`
 * runs it) on a copy of the second site: accepted as they mean it, read as
 * sitegen's own field, or refused with a located error whose hint names the
 * fix. No file is ever dropped without a word, and
 * nothing outside the content folder is read.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere } from "./helpers/dist.ts";
import { scratchDir, type CliRun } from "./helpers/site.ts";
import type { Finding } from "../src/findings.ts";
import { levelOf, type FindingKind } from "../src/policy.ts";

const KONTOR = join(ROOT, "test/fixtures/sites/kontor");

/** A copy of the second site with its own templates, to change. */
function site(): { content: string; templates: string; out: string } {
  const dir = scratchDir("sitegen-habits-");
  cpSync(KONTOR, join(dir, "content"), { recursive: true });
  cpSync(join(ROOT, "templates"), join(dir, "templates"), { recursive: true });
  return { content: join(dir, "content"), templates: join(dir, "templates"), out: join(dir, "dist") };
}

/** A post file: frontmatter lines, then a body. */
function post(content: string, path: string, lines: string[], body = "## Notes\n\nA short post.\n"): string {
  const file = join(content, "blog", path);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, ["---", ...lines, "---", "", body].join("\n"));
  return file;
}

const BASICS = ['title: "A post"', 'description: "What it is about."'];

async function build(s: ReturnType<typeof site>): Promise<CliRun> {
  return sitegenHere(["build", "--content", s.content, "--templates", s.templates, "--out", s.out]);
}

/**
 * `sitegen check --json` on the site: its exit, its findings, and, with `text`, the report a person reads (a second run,
 * without --json), else the findings written out for an assertion's message.
 */
async function check(
  s: ReturnType<typeof site>,
  options: { text?: boolean } = {},
): Promise<{ run: CliRun; findings: Finding[]; text: string }> {
  const args = ["check", "--content", s.content, "--templates", s.templates, "--dist", join(s.out, "none")];
  const run = await sitegenHere([...args, "--json"]);
  const findings: Finding[] = JSON.parse(run.stdout).findings;
  if (!options.text) return { run, findings, text: `${run.stderr}${JSON.stringify(findings, null, 1)}` };
  const text = await sitegenHere(args);
  return { run, findings, text: text.stderr + text.stdout };
}

const blogIndex = (s: ReturnType<typeof site>) =>
  JSON.parse(readFileSync(join(s.out, "blog-index.json"), "utf8")) as {
    posts: { slug: string; date: string; tags: string[]; description: string }[];
  };
const indexed = (s: ReturnType<typeof site>, slug: string) => blogIndex(s).posts.find((p) => p.slug === slug);

/**
 * The one finding of `kind` a check reports, a warning (check passes), and one that `--strict` fails on (src/policy.ts,
 * whose table test/policy.test.ts holds to what `--strict` does and test/check.test.ts runs): with where it points.
 */
async function oneWarning(s: ReturnType<typeof site>, kind: string): Promise<Finding & { text: string }> {
  const { run, findings, text } = await check(s);
  assert.equal(run.status, 0, text);
  const found = findings.filter((f) => f.kind === kind);
  assert.equal(found.length, 1, JSON.stringify(findings, null, 2));
  assert.equal(found[0].level, "warning");
  assert.equal(
    levelOf(kind as FindingKind, { strict: true }),
    "error",
    `--strict fails on a ${kind} warning`,
  );
  return { ...found[0], text };
}

/** The one error a check reports, with where it points; with `text`, the report a person reads. */
async function oneError(
  s: ReturnType<typeof site>,
  options: { text?: boolean } = {},
): Promise<Finding & { text: string }> {
  const { run, findings, text } = await check(s, options);
  assert.equal(run.status, 1, text);
  const errors = findings.filter((f) => f.level === "error");
  assert.equal(errors.length, 1, JSON.stringify(errors, null, 2));
  return { ...errors[0], text };
}

test("dates with a time, as RFC 3339 or as Hugo and Jekyll users write them: the blog index has the time, pages the day, posts of a day by time", async () => {
  const s = site();
  post(s.content, "morning.md", [...BASICS, "date: 2025-07-01 09:30"]);
  post(s.content, "evening.md", [...BASICS, "date: 2025-07-01T18:00:00Z"]);
  post(s.content, "berlin.md", [...BASICS, "date: 2025-07-02T00:30:00+02:00"]);
  post(s.content, "jekyll.md", [...BASICS, "date: 2025-07-03 08:00:00 +0100"]);
  const run = await build(s);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(indexed(s, "morning")!.date, "2025-07-01T09:30:00Z", "no offset is UTC");
  assert.equal(indexed(s, "evening")!.date, "2025-07-01T18:00:00Z");
  assert.equal(indexed(s, "berlin")!.date, "2025-07-02T00:30:00+02:00");
  assert.equal(indexed(s, "jekyll")!.date, "2025-07-03T08:00:00+01:00");
  assert.equal(indexed(s, "glossare-die-mitwachsen")!.date, "2025-03-04T10:00:00Z");
  assert.deepEqual(
    blogIndex(s)
      .posts.slice(0, 4)
      .map((p) => p.slug),
    ["jekyll", "berlin", "evening", "morning"],
  );
  assert.match(
    readFileSync(join(s.out, "blog/berlin/index.html"), "utf8"),
    /<time datetime="2025-07-02">2\. Juli 2025<\/time>/,
    "the day as written, in the writer's offset",
  );
  assert.match(readFileSync(join(s.out, "blog/berlin.md"), "utf8"), /^- Published: 2025-07-02$/m);
});

test("a date that is no date says what is wrong with it, where; one that names no day is read as JavaScript's YAML reads it, with a warning", async () => {
  const impossible = site();
  const carried = post(impossible.content, "carried.md", [...BASICS, "date: 2025-04-31"]);
  const warning = await oneWarning(impossible, "impossible-date");
  assert.deepEqual([warning.file, warning.line, warning.column], [carried, 4, 7]);
  assert.match(
    warning.message,
    /^`2025-04-31` names no day \(April 2025 has days 01 to 30, not 31\): read as 2025-05-01, as JavaScript's YAML \(Eleventy's and Astro's js-yaml\) reads it; Jekyll's and Hugo's YAML refuse it$/,
  );
  const cases: [string, RegExp][] = [
    ["31 April 2025", /`date` is not a date: April 2025 has days 01 to 30, not 31/],
    ["0000-01-01", /`date` is not a date: there is no year 0000/],
    ["March the fourth, 2025", /`date` is not a date: write a day as YYYY-MM-DD/],
    ["2023-01-29 18:30:22 2024 -0800", /`date` is not a date: it names two different years/],
  ];
  for (const [date, message] of cases) {
    const s = site();
    const file = post(s.content, "dated.md", [...BASICS, `date: ${date}`]);
    const error = await oneError(s);
    assert.match(error.message, message, date);
    assert.deepEqual([error.file, error.line, error.column], [file, 4, 7], date);
    assert.match(error.hint!, /YYYY-MM-DD/);
  }
  const s = site();
  post(s.content, "leap.md", [...BASICS, "date: 2024-02-29"]);
  assert.equal((await build(s)).status, 0, "a leap day is a day");
});

test("draft: true is a draft, draft: false and no status are published; draft and status that disagree are refused", async () => {
  const s = site();
  post(s.content, "hugo-draft.md", [...BASICS, "date: 2025-07-01", "draft: true"]);
  post(s.content, "not-a-draft.md", [...BASICS, "date: 2025-07-01", "draft: false"]);
  post(s.content, "no-status.md", [...BASICS, "date: 2025-07-01"]);
  const run = await build(s);
  assert.equal(run.status, 0, run.stderr);
  const slugs = blogIndex(s).posts.map((p) => p.slug);
  assert.ok(slugs.includes("not-a-draft") && slugs.includes("no-status"));
  for (const draft of ["hugo-draft", "preise-2026"]) {
    assert.ok(!slugs.includes(draft), draft);
    assert.ok(!existsSync(join(s.out, "blog", draft)), draft);
    assert.ok(!readFileSync(join(s.out, "sitemap.xml"), "utf8").includes(draft), draft);
  }

  const t = site();
  const file = post(t.content, "both.md", [
    ...BASICS,
    "date: 2025-07-01",
    "status: published",
    "draft: true",
  ]);
  const error = await oneError(t);
  assert.match(error.message, /`draft: true` and `status: published` disagree/);
  assert.deepEqual([error.file, error.line, error.column], [file, 6, 1]);
  const u = site();
  post(u.content, "yes.md", [...BASICS, "date: 2025-07-01", "draft: yes"]);
  const yes = await oneError(u);
  assert.match(yes.message, /`draft` must be true or false/);
  assert.match(yes.hint!, /`draft: true` keeps the post out of the build, as `status: draft` does/);
});

test("tags: none, a string, a comma list, shown as written (one warning for each that is not lowercase words), once however capitalised; categories as more tags; an empty `tags:` is none", async () => {
  const s = site();
  post(s.content, "no-tags.md", [...BASICS, "date: 2025-07-01"]);
  post(s.content, "one-tag.md", [...BASICS, "date: 2025-07-01", "tags: kafka"]);
  post(s.content, "comma-tags.md", [
    ...BASICS,
    "date: 2025-07-01",
    'tags: "Kafka, Event Sourcing"',
    "categories: [Ops, kafka, Node.js, c++]",
  ]);
  const empty = post(s.content, "empty-tags.md", [...BASICS, "date: 2025-07-01", "tags:"]);
  const run = await build(s);
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(indexed(s, "no-tags")!.tags, []);
  assert.deepEqual(indexed(s, "one-tag")!.tags, ["kafka"]);
  assert.deepEqual(indexed(s, "comma-tags")!.tags, ["Kafka", "Event Sourcing", "Ops", "Node.js", "c++"]);
  assert.deepEqual(indexed(s, "empty-tags")!.tags, []);
  const { findings } = await check(s);
  const spelling = findings.filter((f) => f.kind === "tag-spelling");
  assert.deepEqual(spelling.map((f) => /`([^`]+)`/.exec(f.message)![1]).sort(), [
    "Event Sourcing",
    "Kafka",
    "Node.js",
    "Ops",
    "c++",
  ]);
  assert.match(
    spelling.find((f) => f.message.includes("Node.js"))!.message,
    /the category `Node\.js` is not lowercase words joined by hyphens: shown as written, `node-js` in its URL/,
  );
  assert.match(
    spelling.find((f) => f.message.includes("`c++`"))!.message,
    /shown as written, `c-plus-plus` in its URL/,
    "named by the slug its tag page has",
  );
  const none = findings.find((f) => f.kind === "empty-field")!;
  assert.deepEqual([none.level, none.file, none.line], ["warning", empty, 5]);
  assert.match(none.message, /`tags` is empty: read as left out/);
});

test("summary is the description, lastmod the update, slug the URL, author and image are shown; both of a pair is a warning, sitegen's own used", async () => {
  const s = site();
  writeFileSync(join(s.templates, "assets/cover.png"), "not really a PNG");
  post(s.content, "Hugo Post.md", [
    'title: "From Hugo"',
    'summary: "Written for Hugo."',
    "date: 2025-07-01",
    "lastmod: 2025-08-01",
    "slug: from-hugo",
    "author: [Anna, Ben]",
    "image: /assets/cover.png",
  ]);
  const run = await build(s);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(indexed(s, "from-hugo")!.description, "Written for Hugo.");
  const markdown = readFileSync(join(s.out, "blog/from-hugo.md"), "utf8");
  assert.match(markdown, /^> Written for Hugo\.$/m);
  assert.match(markdown, /^- Updated: 2025-08-01$/m);
  assert.match(markdown, /^- Author: Anna, Ben$/m);
  assert.match(markdown, /^- Image: https:\/\/kontor-nord\.example\/assets\/cover\.png$/m);

  const t = site();
  const file = post(t.content, "twice.md", [...BASICS, 'summary: "Again."', "date: 2025-07-01"]);
  const twice = await oneWarning(t, "synonym-clash");
  assert.match(
    twice.message,
    /both `description` and `summary` are set: `description` is used, and `summary` left to the templates as `params\.summary`/,
  );
  assert.deepEqual([twice.file, twice.line, twice.column], [file, 4, 1]);
  assert.equal((await build(t)).status, 0);
  assert.equal(indexed(t, "twice")!.description, "What it is about.");
});

test("fields sitegen does not use are kept for the templates and named once each, with what sitegen does instead; a relative image is read from the post's URL", async () => {
  const s = site();
  const file = post(s.content, "field.md", [
    ...BASICS,
    "date: 2025-07-01",
    "permalink: /2025/x/",
    "layout: post",
  ]);
  post(s.content, "other.md", [...BASICS, "date: 2025-07-02", "layout: post"]);
  const { run, findings } = await check(s);
  assert.equal(run.status, 0, run.stdout);
  const warnings = findings.filter((f) => f.level === "warning");
  const layout = warnings.find((f) => /`layout`/.test(f.message))!;
  assert.match(
    layout.message,
    /field `layout` is not one of sitegen's \(in 2 files; the first is named\): kept as `params\.layout`/,
  );
  assert.match(layout.hint!, /templates\/post\.html/);
  assert.deepEqual([layout.file, layout.line], [file, 6]);
  const permalink = warnings.find((f) => /`permalink`/.test(f.message))!;
  assert.match(permalink.hint!, /list its old address in `aliases`/);
  assert.deepEqual([permalink.file, permalink.line], [file, 5]);
  assert.equal(
    warnings.filter((f) => /`layout`/.test(f.message)).length,
    1,
    "one warning per field name for the whole build",
  );

  // A bundle's relative `image:` is its own file, with no warning; one that names no file of the post is relative, read from its URL, and missing.
  const t = site();
  post(t.content, "bundle/index.md", [...BASICS, "date: 2025-07-01", "image: cover.png"]);
  writeFileSync(join(t.content, "blog/bundle/cover.png"), "png");
  const elsewhere = post(t.content, "bundle-two/index.md", [
    ...BASICS,
    "date: 2025-07-02",
    "image: ../bundle/cover.png",
  ]);
  const relative = await oneWarning(t, "relative-image");
  assert.deepEqual([relative.file, relative.line], [elsewhere, 5]);
  assert.match(
    relative.message,
    /`image` is relative \(`\.\.\/bundle\/cover\.png`\): read from the post's URL/,
  );
  assert.equal((await build(t)).status, 0);
  assert.match(
    readFileSync(join(t.out, "blog/bundle.md"), "utf8"),
    /^- Image: https:\/\/kontor-nord\.example\/blog\/bundle\/cover\.png$/m,
  );
  const u = site();
  const missing = post(u.content, "field.md", [...BASICS, "date: 2025-07-01", "image: /assets/missing.png"]);
  const broken = await oneWarning(u, "broken-image");
  assert.match(broken.message, /missing image: nothing is published at \/assets\/missing\.png/);
  assert.match(broken.hint!, /templates' assets\/ folder/);
  assert.deepEqual([broken.file, broken.line], [missing, 5]);
});

test("a file name that is not a slug gives one, made valid, and check says which it chose", async () => {
  const s = site();
  const file = post(s.content, "My First Post.md", [...BASICS, "date: 2025-07-01"]);
  post(s.content, "Über Größe.md", [...BASICS, "date: 2025-07-02"]);
  const { run, findings } = await check(s);
  assert.equal(run.status, 0, run.stdout);
  const notes = findings.filter((f) => f.level === "note");
  const first = notes.find((f) => f.file === file)!;
  assert.match(first.message, /its name is not a slug: the post is at \/blog\/my-first-post\//);
  assert.match(first.hint!, /set `slug:` to choose another, or rename the file to `my-first-post\.md`/);
  assert.ok(
    notes.some((f) => /\/blog\/uber-grosse\//.test(f.message)),
    "no lang: the site's default is only known after parsing",
  );
  const built = await build(s);
  assert.equal(built.status, 0, built.stderr);
  assert.ok(indexed(s, "my-first-post") && indexed(s, "uber-grosse"));
  assert.doesNotMatch(built.stderr, /not a slug/, "the build itself does not repeat check's notes");
});

test("posts in folders and .markdown files are built; anything else in the blog folder is named, never skipped silently; of two posts with one slug, the later gets its year", async () => {
  const s = site();
  post(s.content, "2024/06/nested.md", [...BASICS, "date: 2024-06-01"]);
  post(s.content, "jekyll-style.markdown", [...BASICS, "date: 2024-06-02"]);
  writeFileSync(join(s.content, "blog/.DS_Store"), "");
  const run = await build(s);
  assert.equal(run.status, 0, run.stderr);
  assert.ok(existsSync(join(s.out, "blog/nested/index.html")));
  assert.ok(existsSync(join(s.out, "blog/jekyll-style.md")));
  assert.ok(indexed(s, "nested") && indexed(s, "jekyll-style"));

  writeFileSync(join(s.content, "blog/2024/cover.png"), "image");
  const { run: strayRun, findings } = await check(s);
  assert.equal(strayRun.status, 0, "a stray file is left out, not an error");
  const stray = findings.find((f) => f.file === join(s.content, "blog/2024/cover.png"))!;
  assert.equal(stray.level, "warning");
  assert.match(stray.message, /not a Markdown file, and no post names it: left out/);
  assert.match(stray.hint!, /published under its address when it names them/);
  rmSync(join(s.content, "blog/2024/cover.png"));

  const twin = post(s.content, "2025/nested.md", [...BASICS, "date: 2025-06-01"]);
  const same = await oneWarning(s, "slug-clash");
  assert.equal(same.file, twin);
  assert.match(
    same.message,
    new RegExp(
      `two posts have the slug \`nested\`: this one and ${join(s.content, "blog/2024/06/nested.md").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}, which is older and keeps it; this one is at /blog/nested-2025/`,
    ),
  );
  assert.equal((await build(s)).status, 0);
  assert.ok(indexed(s, "nested") && indexed(s, "nested-2025"));
});

test("a .markdown page is a page, and a page in a folder is at the folder's path (test/nested-pages.test.ts has the rest)", async () => {
  const s = site();
  rmSync(join(s.content, "pages/impressum.md"));
  writeFileSync(
    join(s.content, "pages/impressum.markdown"),
    readFileSync(join(KONTOR, "pages/impressum.md")),
  );
  mkdirSync(join(s.content, "pages/docs"));
  writeFileSync(join(s.content, "pages/docs/api.md"), readFileSync(join(KONTOR, "pages/impressum.md")));
  assert.equal((await build(s)).status, 0);
  assert.ok(existsSync(join(s.out, "impressum/index.html")));
  assert.ok(existsSync(join(s.out, "docs/api/index.html")) && existsSync(join(s.out, "docs/api.md")));
});

test("a post dated after the build's time is left out until then: the build and check say so, and a link to it says why it is broken", async () => {
  const s = site();
  const file = post(s.content, "next-year.md", [...BASICS, "date: 2027-01-15"]);
  const run = await build(s);
  assert.equal(run.status, 0, run.stderr);
  assert.match(
    run.stderr,
    new RegExp(
      `^warning: ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: dated 2027-01-15T00:00:00Z, after the time this build stands for \\(2026-12-01T00:00:00Z\\): left out`,
      "m",
    ),
  );
  assert.ok(!indexed(s, "next-year"));
  assert.ok(!existsSync(join(s.out, "blog/next-year")));
  const checked = await check(s);
  assert.equal(checked.run.status, 0, "a scheduled post is no error");
  assert.deepEqual(
    checked.findings.map((f) => [f.level, f.kind, f.file]),
    [["warning", "scheduled", file]],
  );
  const strict = await sitegenHere([
    "check",
    "--strict",
    "--content",
    s.content,
    "--templates",
    s.templates,
    "--dist",
    join(s.out, "none"),
  ]);
  assert.equal(strict.status, 0, "--strict leaves a scheduled post a warning: it is meant");
  const later = await sitegenHere(
    ["build", "--content", s.content, "--templates", s.templates, "--out", s.out],
    { env: { SOURCE_DATE_EPOCH: String(Date.UTC(2027, 0, 15) / 1000) } },
  );
  assert.equal(later.status, 0, later.stderr);
  assert.ok(indexed(s, "next-year"), "a build at its date publishes it");

  const t = site();
  post(t.content, "next-year.md", [...BASICS, "date: 2027-01-15"]);
  post(t.content, "linking.md", [...BASICS, "date: 2025-07-01"], "See [next year](/blog/next-year/).\n");
  const broken = await oneWarning(t, "broken-link");
  assert.match(broken.hint!, /that post is dated 2027-01-15T00:00:00Z, after the time this build stands for/);
});

test("a `# Heading` in a body: one that repeats the title is left out, another moves the body's headings down a level, each a warning at its line; code blocks aside", async () => {
  const s = site();
  const file = post(
    s.content,
    "h1.md",
    [...BASICS, "date: 2025-07-01"],
    "Intro.\n\n```sh\n# a comment, not a heading\n```\n\n# A second title\n\nText.\n\n## Under it\n",
  );
  const repeated = post(
    s.content,
    "h1-title.md",
    [...BASICS, "date: 2025-07-02"],
    "# A post\n\nText.\n\n## Part\n",
  );
  const { run, findings, text } = await check(s, { text: true });
  assert.equal(run.status, 0, text);
  const warnings = findings.filter((f) => f.kind === "title-heading");
  assert.ok(warnings.every((f) => f.level === "warning"));
  assert.deepEqual(
    warnings.map((f) => [f.file, f.line, f.column]),
    [
      [repeated, 7, 1],
      [file, 13, 1],
    ],
    JSON.stringify(findings, null, 1),
  );
  assert.match(warnings[0].message, /repeats the title: it is left out/);
  assert.match(warnings[1].message, /every heading of the body is shown one level down/);
  assert.match(warnings[1].hint!, /start the body's headings at `##`/);
  assert.ok(text.includes("13 | # A second title"), text);
  const built = await build(s);
  assert.equal(built.status, 0, built.stderr);
  const page = (slug: string) => readFileSync(join(s.out, "blog", slug, "index.html"), "utf8");
  assert.match(
    page("h1"),
    /<h2 id="a-second-title">A second title<\/h2>[\s\S]*<h3 id="under-it">Under it<\/h3>/,
  );
  assert.equal((page("h1").match(/<h1[ >]/g) ?? []).length, 1, "the title is the one H1");
  assert.doesNotMatch(page("h1-title"), /<h2[^>]*>A post<\/h2>/);
  assert.match(page("h1-title"), /<h2 id="part">Part<\/h2>/);
});

test("images in a body must be published: a missing one is a warning at its line, a relative one is read from the page's URL; one in the assets passes", async () => {
  const s = site();
  writeFileSync(join(s.templates, "assets/diagram.png"), "png");
  const file = post(
    s.content,
    "images.md",
    [...BASICS, "date: 2025-07-01"],
    "Here: ![a diagram](/assets/diagram.png)\n\nAnd ![missing](/assets/missing.png)\n\nAnd ![relative](diagram.png)\n",
  );
  const { run, findings } = await check(s);
  assert.equal(run.status, 0);
  assert.deepEqual(
    findings.map((f) => [f.kind, f.target]),
    [
      ["broken-image", "/assets/missing.png"],
      ["broken-image", "/blog/images/diagram.png"],
    ],
  );
  assert.deepEqual(
    findings.map((f) => [f.file, f.line, f.column, f.message]),
    [
      [file, 9, 16, "missing image `/assets/missing.png`: nothing is published at /assets/missing.png"],
      [file, 11, 17, "missing image `diagram.png`: nothing is published at /blog/images/diagram.png"],
    ],
  );
});

test("nothing outside the content folder is read: a symbolic link out of it, and files that are not regular, are refused without being opened", async () => {
  const secret = join(scratchDir("sitegen-outside-"), "secret.md");
  writeFileSync(secret, "---\ntitle: TOP-SECRET-LINE\n---\n");
  const s = site();
  symlinkSync(secret, join(s.content, "blog/linked.md"));
  symlinkSync("/etc/passwd", join(s.content, "blog/passwd.md"));
  execFileSync("mkfifo", [join(s.content, "blog/pipe.md")]);
  // A link that stays inside the tree is a file like any other.
  mkdirSync(join(s.content, "drafts"));
  post(s.content, "../drafts/inside.md", [...BASICS, "date: 2025-07-01"]);
  symlinkSync(join(s.content, "drafts/inside.md"), join(s.content, "blog/inside.md"));
  const { run, findings, text } = await check(s, { text: true });
  assert.equal(run.status, 1);
  assert.deepEqual(
    findings.filter((f) => f.level === "error").map((f) => [f.kind, f.file, f.message]),
    [
      [
        "outside-tree",
        join(s.content, "blog/linked.md"),
        `a symbolic link to ${secret}, outside the content folder: not read`,
      ],
      [
        "outside-tree",
        join(s.content, "blog/passwd.md"),
        "a symbolic link to /etc/passwd, outside the content folder: not read",
      ],
      ["outside-tree", join(s.content, "blog/pipe.md"), "not a regular file but a named pipe: not read"],
    ],
  );
  assert.doesNotMatch(
    text + run.stdout,
    /TOP-SECRET-LINE|root:/,
    "neither report shows what the links lead to",
  );

  const t = site();
  rmSync(join(t.content, "site.yaml"));
  symlinkSync("/etc/passwd", join(t.content, "site.yaml"));
  const yaml = await oneError(t, { text: true });
  assert.equal(yaml.file, join(t.content, "site.yaml"));
  assert.match(yaml.message, /outside the content folder: not read/);
  assert.doesNotMatch(yaml.text, /root:/);
});

test("old addresses: an alias that is an address of the site, or that a second post claims, is left out with a warning naming both files; so is one that is not a page's path, at its line", async () => {
  const s = site();
  const first = post(s.content, "first.md", [...BASICS, "date: 2025-07-01", "aliases: [/old/first/]"]);
  const second = post(s.content, "second.md", [...BASICS, "date: 2025-07-02", "redirect_from: /old/first"]);
  // The newer post keeps it; the warning is at the older one's alias, and names the newer's.
  const claimed = await oneWarning(s, "alias");
  assert.deepEqual([claimed.file, claimed.line], [first, 5]);
  assert.match(
    claimed.message,
    new RegExp(
      `the alias \`/old/first/\` is claimed by two posts: this one and ${second.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:5, which keeps it`,
    ),
  );
  assert.equal((await build(s)).status, 0);
  assert.match(readFileSync(join(s.out, "_redirects"), "utf8"), /^\/old\/first\/ \/blog\/second\/ 301$/m);

  const t = site();
  const page = post(t.content, "page.md", [...BASICS, "date: 2025-07-01", "aliases:", "  - /impressum/"]);
  const taken = await oneWarning(t, "alias");
  assert.deepEqual([taken.file, taken.line], [page, 6]);
  assert.match(
    taken.message,
    /the alias `\/impressum\/` is an address of the site itself, made by .*pages\/impressum\.md: left out/,
  );

  for (const [alias, message] of [
    ["https://old.example/first/", /an alias is a path from the site root/],
    ["/old.php", /not a page's address/],
    ["/old/?p=1", /without a query/],
  ] as const) {
    const u = site();
    const file = post(u.content, "wrong.md", [...BASICS, "date: 2025-07-01", `aliases: ["${alias}"]`]);
    const wrong = await oneWarning(u, "alias");
    assert.deepEqual([wrong.file, wrong.line], [file, 5], alias);
    assert.match(wrong.message, message, alias);
  }
});

test("a misspelt field is a warning that says what was meant: check passes, and fails with --strict", async () => {
  const s = site();
  const file = post(s.content, "typo.md", [...BASICS, "date: 2025-07-01", "tittle: An old title"]);
  const { run, findings } = await check(s);
  assert.equal(run.status, 0, run.stdout);
  const typo = findings.find((f) => /tittle/.test(f.message))!;
  assert.equal(typo.level, "warning");
  assert.match(typo.message, /unknown field `tittle`: did you mean `title`\?/);
  assert.deepEqual([typo.file, typo.line], [file, 5]);
  const strict = await sitegenHere([
    "check",
    "--strict",
    "--content",
    s.content,
    "--templates",
    s.templates,
    "--dist",
    join(s.out, "none"),
  ]);
  assert.equal(strict.status, 1);
  assert.match(strict.stderr, /error: .*typo\.md:5: unknown field `tittle`: did you mean `title`\?/);
});

test("a required field written with a typo is missing, and the error says which name was meant, at the misspelt line", async () => {
  const s = site();
  const file = post(s.content, "typo.md", [
    'description: "What it is about."',
    "date: 2025-07-01",
    "tittle: A title",
  ]);
  const error = await oneError(s, { text: true });
  assert.equal(error.message, "missing required field `title`: did you mean `title` instead of `tittle`?");
  assert.deepEqual([error.file, error.line], [file, 4]);
  assert.match(error.text, /hint: rename `tittle` to `title`/);
  rmSync(file);
  const dated = post(s.content, "typo.md", [...BASICS, "daet: 2025-07-01"]);
  assert.deepEqual(await oneError(s).then(({ message, file, line }) => [message, file, line]), [
    "missing required field `date`: did you mean `date` instead of `daet`?",
    dated,
    4,
  ]);
  const page = join(s.content, "pages/typo.md");
  writeFileSync(
    page,
    [
      "---",
      "titel: A page",
      'description: "What it is about."',
      "updated: 2025-07-01",
      "---",
      "",
      "Text.",
      "",
    ].join("\n"),
  );
  rmSync(dated);
  assert.deepEqual(await oneError(s).then(({ message, file, line }) => [message, file, line]), [
    "missing required field `title`: did you mean `title` instead of `titel`?",
    page,
    2,
  ]);
});

test("a post's own file over 20 MB is an error naming it and its size, and the output folder is left as it was", async () => {
  const s = site();
  post(s.content, "big/index.md", [...BASICS, "date: 2025-07-01"], "A post with a large file beside it.\n");
  const big = join(s.content, "blog/big/film.mp4");
  writeFileSync(big, "");
  truncateSync(big, 20 * 1024 * 1024 + 1);
  const run = await build(s);
  assert.equal(run.status, 1);
  assert.match(
    run.stderr,
    new RegExp(
      `${big.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: 20971521 bytes: a post's file may be at most 20971520 bytes`,
    ),
  );
  assert.ok(!existsSync(s.out), "no output folder");
});
