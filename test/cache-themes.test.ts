/**
 * Warm equals cold, in every theme: after each kind of edit a commit makes
 * (retitle, re-date, re-tag, make a draft, delete, add, rename), a build that
 * takes the unchanged posts from the cache writes, byte for byte, what a
 * build without one writes. The starter's post page shows its neighbours'
 * titles (Older/Newer) and the example's does not: a page that shows what
 * another post holds must be rendered again when that post changes, and only
 * a theme that shows it can tell.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, tempDir } from "./helpers/dist.ts";
import { assertSameTree } from "./helpers/site.ts";
import { initSite, STARTER_BLOG_POSTS } from "./helpers/starter.ts";

/** An edit of a project's posts, given them sorted by name: what a commit between two deploys does. */
interface Edit {
  kind: string;
  apply(blog: string, posts: string[]): void;
}

const field = (file: string, name: string, value: string) => {
  const text = readFileSync(file, "utf8");
  const line = new RegExp(`^${name}:.*$`, "m");
  writeFileSync(
    file,
    line.test(text)
      ? text.replace(line, `${name}: ${value}`)
      : text.replace(/^---\n/, `---\n${name}: ${value}\n`),
  );
};

/** Each kind of edit, on posts in the middle of the blog, whose neighbours show them. */
const EDITS: Edit[] = [
  { kind: "retitle", apply: (blog, posts) => field(join(blog, posts[2]), "title", '"A title given later"') },
  { kind: "re-date", apply: (blog, posts) => field(join(blog, posts[3]), "date", "2019-06-15") },
  {
    kind: "re-tag",
    apply: (blog, posts) => field(join(blog, posts[4]), "tags", "[later-tag, another-later-tag]"),
  },
  { kind: "make a draft", apply: (blog, posts) => field(join(blog, posts[5]), "status", "draft") },
  { kind: "delete", apply: (blog, posts) => rmSync(join(blog, posts[6])) },
  {
    kind: "add",
    apply: (blog) =>
      writeFileSync(
        join(blog, "a-post-added-later.md"),
        '---\ntitle: "A post added later"\ndescription: "Written between two deploys."\ndate: 2025-12-30\ntags: [later-tag]\n---\n\nA post written between two deploys.\n',
      ),
  },
  {
    kind: "rename",
    apply: (blog, posts) => renameSync(join(blog, posts[7]), join(blog, `renamed-${posts[7]}`)),
  },
];

/** The posts of a blog that are single files, sorted: what the edits pick from. */
function postFiles(blog: string): string[] {
  return readdirSync(blog)
    .filter((name) => name.endsWith(".md") && statSync(join(blog, name)).isFile())
    .sort();
}

/** A build of `dir` into a new folder, and how many posts it took from the cache. */
async function build(dir: string, args: string[]): Promise<{ out: string; reused: number }> {
  const out = join(tempDir("sitegen-themes-out-"), "dist");
  const run = await sitegenHere(["build", "--out", out, "--json", ...args], {
    cwd: dir,
    env: { SITEGEN_WORKERS: "0" },
  });
  assert.equal(run.status, 0, run.stderr);
  return { out, reused: (JSON.parse(run.stdout) as { cache?: { reused: number } }).cache?.reused ?? 0 };
}

/** Builds `dir` with a cache after each edit, and without one, and holds the two to each other. */
async function warmEqualsCold(dir: string, templates: string[]): Promise<void> {
  const blog = join(dir, "content/blog");
  const cache = join(tempDir("sitegen-themes-cache-"), "cache");
  await build(dir, [...templates, "--cache", cache]);
  for (const edit of EDITS) {
    edit.apply(blog, postFiles(blog));
    const warm = await build(dir, [...templates, "--cache", cache]);
    const cold = await build(dir, [...templates, "--no-cache"]);
    assert.ok(warm.reused > 0, `after the edit "${edit.kind}", the warm build took posts from the cache`);
    assert.doesNotThrow(
      () => assertSameTree(warm.out, cold.out),
      `after the edit "${edit.kind}", the warm build differs from the cold one`,
    );
  }
}

test("the starter's theme, which shows each post's neighbours: after every kind of edit, the warm build is the cold one", async () => {
  const site = initSite("themes");
  cpSync(STARTER_BLOG_POSTS, join(site, "content/blog"), { recursive: true });
  assert.match(
    readFileSync(join(site, "templates/post.html"), "utf8"),
    /\{\{#newer\}\}/,
    "the starter's post page shows its neighbours",
  );
  await warmEqualsCold(site, []);
});

test("the example's theme: after every kind of edit, the warm build is the cold one", async () => {
  const dir = tempDir("sitegen-themes-example-");
  cpSync(join(ROOT, "content"), join(dir, "content"), { recursive: true });
  await warmEqualsCold(dir, ["--templates", join(ROOT, "templates")]);
});
