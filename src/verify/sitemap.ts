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
  let root: XmlElement;
  try {
    root = create(xml).root().node as unknown as XmlElement;
  } catch (error) {
    return `not XML: ${(error as Error).message}`;
  }
  if (root.localName !== "urlset" || root.namespaceURI !== SITEMAP_NAMESPACE) {
    return `the root element is <${root.localName}> in namespace ${root.namespaceURI ?? "(none)"}; expected <urlset> in ${SITEMAP_NAMESPACE}`;
  }
  const text = (parent: XmlElement, name: string): string | undefined =>
    parent.getElementsByTagNameNS(SITEMAP_NAMESPACE, name)[0]?.textContent?.trim();
  return Array.from(root.getElementsByTagNameNS(SITEMAP_NAMESPACE, "url"), (url) => {
    const lastmod = text(url, "lastmod");
    return lastmod === undefined ? { loc: text(url, "loc") ?? "" } : { loc: text(url, "loc") ?? "", lastmod };
  });
}

/** W3C Datetime (https://www.w3.org/TR/NOTE-datetime), the form `<lastmod>` takes. */
export const W3C_DATETIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;
