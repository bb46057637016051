/**
 * `sitegen check`: passes on the real content and a good build; fails, naming
 * the file and line, on content broken one way at a time and on a build whose
 * artifacts were tampered with.
 *
 * Each broken case is the real content with one change: the files under
 * test/fixtures/broken/<case>/ laid over a copy of content/, or an edit made
 * here where the change is a deletion or a one-line rewrite. Because everything
 * else is the real, valid content, every error a case reports must be the one
 * it was built to cause.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { shardOf } from "../src/negotiation/table.ts";
import { builtSite, ROOT, sitegenHere } from "./helpers/dist.ts";
import { copyContent, readSource, scratchDir } from "./helpers/site.ts";
import type { Finding } from "../src/findings.ts";

const FIXTURES = join(ROOT, "test/fixtures/broken");
const source = readSource();

/** `check` twice, as text and as `--json`. */
async function check(
  args: string[],
): Promise<{ status: number; text: string; findings: Finding[]; jsonStatus: number }> {
  const plain = await sitegenHere(["check", ...args]);
  const json = await sitegenHere(["check", ...args, "--json"]);
  const report = JSON.parse(json.stdout);
  assert.equal(report.ok, json.status === 0);
  return {
    status: plain.status,
    text: plain.stderr + plain.stdout,
    findings: report.findings,
    jsonStatus: json.status,
  };
}

/** A folder that holds no build, so `check` judges the content alone. */
const NO_DIST = join(scratchDir("sitegen-no-dist-"), "dist");

// ---------------------------------------------------------------------------
// Passing

test("check passes on the real content (exit 0) and writes nothing", async () => {
  const result = await check(["--dist", NO_DIST]);
  assert.equal(result.status, 0, result.text);
  assert.equal(result.jsonStatus, 0);
  assert.deepEqual(
    result.findings.filter((f) => f.level === "error"),
    [],
  );
  assert.match(
    result.text,
    new RegExp(`checked 7 pages, ${source.published.length} published posts: no errors`),
  );
  assert.equal(existsSync(NO_DIST), false, "check must not write a build");
});

test("check passes on the real content and a good build, through the real CLI", async () => {
  const dist = builtSite();
  const plain = await sitegenHere(["check", "--dist", dist]);
  assert.equal(plain.status, 0, plain.stderr);
  assert.match(
    plain.stdout,
    new RegExp(
      `checked 7 pages, ${source.published.length} published posts, and ${dist}/: no errors, no warnings`,
    ),
  );
  const json = await sitegenHere(["check", "--dist", dist, "--json"]);
  assert.equal(json.status, 0, json.stderr);
  const report = JSON.parse(json.stdout);
  assert.equal(report.ok, true);
  assert.deepEqual(report.checked, { pages: 7, posts: source.published.length, dist: true });
  assert.deepEqual(report.findings, []);
});

// ---------------------------------------------------------------------------
// Broken content

interface BrokenCase {
  name: string;
  /** Overlay test/fixtures/broken/<fixture>/ on the copy. */
  fixture?: string;
  /** Or change the copy here; returns nothing. */
  change?: (content: string) => void;
  /** The file every finding must name, relative to the content folder ("" for none inside it). */
  file: string;
  /** The line every finding must name; undefined where there is no line to name. */
  line?: number | ((content: string) => number);
  message: RegExp;
  /** The kind src/policy.ts judges, and its level there: a warning passes `check` and fails `check --strict`. */
  kind: string;
  level: "error" | "warning";
}

/** 1-based line of the first line of `file` matching `pattern`. */
const lineOf = (file: string, pattern: RegExp) => (content: string) => {
  const index = readFileSync(join(content, file), "utf8")
    .split("\n")
    .findIndex((line) => pattern.test(line));
  assert.ok(index >= 0, `${file} should have a line matching ${pattern}`);
  return index + 1;
};

