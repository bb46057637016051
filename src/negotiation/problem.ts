/** Error bodies and headers of spec §7: RFC 9457 Problem documents and the §7.3 headers. */

export interface Problem {
  type: string;
  title: string;
  status: 404 | 406;
  detail: string;
  instance: string;
  code: "not_found" | "representation_not_available";
  resolution: string;
  documentation_url: string;
  available?: string[];
  links: Record<string, string>;
}

/** Where every error points an agent: the agent index, the crawl map, the description. */
function recoveryLinks(baseUrl: string): Record<string, string> {
  return {
    llms_txt: `${baseUrl}/llms.txt`,
    sitemap: `${baseUrl}/sitemap.xml`,
    openapi: `${baseUrl}/openapi.json`,
    home: `${baseUrl}/`,
  };
}

export function notFoundProblem(baseUrl: string, path: string, canonical?: string): Problem {
  const resolution = canonical
    ? `Request the canonical URL ${baseUrl}${canonical} (page URLs end with a slash). For every other page, see ${baseUrl}/llms.txt or ${baseUrl}/sitemap.xml.`
    : `Find the page you want in ${baseUrl}/llms.txt (agent index) or ${baseUrl}/sitemap.xml (every page URL), then request it.`;
  return {
    type: `${baseUrl}/developers/#http-404`,
    title: "Not Found",
    status: 404,
    detail: canonical ? `No page exists at ${path}; the page is at ${canonical}.` : `No page or file exists at ${path}.`,
    instance: path,
    code: "not_found",
    resolution,
    documentation_url: `${baseUrl}/developers/#errors`,
    links: canonical ? { canonical: `${baseUrl}${canonical}`, ...recoveryLinks(baseUrl) } : recoveryLinks(baseUrl),
  };
}

export function notAcceptableProblem(baseUrl: string, path: string, markdownPath: string, accept: string): Problem {
  return {
    type: `${baseUrl}/developers/#http-406`,
    title: "Not Acceptable",
    status: 406,
    detail: `The page ${path} exists, but neither of its representations (text/html, text/markdown) matches Accept: ${truncate(accept, 200)}.`,
    instance: path,
    code: "representation_not_available",
    resolution: `Send Accept: text/html or Accept: text/markdown, or fetch ${baseUrl}${markdownPath}. For the index of everything, see ${baseUrl}/llms.txt or ${baseUrl}/sitemap.xml.`,
    documentation_url: `${baseUrl}/developers/#errors`,
    available: ["text/html", "text/markdown"],
    links: { canonical: `${baseUrl}${path}`, markdown: `${baseUrl}${markdownPath}`, ...recoveryLinks(baseUrl) },
  };
}

/** The `Link` of spec §7.3, on every error. */
export function errorLinkHeader(baseUrl: string): string {
  return [
    `<${baseUrl}/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json"`,
    `<${baseUrl}/llms.txt>; rel="service-doc"; type="text/plain"`,
    `<${baseUrl}/developers/#errors>; rel="help"; type="text/html"`,
  ].join(", ");
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
