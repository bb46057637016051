/**
 * The budgets of site.yaml, on the real 14-post blog: small budgets show the
 * size policy at small scale (and `verify` passes the result: it does not
 * contradict them); budgets too small for what a file cannot leave out are
 * a warning in `build` and `check` alike, an error under `--strict`, with both numbers; a budget
 * past the norm it stands for is refused.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sitegenHere, startPreviewServer, tempDir, type Running } from "./helpers/dist.ts";
import { copyContent, readSource, type CliRun } from "./helpers/site.ts";
import { verifyFailures } from "./helpers/verify.ts";

const source = readSource();
const BASE = source.site.base_url;
const SMALL = {
  llms_txt_bytes: 8_000,
  llms_full_txt_bytes: 120_000,
  blog_page_bytes: 8_500,
  blog_page_full_posts: 3,
  not_found_closest_posts: 2,
};
const TOO_SMALL = {
  llms_txt_bytes: 1_000,
  llms_full_txt_bytes: 1_000,
  blog_page_bytes: 1_000,
  not_found_markdown_bytes: 1_000,
};

/** A copy of the real content whose site.yaml sets `budgets`. */
function withBudgets(budgets: Record<string, number>): string {
  const content = copyContent();
  appendFileSync(
    join(content, "site.yaml"),
    `budgets:\n${Object.entries(budgets)
      .map(([key, value]) => `  ${key}: ${value}\n`)
      .join("")}`,
  );
  return content;
}

let small: string;
let smallBuild: CliRun;
let tooSmall: { build: CliRun; check: CliRun };
let server: Running;
const read = (file: string) => readFileSync(join(small, file), "utf8");

before(async () => {
  small = join(tempDir(), "dist");
  const tight = withBudgets(TOO_SMALL);
  const [built, tooSmallBuild, tooSmallCheck] = await Promise.all([
    sitegenHere(["build", "--content", withBudgets(SMALL), "--out", small, "--json"]),
    sitegenHere(["build", "--content", tight, "--out", join(tempDir(), "dist"), "--json"]),
    sitegenHere(["check", "--strict", "--content", tight, "--dist", tempDir()]),
  ]);
  smallBuild = built;
  tooSmall = { build: tooSmallBuild, check: tooSmallCheck };
  assert.equal(smallBuild.status, 0, smallBuild.stderr);
  server = await startPreviewServer(small);
});
after(() => server?.stop());

test("small budgets on a small blog: no warning, and each file within its budget", () => {
  assert.deepEqual(JSON.parse(smallBuild.stdout).findings, []);
  for (const [file, budget] of [
    ["llms.txt", SMALL.llms_txt_bytes],
    ["llms-full.txt", SMALL.llms_full_txt_bytes],
    ["blog.md", SMALL.blog_page_bytes],
    ["blog/index.html", SMALL.blog_page_bytes],
  ] as const) {
    assert.ok(
      Buffer.byteLength(read(file)) <= budget,
      `${file}: ${Buffer.byteLength(read(file))} bytes, budget ${budget}`,
    );
  }
});

test("llms.txt keeps the newest posts that fit and says where the others are", () => {
  const llms = read("llms.txt");
  const kept = source.published.filter((post) => llms.includes(`${BASE}/blog/${post.slug}.md`));
  assert.ok(kept.length > 0 && kept.length < source.published.length, `${kept.length} posts`);
  assert.deepEqual(kept, source.published.slice(0, kept.length), "the newest ones");
  assert.ok(
    llms.includes(
      `The newest ${kept.length} of ${source.published.length} posts, newest first. The ${source.published.length - kept.length} older ones are not listed here: every post is in [blog-index.json](${BASE}/blog-index.json) and [sitemap.xml](${BASE}/sitemap.xml)`,
    ),
  );
});

test("llms-full.txt keeps every page and the newest posts whole, and says which it left out", () => {
  const full = read("llms-full.txt");
  const kept = source.published.filter((post) => full.includes(read(`blog/${post.slug}.md`)));
  assert.ok(kept.length > 0 && kept.length < source.published.length, `${kept.length} posts`);
  assert.deepEqual(kept, source.published.slice(0, kept.length));
  for (const route of source.routes.filter((r) => !r.post))
    assert.ok(full.includes(read(route.markdownPath.slice(1))), route.markdownPath);
  assert.match(
    full,
    new RegExp(
      `The oldest ${source.published.length - kept.length} posts, published ${source.published.at(-1)!.date} to ${source.published[kept.length].date}, are left out to keep it within ${SMALL.llms_full_txt_bytes} bytes`,
    ),
  );
});

