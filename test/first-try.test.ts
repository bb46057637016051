/**
 * What a blog copied from another generator needs to build on the first try:
 * a post with no date anywhere (Eleventy dates it by its file) is dated by
 * git's first commit of the file where git tracks it (through a rename), else by the file's
 * modification time, each with a warning giving the `date:` line to add; a
 * date no generator reads stays an error.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import type { Finding } from "../src/findings.ts";

const BASE = join(ROOT, "test/fixtures/forgiven/base");

/** The forgiven base site in a folder of its own, with `posts` (file name → text) in its blog. */
function site(posts: Record<string, string>): { dir: string; content: string; dist: string } {
  const dir = tempDir("sitegen-first-try-");
  const content = join(dir, "content");
  cpSync(BASE, content, { recursive: true });
  for (const [name, text] of Object.entries(posts)) writeFileSync(join(content, "blog", name), text);
  return { dir, content, dist: join(dir, "dist") };
}

async function build(s: {
  content: string;
  dist: string;
}): Promise<{ status: number; stderr: string; findings: Finding[] }> {
  const run = await sitegenHere(["build", "--content", s.content, "--out", s.dist, "--json"]);
  return { status: run.status, stderr: run.stderr, findings: JSON.parse(run.stdout).findings };
}

const dateOf = (dist: string, slug: string) =>
  (
    JSON.parse(readFileSync(join(dist, "blog-index.json"), "utf8")).posts as { slug: string; date: string }[]
  ).find((post) => post.slug === slug)?.date;

const git = (cwd: string, args: string[], when: string) =>
  execFileSync(
    "git",
    [
      "-c",
      "user.name=Kestrel",
      "-c",
      "user.email=notes@kestrel.example",
      "-c",
      "commit.gpgsign=false",
      ...args,
    ],
    { cwd, env: { ...process.env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when }, stdio: "ignore" },
  );

const UNDATED = (title: string) =>
  `---\ntitle: "${title}"\ndescription: "Eleventy dates this post by its file."\n---\n\nText.\n`;

test("an undated post takes the day git first committed its file, and one git does not track its modification time, each with the date: line to add", async () => {
  const s = site({ "tracked-note.md": UNDATED("Tracked note"), "first-name.md": UNDATED("Moved note") });
  git(s.dir, ["init", "-q"], "2021-03-04T05:06:07Z");
  git(s.dir, ["add", "."], "2021-03-04T05:06:07Z");
  git(s.dir, ["commit", "-q", "-m", "First"], "2021-03-04T05:06:07Z");
  // A later commit that changes it leaves its date as the first commit's.
  writeFileSync(join(s.content, "blog/tracked-note.md"), UNDATED("Tracked note, revised"));
  git(s.dir, ["commit", "-q", "-am", "Revised"], "2022-01-01T00:00:00Z");
  // A file moved with git mv (a blog moved into content/blog/) keeps the day it was first added, as Eleventy's --follow finds it.
  git(s.dir, ["mv", "content/blog/first-name.md", "content/blog/moved-note.md"], "2022-02-02T00:00:00Z");
  git(s.dir, ["commit", "-q", "-m", "Moved"], "2022-02-02T00:00:00Z");
  writeFileSync(join(s.content, "blog/loose-note.md"), UNDATED("Loose note"));
  utimesSync(
    join(s.content, "blog/loose-note.md"),
    new Date("2023-07-08T09:10:11Z"),
    new Date("2023-07-08T09:10:11Z"),
  );

  const built = await build(s);
  assert.equal(built.status, 0, built.stderr);
  const dated = built.findings.filter((finding) => finding.kind === "date-from-file");
  assert.deepEqual(
    dated.map((finding) => [finding.file, finding.level, finding.message, finding.hint]),
    [
      [
        join(s.content, "blog/loose-note.md"),
        "warning",
        "no `date`: dated 2023-07-08, the file's modification time, as Eleventy dates a file git does not track; a copy or a fresh checkout changes it, so the build is not reproducible until the post says its date",
        "add `date: 2023-07-08` to the frontmatter",
      ],
      [
        join(s.content, "blog/moved-note.md"),
        "warning",
        "no `date`: dated 2021-03-04, the day git first saw the file, as Eleventy's `git Created` dates it",
        "add `date: 2021-03-04` to the frontmatter",
      ],
      [
        join(s.content, "blog/tracked-note.md"),
        "warning",
        "no `date`: dated 2021-03-04, the day git first saw the file, as Eleventy's `git Created` dates it",
        "add `date: 2021-03-04` to the frontmatter",
      ],
    ],
  );
  assert.equal(dateOf(s.dist, "tracked-note"), "2021-03-04T05:06:07Z");
  assert.equal(dateOf(s.dist, "loose-note"), "2023-07-08T09:10:11Z");
  assert.equal(dateOf(s.dist, "moved-note"), "2021-03-04T05:06:07Z");
});

