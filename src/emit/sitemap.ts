/** /sitemap.xml per the sitemaps.org protocol: every canonical page URL with `lastmod`. */
import { create } from "xmlbuilder2";
import { absoluteUrl, type Manifest } from "../manifest.ts";

export function sitemapXml(manifest: Manifest): string {
  const urlset = create({ version: "1.0", encoding: "UTF-8" }).ele("http://www.sitemaps.org/schemas/sitemap/0.9", "urlset");
  for (const route of manifest.routes) {
    const url = urlset.ele("url");
    url.ele("loc").txt(absoluteUrl(manifest, route.path));
    url.ele("lastmod").txt(route.lastmod);
  }
  return `${urlset.end({ prettyPrint: true })}\n`;
}
