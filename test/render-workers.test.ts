/**
 * A large blog builds on render workers; the output must be byte-identical to
 * a build in one thread, and an error found in a worker must still name its
 * file and line. Which lane answered each request is read from the build
 * itself (the pool publishes it on a diagnostics channel; a preloaded module
 * records it), so each test shows the workers did the work it is about.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, cpSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { generateContent } from "../bench/synthetic.ts";
import { ROOT, sitegenHere, tempDir, tracedSitegen } from "./helpers/dist.ts";

function tree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path));
    }
  };
  walk(dir);
  return files;
}

interface LaneEvent {
  lane: string;
  kind: "parse" | "setup" | "render";
  ok: boolean;
  items: string[];
  errors: string[];
}

/** `sitegen build` with `workers` render workers, and which lane answered each of its requests. */
function tracedBuild(
  args: string[],
  workers: number,
): { status: number; stderr: string; lanes: LaneEvent[] } {
  // Without the build cache: every build here renders its posts, whatever an earlier one left.
  const run = tracedSitegen<LaneEvent>("sitegen:render-lanes", ["build", "--no-cache", ...args], {
    env: { SITEGEN_WORKERS: String(workers) },
  });
  return { status: run.status, stderr: run.stderr, lanes: run.events };
}

/** The lanes that answered requests of `kind`. */
const lanesOf = (lanes: LaneEvent[], kind: LaneEvent["kind"]) =>
  [...new Set(lanes.filter((event) => event.kind === kind).map((event) => event.lane))].sort();

const content = join(tempDir(), "content");
// Every build here names its number of workers (SITEGEN_WORKERS): a few hundred posts give each lane several chunks.
const POSTS = 320;
const synthetic = await generateContent({ dir: content, posts: POSTS, seed: 7 });
// Budgets that leave posts out of llms.txt, llms-full.txt and /blog/: what is kept must not depend on the lanes either.
appendFileSync(
  join(content, "site.yaml"),
  "budgets:\n  llms_txt_bytes: 20000\n  llms_full_txt_bytes: 300000\n  blog_page_bytes: 40000\n  blog_page_full_posts: 5\n",
);

test("two render workers write exactly what one thread writes", () => {
  const one = join(tempDir(), "dist");
  const two = join(tempDir(), "dist");
  const single = tracedBuild(["--content", content, "--out", one, "--quiet"], 0);
  assert.equal(single.status, 0, single.stderr);
  assert.deepEqual(
    single.lanes.filter((event) => event.lane !== "build thread"),
    [],
    "with no workers, this thread does everything",
  );
  const pooled = tracedBuild(["--content", content, "--out", two, "--quiet"], 2);
  assert.equal(pooled.status, 0, pooled.stderr);
  assert.deepEqual(lanesOf(pooled.lanes, "parse"), ["worker 1", "worker 2"], "both workers parsed posts");
  assert.deepEqual(
    lanesOf(pooled.lanes, "render").filter((lane) => lane.startsWith("worker")),
    ["worker 1", "worker 2"],
    "both workers rendered pages",
  );
  const a = tree(one);
  const b = tree(two);
  assert.deepEqual([...b.keys()].sort(), [...a.keys()].sort());
  for (const [file, bytes] of a) assert.ok(bytes.equals(b.get(file)!), `${file} differs`);
  // Pages and siblings; the agent, crawl and CDN files and the 404 bodies; the templates' assets and root files; the negotiation data's index, route shards and slug index.
  const data = JSON.parse(a.get("_sitegen/negotiation.json")!.toString("utf8"));
  // Each asset under its plain and its fingerprinted name; root files as they are.
  const published =
    2 * tree(join(ROOT, "templates", "assets")).size + tree(join(ROOT, "templates", "root")).size;
  assert.equal(
    a.size,
    2 * (synthetic.posts + 7) + 12 + published + data.shards + 2 * data.slugIndex.nodes,
    "every page, sibling and file is there",
  );
  for (const file of ["llms.txt", "llms-full.txt", "blog.md"])
    assert.match(
      a.get(file)!.toString("utf8"),
      /The (newest|oldest) \d+/,
      `${file} left posts out, and says so`,
    );
});

