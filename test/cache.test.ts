/**
 * The build cache: a build in a fresh folder, given the cache of an earlier
 * build, renders only the posts that changed and writes exactly what a cold
 * build writes, the pages it takes from the cache linked, not copied. A cache of other content, of another sitegen, or damaged, is
 * detected and not trusted: the build is still exactly the cold one.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { basename, join } from "node:path";
import { generateContent } from "../bench/synthetic.ts";
import { ROOT, sitegen, sitegenHere, tempDir, tracedSitegen, type CliResult } from "./helpers/dist.ts";
import { assertSameTree as assertSame } from "./helpers/site.ts";
import type { ParseEvent } from "../src/execute/sources.ts";

/** Enough posts that the build writes through its disk thread (from 100 posts, src/pipeline.ts), as a large blog's does. */
const POSTS = 120;
const base = tempDir("sitegen-cache-");
const original = join(base, "content");
await generateContent({ dir: original, posts: POSTS, seed: 11 });

function build(content: string, args: string[], workers = "2") {
  const out = join(tempDir("sitegen-cache-out-"), "dist");
  const result = sitegen(["build", "--content", content, "--out", out, "--json", ...args], {
    env: { SITEGEN_WORKERS: workers },
  });
  assert.equal(result.status, 0, result.stderr);
  return { out, report: JSON.parse(result.stdout) as { cache?: { reused: number; note?: string } } };
}

/**
 * The cold build (no cache) of a content folder, made once per folder: a build without a cache
 * depends on nothing but the content and this sitegen, and no test changes a folder once it has
 * been built (edits go to copies), so each test that compares with the cold build of a folder gets
 * the tree it would have built itself.
 */
const coldBuilds = new Map<string, string>();
function cold(content: string): string {
  if (!coldBuilds.has(content)) coldBuilds.set(content, build(content, ["--no-cache"]).out);
  return coldBuilds.get(content)!;
}

/** A copy of the content with one post's body edited: the change a commit makes. */
function edited(): { content: string; post: string } {
  const content = join(tempDir("sitegen-cache-content-"), "content");
  cpSync(original, content, { recursive: true });
  const post = readdirSync(join(content, "blog")).sort()[3];
  const file = join(content, "blog", post);
  writeFileSync(file, `${readFileSync(file, "utf8")}\nOne more paragraph, added later.\n`);
  return { content, post };
}

test("a warm build renders only the changed post and writes what a cold build writes, with lanes and without", async () => {
  // One edited copy for both: each round fills a cache of its own from the original, then builds the copy with it.
  const { content } = edited();
  for (const workers of ["2", "0"]) {
    const cache = join(tempDir("sitegen-cache-dir-"), "cache");
    const first = build(original, ["--cache", cache], workers);
    assert.equal(first.report.cache?.reused, 0, "an empty cache has nothing to give");
    const warm = build(content, ["--cache", cache], workers);
    const published = JSON.parse(readFileSync(join(warm.out, "blog-index.json"), "utf8")).count;
    assert.equal(
      warm.report.cache?.reused,
      published - 1,
      `workers=${workers}: every post but the changed one came from the cache`,
    );
    assertSame(warm.out, cold(content));
    // A page from the cache is the very object checked, hard-linked: no byte of it was copied.
    const index = JSON.parse(readFileSync(join(cache, "index.json"), "utf8")) as {
      records: Record<string, { files: { file: string; written: { etag: string } }[] }>;
    };
    const [{ file, written }] = Object.values(index.records)[0].files;
    const object = join(cache, "objects", written.etag.slice(1, -1));
    assert.equal(
      statSync(join(warm.out, file)).ino,
      statSync(object).ino,
      `workers=${workers}: ${file} is linked`,
    );
    // The cache now holds the changed post too: the next build reuses every post.
    assert.equal(build(content, ["--cache", cache], workers).report.cache?.reused, published);
  }
});

