/** RFC 8288 Link headers, read with http-link-header and resolved against the response URL. */
import LinkHeader from "http-link-header";

export interface WebLink {
  /** The target resolved against the request URL (§3.2: a relative reference is resolved). */
  readonly href: string;
  /** Relation types, lowercased; `rel` may hold several separated by spaces (§3.3). */
  readonly rels: readonly string[];
  readonly type?: string;
}

/** The links of a Link header value, or an error message when it does not parse. */
export function parseLinks(value: string | undefined, requestUrl: string): WebLink[] | string {
  if (value === undefined || value.trim() === "") return [];
  let refs: LinkHeader.Reference[];
  try {
    refs = LinkHeader.parse(value).refs;
  } catch (error) {
    return `Link header does not parse: ${(error as Error).message}`;
  }
  const links: WebLink[] = [];
  for (const ref of refs) {
    let href: string;
    try {
      href = new URL(ref.uri, requestUrl).href;
    } catch {
      return `Link target "${ref.uri}" is not a URI reference`;
    }
    const rels = (ref.rel ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    links.push(ref.type === undefined ? { href, rels } : { href, rels, type: ref.type });
  }
  return links;
}
