/**
 * Content another generator publishes builds here too, with warnings: the
 * smallest forms of what real blogs copied into an `init` site failed on
 * (test/fixtures/forgiven/cases/, each laid over test/fixtures/forgiven/base/).
 * Each builds with exit 0 and exactly the warnings of its kind, at the file
 * and line. All of them together build in one run that reports every one,
 * grouped by kind with counts, and fail under `build --strict` (each kind an
 * error but a post scheduled for later, the output folder left as it was) and `check --strict`; with errors among them,
 * the run still reports every warning (no stages), and `check` counts what
 * it checked. A site of 130 pages gets a Markdown 404 that lists the pages
 * that fit its budget and says how many more.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { readTree } from "./helpers/site.ts";
import type { Finding } from "../src/findings.ts";

const FORGIVEN = join(ROOT, "test/fixtures/forgiven");

/** What each case must report: its kinds with their counts, and what the built site shows of it. */
const CASES: Record<
  string,
  {
    counts: Record<string, number>;
    message: RegExp;
    file: string;
    line?: number;
    built?: (dist: string) => void;
  }
> = {
  "link-to-nothing": {
    counts: { "broken-link": 3 },
    message: /^broken link `\/about-me\/`: nothing is published at \/about-me\/$/,
    file: "blog/2024-06-01-links.md",
    line: 7,
  },
  "h1-in-body": {
    counts: { "title-heading": 1 },
    message: /a level-1 heading in the body/,
    file: "blog/2024-06-02-heading.md",
    line: 7,
    built: (dist) =>
      assert.match(read(dist, "blog/heading/index.html"), /<h2 id="setting-up">Setting up<\/h2>/),
  },
  "empty-tags": {
    counts: { "empty-field": 1 },
    message: /^`tags` is empty: read as left out$/,
    file: "blog/2024-06-03-untagged.md",
    line: 5,
    built: (dist) => assert.deepEqual(indexed(dist, "untagged").tags, []),
  },
  "tag-as-written": {
    counts: { "tag-spelling": 1 },
    message: /the tag `Node\.js` is not lowercase words joined by hyphens: shown as written/,
    file: "blog/2024-06-04-node.md",
    line: 5,
    built: (dist) => {
      assert.deepEqual(indexed(dist, "node").tags, ["Node.js"]);
      assert.match(read(dist, "blog/node.md"), /^- Tags: Node\.js$/m);
    },
  },
  "draft-false-page": {
    counts: { "page-draft": 1 },
    message: /^`draft: false` on a page: every page is published/,
    file: "pages/about.md",
    line: 5,
    built: (dist) => assert.match(read(dist, "about.md"), /^# About$/m),
  },
  "page-with-date": {
    counts: { "page-date": 1 },
    message: /^a page has no date: `date` is read as the day it was last updated$/,
    file: "pages/history.md",
    line: 4,
    built: (dist) =>
      assert.match(
        read(dist, "sitemap.xml"),
        /<loc>https:\/\/kestrel\.example\/history\/<\/loc>\s*<lastmod>2019-04-01<\/lastmod>/,
      ),
  },
  "summary-and-description": {
    counts: { "synonym-clash": 1 },
    message: /^both `description` and `summary` are set: `description` is used/,
    file: "blog/2024-06-07-both.md",
    line: 4,
    built: (dist) => assert.equal(indexed(dist, "both").description, "The description."),
  },
  // A relative image that is the post's own file is what its author meant: no warning.
  "bundle-image": {
    counts: {},
    message: /./,
    file: "blog/2024-06-08-pictured/index.md",
    built: (dist) => {
      assert.match(
        read(dist, "blog/pictured.md"),
        /^- Image: https:\/\/kestrel\.example\/blog\/pictured\/cover\.jpg$/m,
      );
      assert.ok(
        readFileSync(join(dist, "blog/pictured/cover.jpg")).length > 0,
        "the image is published where the post names it",
      );
    },
  },
  "one-digit-hour": {
    counts: { "loose-date": 1 },
    message:
      /^`2013-11-22 5:00:00 \+0000` is read as 2013-11-22T05:00:00\+00:00, as YAML 1\.1 \(the YAML of Jekyll, Hugo and PyYAML\) reads it$/,
    file: "blog/2013-11-22-early.md",
    line: 4,
    built: (dist) => assert.equal(indexed(dist, "early").date, "2013-11-22T05:00:00+00:00"),
  },
  "year-twice": {
    counts: { "loose-date": 1 },
    message:
      /^`2023-01-29 18:30:22 2023 -0800` is read as 2023-01-29T18:30:22Z, as Ruby's Time\.parse \(Jekyll\) reads it$/,
    file: "blog/2023-01-29-evening.md",
    line: 4,
    built: (dist) => assert.equal(indexed(dist, "evening").date, "2023-01-29T18:30:22Z"),
  },
  "quoted-continued": {
    counts: { "nonstandard-yaml": 1 },
    message:
      /^`description` is a quoted value continued at the start of the next line: read as Jekyll's, Hugo's and PyYAML's YAML read it$/,
    file: "blog/2024-06-11-long.md",
    line: 3,
    built: (dist) =>
      assert.equal(
        indexed(dist, "long").description,
        "A description long enough that its author continued it on the next line, at the start of the line",
      ),
  },
  "same-slug": {
    counts: { "slug-clash": 1 },
    message:
      /^two posts have the slug `cfp`: this one and .*2014-09-10-cfp\.md, which is older and keeps it; this one is at \/blog\/cfp-2015\/$/,
    file: "blog/2015-08-31-cfp.md",
    built: (dist) => {
      assert.equal(indexed(dist, "cfp").title, "Call for papers 2014");
      assert.equal(indexed(dist, "cfp-2015").title, "Call for papers 2015");
    },
  },
  // What real blogs copied as they are met besides (the closing note's table): each read as its generator reads it.
  "key-twice": {
    counts: { "nonstandard-yaml": 2, "unknown-field": 1 },
    message:
      /^`date` is written a second time: read as Jekyll's and PyYAML's YAML read it, the last one counting/,
    file: "blog/2017-09-30-twice.md",
    line: 7,
    built: (dist) => assert.equal(indexed(dist, "twice").date, "2017-09-30T09:42:00Z"),
  },
  "js-frontmatter": {
    counts: { "js-frontmatter": 1 },
    message: /^JavaScript frontmatter that writes plain values: read as data, not run$/,
    file: "blog/fifth.md",
    line: 1,
    built: (dist) =>
      assert.deepEqual(indexed(dist, "fifth"), {
        slug: "fifth",
        title: "The fifth post",
        description: "A post whose frontmatter is JavaScript that only writes values.",
        date: "2023-01-23T00:00:00Z",
        tags: ["eleventy"],
        lang: "en",
      }),
  },
  "zola-dated-path": {
    counts: { "date-from-address": 1, "unknown-field": 1 },
    message: /^no `date`: dated 2019-05-15, the day its address `2019\/05\/15\/rigging-notes` names$/,
    file: "blog/rigging-notes.md",
    line: 2,
    built: (dist) => {
      assert.equal(indexed(dist, "rigging-notes").date, "2019-05-15T00:00:00Z");
      assert.match(
        read(dist, "blog/rigging-notes.md"),
        /^- Author: The Yard Crew$/m,
        "Zola's `authors` is the author",
      );
    },
  },
  "mdx-post": {
    counts: { mdx: 3 },
    message:
      /^MDX code `import Callout from "\.\.\/\.\.\/components\/Callout\.astro";` is not run: left out of the page$/,
    file: "blog/2024-07-01-harbour-launch.mdx",
    line: 6,
    built: (dist) => {
      // The page's text as a reader sees it (highlighting's markup and entities undone), and its Markdown.
      const html = read(dist, "blog/harbour-launch/index.html")
        .replace(/<[^>]+>/g, "")
        .replace(/&quot;/g, '"');
      const markdown = read(dist, "blog/harbour-launch.md");
      for (const shown of [html, markdown]) {
        assert.doesNotMatch(
          shown,
          /import Callout|export const meta|crew: "harbour"/,
          "MDX's code is left out",
        );
        assert.match(
          shown,
          /Check the table for the harbour you launch from/,
          "the component's content shows",
        );
        assert.match(
          shown,
          /import \{ readFileSync \} from "node:fs";\nexport default/,
          "code in a fence is an example, kept",
        );
      }
      assert.equal(
        indexed(dist, "harbour-launch").description,
        "Reading the harbour's tide tables before a launch.",
      );
    },
  },
  "html-content": {
    counts: { "left-out": 1 },
    message: /^an HTML file without frontmatter: a file, not a page or post: left out$/,
    file: "pages/verify-8f2c.html",
    built: (dist) => {
      // A blank line, then an indented row: read as Markdown, the row would be a code block.
      assert.match(
        read(dist, "blog/harbour-lights/index.html"),
        /<table class="lights">\n {2}<tr><th>Light<\/th><th>Rhythm<\/th><\/tr>\n\n {4}<tr><td>North mole<\/td><td>Fl G 3s<\/td><\/tr>\n<\/table>/,
      );
      assert.match(
        read(dist, "blog/harbour-lights.md"),
        /<table class="lights">/,
        "its Markdown holds the HTML as written",
      );
      assert.equal(
        indexed(dist, "harbour-lights").description,
        "Each light on the breakwater has its own rhythm, written on the chart.",
      );
      assert.match(read(dist, "charter/index.html"), /<h2 id="terms">Terms<\/h2>/);
      assert.match(
        read(dist, "notice/index.html"),
        /<p>The north mole light is under repair\.<\/p>\n\n {4}<p>It shows a fixed green light until then\.<\/p>/,
        "`markup: html` in a Markdown file",
      );
    },
  },
  "template-page": {
    counts: { "left-out": 1 },
    message: /^no date and no text: a page its generator's template makes, not a post, so left out$/,
    file: "blog/log/latest.md",
    line: 1,
  },
  "astro-dates": {
    counts: { "loose-date": 1 },
    message:
      /^`22 Feb 2023` is read as 2023-02-22, as Ruby's Time\.parse \(Jekyll\) and Go's layouts \(Hugo\) read it$/,
    file: "blog/webmentions.md",
    line: 4,
    built: (dist) => {
      assert.equal(indexed(dist, "webmentions").date, "2023-02-22T00:00:00Z");
      assert.match(read(dist, "blog/webmentions.md"), /^- Updated: 2024-01-22$/m);
    },
  },
  "one-digit-month-name": {
    counts: { "loose-date": 1 },
    message:
      /^the file's name is dated `2017-4-20`: read as 2017-04-20, as Jekyll reads a one-digit month or day$/,
    file: "blog/2017-4-20-editor-tips.md",
    line: 1,
    built: (dist) => assert.equal(indexed(dist, "editor-tips").date, "2017-04-20T00:00:00Z"),
  },
  "title-in-a-comment": {
    counts: { "empty-field": 1, "title-from-file-name": 1 },
    message:
      /^no `title`, and no heading: the file's name gives it, `The Build`, as Jekyll gives a post its title$/,
    file: "blog/2014-09-30-the-build.md",
    line: 2,
    built: (dist) => assert.equal(indexed(dist, "the-build").title, "The Build"),
  },
  "capitalised-fields": {
    counts: {},
    message: /./,
    file: "blog/bbq.md",
    built: (dist) =>
      assert.deepEqual(
        [indexed(dist, "bbq").title, indexed(dist, "bbq").date],
        ["BBQ and the world cup", "2010-06-12T23:10:00Z"],
      ),
  },
  "empty-frontmatter": {
    counts: { "title-from-heading": 1, "title-heading": 1, "undated-page": 1 },
    message: /^no `title`: the heading `Accessibility statement` is the title$/,
    file: "pages/accessibility.md",
    line: 4,
    built: (dist) => assert.match(read(dist, "accessibility.md"), /^# Accessibility statement$/m),
  },
  "list-page": {
    counts: { "left-out": 1 },
    message: /^a list page, as Eleventy and Jekyll write one/,
    file: "blog/blog.md",
    line: 1,
  },
  "impossible-date": {
    counts: { "impossible-date": 1, scheduled: 1 },
    message:
      /^`2030-31-12` names no day \(there is no month 31\): read as 2032-07-12, as JavaScript's YAML \(Eleventy's and Astro's js-yaml\) reads it; Jekyll's and Hugo's YAML refuse it$/,
    file: "blog/future-post.md",
    line: 4,
  },
  "undated-section-page": {
    counts: { "title-from-file-name": 1, "undated-page": 1, "unknown-field": 1 },
    message: /^no `title`, and no heading: the file's name gives it, `Abstractions`/,
    file: "pages/quotes/abstractions.md",
    line: 2,
    built: (dist) => assert.match(read(dist, "quotes/abstractions.md"), /^# Abstractions$/m),
  },
  "title-markup": {
    counts: { "field-markup": 1 },
    message: /^`title` holds HTML elements: the title is their text, `Harbour kinds in Kestrel`$/,
    file: "blog/2017-09-12-harbour-kinds.md",
    line: 2,
    built: (dist) => {
      assert.equal(indexed(dist, "harbour-kinds").title, "Harbour kinds in Kestrel");
      assert.match(read(dist, "blog/harbour-kinds/index.html"), /<h1>Harbour kinds in Kestrel<\/h1>/);
    },
  },
  "author-markup": {
    counts: { "field-markup": 1 },
    message:
      /^`author` holds HTML elements and Markdown links: the author is their text, `Camille \(@cam\)`$/,
    file: "blog/2018-03-02-tide-tables.md",
    line: 5,
    built: (dist) => assert.match(read(dist, "blog/tide-tables.md"), /^- Author: Camille \(@cam\)$/m),
  },
  // A blog with posts in a language its site.yaml does not list (185 of them on one blog).
  "unlisted-language": {
    counts: { "unlisted-language": 1 },
    message: /^`lang` is "ja", which is not one of the site's languages \(en\): published in ja$/,
    file: "blog/2024-06-20-kyoto-brokers.md",
    line: 4,
    built: (dist) => assert.match(read(dist, "blog/kyoto-brokers/index.html"), /<html lang="ja"/),
  },
  // Jekyll splits a string of tags (and of categories) on spaces; Eleventy and Hugo read a string as one tag.
  "jekyll-space-tags": {
    counts: { "tag-spelling": 1 },
    message:
      /^the tag `harbour master` is not lowercase words joined by hyphens: shown as written, `harbour-master` in its URL$/,
    file: "blog/harbour-notes.md",
    line: 5,
    built: (dist) => {
      assert.deepEqual(indexed(dist, "tide-gauges").tags, ["tides", "harbour", "notes", "gauges"]);
      assert.deepEqual(indexed(dist, "harbour-notes").tags, ["harbour master"]);
    },
  },
  // A title written in Markdown, for a theme that renders it (Hugo's markdownify): its words, not its markers, everywhere.
  "title-emphasis": {
    counts: { "field-markup": 1 },
    message:
      /^`title` holds Markdown emphasis: the title is their text, `Why I feel -- fine about snake_case names`$/,
    file: "blog/2024-06-22-feel-fine.md",
    line: 2,
    built: (dist) => {
      assert.equal(indexed(dist, "feel-fine").title, "Why I feel -- fine about snake_case names");
      assert.match(
        read(dist, "blog/feel-fine/index.html"),
        /<h1>Why I feel -- fine about snake_case names<\/h1>/,
      );
      assert.match(read(dist, "llms.txt"), /\[Why I feel -- fine about snake\\?_case names\]/);
      assert.equal(
        indexed(dist, "vendor-prefixes").title,
        "Ignore webkit-*, moz-* and 2*3 in __init__.py",
        "stars and underscores typed as text stay",
      );
    },
  },
  // An Astro blog's public/ or a Hugo blog's static/ copied into content/static/ as it is.
  "host-files-in-static": {
    counts: { "left-out": 4 },
    message: /^`\/404\.html` is a file the build writes itself: this one \(a 404 page\) is left out$/,
    file: "static/404.html",
    built: (dist) => {
      assert.doesNotMatch(read(dist, "404.html"), /Nothing moored here/);
      assert.match(read(dist, "robots.txt"), /^Sitemap: https:\/\/kestrel\.example\/sitemap\.xml$/m);
      assert.doesNotMatch(read(dist, "_redirects") + read(dist, "_headers"), /old-harbour|X-Harbour-Master/);
    },
  },
};

const read = (dist: string, file: string) => readFileSync(join(dist, file), "utf8");
const indexed = (dist: string, slug: string) =>
  (
    JSON.parse(read(dist, "blog-index.json")).posts as {
      slug: string;
      title: string;
      date: string;
      tags: string[];
      description: string;
    }[]
  ).find((post) => post.slug === slug)!;

/** The base site with the given cases laid over it, in a folder of its own. */
function site(cases: string[]): { content: string; dist: string } {
  const dir = tempDir("sitegen-forgiven-");
  const content = join(dir, "content");
  cpSync(join(FORGIVEN, "base"), content, { recursive: true });
  for (const name of cases) cpSync(join(FORGIVEN, "cases", name), content, { recursive: true });
  return { content, dist: join(dir, "dist") };
}

async function run(
  command: "build" | "check",
  s: { content: string; dist: string },
  flags: string[] = [],
): Promise<{
  status: number;
  stderr: string;
  report: {
    ok: boolean;
    counts: Record<string, number>;
    findings: Finding[];
    checked?: { pages: number; posts: number };
  };
}> {
  const where = command === "build" ? ["--out", s.dist] : ["--dist", join(s.dist, "..", "none")];
  const json = await sitegenHere([command, "--content", s.content, ...where, ...flags, "--json"]);
  return { status: json.status, stderr: json.stderr, report: JSON.parse(json.stdout) };
}

test("the fixtures are every case the issue found, and each is a folder of test/fixtures/forgiven/cases", () => {
  assert.deepEqual(readdirSync(join(FORGIVEN, "cases")).sort(), Object.keys(CASES).sort());
});

for (const [name, expected] of Object.entries(CASES)) {
  const silent = Object.keys(expected.counts).length === 0;
  test(`${name}: builds with exit 0 and ${silent ? "no warning: it is read as its generator reads it" : `its warning at ${expected.file}${expected.line ? `:${expected.line}` : ""}`}`, async () => {
    const s = site([name]);
    const built = await run("build", s);
    assert.equal(built.status, 0, built.stderr);
    assert.deepEqual(built.report.counts, expected.counts, JSON.stringify(built.report.findings, null, 1));
    if (silent) return expected.built?.(s.dist);
    const finding = built.report.findings.find((f) => expected.message.test(f.message));
    assert.ok(
      finding,
      `${expected.message} among ${JSON.stringify(built.report.findings.map((f) => f.message))}`,
    );
    assert.deepEqual(
      [finding.level, finding.file, finding.line],
      ["warning", join(s.content, expected.file), expected.line],
    );
    expected.built?.(s.dist);
  });
}

test("one run reports every case, grouped by kind with counts, in text and --json; check says what it checked; under --strict each kind but `scheduled` is an error, and the output folder is left as it was", async () => {
  const s = site(Object.keys(CASES));
  const built = await sitegenHere(["build", "--content", s.content, "--out", s.dist]);
  assert.equal(built.status, 0, built.stderr);
  const totals: Record<string, number> = {};
  for (const { counts } of Object.values(CASES))
    for (const [kind, count] of Object.entries(counts)) totals[kind] = (totals[kind] ?? 0) + count;
  for (const [kind, count] of Object.entries(totals))
    assert.match(built.stderr, new RegExp(`^! ${kind}: ${count} warnings?`, "m"), kind);
  // Links are counted by what they link to.
  assert.match(built.stderr, /^! broken-link: 3 warnings, to 2 targets: \/about-me\/ ×2, \/archive\/ ×1$/m);
  const total = Object.values(totals).reduce((a, b) => a + b, 0);
  assert.match(
    built.stderr,
    new RegExp(
      `^! ${total} warnings \\(broken-link 3 \\(to 2 targets\\), .*\\); \`--strict\` fails on them$`,
      "m",
    ),
  );
  for (const expected of Object.values(CASES)) expected.built?.(s.dist);

  const checked = await run("check", s);
  assert.equal(checked.status, 0);
  assert.deepEqual(checked.report.counts, totals);
  assert.deepEqual(checked.report.checked, { pages: 9, posts: 28, dist: false });

  // --strict raises every kind to an error but one: a post dated after the build is meant to wait, and stays a warning.
  const meant = ["scheduled"];
  const before = readTree(s.dist);
  const strict = await sitegenHere(["build", "--strict", "--content", s.content, "--out", s.dist]);
  assert.equal(strict.status, 1, strict.stderr);
  for (const [kind, count] of Object.entries(totals)) {
    const raised = meant.includes(kind) ? `^! ${kind}: ${count} warnings?` : `^✗ ${kind}: ${count} errors?`;
    assert.match(strict.stderr, new RegExp(raised, "m"), kind);
  }
  assert.match(strict.stderr, /✗ build failed with \d+ errors? .*; the output folder was left as it was/);
  assert.deepEqual(readTree(s.dist), before, "the output folder is byte for byte as it was");
  const strictCheck = await run("check", s, ["--strict"]);
  assert.equal(strictCheck.status, 1);
  assert.deepEqual(strictCheck.report.counts, totals);
  const levels = new Map(strictCheck.report.findings.map((f) => [f.kind, f.level]));
  assert.deepEqual(
    Object.keys(totals).filter(
      (kind) => levels.get(kind as Finding["kind"]) !== (meant.includes(kind) ? "warning" : "error"),
    ),
    [],
    "each kind at its level under --strict",
  );
});

test("with errors among them the run still reports every warning, not in stages, and check counts the pages it checked", async () => {
  const s = site(Object.keys(CASES));
  writeFileSync(
    join(s.content, "blog/2024-07-01-broken.md"),
    "---\ntitle: Broken\ntags: [a, b\n---\n\nText.\n",
  );
  // No title, no heading, and no Latin word in the file's name: nothing to take a title from.
  writeFileSync(
    join(s.content, "blog/2024-07-02-無題.md"),
    "---\ndescription: Nothing to take a title from.\n---\n\nText.\n",
  );
  const built = await run("build", s);
  assert.equal(built.status, 1);
  const kinds = new Set(built.report.findings.map((f) => f.kind));
  for (const kind of [
    "frontmatter",
    "no-title",
    ...Object.values(CASES).flatMap((c) => Object.keys(c.counts)),
  ])
    assert.ok(kinds.has(kind as Finding["kind"]), `${kind} reported in the same run`);
  assert.deepEqual(
    built.report.findings
      .filter((f) => f.level === "error")
      .map((f) => f.kind)
      .sort(),
    ["frontmatter", "no-title"],
  );
  const checked = await run("check", s);
  assert.equal(checked.status, 1);
  assert.deepEqual(
    checked.report.checked,
    { pages: 9, posts: 28, dist: false },
    "check counts what it could check",
  );
});

test("a site of 130 pages: the Markdown 404 lists the first pages that fit its budget and says how many more, with a warning; check passes", async () => {
  const s = site([]);
  mkdirSync(join(s.content, "pages/docs"));
  for (let index = 1; index <= 130; index++) {
    writeFileSync(
      join(s.content, `pages/docs/reference-${index}.md`),
      `---\ntitle: Reference page ${index} of the broker's command line\ndescription: Page ${index}.\nupdated: 2025-01-01\n---\n\nText.\n`,
    );
  }
  const built = await run("build", s);
  assert.equal(built.status, 0, built.stderr);
  assert.deepEqual(built.report.counts, { budget: 1 });
  const [warning] = built.report.findings;
  assert.match(
    warning.message,
    /^the Markdown 404 lists (\d+) of the site's 133 pages: all of them would pass its budget of 8000 bytes/,
  );
  const listed = Number(/lists (\d+) of/.exec(warning.message)![1]);
  const map = read(s.dist, "_sitegen/404.md");
  assert.ok(Buffer.byteLength(map) <= 8000);
  assert.equal(map.match(/^- \[.*\]\(https:\/\/kestrel\.example\/[^)]*\) \(Markdown: /gm)?.length, listed);
  assert.match(
    map,
    new RegExp(
      `^- And ${133 - listed} more of the 133 pages: every one is in https://kestrel\\.example/llms\\.txt and https://kestrel\\.example/sitemap\\.xml\\.$`,
      "m",
    ),
  );
  const checked = await run("check", s);
  assert.equal(checked.status, 0, "check does not fail on it");
  assert.deepEqual(checked.report.checked, { pages: 133, posts: 1, dist: false });
  assert.equal((await run("check", s, ["--strict"])).status, 1);
});