test("a warm build parses only the changed post: the others' parses come from the cache, bodies and all, and the output is the cold build's", () => {
  // Fewer posts than the size from which bodies are not kept: each page that renders has its body from the text read to hash it.
  const { content, post } = edited();
  const cache = join(tempDir("sitegen-cache-dir-"), "cache");
  const traced = (source: string) => {
    const out = join(tempDir("sitegen-cache-out-"), "dist");
    const run = tracedSitegen<ParseEvent>(
      "sitegen:post-parse",
      ["build", "--content", source, "--out", out, "--cache", cache],
      { env: { SITEGEN_WORKERS: "0" } },
    );
    assert.equal(run.status, 0, run.stderr);
    return {
      out,
      parsed: run.events.filter((event) => event.from === "parser").map((event) => basename(event.file)),
      earlier: run.events.filter((event) => event.from === "earlier").length,
    };
  };
  const first = traced(original);
  assert.equal(first.parsed.length, POSTS, "a build without a cache parses every post");
  const warm = traced(content);
  assert.deepEqual(warm.parsed, [post]);
  assert.equal(warm.earlier, POSTS - 1);
  assertSame(warm.out, cold(content));
});

test("a cache written by another sitegen or in another format is ignored whole, and said to be", () => {
  const cache = join(tempDir("sitegen-cache-dir-"), "cache");
  build(original, ["--cache", cache]);
  const index = join(cache, "index.json");
  const saved = JSON.parse(readFileSync(index, "utf8"));
  writeFileSync(index, JSON.stringify({ ...saved, code: "another sitegen" }));
  const other = build(original, ["--cache", cache]);
  assert.equal(other.report.cache?.reused, 0);
  assert.match(other.report.cache?.note ?? "", /another sitegen/);
  writeFileSync(index, "{ not json");
  const garbled = build(original, ["--cache", cache]);
  assert.equal(garbled.report.cache?.reused, 0);
  assert.match(garbled.report.cache?.note ?? "", /does not parse/);
  assertSame(garbled.out, cold(original));
});

test("damaged or missing cached files are not used: those pages are rendered again", () => {
  const cache = join(tempDir("sitegen-cache-dir-"), "cache");
  build(original, ["--cache", cache]);
  const objects = join(cache, "objects");
  const names = readdirSync(objects).sort();
  truncateSync(join(objects, names[0]), Math.floor(statSync(join(objects, names[0])).size / 2));
  writeFileSync(join(objects, names[1]), "");
  const warm = build(original, ["--cache", cache]);
  const published = JSON.parse(readFileSync(join(warm.out, "blog-index.json"), "utf8")).count;
  assert.ok(
    warm.report.cache!.reused <= published - 1 && warm.report.cache!.reused >= published - 2,
    `reused ${warm.report.cache!.reused} of ${published}`,
  );
  assertSame(warm.out, cold(original));
});

test("a cache filled from other content gives nothing to this content, and the build is the cold one", async () => {
  const other = join(tempDir("sitegen-cache-other-"), "content");
  await generateContent({ dir: other, posts: 40, seed: 12 });
  const cache = join(tempDir("sitegen-cache-dir-"), "cache");
  build(other, ["--cache", cache]);
  const warm = build(original, ["--cache", cache]);
  assert.equal(warm.report.cache?.reused, 0);
  assertSame(warm.out, cold(original));
});

test("an index that names a file outside the cache folder is not followed: that page is rendered again", () => {
  const folder = tempDir("sitegen-cache-dir-");
  const cache = join(folder, "cache");
  build(original, ["--cache", cache]);
  const index = JSON.parse(readFileSync(join(cache, "index.json"), "utf8")) as {
    records: Record<string, { files: { written: { etag: string; bytes: number } }[] }>;
  };
  const [key, record] = Object.entries(index.records).sort(([a], [b]) => (a < b ? -1 : 1))[0];
  // A file of the right size, outside the cache, where `objects/../../` leads: a build that followed the name would publish it.
  const { written } = record.files[0];
  writeFileSync(join(folder, "elsewhere"), "x".repeat(written.bytes));
  written.etag = '"../../elsewhere"';
  writeFileSync(
    join(cache, "index.json"),
    JSON.stringify({ ...index, records: { ...index.records, [key]: record } }),
  );
  const warm = build(original, ["--cache", cache]);
  const published = JSON.parse(readFileSync(join(warm.out, "blog-index.json"), "utf8")).count;
  assert.equal(warm.report.cache!.reused, published - 1, "every page but the one whose record was changed");
  assertSame(warm.out, cold(original));
});

