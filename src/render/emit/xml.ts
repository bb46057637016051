/**
 * XML's five escapes (XML 1.0 §2.4), for the files written as text of a
 * fixed shape (sitemap.xml, feed.xml): every `&` is escaped, entity-like text
 * included, so that HTML carried in a feed comes out of an XML parser exactly
 * as it went in. A character XML 1.0 forbids (src/text/xml-characters.ts) is
 * left out: one would make the whole file ill-formed. The build warns at the
 * line of each text that holds one (src/content/control-characters.ts).
 */
import { withoutXmlForbidden } from "../../text/xml-characters.ts";

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function escapeXml(text: string): string {
  const allowed = withoutXmlForbidden(text);
  return /[&<>"']/.test(allowed) ? allowed.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]) : allowed;
}
