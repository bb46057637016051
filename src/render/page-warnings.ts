/**
 * What rendering the pages found that the author should hear about, as the
 * build's warnings: each at its file and line, with the line as written, in
 * the manifest's order of the pages; and what the page's security policy
 * would block in the templates.
 */
import { SitegenError } from "../errors.ts";
import { findingOf, type Finding } from "../findings.ts";
import type { Manifest } from "../manifest/manifest.ts";
import { blockedElements, contentPolicy } from "./content-policy.ts";
import { elementsOf } from "./html-tags.ts";
import type { PageFacts } from "./links.ts";
import type { TemplateSources } from "./templates.ts";

export function pageWarnings(manifest: Manifest, facts: Map<string, PageFacts>): Finding[] {
  return manifest.routes.flatMap((route) =>
    (facts.get(route.path)?.warnings ?? []).map(({ line, message, hint, sourceLine }) =>
      findingOf(new SitegenError("E_CONTENT", message, { location: { file: route.source, line, column: 1 }, sourceLine, hint }), "warning"),
    ),
  );
}

/** What the policy would block in the templates' HTML, each at its file and line. */
export function templateWarnings(templates: Pick<TemplateSources, "dir" | "sources">, manifest: Manifest): Finding[] {
  const policy = contentPolicy(manifest.baseUrl, manifest.site.security);
  return [...templates.sources]
    .filter(([name]) => name.endsWith(".html"))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([name, text]) => {
      const lines = text.split(/\r\n?|\n/);
      return blockedElements(elementsOf(text, 1), policy).map(({ line, message, hint }) =>
        findingOf(new SitegenError("E_TEMPLATE", message, { location: { file: `${templates.dir}/${name}`, line, column: 1 }, sourceLine: lines[line - 1], hint }), "warning"),
      );
    });
}