test("/blog/ lists the newest 3 in full, the next by year, and says how many older ones are elsewhere", () => {
  const markdown = read("blog.md");
  const listed = [...markdown.matchAll(/\]\((https:\/\/[^)]+\/blog\/[^/)]+\/)\)/g)].map((m) => m[1]);
  assert.deepEqual(
    listed,
    source.published.slice(0, listed.length).map((post) => `${BASE}/blog/${post.slug}/`),
  );
  assert.ok(listed.length > 3 && listed.length < source.published.length, `${listed.length} listed`);
  assert.equal(
    markdown.split("\n").filter((line) => /^- \[.*\(\d{4}-\d{2}-\d{2}, (en|vi)\): /.test(line)).length,
    3,
  );
  assert.match(markdown, /^### \d{4}$/m);
  assert.match(
    markdown,
    new RegExp(
      `The newest ${listed.length} of ${source.published.length} posts\\. The ${source.published.length - listed.length} older ones`,
    ),
  );
  const html = read("blog/index.html");
  assert.deepEqual(
    [...html.matchAll(/<a href="(\/blog\/[^"/]+\/)"/g)].map((m) => `${BASE}${m[1]}`),
    listed,
  );
});

test("the Markdown 404 names as many closest posts as the budget says", async () => {
  const body = await (
    await fetch(new URL("/blog/transactional-outbox/", server.url), { headers: { accept: "text/markdown" } })
  ).text();
  assert.equal([...body.slice(body.indexOf("## Closest posts")).matchAll(/^- \[/gm)].length, 2);
});

test("sitegen verify passes the small-budget build: its limits and the budgets agree", async () => {
  const { code, failures } = await verifyFailures(server.url, { concurrency: 4 });
  assert.deepEqual(failures, []);
  assert.equal(code, 0);
});

test("a budget smaller than what a file cannot leave out: build warns with the numbers, check --strict fails with them", () => {
  assert.equal(tooSmall.build.status, 0, tooSmall.build.stderr);
  const findings = JSON.parse(tooSmall.build.stdout).findings as {
    level: string;
    file: string;
    message: string;
  }[];
  const over = (file: string, key: string) =>
    new RegExp(
      `^${file.replace(/[.*]/g, "\\$&")} is \\d+ bytes; its budget is 1000 \\(budgets\\.${key} in site\\.yaml\\)$`,
    );
  const expected: [string, string][] = [
    ["llms.txt", "llms_txt_bytes"],
    ["llms-full.txt", "llms_full_txt_bytes"],
    ["blog/index.html", "blog_page_bytes"],
    ["blog.md", "blog_page_bytes"],
  ];
  for (const [file, key] of expected) {
    const finding = findings.find((f) => f.file === file);
    assert.ok(finding && finding.level === "warning", `${file}: ${JSON.stringify(findings)}`);
    assert.match(finding.message, over(file, key));
  }
  assert.ok(
    findings.some(
      (f) =>
        f.file === "_sitegen/404.md" &&
        /^the Markdown 404 can reach \d+ bytes; its budget is 1000 \(budgets\.not_found_markdown_bytes in site\.yaml\)$/.test(
          f.message,
        ),
    ),
  );
  assert.equal(tooSmall.check.status, 1, tooSmall.check.stderr);
  for (const [file, key] of expected)
    assert.match(
      tooSmall.check.stderr,
      new RegExp(`error: ${file.replace(/[.*]/g, "\\$&")}: .*its budget is 1000 \\(budgets\\.${key}`),
      file,
    );
});

test("a budget past the norm it stands for is refused, naming site.yaml and the line", async () => {
  const content = withBudgets({ llms_txt_bytes: 60_000 });
  const lines = readFileSync(join(content, "site.yaml"), "utf8").split("\n");
  const line = lines.findIndex((l) => l.includes("llms_txt_bytes")) + 1;
  const result = await sitegenHere(["check", "--content", content, "--dist", tempDir()]);
  assert.equal(result.status, 1);
  assert.match(result.stderr, new RegExp(`site\\.yaml:${line}:\\d+: .*llms_txt_bytes.* 50000`));
  writeFileSync(join(content, "site.yaml"), lines.join("\n"));
});