const LONG_ORIGIN = "https://a-rather-long-preview-host-name-for-this-site.integration-consultancy.example";

const CASES: BrokenCase[] = [
  {
    name: "a post without a title, titled by its file's name as Jekyll titles it",
    fixture: "missing-title",
    file: "blog/missing-title.md",
    line: 2,
    kind: "title-from-file-name",
    level: "warning",
    message:
      /no `title`, and no heading: the file's name gives it, `Missing Title`, as Jekyll gives a post its title/,
  },
  {
    name: "bad date: the thirtieth of February, named as no reader takes it",
    fixture: "bad-date",
    file: "blog/bad-date.md",
    line: 4,
    kind: "bad-date",
    level: "error",
    message: /`date` is not a date: February 2025 has days 01 to 28, not 30/,
  },
  {
    name: "a lang that is not one of the site's languages, published in it",
    fixture: "unknown-lang",
    file: "blog/unknown-lang.md",
    line: 6,
    kind: "unlisted-language",
    level: "warning",
    message: /`lang` is "fr", which is not one of the site's languages \(en, vi\): published in fr/,
  },
  {
    name: "a misspelt frontmatter field",
    fixture: "unknown-field",
    file: "blog/unknown-field.md",
    line: 8,
    kind: "likely-typo",
    level: "warning",
    message: /unknown field `auther`: did you mean `author`\?/,
  },
  {
    name: "updated before date",
    fixture: "updated-before-date",
    file: "blog/updated-before-date.md",
    line: 5,
    kind: "date-order",
    level: "warning",
    message: /`updated` \(2025-05-01\) is before `date` \(2025-06-03\)/,
  },
  {
    name: "a malformed slug the file sets",
    fixture: "malformed-slug",
    file: "blog/malformed-slug.md",
    line: 8,
    kind: "slug-rewritten",
    level: "warning",
    message: /`slug: Uppercase_Slug` is not a slug \(.*\): the post is at \/blog\/uppercase-slug\//,
  },
  {
    name: "a page whose file name is not a URL segment",
    fixture: "page-name-not-a-slug",
    file: "pages/Careers Page.md",
    line: 2,
    kind: "slug-rewritten",
    level: "warning",
    message: /`Careers Page` is not a URL's path: the page is at \/careers-page\//,
  },
  {
    name: "no home page",
    change: (content) => rmSync(join(content, "pages/index.md")),
    file: "pages",
    kind: "missing-page",
    level: "error",
    message: /missing the home page `index\.md`/,
  },
  {
    name: "invalid YAML: an unclosed flow sequence",
    fixture: "invalid-yaml",
    file: "blog/invalid-yaml.md",
    line: 5,
    kind: "frontmatter",
    level: "error",
    message: /invalid YAML/,
  },
  {
    name: "invalid YAML in site.yaml",
    change: (content) =>
      writeFileSync(
        join(content, "site.yaml"),
        readFileSync(join(content, "site.yaml"), "utf8").replace(/^languages: .*$/m, "languages: en: vi"),
      ),
    file: "site.yaml",
    line: lineOf("site.yaml", /^languages: en: vi$/),
    kind: "frontmatter",
    level: "error",
    message: /invalid YAML/,
  },
  {
    name: "broken internal link",
    fixture: "broken-link",
    file: "blog/broken-link.md",
    line: 12,
    kind: "broken-link",
    level: "warning",
    message: /broken link `\/blog\/no-such-post\/`/,
  },
  {
    name: "broken anchor",
    fixture: "broken-anchor",
    file: "blog/broken-anchor.md",
    line: 12,
    kind: "broken-anchor",
    level: "warning",
    message: /broken anchor `\/developers\/#no-such-heading`/,
  },
  {
    name: "robots.txt over 100 bytes, from a long base_url in site.yaml",
    change: (content) =>
      writeFileSync(
        join(content, "site.yaml"),
        readFileSync(join(content, "site.yaml"), "utf8").replace(
          /^base_url: .*$/m,
          `base_url: ${LONG_ORIGIN}`,
        ),
      ),
    file: "",
    kind: "surface-limit",
    level: "error",
    message: /robots\.txt is 1\d\d bytes; the limit is 100/,
  },
];