test("three workers, and the CLI run from its TypeScript sources instead of lib/, write the same bytes too", async () => {
  // Three workers finish chunks out of order more often than two; llms-full.txt must not notice.
  const compiled = join(tempDir(), "dist");
  const sources = join(tempDir(), "dist");
  const three = tracedBuild(["--content", content, "--out", compiled, "--quiet"], 3);
  assert.equal(three.status, 0, three.stderr);
  assert.deepEqual(
    lanesOf(three.lanes, "render").filter((lane) => lane.startsWith("worker")),
    ["worker 1", "worker 2", "worker 3"],
    "all three workers rendered pages",
  );
  const fromSources = await sitegenHere(["build", "--content", content, "--out", sources, "--quiet"], {
    env: { SITEGEN_WORKERS: "2" },
  });
  assert.equal(fromSources.status, 0, fromSources.stderr);
  const a = tree(compiled);
  const b = tree(sources);
  assert.deepEqual([...b.keys()].sort(), [...a.keys()].sort());
  for (const [file, bytes] of a) assert.ok(bytes.equals(b.get(file)!), `${file} differs`);
});

test("a broken post found by a worker fails the build naming its file and line", () => {
  const slug = synthetic.slugs[POSTS - 20];
  const file = join(content, "blog", `${slug}.md`);
  const text = readFileSync(file, "utf8");
  // Frontmatter that does not parse: an error met while parsing, which workers do.
  writeFileSync(file, text.replace(/^lang: (\w+)$/m, "lang: [$1"));
  const out = join(tempDir(), "dist");
  const result = tracedBuild(["--content", content, "--out", out], 2);
  writeFileSync(file, text);
  assert.equal(result.status, 1, result.stderr);
  const line = text.split("\n").findIndex((l) => l.startsWith("lang:")) + 1;
  assert.match(result.stderr, new RegExp(`${slug}\\.md:${line}:\\d+: invalid YAML`));
  // The one request that held the post, and met its error, was a worker's.
  const met = result.lanes.filter((event) => event.items.some((item) => item.endsWith(`${slug}.md`)));
  assert.deepEqual(
    met.map(({ lane, kind }) => ({ worker: lane.startsWith("worker"), kind })),
    [{ worker: true, kind: "parse" }],
    JSON.stringify(met.map(({ lane, kind }) => `${lane} ${kind}`)),
  );
  assert.ok(
    met[0].errors.some((error) => error.includes(`${slug}.md:${line}:`)),
    met[0].errors.join("\n"),
  );
});

test("a template error met by a worker fails the build, names the template line, and leaves no staging folder", () => {
  const templates = join(tempDir(), "templates");
  cpSync(join(ROOT, "templates"), templates, { recursive: true });
  const post = join(templates, "post.html");
  writeFileSync(post, readFileSync(post, "utf8").replace("{{title}}", "{{titel}}"));
  const line =
    readFileSync(post, "utf8")
      .split("\n")
      .findIndex((text) => text.includes("{{titel}}")) + 1;
  const parent = tempDir();
  const result = tracedBuild(
    ["--content", content, "--templates", templates, "--out", join(parent, "dist")],
    2,
  );
  assert.equal(result.status, 1, result.stderr);
  assert.match(result.stderr, new RegExp(`post\\.html:${line}:\\d+: unknown name \`titel\``));
  const failed = result.lanes.filter((event) => !event.ok);
  assert.ok(
    failed.some(
      (event) =>
        event.lane.startsWith("worker") &&
        event.kind === "render" &&
        event.errors.some((error) => error.includes(`post.html:${line}: unknown name \`titel\``)),
    ),
    JSON.stringify(failed),
  );
  assert.deepEqual(readdirSync(parent), [], "no output folder and no .sitegen-tmp-* left");
});
