/**
 * The size policy at size: the benchmark's synthetic blog of a few thousand
 * posts built with the default budgets, its files parsed and held to each
 * bound; every post still reachable from /llms.txt; the Markdown 404 small,
 * right about a mistyped slug, read in bounded work, and the same from the
 * preview server and Netlify's emulator.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { agentFileSizes } from "../bench/agent-files.ts";
import { generateContent, type SyntheticTree } from "../bench/synthetic.ts";
import { folderStore } from "../src/hosts/preview/folder.ts";
import { respond } from "../src/negotiation/respond.ts";
import { SiteData } from "../src/negotiation/site-data.ts";
import { shardOf } from "../src/negotiation/table.ts";
import {
  netlifyProject,
  startNetlifyProject,
  startPreviewServer,
  tempDir,
  type Running,
} from "./helpers/dist.ts";
import { readSource, sitegenAsync, type Source } from "./helpers/site.ts";

const POSTS = 3_000;
const BASE = "https://halyard.example";
/** The defaults of the budgets, written out here rather than read from src/. */
const LLMS_TXT = 50_000;
const LLMS_FULL = 1_000_000;
const BLOG_PAGE = 200_000;
const FULL_POSTS = 20;
const NOT_FOUND = 8_000;

let synthetic: SyntheticTree;
let source: Source;
let project: string;
let dist: string;
let preview: Running;
const read = (file: string) => readFileSync(join(dist, file), "utf8");

before(async () => {
  const content = join(tempDir(), "content");
  synthetic = await generateContent({ dir: content, posts: POSTS });
  source = readSource(content);
  // Built straight into the publish folder of a Netlify project, for the emulator's test below:
  // copying 3,000 posts' files into one afterwards cost the test process more than the build.
  project = netlifyProject();
  dist = join(project, "dist");
  // Without the build cache: a cold build writes the same bytes (test/cache.test.ts), and filling a cache with 3,000
  // posts' pages cost the build a third more, in the repository's own .sitegen-cache, which the example site's builds use.
  const build = await sitegenAsync(["build", "--content", content, "--out", dist, "--json", "--no-cache"]);
  assert.equal(build.status, 0, build.stderr);
  assert.deepEqual(JSON.parse(build.stdout).findings, [], "within every budget: no warning");
  preview = await startPreviewServer(dist);
});
after(() => preview?.stop());

