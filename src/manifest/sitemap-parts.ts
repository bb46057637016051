/**
 * A sitemap file may list at most 50,000 URLs and weigh at most 50 MB
 * (52,428,800 bytes) uncompressed (https://www.sitemaps.org/protocol.html,
 * "Using Sitemap index files"); search engines reject a larger one. Past
 * 50,000 pages, /sitemap.xml becomes a sitemap index naming part files
 * (/sitemap-1.xml, …), each of at most 50,000 URLs, in the order of the
 * routes. At or under it, there are no parts and /sitemap.xml lists the URLs
 * itself. The byte limit is checked where a part is written
 * (src/render/emit/sitemap.ts): 50,000 entries reach it only with URLs of
 * about a kilobyte each.
 */
import type { FileRoute } from "./routes.ts";

export const SITEMAP_LIMITS = { urls: 50_000, bytes: 52_428_800 };

/** One part file of a split sitemap: its URL, and the routes it lists (`indexable.slice(first, end)`). */
export interface SitemapPart extends FileRoute {
  first: number;
  end: number;
}

/** The parts a sitemap (`sitemap`, /sitemap.xml) of `count` URLs is split into: none while it fits one file. */
export function sitemapParts(count: number, sitemap: FileRoute, limit = SITEMAP_LIMITS.urls): SitemapPart[] {
  if (count <= limit) return [];
  const origin = sitemap.url.slice(0, -sitemap.path.length);
  return Array.from({ length: Math.ceil(count / limit) }, (_, index) => {
    const path = `/sitemap-${index + 1}.xml`;
    return {
      path,
      url: origin + path,
      file: path.slice(1),
      mediaType: sitemap.mediaType,
      operationId: "getSitemapPart",
      tag: "crawl",
      summary: `Part ${index + 1} of the sitemap, which /sitemap.xml indexes`,
      first: index * limit,
      end: Math.min(count, (index + 1) * limit),
    };
  });
}
