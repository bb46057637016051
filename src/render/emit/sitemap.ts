/**
 * /sitemap.xml per the sitemaps.org protocol: every canonical page URL with
 * `lastmod`; past 50,000 URLs, a sitemap index of part files that list them
 * (src/manifest/sitemap-parts.ts). Its shape is fixed and only its text varies, so it is written
 * here with XML's five escapes rather than through a document builder, which
 * costs about 100 ms at 1,000 pages (xmlbuilder2 reads sitemaps in
 * `sitegen verify`, where parsing is the job). test/build.test.ts checks the
 * result against the sitemaps.org XSD and parses it with xmlbuilder2.
 */
import { SitegenError } from "../../errors.ts";
import type { Manifest } from "../../manifest/manifest.ts";
import { SITEMAP_LIMITS, type SitemapPart } from "../../manifest/sitemap-parts.ts";
import { byRoute, type KeptParts } from "../kept-parts.ts";
import { escapeXml } from "./xml.ts";

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
/** Entries joined at a time: the sitemap is written in pieces, never held whole. */
const BATCH = 500;

/** /sitemap.xml: the URLs themselves, or the index of the parts that list them. */
export function sitemapXml(
  manifest: Manifest,
  byteLimit = SITEMAP_LIMITS.bytes,
  parts?: KeptParts,
): Iterable<string | Uint8Array> {
  if (manifest.sitemapParts.length === 0)
    return urlset(
      manifest,
      { first: 0, end: manifest.indexable.length, file: "sitemap.xml" },
      byteLimit,
      parts,
    );
  return [sitemapIndex(manifest)];
}

/** The part file `part` of a sitemap too large for one. */
export function sitemapPartXml(
  manifest: Manifest,
  part: SitemapPart,
  byteLimit = SITEMAP_LIMITS.bytes,
  parts?: KeptParts,
): Iterable<string | Uint8Array> {
  return urlset(manifest, part, byteLimit, parts);
}

function* urlset(
  manifest: Manifest,
  part: Pick<SitemapPart, "first" | "end" | "file">,
  byteLimit: number,
  parts?: KeptParts,
): Generator<string | Uint8Array> {
  let bytes = 0;
  const piece = <T extends string | Uint8Array>(text: T): T => {
    bytes += typeof text === "string" ? Buffer.byteLength(text) : text.byteLength;
    if (bytes > byteLimit)
      throw new SitegenError(
        "E_CHECK",
        `${part.file} would pass the ${byteLimit.toLocaleString("en")} bytes a sitemap file may weigh (sitemaps.org)`,
        {
          kind: "surface-limit",
          location: { file: part.file },
          hint: "page addresses of about a kilobyte each fill a sitemap file before its 50,000 URLs: shorten the slugs",
        },
      );
    return text;
  };
  yield piece(`${DECLARATION}<urlset xmlns="${NAMESPACE}">\n`);
  for (let at = part.first; at < part.end; at += BATCH) {
    yield piece(
      Buffer.concat(
        manifest.indexable.slice(at, Math.min(at + BATCH, part.end)).map((route) => urlEntry(route, parts)),
      ),
    );
  }
  yield piece("</urlset>\n");
}

/** A page's `<url>`, as UTF-8: a batch of them is joined as bytes, which costs a copy, where joining text costs several times more. */
const urlEntry = byRoute((route) =>
  Buffer.from(
    `  <url>\n    <loc>${escapeXml(route.url)}</loc>\n    <lastmod>${escapeXml(route.lastmod)}</lastmod>\n  </url>\n`,
    "utf8",
  ),
);

/** A `<sitemapindex>`: each part with the newest `lastmod` of its URLs. */
function sitemapIndex(manifest: Manifest): string {
  let text = `${DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n`;
  for (const part of manifest.sitemapParts) {
    let newest = "";
    for (let at = part.first; at < part.end; at++)
      if (manifest.indexable[at].lastmod > newest) newest = manifest.indexable[at].lastmod;
    text += `  <sitemap>\n    <loc>${escapeXml(part.url)}</loc>\n    <lastmod>${escapeXml(newest)}</lastmod>\n  </sitemap>\n`;
  }
  return `${text}</sitemapindex>\n`;
}
