/**
 * What rendering the pages found that the author should hear about, as the
 * build's warnings: each at its file and line, with the line as written, in
 * the manifest's order of the pages.
 */
import { SitegenError } from "../errors.ts";
import { findingOf, type Finding } from "../findings.ts";
import type { Manifest } from "../manifest/manifest.ts";
import type { PageFacts } from "./links.ts";

export function pageWarnings(manifest: Manifest, facts: Map<string, PageFacts>): Finding[] {
  return manifest.routes.flatMap((route) =>
    (facts.get(route.path)?.warnings ?? []).map(({ line, message, hint, sourceLine }) =>
      findingOf(new SitegenError("E_CONTENT", message, { location: { file: route.source, line, column: 1 }, sourceLine, hint }), "warning"),
    ),
  );
}
