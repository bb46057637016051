/**
 * XML's five escapes (XML 1.0 §2.4), for the files written as text of a
 * fixed shape (sitemap.xml, feed.xml): every `&` is escaped, entity-like text
 * included, so that HTML carried in a feed comes out of an XML parser exactly
 * as it went in.
 */
const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]) : text;
}
