/** /sitemap.xml per the sitemaps.org protocol: every canonical page URL with `lastmod`. */
import { fragment } from "xmlbuilder2";
import type { Manifest } from "../../manifest/manifest.ts";

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
/** Entries built and serialized at a time: a document of every entry at once costs tens of MB on a large blog. */
const BATCH = 500;

/**
 * The sitemap in pieces, written as they come. xmlbuilder2 builds and escapes
 * the entries, a batch at a time, indented one level inside the root element,
 * which is written here: the bytes are those of one whole document.
 */
export function* sitemapXml(manifest: Manifest): Generator<string> {
  yield HEAD;
  for (let at = 0; at < manifest.routes.length; at += BATCH) {
    const entries = fragment();
    for (const route of manifest.routes.slice(at, at + BATCH)) {
      const url = entries.ele("url");
      url.ele("loc").txt(route.url);
      url.ele("lastmod").txt(route.lastmod);
    }
    yield `${entries.end({ prettyPrint: true, offset: 1 })}\n`;
  }
  yield "</urlset>\n";
}
