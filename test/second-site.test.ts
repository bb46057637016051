/**
 * The surface rules hold for a second site, not only this repository's: one
 * fixture (test/fixtures/sites/kontor: German first, English second, pages
 * of its own, two published posts, one dated with a time and filed in a
 * folder, and a `draft: true` post) built and served over real HTTP, by the
 * preview server and by Netlify's emulator alike. One more site, not every
 * site: the starter theme (starter.test.ts), the imported Jekyll, Hugo and
 * Eleventy sites (generators.test.ts) and synthetic blogs of hundreds of
 * posts (render-workers.test.ts, size-policy.test.ts) are others. Its pages negotiate, every other path is
 * a 404 in the format Accept asks for, and its OpenAPI description, blog
 * index and sitemap name exactly its published posts.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT, sitegen, startBothHosts, tempDir, type BothHosts, type Running } from "./helpers/dist.ts";

const KONTOR = join(ROOT, "test/fixtures/sites/kontor");
const BASE = "https://kontor-nord.example";
const dist = join(tempDir("sitegen-second-"), "dist");
const PAGES = ["/", "/blog/", "/developers/", "/impressum/", "/kontakt/", "/leistungen/"];
/** The published posts, read from their files here rather than from the build. */
const POSTS = [
  { slug: "translation-memories-worth-keeping", lang: "en", date: "2025-05-20T00:00:00Z" },
  { slug: "glossare-die-mitwachsen", lang: "de", date: "2025-03-04T10:00:00Z" },
];

let started: BothHosts | undefined;
let preview: Running;
let netlify: Running;
before(async () => {
  const built = sitegen(["build", "--content", KONTOR, "--out", dist]);
  assert.equal(built.status, 0, built.stderr);
  started = await startBothHosts(dist);
  ({ preview, netlify } = started);
});
after(async () => {
  await started?.stop();
});

const hosts = () =>
  [
    ["the preview server", preview.url],
    ["Netlify's emulator", netlify.url],
  ] as const;

const get = (base: string, path: string, accept?: string) =>
  fetch(new URL(path, base), { headers: accept === undefined ? {} : { accept } });

