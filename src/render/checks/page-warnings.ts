/**
 * What rendering the pages found that the author should hear about, each at
 * its file and line, with the line as written, in the manifest's order of the
 * pages, and what the page's security policy would block in the templates;
 * src/policy.ts judges each by its kind.
 */
import { SitegenError } from "../../errors.ts";
import type { Manifest } from "../../manifest/manifest.ts";
import { blockedElements, contentPolicy } from "./content-policy.ts";
import { elementsOf } from "./html-tags.ts";
import type { PageFacts } from "../../write/page-facts.ts";
import type { TemplateSources } from "../page/templates.ts";
import { cspSources } from "../page/webmcp.ts";

export function pageWarnings(manifest: Manifest, facts: Map<string, PageFacts>): SitegenError[] {
  return manifest.routes.flatMap((route) =>
    (facts.get(route.path)?.warnings ?? []).map(
      ({ kind, line, message, hint, sourceLine, target }) =>
        new SitegenError("E_CONTENT", message, {
          kind,
          target,
          location: { file: route.source, line, column: 1 },
          sourceLine,
          hint,
        }),
    ),
  );
}

/** What the policy would block in the templates' HTML, each at its file and line. */
export function templateWarnings(
  templates: Pick<TemplateSources, "dir" | "sources">,
  manifest: Manifest,
): SitegenError[] {
  // The policy the pages are sent with: the site's `security:`, and what WebMCP's script adds (src/render/page/webmcp.ts).
  const policy = contentPolicy(manifest.baseUrl, cspSources(manifest.site));
  return [...templates.sources]
    .filter(([name]) => name.endsWith(".html"))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([name, text]) => {
      const lines = text.split(/\r\n?|\n/);
      return blockedElements(elementsOf(text, 1), policy).map(
        ({ line, message, hint }) =>
          new SitegenError("E_TEMPLATE", message, {
            kind: "csp-blocked",
            location: { file: `${templates.dir}/${name}`, line, column: 1 },
            sourceLine: lines[line - 1],
            hint,
          }),
      );
    });
}
