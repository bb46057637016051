/** Error bodies and headers of spec §7: RFC 9457 Problem documents and the §7.3 headers. */
import type { ErrorLinks } from "./table.ts";

/** The statuses whose errors have a Problem body, each documented at `#http-<status>` on the developers page. */
export const PROBLEM_STATUSES = [404, 406] as const;

export interface Problem {
  type: string;
  title: string;
  status: (typeof PROBLEM_STATUSES)[number];
  detail: string;
  instance: string;
  code: "not_found" | "representation_not_available";
  resolution: string;
  documentation_url: string;
  available?: string[];
  links: Record<string, string>;
}

/** Where every error points an agent: the agent index, the crawl map, the description. */
function recoveryLinks(links: ErrorLinks): Record<string, string> {
  return { llms_txt: links.llmsTxt, sitemap: links.sitemap, openapi: links.openapi, home: links.home };
}

/**
 * `canonical`: the page a near-miss path meant, if any; else `closest`: the
 * published post whose slug is close enough to the path to be a typo of it.
 */
export function notFoundProblem(
  links: ErrorLinks,
  path: string,
  canonical?: { path: string; url: string },
  closest?: { url: string },
): Problem {
  const resolution = canonical
    ? `Request the canonical URL ${canonical.url} (page URLs end with a slash). For every other page, see ${links.llmsTxt} or ${links.sitemap}.`
    : closest
      ? `The closest published post is ${closest.url}. Otherwise, find the page you want in ${links.llmsTxt} (agent index) or ${links.sitemap} (every page URL), then request it.`
      : `Find the page you want in ${links.llmsTxt} (agent index) or ${links.sitemap} (every page URL), then request it.`;
  const named: Record<string, string> = canonical
    ? { canonical: canonical.url }
    : closest
      ? { closest: closest.url }
      : {};
  return {
    type: links.type ?? `${links.typePrefix}404`,
    title: "Not Found",
    status: 404,
    detail: canonical
      ? `No page exists at ${path}; the page is at ${canonical.path}.`
      : `No page or file exists at ${path}.`,
    instance: path,
    code: "not_found",
    resolution,
    documentation_url: links.documentation,
    links: { ...named, ...recoveryLinks(links) },
  };
}

/**
 * Whether a post is close enough to the path to name in a JSON Problem, as a
 * likely typo: within a quarter of the asked-for slug's length in edits (at
 * least two). The Markdown map names the closest posts whatever their distance.
 */
export function closeEnough(post: { distance: number }, query: string): boolean {
  return post.distance <= Math.max(2, Math.floor(query.length / 4));
}

export function notAcceptableProblem(
  links: ErrorLinks,
  path: string,
  page: { url: string; markdownUrl: string },
  accept: string,
): Problem {
  return {
    type: links.type ?? `${links.typePrefix}406`,
    title: "Not Acceptable",
    status: 406,
    detail: `The page ${path} exists, but neither of its representations (text/html, text/markdown) matches Accept: ${truncate(accept, 200)}.`,
    instance: path,
    code: "representation_not_available",
    resolution: `Send Accept: text/html or Accept: text/markdown, or fetch ${page.markdownUrl}. For the index of everything, see ${links.llmsTxt} or ${links.sitemap}.`,
    documentation_url: links.documentation,
    available: ["text/html", "text/markdown"],
    links: { canonical: page.url, markdown: page.markdownUrl, ...recoveryLinks(links) },
  };
}

/** The `Link` of spec §7.3, on every error. */
export function errorLinkHeader(links: ErrorLinks): string {
  return [
    `<${links.openapi}>; rel="service-desc"; type="application/vnd.oai.openapi+json"`,
    `<${links.llmsTxt}>; rel="service-doc"; type="text/plain"`,
    `<${links.documentation}>; rel="help"; type="${links.documentationType ?? "text/html"}"`,
  ].join(", ");
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
