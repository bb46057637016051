/** Reads a sitemap (https://www.sitemaps.org/protocol.html) into its entries. */
import { create } from "xmlbuilder2";

export const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** The slice of the DOM that xmlbuilder2's parser returns and this module reads. */
interface XmlElement {
  readonly localName: string;
  readonly namespaceURI: string | null;
  readonly textContent: string | null;
  getElementsByTagNameNS(namespace: string, localName: string): ArrayLike<XmlElement>;
}

export interface SitemapEntry {
  readonly loc: string;
  readonly lastmod?: string;
}

/** The entries of a `<urlset>`, or an error message when the document is not one. */
export function parseSitemap(xml: string): SitemapEntry[] | string {
  const document = parseSitemapDocument(xml);
  if (typeof document === "string") return document;
  return document.kind === "urlset"
    ? document.entries
    : `the root element is <sitemapindex>; expected <urlset> in ${SITEMAP_NAMESPACE}`;
}

/**
 * A `<urlset>`'s URLs, or a `<sitemapindex>`'s sitemaps (each a `loc` and
 * maybe a `lastmod` too), or an error message when the document is neither.
 */
export function parseSitemapDocument(
  xml: string,
): { kind: "urlset" | "sitemapindex"; entries: SitemapEntry[] } | string {
  let root: XmlElement;
  try {
    root = create(xml).root().node as unknown as XmlElement;
  } catch (error) {
    return `not XML: ${(error as Error).message}`;
  }
  const kind = root.localName === "urlset" || root.localName === "sitemapindex" ? root.localName : undefined;
  if (kind === undefined || root.namespaceURI !== SITEMAP_NAMESPACE) {
    return `the root element is <${root.localName}> in namespace ${root.namespaceURI ?? "(none)"}; expected <urlset> or <sitemapindex> in ${SITEMAP_NAMESPACE}`;
  }
  const text = (parent: XmlElement, name: string): string | undefined =>
    parent.getElementsByTagNameNS(SITEMAP_NAMESPACE, name)[0]?.textContent?.trim();
  const entries = Array.from(
    root.getElementsByTagNameNS(SITEMAP_NAMESPACE, kind === "urlset" ? "url" : "sitemap"),
    (entry) => {
      const lastmod = text(entry, "lastmod");
      return lastmod === undefined
        ? { loc: text(entry, "loc") ?? "" }
        : { loc: text(entry, "loc") ?? "", lastmod };
    },
  );
  return { kind, entries };
}

/** What sitemaps.org allows one sitemap file: 50,000 URLs (or sitemaps, in an index) and 50 MB uncompressed. */
export const SITEMAP_FILE_LIMITS = { entries: 50_000, bytes: 52_428_800 };

/** W3C Datetime (https://www.w3.org/TR/NOTE-datetime), the form `<lastmod>` takes. */
export const W3C_DATETIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;
