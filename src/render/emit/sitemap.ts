/**
 * /sitemap.xml per the sitemaps.org protocol: every canonical page URL with
 * `lastmod`. Its shape is fixed and only its text varies, so it is written
 * here with XML's five escapes rather than through a document builder, which
 * costs about 100 ms at 1,000 pages (xmlbuilder2 reads sitemaps in
 * `sitegen verify`, where parsing is the job). test/build.test.ts checks the
 * result against the sitemaps.org XSD and parses it with xmlbuilder2.
 */
import type { Manifest } from "../../manifest/manifest.ts";
import { escapeXml } from "./xml.ts";

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
/** Entries joined at a time: the sitemap is written in pieces, never held whole. */
const BATCH = 500;

export function* sitemapXml(manifest: Manifest): Generator<string> {
  yield HEAD;
  for (let at = 0; at < manifest.routes.length; at += BATCH) {
    let entries = "";
    for (const route of manifest.routes.slice(at, at + BATCH)) {
      entries += `  <url>\n    <loc>${escapeXml(route.url)}</loc>\n    <lastmod>${escapeXml(route.lastmod)}</lastmod>\n  </url>\n`;
    }
    yield entries;
  }
  yield "</urlset>\n";
}