for (const c of CASES) {
  test(`check on ${c.name}: ${c.kind}, ${c.level === "error" ? "an error: exit 1" : "a warning: exit 0, and 1 under --strict"}, the file${c.line ? " and line" : ""} named in text and --json`, async () => {
    const content = copyContent();
    if (c.fixture) cpSync(join(FIXTURES, c.fixture), content, { recursive: true });
    c.change?.(content);
    const file = c.file ? join(content, c.file) : "robots.txt";
    const line = typeof c.line === "function" ? c.line(content) : c.line;

    for (const strict of c.level === "error" ? [false] : [false, true]) {
      const result = await check(["--content", content, "--dist", NO_DIST, ...(strict ? ["--strict"] : [])]);
      const level = strict ? "error" : c.level;
      assert.equal(result.status, level === "error" ? 1 : 0, result.text);
      assert.equal(result.jsonStatus, result.status);
      const found = result.findings.filter((f) => f.level === level);
      assert.ok(found.length > 0, `at least one ${level}: ${result.text}`);
      for (const finding of found) {
        assert.equal(finding.kind, c.kind, JSON.stringify(finding));
        assert.match(
          finding.message,
          c.message,
          `every ${level} is the one this case causes: ${JSON.stringify(finding)}`,
        );
        assert.equal(finding.file, file);
        assert.equal(finding.line, line, `line of ${JSON.stringify(finding)}`);
        const where = line ? `${file}:${line}:` : `${file}: `;
        assert.ok(result.text.includes(where), `the text output names ${where}\n${result.text}`);
      }
      assert.match(result.text, c.message);
      assert.match(
        result.text,
        new RegExp(`^[✗!] ${c.kind}: 1 ${level}`, "m"),
        "grouped under its kind, with the count",
      );
    }
  });
}

test("a broken content error exits 1 through the real CLI too, naming the file and line", async () => {
  const content = copyContent();
  cpSync(join(FIXTURES, "invalid-yaml"), content, { recursive: true });
  const result = await sitegenHere(["check", "--content", content, "--dist", NO_DIST]);
  assert.equal(result.status, 1);
  assert.ok(result.stderr.includes(`${join(content, "blog/invalid-yaml.md")}:5:`), result.stderr);
});

// ---------------------------------------------------------------------------
// A tampered build

interface Tampering {
  name: string;
  /** The artifact that was changed, relative to the build. */
  file: string;
  tamper: (dist: string) => void;
  message: RegExp;
}

const retired = source.hidden.find((post) => post.status === "retired")!;
const lastSlug = source.published.at(-1)!.slug;
const editJson = (dist: string, file: string, edit: (doc: Record<string, any>) => void) => {
  const doc = JSON.parse(readFileSync(join(dist, file), "utf8"));
  edit(doc);
  writeFileSync(join(dist, file), JSON.stringify(doc, null, 2));
};

