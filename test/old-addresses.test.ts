/**
 * Old addresses of pages and of a post's own files: a page lists its old
 * addresses in `aliases` as a post does, a post whose folder holds files
 * keeps them answering at each old folder address (as Hugo and Eleventy
 * published them beside the post), and a post filed in a folder of the blog
 * keeps the address its place names. Through the real CLI (its `run` in this
 * process, as the binary runs it) and the preview server; the hosts' own
 * runtimes are tried with imported sites (test/generators.test.ts).
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync, copyFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sitegenHere, startPreviewServer, tempDir, type Running } from "./helpers/dist.ts";

const site = join(tempDir("sitegen-old-addresses-"), "site");
const init = await sitegenHere(["init", site, "--no-install"]);
assert.equal(init.status, 0, init.stderr);
writeFileSync(
  join(site, "content/pages/history.md"),
  "---\ntitle: History\nupdated: 2024-01-01\naliases: [/docs/history.html, /about/history]\n---\n\nHow it began.\n",
);
mkdirSync(join(site, "content/blog/gallery"));
writeFileSync(
  join(site, "content/blog/gallery/index.md"),
  "---\ntitle: Gallery\ndate: 2022-05-01\naliases: [/2022/05/gallery/, /p/gallery.html]\n---\n\nThe sunrise, beside the post.\n\n![Sunrise](sunrise.png)\n",
);
copyFileSync(
  join(ROOT, "test/fixtures/generators/hugo/content/posts/lamp-bundle/diagram.png"),
  join(site, "content/blog/gallery/sunrise.png"),
);
// Posts filed in folders, as Hugo, Eleventy and Next keep them and publish them (/blog/release/v5.1.1/), and a post linking them there.
mkdirSync(join(site, "content/blog/release"));
writeFileSync(
  join(site, "content/blog/release/v5.1.1.md"),
  "---\ntitle: Version 5.1.1\ndate: 2015-12-04\n---\n\n## Fixes\n\nTwo of them.\n",
);
mkdirSync(join(site, "content/blog/notes/first-light"), { recursive: true });
writeFileSync(
  join(site, "content/blog/notes/first-light/index.md"),
  "---\ntitle: First light\ndate: 2015-11-01\n---\n\n![Dawn](dawn.png)\n",
);
copyFileSync(
  join(ROOT, "test/fixtures/generators/hugo/content/posts/lamp-bundle/diagram.png"),
  join(site, "content/blog/notes/first-light/dawn.png"),
);
// A place another post names in its aliases is that post's: the one filed there does without it.
mkdirSync(join(site, "content/blog/archive"));
writeFileSync(
  join(site, "content/blog/archive/kept.md"),
  "---\ntitle: Kept\ndate: 2015-10-01\n---\n\nFiled in the archive.\n",
);
writeFileSync(
  join(site, "content/blog/claims.md"),
  "---\ntitle: Claims\ndate: 2015-10-02\naliases: [/blog/archive/kept/]\n---\n\nIt names the archive's address.\n",
);
writeFileSync(
  join(site, "content/blog/announcing.md"),
  "---\ntitle: Announcing\ndate: 2015-12-05\n---\n\nSee [5.1.1](/blog/release/v5.1.1/), [its fixes](/blog/release/v5.1.1/#fixes) and [the first light](/blog/notes/first-light/).\n",
);

const stderr: Record<string, string> = {};
async function build(host: "netlify" | "cloudflare"): Promise<string> {
  const run = await sitegenHere(["build", "--out", `dist-${host}`, "--host", host], { cwd: site });
  assert.equal(run.status, 0, run.stderr);
  stderr[host] = run.stderr;
  return join(site, `dist-${host}`);
}
const dist = { netlify: await build("netlify"), cloudflare: await build("cloudflare") };
let preview: Running;
before(async () => {
  preview = await startPreviewServer(dist.netlify);
});
after(() => preview.stop());

test("a page's aliases and a bundle's files at the post's old folder are rules of Netlify's _redirects; Cloudflare's lists the files alone", () => {
  const netlify = readFileSync(join(dist.netlify, "_redirects"), "utf8");
  for (const rule of [
    "/docs/history.html /history/ 301",
    "/about/history /history/ 301",
    "/about/history/ /history/ 301",
    "/2022/05/gallery /blog/gallery/ 301",
    "/2022/05/gallery/sunrise.png /blog/gallery/sunrise.png 301",
  ]) {
    assert.ok(netlify.split("\n").includes(rule), `${rule} in\n${netlify}`);
  }
  assert.ok(
    !netlify.includes("/p/gallery.html/sunrise.png"),
    "an old address that was a file's has no files under it",
  );
  const cloudflare = readFileSync(join(dist.cloudflare, "_redirects"), "utf8")
    .split("\n")
    .filter((line) => line.startsWith("/"));
  assert.deepEqual(
    cloudflare,
    ["/2022/05/gallery/sunrise.png /blog/gallery/sunrise.png 301"],
    "the files of a post filed in a folder keep no rules at the folder's address, which nobody wrote",
  );
});

test("a post filed in a folder keeps the address its place names, where its author linked it; a place an alias names stays the alias's, with no warning", async () => {
  assert.doesNotMatch(
    stderr.netlify,
    /broken|alias/,
    "the links to the folder addresses land, and no alias is reported",
  );
  const netlify = readFileSync(join(dist.netlify, "_redirects"), "utf8").split("\n");
  for (const rule of [
    "/blog/release/v5.1.1/ /blog/v5-1-1/ 301",
    "/blog/notes/first-light /blog/first-light/ 301",
    "/blog/notes/first-light/ /blog/first-light/ 301",
    "/blog/archive/kept/ /blog/claims/ 301",
  ]) {
    assert.ok(netlify.includes(rule), `${rule} in\n${netlify.join("\n")}`);
  }
  // A path whose last segment reads as a file's (`v5.1.1` without its slash) is no page's: no host would hand it to the redirects.
  assert.ok(
    !netlify.some((line) => line.startsWith("/blog/release/v5.1.1 ")),
    "no rule for the slashless form",
  );
  for (const [from, to] of [
    ["/blog/release/v5.1.1/", "/blog/v5-1-1/"],
    ["/blog/notes/first-light/", "/blog/first-light/"],
    ["/blog/archive/kept/", "/blog/claims/"],
  ]) {
    const moved = await fetch(new URL(from, preview.url), { redirect: "manual" });
    assert.equal(moved.status, 301, from);
    assert.equal(moved.headers.get("location"), to, from);
    await moved.arrayBuffer();
  }
});

test("a link through a folder address is held to what it lands on: an anchor the post does not have is a broken anchor", async () => {
  writeFileSync(
    join(site, "content/blog/announcing.md"),
    "---\ntitle: Announcing\ndate: 2015-12-05\n---\n\nSee [its fixes](/blog/release/v5.1.1/#nope).\n",
  );
  try {
    const run = await sitegenHere(["build", "--out", "dist-anchor"], { cwd: site });
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stderr,
      /^warning: content\/blog\/announcing\.md:6:\d+: broken anchor `\/blog\/release\/v5\.1\.1\/#nope`: \/blog\/v5-1-1\/ has no heading with id `nope`/m,
    );
  } finally {
    writeFileSync(
      join(site, "content/blog/announcing.md"),
      "---\ntitle: Announcing\ndate: 2015-12-05\n---\n\nSee [5.1.1](/blog/release/v5.1.1/).\n",
    );
  }
});

test("the preview server answers a page's old address, and a moved file's, with a 301 to where it is now", async () => {
  for (const [from, to] of [
    ["/docs/history.html", "/history/"],
    ["/about/history", "/history/"],
    ["/2022/05/gallery/", "/blog/gallery/"],
    ["/2022/05/gallery/sunrise.png", "/blog/gallery/sunrise.png"],
  ]) {
    const moved = await fetch(new URL(from, preview.url), { redirect: "manual" });
    assert.equal(moved.status, 301, from);
    assert.equal(moved.headers.get("location"), to, from);
    const landed = await fetch(new URL(to, preview.url));
    assert.equal(landed.status, 200, `${from} → ${to}`);
    await landed.arrayBuffer();
  }
  const missing = await fetch(new URL("/2022/05/gallery/nothing.png", preview.url), { redirect: "manual" });
  assert.equal(missing.status, 404, "a file the post never had is still the CDN's 404");
  await missing.arrayBuffer();
});

test("a page's alias that cannot redirect (not a path, an address of the site) is left out with a warning at its line; one without its first slash is read from the site root, with a warning; --strict fails on them", async () => {
  writeFileSync(
    join(site, "content/pages/history.md"),
    "---\ntitle: History\nupdated: 2024-01-01\naliases:\n  - /blog/\n  - https://old.example/history/\n  - 2013/05/06/history.html\n  - releases/1.2\n  - /versions/2.0\n  - /2022/12/21/sass-converter-3.0-released\n---\n\nHow it began.\n",
  );
  const run = await sitegenHere(["build", "--out", "dist-wrong"], { cwd: site });
  assert.equal(run.status, 0, run.stderr);
  assert.match(
    run.stderr,
    /^warning: content\/pages\/history\.md:6:.*`https:\/\/old\.example\/history\/` cannot be an alias/m,
  );
  assert.match(
    run.stderr,
    /^warning: content\/pages\/history\.md:7:.*`2013\/05\/06\/history\.html` has no first `\/`: read from the site root, as Zola and jekyll-redirect-from read it, as `\/2013\/05\/06\/history\.html`$/m,
  );
  assert.match(
    run.stderr,
    /^warning: content\/pages\/history\.md:8:.*`releases\/1\.2` has no first `\/`: .*, as `\/releases\/1\.2\/`$/m,
  );
  const rules = readFileSync(join(site, "dist-wrong/_redirects"), "utf8");
  assert.match(rules, /^\/2013\/05\/06\/history\.html \/history\/ 301$/m);
  // A last segment ending in a number names no file: Hugo and Zola published it as a folder's page.
  assert.match(rules, /^\/releases\/1\.2\/ \/history\/ 301$/m);
  assert.match(rules, /^\/versions\/2\.0\/ \/history\/ 301$/m);
  // Nor does one whose dot starts a version within words, not an extension.
  assert.match(rules, /^\/2022\/12\/21\/sass-converter-3\.0-released\/ \/history\/ 301$/m);
  assert.doesNotMatch(run.stderr, /sass-converter/, "and is no warning either");
  assert.doesNotMatch(run.stderr, /versions\/2\.0/, "an alias read as its folder is no warning of its own");
  assert.match(
    run.stderr,
    /^warning: content\/pages\/history\.md:5:.*the alias `\/blog\/` is an address of the site itself/m,
  );
  assert.doesNotMatch(
    readFileSync(join(site, "dist-wrong/_redirects"), "utf8"),
    /^\/blog\/ /m,
    "the blog keeps its own address",
  );
  const strict = await sitegenHere(["build", "--strict", "--out", "dist-wrong"], { cwd: site });
  assert.equal(strict.status, 1, strict.stderr);
  assert.match(
    strict.stderr,
    /^error: content\/pages\/history\.md:5:.*the alias `\/blog\/` is an address of the site itself/m,
  );
});
