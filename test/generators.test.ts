/**
 * Blogs that already exist move in as they are. The fixtures under
 * test/fixtures/generators/ are a Jekyll, a Hugo and an Eleventy site written
 * in each generator's own style (date-prefixed `.markdown` posts, TOML,
 * shortcodes, Liquid, a page bundle, a folder post with its picture, data
 * files). Here each generator's posts are copied unchanged into a site made
 * by `sitegen init` and built ("as they are"); `sitegen import` of the whole
 * sites is test/import.test.ts.
 *
 * The site is served by the preview server and Netlify's emulator: every
 * post answers in both representations, every file beside a post with its
 * media type, and every alias with a 301 to a page that answers 200.
 * Netlify's emulator (@netlify/dev 4.18.13) follows a redirect its edge
 * function answers (it makes the request again without its redirect mode),
 * so there an old address serves its post, answered by the edge function,
 * with no rule in `_redirects`: the function answers before the rules.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ROOT, sitegenHere, startBothHosts, tempDir } from "./helpers/dist.ts";
import { hostsOnDemand } from "./helpers/on-demand.ts";
import { assertSameTree } from "./helpers/site.ts";

const FIXTURES = join(ROOT, "test/fixtures/generators");

/** A site made by `sitegen init`, with each generator's posts copied in as they are, and its site-wide files in content/static/. */
async function asTheyAre(): Promise<string> {
  const site = join(tempDir("sitegen-as-is-"), "site");
  const init = await sitegenHere(["init", site, "--no-install"]);
  assert.equal(init.status, 0, init.stderr);
  const blog = join(site, "content/blog");
  // A post with no title is titled from its name by `sitegen import`, as Jekyll does; the build asks for one.
  cpSync(join(FIXTURES, "jekyll/_posts"), blog, {
    recursive: true,
    filter: (path) => !path.endsWith("untitled-thoughts.md"),
  });
  cpSync(join(FIXTURES, "hugo/content/posts"), blog, { recursive: true });
  cpSync(join(FIXTURES, "eleventy/content/blog"), blog, { recursive: true });
  // The files the posts show from the whole site go to the one place for them.
  cpSync(join(FIXTURES, "jekyll/assets"), join(site, "content/static/assets"), { recursive: true });
  cpSync(join(FIXTURES, "hugo/static"), join(site, "content/static"), { recursive: true });
  return site;
}

async function build(site: string, args: string[] = []): Promise<{ dist: string; stderr: string }> {
  const out = args.includes("cloudflare") ? "dist-cloudflare" : "dist";
  const run = await sitegenHere(["build", "--out", out, ...args], { cwd: site });
  assert.equal(run.status, 0, run.stderr);
  return { dist: join(site, out), stderr: run.stderr };
}

/** A copy of a build whose `_redirects` holds no rule: what answers an old address there is the edge function. */
function withoutRedirectRules(dist: string): string {
  const copy = join(tempDir("sitegen-no-rules-"), "dist");
  cpSync(dist, copy, { recursive: true });
  writeFileSync(
    join(copy, "_redirects"),
    readFileSync(join(copy, "_redirects"), "utf8")
      .split("\n")
      .filter((line) => !line.startsWith("/"))
      .join("\n"),
  );
  return copy;
}

const sites = { asIs: await asTheyAre() };
const builds = { asIs: await build(sites.asIs) };
const hosts = hostsOnDemand({ both: () => startBothHosts(withoutRedirectRules(builds.asIs.dist)) });
after(() => hosts.stop());

/** What a built site must answer: its posts, the files beside them, and its redirects. */
function expectations(dist: string) {
  const posts = (
    JSON.parse(readFileSync(join(dist, "blog-index.json"), "utf8")) as { posts: { slug: string }[] }
  ).posts.map((post) => post.slug);
  const beside = readdirSync(join(dist, "blog"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(html|md)$/.test(entry.name))
    .map((entry) => `/${relative(dist, join(entry.parentPath, entry.name))}`);
  const redirects = readFileSync(join(dist, "_redirects"), "utf8")
    .split("\n")
    .filter((line) => line.startsWith("/"))
    .map((line) => line.split(" "))
    .map(([from, to, status]) => ({ from, to, status }));
  return { posts, beside, redirects };
}

const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  txt: "text/plain; charset=utf-8",
};

/**
 * `followed`: the host follows a redirect itself (Netlify's emulator), so an
 * old address answers with its post's page, from the edge function.
 */