test("every page and post negotiates: Markdown for text/markdown, HTML for a browser, 406 for JSON, each with its .md sibling", async () => {
  const paths = [...PAGES, ...POSTS.map((post) => `/blog/${post.slug}/`)];
  for (const [host, base] of hosts()) {
    for (const path of paths) {
      const sibling = path === "/" ? "/index.md" : `${path.slice(0, -1)}.md`;
      const markdown = await get(base, path, "text/markdown");
      assert.equal(markdown.status, 200, `${host} ${path}`);
      assert.equal(markdown.headers.get("content-type"), "text/markdown; charset=utf-8");
      assert.equal(markdown.headers.get("vary"), "Accept, Accept-Encoding");
      const text = await markdown.text();
      assert.match(text, /^# /);
      assert.equal(await (await get(base, sibling)).text(), text, `${host} ${sibling} is the same Markdown`);
      const html = await get(base, path, "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8");
      assert.equal(html.status, 200);
      assert.equal(html.headers.get("content-type"), "text/html; charset=utf-8");
      assert.equal(html.headers.get("link"), `<${sibling}>; rel="alternate"; type="text/markdown"`);
      await html.arrayBuffer();
      const json = await get(base, path, "application/json");
      assert.equal(json.status, 406, `${host} ${path}`);
      assert.equal((await json.json()).type, `${BASE}/developers/#http-406`);
    }
  }
});

test("a German page is German and an English post English, in HTML and in Markdown", async () => {
  for (const [, base] of hosts()) {
    assert.match(await (await get(base, "/leistungen/", "text/html")).text(), /<html lang="de">/);
    assert.match(
      await (await get(base, "/blog/translation-memories-worth-keeping/", "text/html")).text(),
      /<html lang="en">/,
    );
    assert.match(await (await get(base, "/blog/glossare-die-mitwachsen.md")).text(), /^- Language: de$/m);
  }
});

test("every other path is a 404: this repository's pages, a draft, a post's folder, a path without its slash that is no page's; JSON, Markdown or HTML by Accept", async () => {
  const misses = [
    "/about/",
    "/brand/",
    "/privacy/",
    "/blog/preise-2026/",
    "/blog/preise-2026.md",
    "/blog/2025/",
    "/about",
    "/blog/preise-2026",
    "/kontakt/index.html",
    "/nichts-hier/",
  ];
  for (const [host, base] of hosts()) {
    for (const path of misses) {
      const json = await get(base, path);
      assert.equal(json.status, 404, `${host} ${path}`);
      const problem = await json.json();
      assert.equal(problem.code, "not_found");
      assert.equal(problem.instance, path);
      assert.equal(problem.type, `${BASE}/developers/#http-404`);
      assert.equal(problem.documentation_url, `${BASE}/developers/#errors`);
      const map = await get(base, path, "text/markdown");
      assert.equal(map.status, 404);
      const text = await map.text();
      for (const page of PAGES)
        assert.ok(text.includes(`(${BASE}${page})`), `${host} ${path}: the map names ${page}`);
      assert.ok(!text.includes(`(${BASE}/about/)`), "and no page this site does not have");
      const html = await get(base, path, "text/html");
      assert.equal(html.status, 404);
      assert.equal(html.headers.get("content-type"), "text/html; charset=utf-8");
      await html.arrayBuffer();
    }
  }
});

test("a page's address without its slash answers 301 to the page: on the preview server, and through Netlify's function, which its emulator follows", async () => {
  for (const page of [...PAGES.filter((path) => path !== "/"), "/blog/glossare-die-mitwachsen/"]) {
    const moved = await fetch(new URL(page.slice(0, -1), preview.url), {
      redirect: "manual",
      headers: { accept: "text/html" },
    });
    assert.equal(moved.status, 301, page);
    assert.equal(moved.headers.get("location"), page);
    await moved.arrayBuffer();
    const shown = await get(netlify.url, page.slice(0, -1), "text/markdown");
    assert.equal(shown.status, 200, page);
    assert.equal(await shown.text(), await (await get(preview.url, page, "text/markdown")).text(), page);
  }
});

test("a post filed in a folder (blog/2025/) keeps that folder's address as an old one: a 301 to the post", async () => {
  const moved = await fetch(new URL("/blog/2025/glossare-die-mitwachsen/", preview.url), {
    redirect: "manual",
  });
  assert.equal(moved.status, 301);
  assert.equal(moved.headers.get("location"), "/blog/glossare-die-mitwachsen/");
  await moved.arrayBuffer();
  // Netlify's emulator follows a redirect its edge function answers (docs/content/pages/moving/old-addresses.md): the post is what shows.
  const shown = await get(netlify.url, "/blog/2025/glossare-die-mitwachsen/", "text/markdown");
  assert.equal(shown.status, 200);
  assert.match(await shown.text(), /^- Language: de$/m);
});

test("the OpenAPI slug enum, the blog index and the sitemap name exactly the published posts; the lang enum is the site's languages", async () => {
  const site = parse(readFileSync(join(KONTOR, "site.yaml"), "utf8")) as { languages: string[] };
  const slugs = POSTS.map((post) => post.slug).sort();
  for (const [host, base] of hosts()) {
    const openapi = await (await get(base, "/openapi.json")).json();
    assert.deepEqual([...openapi.paths["/blog/{slug}.md"].get.parameters[0].schema.enum].sort(), slugs, host);
    assert.deepEqual(openapi.components.schemas.BlogPost.properties.lang.enum, site.languages);
    const index = await (await get(base, "/blog-index.json")).json();
    assert.equal(index.count, POSTS.length);
    assert.deepEqual(
      index.posts.map((post: { slug: string; lang: string; date: string }) => ({
        slug: post.slug,
        lang: post.lang,
        date: post.date,
      })),
      POSTS,
      "newest first, with the time a post was dated with",
    );
    for (const post of index.posts) assert.ok(site.languages.includes(post.lang));
    const sitemap = await (await get(base, "/sitemap.xml")).text();
    const posts = [...sitemap.matchAll(/<loc>https:\/\/kontor-nord\.example\/blog\/([^<]+)\/<\/loc>/g)]
      .map((match) => match[1])
      .sort();
    assert.deepEqual(posts, slugs);
  }
});