test("the index a warm build leaves is, byte for byte, the one a cold build of the same content writes; the same index on one line is read as well", () => {
  const content = join(tempDir("sitegen-cache-content-"), "content");
  cpSync(original, content, { recursive: true });
  const warmCache = join(tempDir("sitegen-cache-dir-"), "cache");
  build(content, ["--cache", warmCache]);
  const post = join(content, "blog", readdirSync(join(content, "blog")).sort()[5]);
  writeFileSync(post, `${readFileSync(post, "utf8")}\nA paragraph added later.\n`);
  const warm = build(content, ["--cache", warmCache]);
  const published = JSON.parse(readFileSync(join(warm.out, "blog-index.json"), "utf8")).count;
  assert.equal(warm.report.cache?.reused, published - 1);
  const coldCache = join(tempDir("sitegen-cache-dir-"), "cache");
  build(content, ["--cache", coldCache]);
  // The warm build wrote the records it took from the cache back as the lines it read them from.
  const index = readFileSync(join(warmCache, "index.json"), "utf8");
  assert.equal(index, readFileSync(join(coldCache, "index.json"), "utf8"));
  assert.equal(
    index.split("\n").length,
    published + 2,
    "a line for the head, one a record, and one to close",
  );
  writeFileSync(join(warmCache, "index.json"), JSON.stringify(JSON.parse(index)));
  assert.equal(build(content, ["--cache", warmCache]).report.cache?.reused, published);
});

test("a cache moves with the content: a checkout elsewhere, the first one gone, takes every post from it, a bundle's files from where they are now", () => {
  const first = join(tempDir("sitegen-cache-content-"), "content");
  cpSync(original, first, { recursive: true });
  const bundle = join(first, "blog", "with-a-picture");
  mkdirSync(bundle);
  writeFileSync(
    join(bundle, "index.md"),
    '---\ntitle: "A post with a picture"\ndescription: "A post whose picture is a file beside it."\ndate: 2024-05-01\nlang: en\nstatus: published\n---\n\n![A dot](dot.png)\n',
  );
  writeFileSync(
    join(bundle, "dot.png"),
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  );
  const cache = join(tempDir("sitegen-cache-dir-"), "cache");
  build(first, ["--cache", cache]);
  assert.ok(
    !readFileSync(join(cache, "index.json"), "utf8").includes(first),
    "the index names no path of the checkout",
  );
  const moved = join(tempDir("sitegen-cache-content-"), "content");
  cpSync(first, moved, { recursive: true });
  rmSync(first, { recursive: true });
  const warm = build(moved, ["--cache", cache]);
  const published = JSON.parse(readFileSync(join(warm.out, "blog-index.json"), "utf8")).count;
  assert.equal(warm.report.cache?.reused, published);
  assertSame(warm.out, build(moved, ["--no-cache"]).out);
  assert.ok(statSync(join(warm.out, "blog/with-a-picture/dot.png")).isFile());
});

/**
 * A project folder as a user has one: its content, and `sitegen build` run inside it with the project's templates, by
 * the CLI's `run` in this process, or with `binary`, by the binary in a process of its own.
 */
async function project(posts = 30): Promise<{
  dir: string;
  build: (args?: string[], binary?: "binary") => Promise<CliResult & { report?: BuildReport }>;
}> {
  const dir = tempDir("sitegen-cache-project-");
  await generateContent({ dir: join(dir, "content"), posts, seed: 17 });
  return {
    dir,
    build: async (args = [], binary) => {
      const command = ["build", "--templates", join(ROOT, "templates"), ...args];
      const options = { cwd: dir, env: { SITEGEN_WORKERS: "0" } };
      const run = binary ? sitegen(command, options) : await sitegenHere(command, options);
      return {
        ...run,
        report:
          args.includes("--json") && run.status === 0 ? (JSON.parse(run.stdout) as BuildReport) : undefined,
      };
    },
  };
}

interface BuildReport {
  cache?: { dir: string; reused: number; note?: string };
}

