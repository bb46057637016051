/**
 * What WebMCP (`agents: { webmcp: true }`) asks of the rest of the build: the
 * pages may run the theme's /assets/webmcp.js, so the CSP's `script-src`
 * allows the site's own scripts (`'self'`), and no other and no inline one.
 * The forms' annotations are src/render/page/forms.ts's `annotateForms`.
 */
import type { SiteConfig } from "../../content/types.ts";
import type { CspSources } from "../../negotiation/headers.ts";

/** The sources the pages' CSP adds: the site's `security:`, and `script-src 'self'` for WebMCP's script. */
export function cspSources(site: Pick<SiteConfig, "security" | "agents">): CspSources | undefined {
  if (!site.agents?.webmcp) return site.security;
  const scripts = site.security?.["script-src"] ?? [];
  return { ...site.security, "script-src": scripts.includes("'self'") ? scripts : ["'self'", ...scripts] };
}
