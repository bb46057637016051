/**
 * A sitemap past sitemaps.org's limits (50,000 URLs or 50 MB a file):
 * /sitemap.xml becomes a sitemap index of part files, all from the manifest;
 * at or under them nothing changes. `verify` reads the parts through the
 * index and holds each to the limits. The real content is split here at a
 * small limit, through the manifest's option for it; a manifest of 50,001
 * URLs is split at the real one.
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { loadContent } from "../src/content/load.ts";
import { excerptOf } from "../src/render/markdown/excerpt.ts";
import { buildManifest, type Manifest, type PageRoute } from "../src/manifest/manifest.ts";
import { SITEMAP_LIMITS, sitemapParts } from "../src/manifest/sitemap-parts.ts";
import { planSite } from "../src/plan/plan.ts";
import { openApi } from "../src/render/emit/openapi.ts";
import { sitemapPartXml, sitemapXml } from "../src/render/emit/sitemap.ts";
import { sitemapEntries } from "../src/verify/checks/resources.ts";
import { discoverSurface, sitemapPartPaths } from "../src/verify/discover.ts";
import { observations, type Exchange } from "../src/verify/exchange.ts";
import { parseSitemap, parseSitemapDocument } from "../src/verify/sitemap.ts";
import { ROOT, tempDir } from "./helpers/dist.ts";
import { assertValidXml, XMLLINT } from "./helpers/xmllint.ts";

const text = (body: Iterable<string | Uint8Array>) =>
  Buffer.concat([...body].map((piece) => (typeof piece === "string" ? Buffer.from(piece) : piece))).toString(
    "utf8",
  );

function validates(xml: string, xsd: string): void {
  const file = join(tempDir(), "sitemap.xml");
  writeFileSync(file, xml);
  assertValidXml(file, xsd);
}

describe("the sitemap's parts", () => {
  const sitemap = {
    path: "/sitemap.xml",
    url: "https://example.com/sitemap.xml",
    file: "sitemap.xml",
    mediaType: "application/xml; charset=utf-8",
    operationId: "getSitemap",
    summary: "",
  };

  it("are none up to 50,000 URLs, and files of at most 50,000 URLs past it", () => {
    assert.deepEqual(sitemapParts(50_000, sitemap), []);
    const parts = sitemapParts(100_001, sitemap);
    assert.deepEqual(
      parts.map(({ path, url, first, end }) => ({ path, url, first, end })),
      [
        { path: "/sitemap-1.xml", url: "https://example.com/sitemap-1.xml", first: 0, end: 50_000 },
        { path: "/sitemap-2.xml", url: "https://example.com/sitemap-2.xml", first: 50_000, end: 100_000 },
        { path: "/sitemap-3.xml", url: "https://example.com/sitemap-3.xml", first: 100_000, end: 100_001 },
      ],
    );
  });

  it("of 50,001 URLs: an index of two files, 50,000 URLs and one, each within 50 MB", () => {
    const routes = Array.from(
      { length: SITEMAP_LIMITS.urls + 1 },
      (_, index) =>
        ({
          url: `https://example.com/blog/post-${index}/`,
          lastmod: `2026-01-${String((index % 28) + 1).padStart(2, "0")}`,
        }) as PageRoute,
    );
    const manifest = {
      routes,
      indexable: routes,
      sitemapParts: sitemapParts(routes.length, sitemap),
    } as Manifest;
    const index = parseSitemapDocument(text(sitemapXml(manifest)));
    assert.deepEqual(index, {
      kind: "sitemapindex",
      entries: [
        { loc: "https://example.com/sitemap-1.xml", lastmod: "2026-01-28" },
        { loc: "https://example.com/sitemap-2.xml", lastmod: "2026-01-21" },
      ],
    });
    const [first, second] = manifest.sitemapParts.map((part) => text(sitemapPartXml(manifest, part)));
    assert.ok(Buffer.byteLength(first) <= SITEMAP_LIMITS.bytes);
    assert.equal((first.match(/<url>/g) ?? []).length, 50_000);
    assert.deepEqual(parseSitemap(second), [
      { loc: "https://example.com/blog/post-50000/", lastmod: "2026-01-21" },
    ]);
  });

  it("past 50 MB, a part is an error naming the file and the limit, never a file search engines reject", () => {
    const routes = Array.from(
      { length: 40 },
      (_, index) => ({ url: `https://example.com/${index}/`, lastmod: "2026-01-01" }) as PageRoute,
    );
    const manifest = {
      routes,
      indexable: routes,
      sitemapParts: sitemapParts(routes.length, sitemap, 20),
    } as Manifest;
    assert.throws(
      () => text(sitemapPartXml(manifest, manifest.sitemapParts[1], 1_000)),
      /sitemap-2\.xml would pass the 1,000 bytes a sitemap file may weigh \(sitemaps\.org\)/,
    );
  });
});

describe("the real content, split at 8 URLs a file", () => {
  let manifest: Manifest;
  let whole: Manifest;
  before(async () => {
    const content = await loadContent(join(ROOT, "content"), { cwd: ROOT, excerptOf });
    manifest = buildManifest(content, { generated: new Date("2026-12-01T00:00:00Z"), sitemapUrlLimit: 8 });
    whole = buildManifest(content, { generated: new Date("2026-12-01T00:00:00Z") });
  });

  it("plans /sitemap.xml as an index and each part as a file the hosts serve as XML, in the manifest's files", () => {
    assert.equal(manifest.sitemapParts.length, Math.ceil(manifest.routes.length / 8));
    const planned = planSite(manifest, { assets: [] }).files.map((file) => file.file);
    for (const part of manifest.sitemapParts) {
      assert.ok(planned.includes(part.file), part.file);
      assert.ok(manifest.files.includes(part));
    }
    assert.equal(whole.sitemapParts.length, 0);
    assert.ok(!planSite(whole, { assets: [] }).files.some((file) => /^sitemap-\d+\.xml$/.test(file.file)));
  });

  it("lists every URL once across the parts, in the routes' order, and the index and parts validate against the sitemaps.org XSDs", {
    skip: XMLLINT.skip,
  }, () => {
    const index = text(sitemapXml(manifest));
    validates(index, "siteindex.xsd");
    const listed = manifest.sitemapParts.flatMap((part) => {
      const xml = text(sitemapPartXml(manifest, part));
      validates(xml, "sitemap.xsd");
      return (parseSitemap(xml) as { loc: string }[]).map((entry) => entry.loc);
    });
    assert.deepEqual(
      listed,
      manifest.routes.map((route) => route.url),
    );
    assert.deepEqual(
      listed,
      (parseSitemap(text(sitemapXml(whole))) as { loc: string }[]).map((entry) => entry.loc),
    );
  });

  it("describes the parts in OpenAPI as one path, and the unsplit site as before", () => {
    const paths = (openApi(manifest) as { paths: Record<string, { get: { operationId: string } }> }).paths;
    assert.equal(paths["/sitemap-{part}.xml"]?.get.operationId, "getSitemapPart");
    assert.ok(!Object.keys(paths).some((path) => /^\/sitemap-\d+\.xml$/.test(path)));
    assert.ok(!("/sitemap-{part}.xml" in (openApi(whole) as { paths: object }).paths));
  });

  it("is read by verify through the index, every part's URLs as the site's pages, each file held to the limits", () => {
    const exchange = (path: string, body: string): Exchange => ({
      probe: { path },
      status: 200,
      headers: { "content-type": "application/xml; charset=utf-8" },
      body: Buffer.from(body),
    });
    const served = [
      exchange("/sitemap.xml", text(sitemapXml(manifest))),
      ...manifest.sitemapParts.map((part) => exchange(part.path, text(sitemapPartXml(manifest, part)))),
    ];
    const first = observations(served.slice(0, 1));
    assert.deepEqual(
      sitemapPartPaths({ targetBase: "http://localhost:1", observed: first }),
      manifest.sitemapParts.map((part) => part.path),
    );
    const surface = discoverSurface({ targetBase: manifest.baseUrl, observed: observations(served) });
    assert.deepEqual(surface.sitemap, parseSitemap(text(sitemapXml(whole))) as object[]);
    assert.deepEqual(
      surface.sitemapFiles.map((file) => file.path),
      ["/sitemap.xml", ...manifest.sitemapParts.map((part) => part.path)],
    );
    const outcomes = sitemapEntries.run({ surface, observed: observations(served) });
    assert.deepEqual(
      outcomes.filter((outcome) => outcome.fault !== undefined),
      [],
    );
    const tooMany = sitemapEntries.run({
      surface: { ...surface, sitemapFiles: [{ path: "/sitemap-1.xml", entries: 50_001, bytes: 10 }] },
      observed: observations(served),
    });
    assert.match(tooMany[0].fault ?? "", /50001 entries, over the 50000 one file may hold/);
  });
});
