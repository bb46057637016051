/**
 * A post's frontmatter is found without splitting the whole file, and its body
 * is cut again from the file when the post is rendered: both must agree with
 * the file's lines as every other reader sees them (BOM dropped, CRLF or LF).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { SitegenError } from "../src/errors.ts";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { parseDocument } from "yaml";
import { rng } from "../bench/random.ts";
import { generateContent } from "../bench/synthetic.ts";
import { bodyAt, parseMarkdownFile } from "../src/content/frontmatter.ts";
import { simpleMapping } from "../src/content/yaml.ts";
import { listPosts, parsePostsHere } from "../src/content/load.ts";
import { excerptOf } from "../src/render/markdown/excerpt.ts";
import { tempDir } from "./helpers/dist.ts";
import { CONTENT } from "./helpers/site.ts";

const FRONTMATTER = "---\ntitle: T\ndescription: D\n---\n";

/** A file's lines as a reader sees them: BOM dropped, CRLF or LF. */
const sourceLines = (text: string) => text.replace(/^\uFEFF/, "").split(/\r?\n/);

/** The body as the lines of the file say it is. */
const expected = (text: string, bodyLine: number) =>
  sourceLines(text)
    .slice(bodyLine - 1)
    .join("\n");

const files: [name: string, text: string][] = [
  ["LF", `${FRONTMATTER}\n# Heading\n\nText.\n`],
  ["CRLF", `${FRONTMATTER}\n# Heading\r\n\r\nText.\r\n`.replace(/\n/g, "\r\n").replace(/\r\r/g, "\r")],
  ["BOM", `\uFEFF${FRONTMATTER}Body on the first line\n`],
  ["no newline at the end", `${FRONTMATTER}last line`],
  ["nothing after the fence", FRONTMATTER.trimEnd()],
  ["a fence with trailing blanks", "---  \ntitle: T\n--- \t\nBody\n"],
  ["a lone CR inside a line", `${FRONTMATTER}a\rb\nc\n`],
  ["a --- line in the body", `${FRONTMATTER}before\n---\nafter\n`],
];

for (const [name, text] of files) {
  test(`body and body line of a file with ${name}`, () => {
    const parsed = parseMarkdownFile(text, "x.md");
    assert.equal(parsed.body, expected(text, parsed.bodyLine));
    assert.equal(bodyAt(text, parsed.bodyLine, "x.md"), parsed.body);
    assert.equal((parsed.data as { title: string }).title, "T");
  });
}

test("the body line counts the frontmatter's lines, CRLF or not", () => {
  assert.equal(parseMarkdownFile(`${FRONTMATTER}x`, "x.md").bodyLine, 5);
  assert.equal(parseMarkdownFile(`${FRONTMATTER}x`.replace(/\n/g, "\r\n"), "x.md").bodyLine, 5);
});

test("a file without an opening fence is no page (left out, as Jekyll reads it); one without a closing fence cannot be read: both name line 1", () => {
  assert.throws(
    () => parseMarkdownFile("title: T\n", "x.md"),
    (error: SitegenError) =>
      error.kind === "left-out" &&
      /no frontmatter, so not a page or post: left out/.test(error.message) &&
      error.location?.line === 1,
  );
  assert.throws(
    () => parseMarkdownFile("---\ntitle: T\n", "x.md"),
    (error: SitegenError) =>
      error.kind === "frontmatter" &&
      /unterminated frontmatter/.test(error.message) &&
      error.location?.line === 1,
  );
  assert.throws(() => parseMarkdownFile("", "x.md"), /no frontmatter/);
});

test("bodyAt past the end of the file is empty", () => {
  assert.equal(bodyAt("one\ntwo", 9, "x.md"), "");
});

// --- the plain-frontmatter fast path means what `yaml` means ---------------------

/** What `yaml` makes of a text, parsed as parseYaml parses it: undefined when it reports an error. */
function yamlValue(text: string): unknown {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  return doc.errors.length > 0 ? undefined : doc.toJS();
}

function frontmatterOf(text: string): string {
  const lines = sourceLines(text);
  const end = lines.findIndex((line, index) => index > 0 && /^---[ \t]*$/.test(line));
  return lines.slice(1, end).join("\n");
}

