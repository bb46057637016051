/**
 * The files `agents` in site.yaml asks for besides the surface of spec §2.6:
 * /sitemap.md, every page as a link an agent follows
 * (src/render/emit/sitemap-markdown.ts), and /.well-known/api-catalog, where
 * RFC 9727 has a client look for the site's API descriptions
 * (src/render/emit/api-catalog.ts). Each is a file route of the manifest, so
 * OpenAPI, the negotiation data and the CDN's rules name it as they name the
 * feed.
 */
import type { SiteConfig } from "../content/types.ts";
import type { FileRoute } from "./routes.ts";

/** RFC 9727 §3: the well-known URI of a site's API catalog. */
export const API_CATALOG_PATH = "/.well-known/api-catalog";

/** RFC 9264's linkset as JSON, with RFC 9727's profile: an API catalog. */
export const LINKSET_MEDIA_TYPE =
  'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/** The manifest's own settings these routes take: its Markdown media type and its internal folder. */
export interface AgentFileContext {
  markdown: string;
  internalDir: string;
}

export function agentFiles(
  site: Pick<SiteConfig, "agents">,
  baseUrl: string,
  context: AgentFileContext,
): { sitemapMarkdown?: FileRoute; apiCatalog?: FileRoute } {
  return {
    ...(site.agents?.sitemap_markdown
      ? {
          sitemapMarkdown: {
            path: "/sitemap.md",
            url: `${baseUrl}/sitemap.md`,
            file: "sitemap.md",
            mediaType: context.markdown,
            operationId: "getSitemapMarkdown",
            tag: "crawl" as const,
            summary: "Every page and post as a Markdown link with its description",
          },
        }
      : {}),
    // Kept with the build's internal files and answered by the negotiation core: a folder whose name starts with a
    // dot is one a static host may leave out (the preview server serves none), and the core answers on every host.
    ...(site.agents?.api_catalog
      ? {
          apiCatalog: {
            path: API_CATALOG_PATH,
            url: baseUrl + API_CATALOG_PATH,
            file: `${context.internalDir}/api-catalog.json`,
            mediaType: LINKSET_MEDIA_TYPE,
            operationId: "getApiCatalog",
            tag: "crawl" as const,
            summary: "API catalog (RFC 9727): names /openapi.json",
          },
        }
      : {}),
  };
}
