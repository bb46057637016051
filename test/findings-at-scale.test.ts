/**
 * Findings at any scale: a run that finds a million things ends in the
 * grouped summary, never in a crash. A list of findings spread into one
 * `push(...)` put each finding on the stack as an argument, and a blog of
 * 10,000 posts with a dozen warnings each stopped with "Maximum call stack
 * size exceeded"; a build of a few hundred posts with many findings each is
 * held to the same here.
 */
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Collector } from "../src/collector.ts";
import { SitegenError } from "../src/errors.ts";
import { FailedRun, formatFindings, judge } from "../src/findings.ts";
import { printJson, tally } from "../src/cli/report.ts";
import { PassThrough } from "node:stream";
import { sitegenIn, tempProject } from "./helpers/project.ts";

const MILLION = 1_000_000;

function warning(i: number): SitegenError {
  return new SitegenError(
    "E_CONTENT",
    `broken link \`/gone/${i % 1000}/\`: nothing is published at /gone/${i % 1000}/`,
    {
      kind: "broken-link",
      target: `/gone/${i % 1000}/`,
      location: { file: `content/blog/post-${i % 5000}.md`, line: (i % 400) + 1, column: 1 },
    },
  );
}

test("a million findings are collected, judged and summed up by kind", () => {
  const found = new Collector();
  // A thousand warnings, each reported a thousand times: a million findings, without a million stack traces to make.
  const thousand = Array.from({ length: 1000 }, (_, i) => warning(i));
  const batch = Array.from({ length: MILLION }, (_, i) => thousand[i % 1000]);
  found.addAll(batch);
  assert.equal(found.size, MILLION);
  const findings = judge(found);
  assert.equal(findings.length, MILLION);
  const lines = formatFindings(findings);
  assert.equal(lines.length, MILLION + 1);
  assert.match(lines[0], /^! broken-link: 1000000 warnings, to 1000 targets: \/gone\/0\/ ×1000, /);
  assert.equal(tally(findings), "no errors, 1000000 warnings (broken-link 1000000 (to 1000 targets))");
});

test("a million errors end in a failed run that holds them all", () => {
  const found = new Collector();
  const error = new SitegenError("E_CONTENT", "no title", {
    kind: "no-title",
    location: { file: "content/blog/p.md" },
  });
  for (let i = 0; i < MILLION; i++) found.add(error);
  assert.throws(
    () => judge(found),
    (error: unknown) =>
      error instanceof FailedRun && error.findings.length === MILLION && error.errors.length === MILLION,
  );
});

test("a build of 200 posts, each with 800 warnings, reports all 160,000 and exits 0", async () => {
  const root = tempProject();
  const blog = join(root, "content/blog/many");
  mkdirSync(blog, { recursive: true });
  const styled = Array.from({ length: 800 }, (_, i) => `<p style="color: red">Line ${i}.</p>`).join("\n\n");
  for (let post = 0; post < 200; post++) {
    writeFileSync(
      join(blog, `post-${post}.md`),
      `---\ntitle: Post ${post}\ndate: 2024-01-01\ndescription: One of many.\n---\n\n${styled}\n`,
    );
  }
  const result = await sitegenIn(root, ["build"]);
  assert.equal(result.status, 0, result.stderr.slice(-2000));
  assert.doesNotMatch(result.stderr, /call stack/);
  assert.match(result.stderr, /^! csp-blocked: 160000 warnings$/m);
  // The first post's first paragraph, at its own line of its file.
  assert.match(
    result.stderr,
    /^warning: content\/blog\/many\/post-0\.md:7:1: a `style` attribute on <p> is blocked/m,
  );
});

test("a --json report is written in pieces, byte for byte as JSON.stringify writes it whole", async () => {
  const reports: Record<string, unknown>[] = [
    {
      ok: true,
      out: "dist",
      pages: 3,
      cache: { dir: ".sitegen-cache", note: undefined },
      counts: {},
      findings: [],
    },
    {
      ok: false,
      counts: { "broken-link": 2 },
      findings: [
        { level: "warning", file: undefined, line: 3, hint: "two\nlines" },
        { nested: [1, { deep: [] }] },
      ],
    },
    { ok: true, lists: [[1, 2], []], none: null, left: undefined },
    {},
  ];
  for (const report of reports) {
    const stdout = new PassThrough();
    let written = "";
    stdout.on("data", (chunk) => (written += chunk));
    printJson({ stdout }, report);
    await new Promise((done) => setImmediate(done));
    assert.equal(written, `${JSON.stringify(report, null, 2)}\n`);
  }
});
