/**
 * A warm build after one post's edit (the build cache filled by the build
 * before it): it writes what a cold build of the same content writes, with
 * render workers and without, and against the build before the edit it
 * changes only the files that show the post: its page and `.md` sibling,
 * the pages that list it, the blog index, the llms files that hold it, and
 * the negotiation data's entries of those files. llms.txt's budget is small
 * here, so that it lists only the newest posts and says so: an edit to an
 * older post leaves it as it was.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateContent } from "../bench/synthetic.ts";
import { editPost } from "../bench/edit.ts";
import { sitegenHere, tempDir } from "./helpers/dist.ts";
import { assertSameTree, readTree } from "./helpers/site.ts";

const POSTS = 40;

async function build(content: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const out = join(tempDir("sitegen-warm-edit-out-"), "dist");
  const run = await sitegenHere(["build", "--content", content, "--out", out, "--quiet", ...args], {
    env: { SOURCE_DATE_EPOCH: "1767225600", ...env },
  });
  assert.equal(run.status, 0, run.stderr);
  return out;
}

/** The files whose bytes differ between two builds of the same paths. */
function changed(before: string, after: string): string[] {
  const [a, b] = [readTree(before), readTree(after)];
  assert.deepEqual([...b.keys()], [...a.keys()], "an edit that keeps the slug keeps every file");
  return [...b].filter(([file, bytes]) => !a.get(file)!.equals(bytes)).map(([file]) => file);
}

/** The slugs of the posts llms.txt lists, newest first. */
function llmsSlugs(out: string): string[] {
  return [
    ...readFileSync(join(out, "llms.txt"), "utf8").matchAll(/\]\(https?:\/\/[^/]+\/blog\/([^/)]+)\.md\)/g),
  ].map((match) => match[1]);
}

/** Edits the post's title and first sentence to carry `marker`, as an author saves it. */
function edit(content: string, slug: string, marker: string): void {
  const file = join(content, "blog", `${slug}.md`);
  writeFileSync(file, editPost(readFileSync(file, "utf8"), marker, { title: true }));
}

/**
 * What an edit that shows `marker` may change: a file that shows it, or a
 * file of the negotiation data that names one that does (its ETag and size
 * changed with it).
 */
function assertOnlyWhatShows(files: string[], out: string, marker: string): void {
  const shown = files.filter((file) => readFileSync(join(out, file), "utf8").includes(marker));
  for (const file of files.filter((file) => !shown.includes(file))) {
    assert.ok(file.startsWith("_sitegen/"), `${file} changed, though it does not show the edit`);
    const text = readFileSync(join(out, file), "utf8");
    assert.ok(
      shown.some((other) => text.includes(`"/${other}"`)),
      `${file} changed, though it names none of the files that show the edit`,
    );
  }
}

test("a one-post edit built warm writes what a cold build writes, and changes only the files that show the post", async () => {
  const content = join(tempDir("sitegen-warm-edit-"), "content");
  await generateContent({ dir: content, posts: POSTS, seed: 41 });
  appendFileSync(join(content, "site.yaml"), "budgets:\n  llms_txt_bytes: 6000\n");
  const cache = join(tempDir("sitegen-warm-edit-cache-"), "cache");
  const before = await build(content, ["--cache", cache]);
  const listed = llmsSlugs(before);
  assert.ok(listed.length > 2, "llms.txt lists some posts");
  assert.match(
    readFileSync(join(before, "llms.txt"), "utf8"),
    new RegExp(`The newest ${listed.length} of \\d+ posts`),
    "llms.txt leaves the older posts out, and says so",
  );

  // A post llms.txt lists: every file that names it changes, and nothing else.
  const newest = listed[1];
  edit(content, newest, "M1");
  const warm = await build(content, ["--cache", cache]);
  assertSameTree(warm, await build(content, ["--no-cache"]));
  assertSameTree(warm, await build(content, ["--no-cache"], { SITEGEN_WORKERS: "0" }));
  const first = changed(before, warm);
  for (const file of [
    `blog/${newest}/index.html`,
    `blog/${newest}.md`,
    "blog-index.json",
    "llms.txt",
    "llms-full.txt",
    "blog/index.html",
  ])
    assert.ok(first.includes(file), `${file} shows the edit`);
  assert.ok(
    first.some((file) => file.startsWith("_sitegen/")),
    "the negotiation data has the page's new ETag",
  );
  assertOnlyWhatShows(first, warm, "M1");

  // A post too old for llms.txt: the file stays as it was, while the blog index and llms-full.txt show the edit.
  const older = readTree(warm);
  const old = [...older.keys()]
    .map((file) => /^blog\/([^/]+)\/index\.html$/.exec(file)?.[1])
    .find((slug) => slug !== undefined && !listed.includes(slug) && slug !== "page" && slug !== "tags");
  assert.ok(old, "a post llms.txt leaves out");
  edit(content, old, "M2");
  const again = await build(content, ["--cache", cache]);
  assertSameTree(again, await build(content, ["--no-cache"]));
  const second = changed(warm, again);
  assert.ok(!second.includes("llms.txt"), "llms.txt does not list the post");
  for (const file of [`blog/${old}/index.html`, `blog/${old}.md`, "blog-index.json", "llms-full.txt"])
    assert.ok(second.includes(file), `${file} shows the edit`);
  assertOnlyWhatShows(second, again, "M2");
});
