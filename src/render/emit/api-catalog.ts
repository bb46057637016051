/**
 * /.well-known/api-catalog (`agents: { api_catalog: true }`): RFC 9727's API
 * catalog, a linkset (RFC 9264 §4.2, JSON) where a client that knows only the
 * site's origin finds its API. The site's one API is its read-only surface:
 * `service-desc` names /openapi.json as the error bodies' `Link` header does
 * (spec §7.3), `service-doc` the agent index, and the developers page where
 * the site has one.
 */
import type { Manifest } from "../../manifest/manifest.ts";

export function apiCatalog(manifest: Manifest): string {
  const { surface, errors, baseUrl } = manifest;
  const developers = errors.documentation.startsWith(`${baseUrl}/developers/`)
    ? [{ href: errors.documentation.replace(/#.*$/, ""), type: "text/html" }]
    : [];
  const catalog = {
    linkset: [
      {
        anchor: `${baseUrl}/`,
        "service-desc": [{ href: surface.openapi.url, type: "application/vnd.oai.openapi+json" }],
        "service-doc": [{ href: surface.llmsTxt.url, type: "text/plain" }, ...developers],
      },
    ],
  };
  return `${JSON.stringify(catalog, null, 2)}\n`;
}