test("every post and page of the site, and of a synthetic blog, takes the fast path and means the same to yaml", async () => {
  const dir = join(tempDir(), "content");
  await generateContent({ dir, posts: 200, seed: 11 });
  const files = [CONTENT, dir].flatMap((root) =>
    ["blog", "pages"].flatMap((sub) => readdirSync(join(root, sub)).map((name) => join(root, sub, name))),
  );
  let fast = 0;
  for (const path of files) {
    const text = frontmatterOf(readFileSync(path, "utf8"));
    const simple = simpleMapping(text);
    if (simple !== undefined) {
      fast++;
      assert.deepEqual(simple, yamlValue(text), path);
    }
  }
  const posts = files.filter((path) => path.includes(`${sep}blog${sep}`)).length;
  assert.ok(fast >= posts, `${fast} of ${files.length} files took the fast path; every post should`);
});

test("generated frontmatter: where the fast path answers, yaml agrees", () => {
  const values = [
    '"plain text"',
    '"with # hash and: colon"',
    '"Tiếng Việt"',
    '"a \\" b"',
    '"back\\\\slash"',
    '"tab\there"',
    '"unterminated',
    '"x" # note',
    "'single'",
    '""',
    "en",
    "vi",
    "published",
    "draft",
    "Hello world",
    "word-with-dash",
    "two  spaces",
    " leading",
    "trailing ",
    "true",
    "True",
    "FALSE",
    "null",
    "Null",
    "~",
    "yes",
    "no",
    "on",
    "2025-03-04",
    "2025-3-4",
    "2025-03-04T10:00:00Z",
    "123",
    "-1",
    "1e5",
    "0x1F",
    "0o17",
    ".inf",
    ".NaN",
    "1.5",
    "12:30",
    "[]",
    "[kafka, retries]",
    "[a,b]",
    "[true]",
    "[null, x]",
    "[1, 2]",
    "[e5]",
    "[x-y, z9]",
    "[ a ]",
    "[a, b]]",
    "{a: b}",
    "&anchor x",
    "*alias",
    "!tag x",
    "|",
    ">",
    "@at",
    "`tick`",
    "%x",
    "- item",
    "a: b",
    "a #b",
    "",
  ];
  const keys = [
    "title",
    "description",
    "date",
    "tags",
    "lang",
    "status",
    "updated",
    "true",
    "null",
    "Title",
    "x_y",
    "__proto__",
    "a-b",
  ];
  // The benchmark's seeded generator (mulberry32), so a failure can be replayed.
  const next = rng(20251122);
  const random = (n: number) => Math.floor(next() * n);
  let answered = 0;
  for (let i = 0; i < 20000; i++) {
    const lines = Array.from(
      { length: 1 + random(3) },
      () => `${keys[random(keys.length)]}:${random(8) === 0 ? "" : " "}${values[random(values.length)]}`,
    );
    const text = lines.join("\n");
    const simple = simpleMapping(text);
    if (simple === undefined) continue;
    answered++;
    assert.deepEqual(simple, yamlValue(text), text);
  }
  assert.ok(answered > 500, `the fast path answered only ${answered} of 20000`);
});

test("a post whose frontmatter fails validation is still located by line and column through the fast path", () => {
  const parsed = parseMarkdownFile('---\ntitle: "T"\nlang: fr\n---\nBody\n', "x.md");
  assert.deepEqual(parsed.data, { title: "T", lang: "fr" });
  assert.deepEqual(parsed.locate(["lang"]), { line: 3, column: 7 });
  assert.deepEqual(parsed.locateKey(["lang"]), { line: 3, column: 1 });
});

// --- a build reads only as much of a post as holds its frontmatter ------------

test("posts parsed from their heads equal posts parsed whole, without the body", async () => {
  const dir = join(tempDir(), "content");
  await generateContent({ dir, posts: 50, seed: 3 });
  const blog = join(dir, "blog");
  // A frontmatter longer than the first read, and one in CRLF.
  const [first, second] = readdirSync(blog).sort();
  const long = readFileSync(join(blog, first), "utf8").replace(
    /^description: .*$/m,
    `description: "${"Lorem ipsum dolor sit amet. ".repeat(400).trim()}"`,
  );
  writeFileSync(join(blog, first), long);
  writeFileSync(join(blog, second), readFileSync(join(blog, second), "utf8").replace(/\n/g, "\r\n"));
  for (const root of [CONTENT, dir]) {
    const entries = listPosts(root, root);
    const whole = await parsePostsHere(entries, { excerptOf });
    const heads = await parsePostsHere(entries, { bodies: false, excerptOf });
    assert.deepEqual(heads.errors, whole.errors);
    assert.deepEqual(
      heads.posts,
      whole.posts.map((post) => ({ ...post, body: "" })),
    );
  }
  assert.ok(long.indexOf("\n---\n", 4) > 8192, "the long frontmatter ends after the first read");
});