/** Markdown links `[text](url)`, in order. */
const links = (markdown: string) => [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
const characters = (text: string) => [...text].length;

test(`the synthetic blog has ${POSTS} published posts`, () => {
  assert.equal(source.published.length, POSTS);
  assert.equal(synthetic.posts, POSTS);
});

test("llms.txt: within 50,000 characters, every page, the newest posts in order, and where the rest are", () => {
  const llms = read("llms.txt");
  assert.ok(Buffer.byteLength(llms) <= LLMS_TXT, `${Buffer.byteLength(llms)} bytes`);
  assert.ok(characters(llms) <= LLMS_TXT);
  const linked = links(llms);
  for (const route of source.routes.filter((r) => !r.post))
    assert.ok(linked.includes(`${BASE}${route.markdownPath}`), route.markdownPath);
  const posts = linked.filter((url) => /\/blog\/[^/]+\.md$/.test(url));
  assert.ok(posts.length >= 100, `${posts.length} posts listed`);
  assert.deepEqual(
    posts,
    source.published.slice(0, posts.length).map((post) => `${BASE}/blog/${post.slug}.md`),
    "the newest posts, newest first",
  );
  assert.match(
    llms,
    new RegExp(
      `The newest ${posts.length} of ${POSTS} posts, newest first\\. The ${POSTS - posts.length} older ones are not listed here`,
    ),
  );
  for (const file of ["/blog-index.json", "/sitemap.xml"])
    assert.ok(linked.includes(`${BASE}${file}`), `says where the rest are: ${file}`);
});

test("llms-full.txt: within 1,000,000 bytes, every page and the newest posts whole, and what was left out and where", () => {
  const full = read("llms-full.txt");
  assert.ok(Buffer.byteLength(full) <= LLMS_FULL, `${Buffer.byteLength(full)} bytes`);
  const [head, ...entries] = full.split("\n---\n\n");
  const md = (route: Source["routes"][number]) => read(route.markdownPath.slice(1));
  const pages = source.routes.filter((r) => !r.post);
  // Each entry is a whole .md sibling, byte for byte: the pages, then the newest posts; never a post cut short.
  const kept = entries.length - pages.length;
  assert.ok(kept >= 50 && kept < POSTS, `${kept} posts kept`);
  assert.deepEqual(
    entries.map((entry, index) => entry === md(source.routes[index])),
    entries.map(() => true),
    "every entry is its .md sibling",
  );
  const left = source.published.slice(kept);
  assert.ok(
    head.includes(`the newest ${kept} of its ${POSTS} posts`) &&
      head.includes(
        `The oldest ${left.length} posts, published ${left.at(-1)!.date} to ${left[0].date}, are left out`,
      ),
    `the head says what was left out:\n${head}`,
  );
  assert.ok(
    head.includes(`${BASE}/blog-index.json`) && head.includes(`${BASE}/sitemap.xml`),
    "and where it is",
  );
  // The next post would not have fitted: the budget decided, not a count.
  assert.ok(
    Buffer.byteLength(full) + 5 + Buffer.byteLength(md(source.routes[pages.length + kept])) > LLMS_FULL,
    "the next post did not fit",
  );
});

test("/blog/: within 200,000 bytes in HTML and Markdown, the newest posts in full, then by year, then what is left off and where", () => {
  const html = read("blog/index.html");
  const markdown = read("blog.md");
  for (const [name, text] of [
    ["HTML", html],
    ["Markdown", markdown],
  ])
    assert.ok(Buffer.byteLength(text) <= BLOG_PAGE, `${name}: ${Buffer.byteLength(text)} bytes`);
  const posts = markdown.slice(markdown.indexOf("## Posts"));
  const listed = links(posts).filter((url) => /\/blog\/[^/]+\/$/.test(url));
  assert.ok(listed.length > FULL_POSTS && listed.length < POSTS, `${listed.length} posts listed`);
  assert.deepEqual(
    listed,
    source.published.slice(0, listed.length).map((post) => `${BASE}/blog/${post.slug}/`),
    "the newest posts, newest first",
  );
  const full = posts.split("\n").filter((line) => /^- \[.*\) \(\d{4}-\d{2}-\d{2}, (en|vi)\): /.test(line));
  assert.equal(full.length, FULL_POSTS, "the newest posts with their descriptions");
  const years = [...posts.matchAll(/^### (\d{4})$/gm)].map((m) => m[1]);
  assert.ok(
    years.length > 0 && years.every((year, i) => i === 0 || year < years[i - 1]),
    `years, newest first: ${years}`,
  );
  assert.match(
    posts,
    new RegExp(
      `^The newest ${listed.length} of ${POSTS} posts\\. The ${POSTS - listed.length} older ones \\(\\d{4} to \\d{4}\\) are not listed on this page; every post is in \\[blog-index\\.json\\]`,
      "m",
    ),
  );
  // The HTML lists the same posts.
  const hrefs = [...html.matchAll(/<a href="(\/blog\/[^"/]+\/)"/g)].map((m) => m[1]);
  assert.deepEqual(
    hrefs,
    listed.map((url) => url.slice(BASE.length)),
  );
  assert.match(html, /<a href="\/blog-index\.json">blog index<\/a>/);
});

test("every published post is reachable from /llms.txt: named in it or in a file it links (two fetches)", async () => {
  const origin = preview.url.replace(/\/$/, "");
  const fetchText = async (url: string) =>
    (await fetch(url.replace(BASE, origin), { headers: { accept: "text/markdown" } })).text();
  const llms = await fetchText(`${BASE}/llms.txt`);
  const found = new Set<string>();
  const collect = (text: string) => {
    for (const [url] of text.matchAll(/https?:\/\/[^\s)<>"`\]]+/g)) found.add(url);
  };
  collect(llms);
  const linked = [...found].filter((url) => url.startsWith(`${BASE}/`));
  for (const url of linked) collect(await fetchText(url));
  const missing = source.published.filter(
    (post) => !found.has(`${BASE}/blog/${post.slug}/`) && !found.has(`${BASE}/blog/${post.slug}.md`),
  );
  assert.deepEqual(
    missing.map((post) => post.slug),
    [],
    `${missing.length} posts unreachable`,
  );
});

/** Misses an agent makes: a transposed letter, a dropped first word, a dropped last letter, the post under another folder. */
function typos(slug: string): string[] {
  return [
    `/blog/${slug.slice(0, 5)}${slug[6]}${slug[5]}${slug.slice(7)}/`,
    `/blog/${slug.slice(slug.indexOf("-") + 1)}/`,
    `/blog/${slug.slice(0, -1)}/`,
    `/posts/${slug}/`,
  ];
}

test("the Markdown 404 stays a few KB and names the post a mistyped slug meant, first", async () => {
  // Slugs made unique with a number (`…-2`, `…-3`) are equally close to one without it: take posts whose slug has none.
  const plain = source.published.filter((post) => !/-\d+$/.test(post.slug));
  for (const post of [plain[0], plain[1234], plain.at(-1)!]) {
    for (const path of typos(post.slug)) {
      const response = await fetch(new URL(path, preview.url), { headers: { accept: "text/markdown" } });
      const body = await response.text();
      assert.equal(response.status, 404, path);
      assert.ok(Buffer.byteLength(body) <= NOT_FOUND, `${path}: ${Buffer.byteLength(body)} bytes`);
      const first = /^## Closest posts\n\n.*\n\n- \[[^\]]*\]\(([^)]+)\)/m.exec(body)?.[1];
      assert.equal(first, `${BASE}/blog/${post.slug}/`, path);
      const problem = await (await fetch(new URL(path, preview.url))).json();
      assert.equal(problem.links.closest, `${BASE}/blog/${post.slug}/`, `${path}: the Problem names it too`);
    }
  }
});

test("a 404 reads a bounded number of small files, whatever the size of the blog", async () => {
  const data = JSON.parse(read("_sitegen/negotiation.json"));
  // A slug tree of 3,000 posts is three levels deep (64 posts a leaf, 64 children a node); the files stay small.
  for (const tree of ["f", "b"]) {
    for (let node = 0; node < data.slugIndex.nodes; node++) {
      const bytes = statSync(join(dist, `_sitegen/slugs/${tree}/${node}.json`)).size;
      assert.ok(bytes < 16_000, `${tree}/${node}.json: ${bytes} bytes`);
    }
  }
  for (const path of [...typos(source.published[42].slug), "/no-such-page/"]) {
    const reads: string[] = [];
    const store = folderStore(dist);
    const site = new SiteData((file) => {
      reads.push(file);
      return store(file);
    });
    const response = await respond(
      new Request(`http://localhost${path}`, { headers: { accept: "text/markdown" } }),
      site,
    );
    assert.equal(response?.status, 404);
    const slugNodes = reads.filter((file) => file.startsWith("/_sitegen/slugs/"));
    // One root-to-leaf walk in each of the two trees: two levels of 64 children and a leaf hold 262,144 posts.
    assert.ok(slugNodes.length <= 6, `${path}: ${slugNodes.join(", ")}`);
    // Besides: negotiation.json, the route shards of the path and of its near misses, and the map's static head.
    assert.ok(reads.length <= slugNodes.length + 5, `${path}: ${reads.join(", ")}`);
  }
  const sizes = await agentFileSizes(dist);
  for (const miss of sizes.notFound)
    assert.ok(miss.bytesRead < 100_000, `${miss.path}: read ${miss.bytesRead} bytes`);
});

test("a post's address without its slash answers 301 to the post, where the two paths live in different route shards", async () => {
  const { shards } = JSON.parse(read("_sitegen/negotiation.json"));
  assert.ok(shards > 1, `${shards} shard`);
  const apart = source.published
    .map((post) => `/blog/${post.slug}/`)
    .filter((path) => shardOf(path, shards) !== shardOf(path.slice(0, -1), shards));
  assert.ok(apart.length > 100, `${apart.length} posts`);
  const site = new SiteData(folderStore(dist));
  for (const path of apart.slice(0, 200)) {
    const response = await respond(
      new Request(`http://localhost${path.slice(0, -1)}`, { headers: { accept: "text/markdown" } }),
      site,
    );
    assert.equal(response?.status, 301, path);
    assert.equal(response.headers.get("location"), path);
  }
});

test("the preview server and Netlify's emulator answer misses alike at this size", {
  timeout: 180_000,
}, async () => {
  const netlify = await startNetlifyProject(project);
  try {
    for (const path of [...typos(source.published[7].slug), "/nope/", "/about"]) {
      for (const accept of ["text/markdown", "application/json", "text/*"]) {
        const [ours, theirs] = await Promise.all(
          [preview.url, netlify.url].map((base) => fetch(new URL(path, base), { headers: { accept } })),
        );
        assert.equal(theirs.status, ours.status, `${path} ${accept}`);
        assert.equal(
          theirs.headers.get("content-type"),
          ours.headers.get("content-type"),
          `${path} ${accept}`,
        );
        assert.equal(await theirs.text(), await ours.text(), `${path} ${accept}: bodies differ`);
      }
    }
  } finally {
    await netlify.stop();
  }
});