const TAMPERINGS: Tampering[] = [
  {
    name: "a post removed from blog-index.json",
    file: "blog-index.json",
    tamper: (dist) =>
      editJson(dist, "blog-index.json", (index) => {
        index.posts = index.posts.filter((post: { slug: string }) => post.slug !== lastSlug);
        index.count = index.posts.length;
      }),
    message: new RegExp(`missing ${lastSlug}`),
  },
  {
    name: "blog-index.json whose count disagrees with its posts",
    file: "blog-index.json",
    tamper: (dist) => editJson(dist, "blog-index.json", (index) => void index.posts.pop()),
    message: /count is \d+ but posts has \d+ entries/,
  },
  {
    name: "the retired slug added to the OpenAPI enum",
    file: "openapi.json",
    tamper: (dist) =>
      editJson(
        dist,
        "openapi.json",
        (doc) => void doc.paths["/blog/{slug}.md"].get.parameters[0].schema.enum.push(retired.slug),
      ),
    message: new RegExp(`not published: ${retired.slug}`),
  },
  {
    name: "the retired post added to sitemap.xml",
    file: "sitemap.xml",
    tamper: (dist) => {
      const xml = readFileSync(join(dist, "sitemap.xml"), "utf8");
      writeFileSync(
        join(dist, "sitemap.xml"),
        xml.replace(
          "</urlset>",
          `  <url>\n    <loc>${source.site.base_url}/blog/${retired.slug}/</loc>\n    <lastmod>${retired.date}</lastmod>\n  </url>\n</urlset>`,
        ),
      );
    },
    message: new RegExp(`not published: ${retired.slug}`),
  },
  {
    name: "a post's .md sibling deleted",
    file: "blog/*.md",
    tamper: (dist) => rmSync(join(dist, `blog/${lastSlug}.md`)),
    message: new RegExp(`missing ${lastSlug}`),
  },
  {
    name: "a post page dropped from the negotiation data",
    file: "_sitegen/",
    tamper: (dist) => {
      const shards: number = JSON.parse(readFileSync(join(dist, "_sitegen/negotiation.json"), "utf8")).shards;
      editJson(
        dist,
        `_sitegen/routes/${shardOf(`/blog/${lastSlug}/`, shards)}.json`,
        (shard) => void delete shard.pages[`/blog/${lastSlug}/`],
      );
    },
    message: new RegExp(`missing ${lastSlug}`),
  },
];

for (const t of TAMPERINGS) {
  test(`check fails on a build with ${t.name}: exit 1, the artifact named in text and --json`, async () => {
    const dist = join(scratchDir("sitegen-tampered-"), "dist");
    cpSync(builtSite(), dist, { recursive: true });
    t.tamper(dist);
    const result = await check(["--dist", dist]);
    assert.equal(result.status, 1, result.text);
    assert.equal(result.jsonStatus, 1);
    const errors = result.findings.filter((f) => f.level === "error");
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.equal(errors[0].file, join(dist, t.file));
    assert.match(errors[0].message, t.message);
    assert.ok(result.text.includes(`${join(dist, t.file)}: `), result.text);
  });
}

test("a site without posts (no blog page, no blog/ in its build) builds and passes check against its build, through the real CLI", async () => {
  const site = join(scratchDir("sitegen-no-posts-"), "site");
  const init = await sitegenHere(["init", site, "--no-install"]);
  assert.equal(init.status, 0, init.stderr);
  rmSync(join(site, "content/blog"), { recursive: true });
  rmSync(join(site, "content/pages/blog.md"));
  const home = join(site, "content/pages/index.md");
  writeFileSync(home, readFileSync(home, "utf8").replace(", or the [blog](/blog/)", ""));
  const yaml = join(site, "content/site.yaml");
  writeFileSync(
    yaml,
    readFileSync(yaml, "utf8")
      .replace("  - { title: Blog, path: /blog/ }\n", "")
      .replace("  - { title: Tags, path: /tags/ }\n", "")
      .replace("  - { title: Archive, path: /archive/ }\n", "")
      .replace(/^(tags|paginate|feed|archive): .*\n/gm, ""),
  );
  const built = await sitegenHere([
    "build",
    "--content",
    join(site, "content"),
    "--templates",
    join(site, "templates"),
    "--out",
    join(site, "dist"),
  ]);
  assert.equal(built.status, 0, built.stderr);
  assert.ok(!existsSync(join(site, "dist/blog")));
  const checked = await sitegenHere([
    "check",
    "--content",
    join(site, "content"),
    "--dist",
    join(site, "dist"),
  ]);
  assert.equal(checked.status, 0, checked.stdout + checked.stderr);
});
