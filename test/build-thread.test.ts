/**
 * A large blog builds in a thread of its own (src/cli/build-thread.ts), and
 * nothing a user sees may tell: the same findings and summary, the same error
 * messages with the same exit codes, `--json` of the same shape. Two copies of
 * the real site differ by one post, so that one builds in the main thread and
 * the other in the build thread; each run is made on both and compared.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BUILD_THREAD_FROM, countPostFiles } from "../src/cli/build-thread.ts";
import { rethrown, wireThrown } from "../src/cli/build-thread-wire.ts";
import { formatError, SitegenError } from "../src/errors.ts";
import { faultLine } from "../src/findings.ts";
import { sitegenHere } from "./helpers/dist.ts";
import { sitegenIn, tempProject } from "./helpers/project.ts";

/**
 * A copy of the real site with short posts added up to `posts` post files in all; with `draft`, the posts added are
 * drafts, which the build reads and leaves out.
 */
function projectOf(posts: number, status: "published" | "draft" = "published"): string {
  const dir = tempProject();
  const blog = join(dir, "content/blog");
  const added = posts - countPostFiles(blog);
  mkdirSync(join(blog, "added"), { recursive: true });
  for (let at = 0; at < added; at++)
    writeFileSync(
      join(blog, "added", `post-${at}.md`),
      `---\ntitle: "Added post ${at}"\ndescription: "Post ${at} of those added to make the blog large."\ndate: 2025-01-01\n${status === "draft" ? "status: draft\n" : ""}---\n\nThe body of post ${at}, with [a link](/about/).\n`,
    );
  assert.equal(countPostFiles(blog), posts);
  return dir;
}

const inMain = projectOf(BUILD_THREAD_FROM - 1);
const inThread = projectOf(BUILD_THREAD_FROM);

/** A post both copies get, with a frontmatter error on its line 3. */
function breakBoth(inMain: string, inThread: string): void {
  for (const dir of [inMain, inThread])
    writeFileSync(
      join(dir, "content/blog/broken.md"),
      `---\ntitle: "Broken"\ndate: not a date\n---\n\nA post whose date is no date.\n`,
    );
}

/** The shape of a JSON value: its keys, in order, and the types of what they hold. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shapeOf(item)]));
  return typeof value;
}

test("a build in its thread prints what a build in the main thread does, and --json has the same shape", async () => {
  const [main, thread] = await Promise.all(
    [inMain, inThread].map((dir) => sitegenIn(dir, ["build", "--no-cache", "--json"])),
  );
  assert.equal(thread.status, 0, thread.stderr);
  assert.equal(main.status, 0, main.stderr);
  assert.equal(thread.stderr, main.stderr);
  const [mainReport, threadReport] = [JSON.parse(main.stdout), JSON.parse(thread.stdout)];
  assert.deepEqual(shapeOf(threadReport), shapeOf(mainReport));
  assert.deepEqual(threadReport.findings, mainReport.findings);
  assert.equal(threadReport.pages, mainReport.pages + 1);

  // The summary line as the thread prints it, on a copy of a thousand post files whose added posts are drafts: the
  // thread is chosen by the number of files, and the line's shape does not depend on how many pages it counts.
  const text = await sitegenIn(projectOf(BUILD_THREAD_FROM, "draft"), ["build", "--no-cache"]);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^Built \d+ pages, \d+ files, [\d.]+ MB in \d+ ms → dist\/\n$/);
});

test("an error found in the build's thread is reported as in the main thread: the same lines and exit code, no stack", async () => {
  // Which thread builds is decided by the number of post files alone, before any is read; the posts added here are
  // drafts, read in the thread and left out, so each failed build does not first render and stage a thousand pages.
  const inMain = projectOf(BUILD_THREAD_FROM - 1, "draft");
  const inThread = projectOf(BUILD_THREAD_FROM, "draft");
  breakBoth(inMain, inThread);
  const threaded = new Map<string, Awaited<ReturnType<typeof sitegenIn>>>();
  for (const args of [["build"], ["build", "--json"], ["build", "--out", "content"]]) {
    const [main, thread] = await Promise.all([inMain, inThread].map((dir) => sitegenIn(dir, args)));
    assert.equal(thread.status, main.status, `${args.join(" ")}: ${thread.stderr}`);
    assert.equal(thread.stdout, main.stdout, args.join(" "));
    assert.equal(thread.stderr, main.stderr, args.join(" "));
    assert.doesNotMatch(thread.stderr, /\n\s+at /);
    threaded.set(args.join(" "), thread);
  }
  const failed = threaded.get("build")!;
  assert.equal(failed.status, 1);
  assert.match(failed.stderr, /content\/blog\/broken\.md:3/);
  // A usage error raised inside the build (the output folder holds the content) crosses the thread as one: exit code 2.
  const refused = threaded.get("build --out content")!;
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /^error: refusing to build into content: /);
  // The TypeScript sources start the same thread through tsx's loader.
  const here = await sitegenHere(["build", "--no-cache"], { cwd: inThread });
  assert.deepEqual(here, { ...failed, stdout: "" });
});

test("an error crosses the thread as data and is made again as the main thread prints it", () => {
  const error = new SitegenError("E_CONTENT", "the date is no date", {
    kind: "bad-field",
    location: { file: "content/blog/x.md", line: 3, column: 7 },
    hint: "write it as 2025-01-31",
    sourceLine: "date: not a date",
    detail: "what another program said",
  });
  const again = rethrown(structuredClone(wireThrown(error)));
  assert.ok(again instanceof SitegenError);
  assert.equal(formatError(again), formatError(error));
  assert.equal(again.kind, error.kind);

  const fault = new TypeError("x is not a function");
  const faultAgain = rethrown(structuredClone(wireThrown(fault)));
  assert.equal(faultLine(faultAgain), faultLine(fault));
  assert.match(
    faultLine(rethrown(structuredClone(wireThrown("a string thrown")))),
    /^Error: a string thrown/,
  );
});