// `2024-13-01` is read by js-yaml (Eleventy's, Astro's) as 2025-01-01, with its warning (impossible-date): a generator reads it.
test("a date no generator reads stays an error, and the file's own date is not taken for it", async () => {
  const s = site({
    "february.md": `---\ntitle: "February"\ndate: "30 February 2023"\n---\n\nText.\n`,
    "yesterday.md": `---\ntitle: "Yesterday"\ndate: yesterday\n---\n\nText.\n`,
  });
  const built = await build(s);
  assert.equal(built.status, 1);
  assert.deepEqual(
    built.findings
      .filter((finding) => finding.level === "error")
      .map((finding) => [finding.kind, finding.file, finding.line]),
    [
      ["bad-date", join(s.content, "blog/february.md"), 3],
      ["bad-date", join(s.content, "blog/yesterday.md"), 3],
    ],
  );
  assert.equal(built.findings.filter((finding) => finding.kind === "date-from-file").length, 0);
});

test("Eleventy's date: git Created and date: git Last Modified are the file's first and last commits, each with the date: line to write", async () => {
  const dated = (title: string, date: string) => `---\ntitle: "${title}"\ndate: ${date}\n---\n\nText.\n`;
  const s = site({
    "created.md": dated("Created", "git Created"),
    "changed.md": dated("Changed", "git Last Modified"),
  });
  git(s.dir, ["init", "-q"], "2021-03-04T05:06:07Z");
  git(s.dir, ["add", "."], "2021-03-04T05:06:07Z");
  git(s.dir, ["commit", "-q", "-m", "First"], "2021-03-04T05:06:07Z");
  for (const name of ["created.md", "changed.md"])
    writeFileSync(
      join(s.content, "blog", name),
      `${readFileSync(join(s.content, "blog", name), "utf8")}More.\n`,
    );
  git(s.dir, ["commit", "-q", "-am", "Revised"], "2022-01-01T00:00:00Z");

  const built = await build(s);
  assert.equal(built.status, 0, built.stderr);
  assert.deepEqual(
    built.findings
      .filter((finding) => finding.kind === "date-from-file")
      .map((finding) => [finding.file, finding.line, finding.message, finding.hint]),
    [
      [
        join(s.content, "blog/changed.md"),
        3,
        "`date: git Last Modified`: dated 2022-01-01, the day git last saw it change, as Eleventy reads it",
        "write `date: 2022-01-01` in the frontmatter",
      ],
      [
        join(s.content, "blog/created.md"),
        3,
        "`date: git Created`: dated 2021-03-04, the day git first saw the file, as Eleventy's `git Created` dates it",
        "write `date: 2021-03-04` in the frontmatter",
      ],
    ],
  );
  assert.equal(dateOf(s.dist, "created"), "2021-03-04T05:06:07Z");
  assert.equal(dateOf(s.dist, "changed"), "2022-01-01T00:00:00Z");
});