test("without a flag the cache is on, in .sitegen-cache: the second build takes every post from it, and cold, warm and --no-cache builds write the same bytes", async () => {
  const { dir, build } = await project();
  const cold = await build(["--json", "--out", "cold"]);
  assert.deepEqual(cold.report?.cache, { dir: ".sitegen-cache", reused: 0 });
  assert.ok(existsSync(join(dir, ".sitegen-cache/index.json")));
  assert.ok(!existsSync(join(dir, ".sitegen-cache/lock")), "the build let the folder go");
  const warm = await build(["--json", "--out", "warm"]);
  const published = JSON.parse(readFileSync(join(dir, "warm/blog-index.json"), "utf8")).count;
  assert.equal(warm.report?.cache?.reused, published);
  const index = statSync(join(dir, ".sitegen-cache/index.json")).mtimeMs;
  const none = await build(["--json", "--out", "none", "--no-cache"]);
  assert.equal(none.report?.cache, undefined, "--no-cache: no cache");
  assert.equal(
    statSync(join(dir, ".sitegen-cache/index.json")).mtimeMs,
    index,
    "--no-cache writes nothing there",
  );
  assertSame(join(dir, "warm"), join(dir, "cold"));
  assertSame(join(dir, "none"), join(dir, "cold"));
  const human = await build(["--out", "human"]);
  assert.match(human.stdout, new RegExp(`^Built .* \\(${published} posts from the cache\\) → human/$`, "m"));
});

test("the summary says how many posts came from the cache in words that agree: 1 post, 2 posts", async () => {
  const { dir, build } = await project(2);
  await build(["--out", "first"]);
  assert.match((await build(["--out", "both"])).stdout, /^Built .* \(2 posts from the cache\) → both\/$/m);
  const [post] = readdirSync(join(dir, "content/blog")).sort();
  writeFileSync(
    join(dir, "content/blog", post),
    `${readFileSync(join(dir, "content/blog", post), "utf8")}\nOne more paragraph.\n`,
  );
  assert.match((await build(["--out", "one"])).stdout, /^Built .* \(1 post from the cache\) → one\/$/m);
});

