/**
 * Translations are one site, for a site written for sitegen as for an
 * imported one: `about.fr.md` beside `about.md` is the French page at
 * /fr/about/ (the first language has no prefix), pages or posts with one
 * `translationKey` are translations of each other, and each names the others
 * in `<link rel="alternate" hreflang>` and in its `Link` header, is served
 * with its own `Content-Language`, and llms.txt lists the site's languages.
 * A post in another language with no counterpart keeps its address.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import LinkHeader from "http-link-header";
import { sitegen, startPreviewServer, tempDir, type Running } from "./helpers/dist.ts";

const site = join(tempDir("sitegen-translations-"), "site");
const init = sitegen(["init", site, "--no-install"]);
assert.equal(init.status, 0, init.stderr);
const siteYaml = join(site, "content/site.yaml");
writeFileSync(
  siteYaml,
  readFileSync(siteYaml, "utf8").replace(/^languages: .*$/m, "languages: [en, fr, vi]"),
);
writeFileSync(
  join(site, "content/pages/about.fr.md"),
  "---\ntitle: À propos\nupdated: 2026-01-01\n---\n\nCe site, en français.\n",
);
writeFileSync(
  join(site, "content/blog/lamps.md"),
  "---\ntitle: Lamps\ndate: 2025-01-02\ntranslationKey: lamps\n---\n\nLamps, in English.\n",
);
writeFileSync(
  join(site, "content/blog/lampes.md"),
  "---\ntitle: Lampes\ndate: 2025-01-02\nlang: fr\ntranslationKey: lamps\n---\n\nDes lampes, en français.\n",
);
writeFileSync(
  join(site, "content/blog/den.md"),
  "---\ntitle: Đèn\ndate: 2025-01-03\nlang: vi\n---\n\nMột bài viết chỉ có tiếng Việt.\n",
);
// A folder for each language, one file name in each, as a Jekyll site in several languages keeps its posts.
for (const [lang, title, text] of [
  ["en", "Tide tables", "The tables, in English."],
  ["fr", "Tables des marées", "Les tables, en français."],
  ["vi", "Bảng thủy triều", "Bảng thủy triều, bằng tiếng Việt."],
]) {
  mkdirSync(join(site, "content/blog", lang));
  writeFileSync(
    join(site, "content/blog", lang, "2025-02-01-tide-tables.md"),
    `---\ntitle: ${title}\ndate: 2025-02-01\nlang: ${lang}\n---\n\n${text}\n`,
  );
}
const built = sitegen(["build"], { cwd: site });
assert.equal(built.status, 0, built.stderr);
assert.doesNotMatch(
  built.stderr,
  /translationKey/,
  "translationKey is read, not reported as a field sitegen does not know",
);
const dist = join(site, "dist");
let preview: Running;
before(async () => {
  preview = await startPreviewServer(dist);
});
after(() => preview.stop());

const hreflangs = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(
    ([, lang, href]) => `${lang} ${href}`,
  );

test("a page and its translation name each other, and the first language as x-default, in their HTML", () => {
  const both = [
    "en https://example.com/about/",
    "fr https://example.com/fr/about/",
    "x-default https://example.com/about/",
  ];
  assert.deepEqual(hreflangs(readFileSync(join(dist, "about/index.html"), "utf8")), both);
  const french = readFileSync(join(dist, "fr/about/index.html"), "utf8");
  assert.deepEqual(hreflangs(french), both);
  assert.match(french, /<html lang="fr"/);
  assert.deepEqual(hreflangs(readFileSync(join(dist, "blog/lamps/index.html"), "utf8")), [
    "en https://example.com/blog/lamps/",
    "fr https://example.com/blog/lampes/",
    "x-default https://example.com/blog/lamps/",
  ]);
  assert.deepEqual(
    hreflangs(readFileSync(join(dist, "blog/den/index.html"), "utf8")),
    [],
    "a post with no counterpart names none",
  );
  assert.deepEqual(
    hreflangs(readFileSync(join(dist, "index.html"), "utf8")),
    [],
    "nor does a page with none",
  );
});

test("each answers with its language and its translations in the Link header, in both representations", async () => {
  for (const [path, lang] of [
    ["/about/", "en"],
    ["/fr/about/", "fr"],
    ["/blog/lampes/", "fr"],
  ]) {
    for (const accept of ["text/html", "text/markdown"]) {
      const response = await fetch(new URL(path, preview.url), { headers: { accept } });
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get("content-language"), lang, path);
      const alternates = LinkHeader.parse(response.headers.get("link") ?? "")
        .refs.filter((ref) => ref.hreflang)
        .map((ref) => `${ref.hreflang} ${ref.uri}`);
      assert.equal(alternates.length, 2, `${path} as ${accept}: ${response.headers.get("link")}`);
      await response.arrayBuffer();
    }
  }
  const alone = await fetch(new URL("/blog/den/", preview.url), { headers: { accept: "text/html" } });
  assert.equal(alone.headers.get("content-language"), "vi");
  assert.doesNotMatch(
    alone.headers.get("link") ?? "",
    /hreflang/,
    "a post in one language stays at /blog/<slug>/ with no alternates",
  );
  await alone.arrayBuffer();
});

test("posts of one file name, each in a language of its own, are one text translated, not a clash: the default language's keeps the slug, each other takes its language after it", () => {
  assert.doesNotMatch(built.stderr, /slug-clash|two posts have the slug/);
  const all = [
    "en https://example.com/blog/tide-tables/",
    "fr https://example.com/blog/tide-tables-fr/",
    "vi https://example.com/blog/tide-tables-vi/",
    "x-default https://example.com/blog/tide-tables/",
  ];
  for (const slug of ["tide-tables", "tide-tables-fr", "tide-tables-vi"])
    assert.deepEqual(hreflangs(readFileSync(join(dist, `blog/${slug}/index.html`), "utf8")), all, slug);
  assert.match(readFileSync(join(dist, "blog/tide-tables-vi/index.html"), "utf8"), /<html lang="vi"/);
});

test("llms.txt lists each of the site's languages", () => {
  const llms = readFileSync(join(dist, "llms.txt"), "utf8");
  assert.match(
    llms,
    /^## Languages\n\n- \[Welcome\]\(https:\/\/example\.com\/index\.md\): en, \d+ page\(s\) and post\(s\)\n- \[[^\]]+\]\(https:\/\/example\.com\/[^)]+\.md\): fr, 3 page\(s\) and post\(s\)\n- \[[^\]]+\]\(https:\/\/example\.com\/[^)]+\.md\): vi, 2 page\(s\) and post\(s\)$/m,
  );
});