async function assertAnswers(
  base: string,
  dist: string,
  label: string,
  options: { followed?: boolean } = {},
): Promise<void> {
  const { posts, beside, redirects } = expectations(dist);
  assert.ok(posts.length > 0 && redirects.length > 0, `${label}: posts and redirects to try`);
  for (const slug of posts) {
    for (const [path, accept, type] of [
      [`/blog/${slug}/`, "text/html", "text/html"],
      [`/blog/${slug}/`, "text/markdown", "text/markdown"],
      [`/blog/${slug}.md`, "*/*", "text/markdown"],
    ]) {
      const response = await fetch(new URL(path, base), { headers: { accept } });
      assert.equal(response.status, 200, `${label}: ${path} as ${accept}`);
      assert.equal(
        response.headers.get("content-type")?.split(";")[0],
        type,
        `${label}: ${path} as ${accept}`,
      );
      await response.arrayBuffer();
    }
  }
  for (const path of beside) {
    const response = await fetch(new URL(path, base));
    assert.equal(response.status, 200, `${label}: ${path}`);
    assert.equal(response.headers.get("content-type"), TYPES[path.split(".").pop()!], `${label}: ${path}`);
    assert.equal(
      Buffer.from(await response.arrayBuffer()).length,
      statSync(join(dist, path)).size,
      `${label}: ${path}, whole`,
    );
  }
  for (const { from, to, status } of redirects) {
    assert.equal(status, "301", `${label}: _redirects says ${from} moved permanently`);
    if (options.followed) {
      const [old, post] = await Promise.all([
        fetch(new URL(from, base), { redirect: "manual" }),
        fetch(new URL(to, base)),
      ]);
      assert.equal(old.status, 200, `${label}: ${from}`);
      assert.match(
        old.headers.get("x-nf-edge-functions") ?? "",
        /negotiate/,
        `${label}: ${from} is answered by the edge function`,
      );
      assert.equal(await old.text(), await post.text(), `${label}: ${from} serves ${to}`);
      continue;
    }
    const moved = await fetch(new URL(from, base), { redirect: "manual" });
    assert.equal(moved.status, 301, `${label}: ${from}`);
    assert.equal(moved.headers.get("location"), to, `${label}: ${from}`);
    const landed = await fetch(new URL(to, base));
    assert.equal(landed.status, 200, `${label}: ${from} → ${to}`);
    await landed.arrayBuffer();
  }
}

test("the posts of a Jekyll, a Hugo and an Eleventy site build as they are, and the build names what it left out and did not run", () => {
  const warnings = builds.asIs.stderr;
  assert.match(warnings, /_index\.md: Hugo's section list page: left out/);
  assert.match(warnings, /blog\.11tydata\.js: Eleventy's data file: left out/);
  assert.match(warnings, /field `layout` is not one of sitegen's \(in \d+ files; the first is named\)/);
  // A highlight block copied as it is shows as code, so nothing is left to run.
  assert.doesNotMatch(warnings, /template tag `\{% (end)?highlight/);
  assert.doesNotMatch(warnings, /template tag `\{\{< \/?highlight/);
  assert.match(
    readFileSync(join(builds.asIs.dist, "blog/lantern-1-0-0-released/index.html"), "utf8"),
    /<pre tabindex="0"><code class="language-sh">/,
  );
  assert.match(
    readFileSync(join(builds.asIs.dist, "blog/first-field-note/index.html"), "utf8"),
    /<pre tabindex="0"><code class="language-go">/,
  );
  const { posts } = expectations(builds.asIs.dist);
  for (const slug of [
    "lantern-1-0-0-released",
    "sass-converter-3-0-released",
    "late-evening-in-new-york",
    "first-field-note",
    "its-own-slug",
    "lamp-bundle",
    "firstpost",
    "fourthpost",
  ])
    assert.ok(posts.includes(slug), slug);
  for (const draft of ["an-unfinished-thought", "not-yet"])
    assert.ok(!posts.includes(draft), `${draft} is not published`);
  const index = JSON.parse(readFileSync(join(builds.asIs.dist, "blog-index.json"), "utf8")) as {
    posts: { slug: string; date: string; description: string }[];
  };
  const late = index.posts.find((post) => post.slug === "late-evening-in-new-york")!;
  assert.equal(late.date, "2021-03-01T20:00:00-05:00", "the date as written, with its offset");
  assert.match(
    late.description,
    /^Written at eight in the evening in New York/,
    "a description from the first paragraph",
  );
  const html = readFileSync(join(builds.asIs.dist, "blog/fourthpost/index.html"), "utf8");
  assert.match(
    html,
    /<img src="\.\/possum\.png" alt="A possum parent and two possum kids hanging from the parent's tail" width="80" height="60">/,
  );
  assert.match(
    readFileSync(join(builds.asIs.dist, "blog/fourthpost.md"), "utf8"),
    /<img src="https:\/\/example\.com\/blog\/fourthpost\/possum\.png"/,
    "the .md sibling links the picture absolutely",
  );
});

test("as they are: every post in both representations, every file beside a post, every old address through the preview server and Netlify's emulator", async () => {
  const { preview, netlify } = await hosts.get("both");
  await assertAnswers(preview.url, builds.asIs.dist, "as is, preview");
  await assertAnswers(netlify.url, builds.asIs.dist, "as is, Netlify", { followed: true });
});

test("the same posts give the same bytes with render lanes and from the build cache, their own files and images included", async () => {
  const site = sites.asIs;
  const out = async (name: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
    const run = await sitegenHere(["build", "--out", name, "--quiet", ...args], { cwd: site, env });
    assert.equal(run.status, 0, run.stderr);
    return join(site, name);
  };
  const cache = join(site, ".cache-test");
  for (const [name, args, env] of [
    ["dist-lanes", ["--no-cache"], { SITEGEN_WORKERS: "2" }],
    ["dist-cold", ["--cache", cache], {}],
    ["dist-warm", ["--cache", cache], {}],
  ] as const) {
    assertSameTree(await out(name, [...args], env), builds.asIs.dist);
  }
});