test("a cache that cannot be read, or of another Node.js, is a note and a cold build that fills it again, never a failure", async () => {
  const { dir, build } = await project();
  await build(["--out", "first"]);
  const index = join(dir, ".sitegen-cache/index.json");
  const saved = readFileSync(index, "utf8");
  writeFileSync(index, saved.replace(/"node":"[^"]*"/, '"node":"0.0.1"'));
  const otherNode = await build(["--json", "--out", "other-node"]);
  assert.equal(otherNode.status, 0, otherNode.stderr);
  assert.equal(otherNode.report?.cache?.reused, 0);
  assert.match(otherNode.report?.cache?.note ?? "", /Node\.js 0\.0\.1 wrote it/);
  assert.equal(readFileSync(index, "utf8"), saved, "the cold build filled it again");
  rmSync(index);
  mkdirSync(index);
  const unreadable = await build(["--out", "unreadable"]);
  assert.equal(unreadable.status, 0, unreadable.stderr);
  assert.match(
    unreadable.stdout,
    /^Built .* \(0 posts from the cache; note: the build cache \.sitegen-cache\/ was not used: its index cannot be read \(EISDIR\); not saved: EISDIR; the next build will be cold\) → unreadable\/$/m,
  );
  assertSame(join(dir, "unreadable"), join(dir, "first"));
  assertSame(join(dir, "other-node"), join(dir, "first"));
});

test("a build while another holds the cache goes without it; a lock left by a process that is gone is taken over", async () => {
  const { dir, build } = await project();
  await build(["--out", "first"], "binary");
  const lock = join(dir, ".sitegen-cache/lock");
  writeFileSync(lock, `${hostname()}\n${process.pid}\n`);
  const held = await build(["--json", "--out", "held"], "binary");
  assert.equal(held.status, 0, held.stderr);
  assert.deepEqual(held.report?.cache, {
    dir: ".sitegen-cache",
    reused: 0,
    note: `not used: another build (process ${process.pid}) is using it`,
  });
  assert.ok(existsSync(lock), "the other build's lock is left alone");
  // A process that has ended: its id is free.
  const ended = spawnSync(process.execPath, ["-e", "0"]).pid;
  writeFileSync(lock, `${hostname()}\n${ended}\n`);
  const published = JSON.parse(readFileSync(join(dir, "first/blog-index.json"), "utf8")).count;
  assert.equal((await build(["--json", "--out", "taken"], "binary")).report?.cache?.reused, published);
  assertSame(join(dir, "held"), join(dir, "first"));
});

test("a cache folder named inside the output, the content or the templates is refused; the default one there is a note", async () => {
  const { dir, build } = await project();
  for (const folder of ["dist/cache", "content/.cache", "."]) {
    const refused = await build(["--cache", folder]);
    assert.equal(refused.status, 2, folder);
    assert.match(refused.stderr, /refusing to build: the build cache .* overlap/, folder);
  }
  assert.ok(!existsSync(join(dir, "dist")), "nothing was written");
  const inside = await build(["--json", "--out", ".sitegen-cache/site"]);
  assert.equal(inside.status, 0, inside.stderr);
  assert.match(
    inside.report?.cache?.note ?? "",
    /^not used: the build cache \.sitegen-cache and \.sitegen-cache\/site overlap/,
  );
  assert.ok(!existsSync(join(dir, ".sitegen-cache/index.json")));
});

interface HighlightEvent {
  language: string;
  from: "memory" | "store" | "highlighter";
}

/** `sitegen build` in `dir` in one thread, and where each code block's HTML came from. */
function tracedBuild(
  dir: string,
  args: string[],
): { out: string; from: Record<HighlightEvent["from"], number> } {
  const run = tracedSitegen<HighlightEvent>(
    "sitegen:highlight",
    ["build", "--templates", "templates", ...args],
    { cwd: dir, env: { SITEGEN_WORKERS: "0" } },
  );
  assert.equal(run.status, 0, run.stderr);
  const from = { memory: 0, store: 0, highlighter: 0 };
  for (const event of run.events) from[event.from]++;
  return { out: join(dir, args[args.indexOf("--out") + 1]), from };
}

test("a code block is highlighted once, ever: again in the same build it comes from memory, in a later build from the cache, and the output is the same", async () => {
  const { dir } = await project(12);
  cpSync(join(ROOT, "templates"), join(dir, "templates"), { recursive: true });
  // One post shows the same block twice.
  const post = join(dir, "content/blog", readdirSync(join(dir, "content/blog")).sort()[2]);
  const block = "\n```python\nfor attempt in range(3):\n    send(message)\n```\n";
  writeFileSync(post, `${readFileSync(post, "utf8")}${block}\nAnd once more:\n${block}`);
  const cold = tracedBuild(dir, ["--out", "cold"]);
  assert.ok(cold.from.highlighter > 0 && cold.from.store === 0, JSON.stringify(cold.from));
  assert.ok(cold.from.memory >= 1, "the block a post repeats is highlighted once");
  // New templates render every post again; no block is highlighted again.
  writeFileSync(
    join(dir, "templates/post.html"),
    `${readFileSync(join(dir, "templates/post.html"), "utf8")}\n<!-- a change to the theme -->\n`,
  );
  const warm = tracedBuild(dir, ["--out", "warm"]);
  assert.equal(warm.from.highlighter, 0, JSON.stringify(warm.from));
  assert.ok(warm.from.store > 0);
  assertSame(warm.out, tracedBuild(dir, ["--out", "none", "--no-cache"]).out);
  // A new block is highlighted; the post's stored block, cut short, is not trusted and is highlighted again (then comes from memory).
  writeFileSync(post, `${readFileSync(post, "utf8")}\n\`\`\`sql\nSELECT 1;\n\`\`\`\n`);
  const [store] = readdirSync(join(dir, ".sitegen-cache/highlight"));
  const kept = join(dir, ".sitegen-cache/highlight", store);
  const damaged = join(
    kept,
    readdirSync(kept).find((name) => readFileSync(join(kept, name), "utf8").includes("attempt"))!,
  );
  truncateSync(damaged, statSync(damaged).size - 3);
  const edited = tracedBuild(dir, ["--out", "edited"]);
  assert.equal(edited.from.highlighter, 2, JSON.stringify(edited.from));
  assertSame(edited.out, tracedBuild(dir, ["--out", "edited-cold", "--no-cache"]).out);
});

test("check reads the cache a build filled: every post comes from it, it finds what a cold check finds, and it never writes the index", async () => {
  const { dir, build } = await project();
  // Findings a post's page carries: a link to nothing and to a heading that is not there, a level-1 heading in the body.
  const [post] = readdirSync(join(dir, "content/blog")).sort();
  const file = join(dir, "content/blog", post);
  writeFileSync(
    file,
    `${readFileSync(file, "utf8")}\n# A second title\n\nSee [the archive](/archive/) and [the missing part](/about/#no-such-heading).\n`,
  );
  assert.equal((await build(["--out", "dist"])).status, 0);
  const index = join(dir, ".sitegen-cache/index.json");
  const saved = { text: readFileSync(index, "utf8"), mtime: statSync(index).mtimeMs };
  const checkJson = async (args: string[]) => {
    const run = await sitegenHere(["check", "--templates", join(ROOT, "templates"), "--json", ...args], {
      cwd: dir,
      env: { SITEGEN_WORKERS: "0" },
    });
    return JSON.parse(run.stdout) as {
      ok: boolean;
      cache?: { dir: string; reused: number; note?: string };
      counts: Record<string, number>;
      findings: { file: string; line?: number; message: string }[];
    };
  };
  const warm = await checkJson([]);
  const cold = await checkJson(["--no-cache"]);
  const published = JSON.parse(readFileSync(join(dir, "dist/blog-index.json"), "utf8")).count;
  assert.deepEqual(warm.cache, { dir: ".sitegen-cache", reused: published });
  assert.equal(cold.cache, undefined, "--no-cache: no cache");
  assert.deepEqual(warm.counts, cold.counts);
  assert.deepEqual(warm.findings, cold.findings);
  for (const kind of ["broken-link", "broken-anchor", "title-heading"])
    assert.ok(
      (warm.counts[kind] ?? 0) > 0,
      `${kind} found in a post taken from the cache: ${JSON.stringify(warm.counts)}`,
    );
  assert.deepEqual(
    { text: readFileSync(index, "utf8"), mtime: statSync(index).mtimeMs },
    saved,
    "check leaves the index as the build wrote it",
  );
  assert.deepEqual(
    readdirSync(join(dir, ".sitegen-cache")).filter((name) => name.startsWith(".sitegen-tmp-")),
    [],
    "and no scratch folder behind",
  );
  const human = await sitegenHere(["check", "--templates", join(ROOT, "templates")], {
    cwd: dir,
    env: { SITEGEN_WORKERS: "0" },
  });
  assert.match(
    human.stdout + human.stderr,
    new RegExp(`checked .*: .* \\(${published} posts from the cache\\)$`, "m"),
  );
});

test("a warm build says what a cold one says of posts held to each other: two posts on one slug are a clash at every build, and the later keeps its own address", async () => {
  const { dir, build } = await project(3);
  const post = (name: string, date: string) =>
    writeFileSync(
      join(dir, "content/blog", name),
      `---\ntitle: "Call for papers"\ndescription: "The call for papers of ${date.slice(0, 4)}."\ndate: ${date}\nlang: en\nslug: call-for-papers\n---\n\nSend a talk.\n`,
    );
  post("cfp-2014.md", "2014-09-10");
  post("cfp-2015.md", "2015-08-31");
  const findings = async (out: string) => {
    const run = await build(["--json", "--out", out]);
    assert.equal(run.status, 0, run.stderr);
    const report = JSON.parse(run.stdout) as {
      cache: { reused: number };
      findings: { kind: string; file: string; message: string }[];
    };
    return {
      reused: report.cache.reused,
      clashes: report.findings
        .filter((finding) => finding.kind === "slug-clash")
        .map((finding) => `${basename(finding.file)}: ${finding.message}`),
    };
  };
  const cold = await findings("cold");
  assert.equal(cold.reused, 0);
  assert.deepEqual(cold.clashes, [
    "cfp-2015.md: two posts have the slug `call-for-papers`: this one and content/blog/cfp-2014.md, which is older and keeps it; this one is at /blog/call-for-papers-2015/",
  ]);
  const warm = await findings("warm");
  assert.ok(warm.reused >= 5, `every post from the cache: ${warm.reused}`);
  assert.deepEqual(warm.clashes, cold.clashes);
  assertSame(join(dir, "warm"), join(dir, "cold"));
});
