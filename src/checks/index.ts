/**
 * The build's checks, in the order they run: each a module of one shape
 * (./check.ts) that reads the build's facts and adds what it finds to the
 * run's collector. Adding a check is a file and a line here. The order is
 * the order a reader sees findings of one kind at one place in; src/
 * findings.ts sorts the rest.
 */
import type { Collector } from "../collector.ts";
import { budgets } from "./budgets.ts";
import type { Check, PlannedBuild, RenderedBuild } from "./check.ts";
import { cloudflareFiles } from "./cloudflare-files.ts";
import { draftsRefused } from "./drafts-refused.ts";
import { links } from "./links.ts";
import { listingTemplates } from "./listing-templates.ts";
import { notFoundBudget } from "./not-found-budget.ts";
import { pageWarnings } from "./page-warnings.ts";
import { placeholders } from "./placeholders.ts";
import { scheduled } from "./scheduled.ts";
import { sitemapSplit } from "./sitemap-split.ts";
import { surfacePages } from "./surface-pages.ts";
import { templatePolicy } from "./template-policy.ts";
import { theme } from "./theme.ts";
import { unaddressableTags } from "./unaddressable-tags.ts";

export type { CheckOptions, PlannedBuild, RenderedBuild } from "./check.ts";

/** Run once the manifest and the templates are ready: what they say needs nothing rendered. */
export const PLANNED_CHECKS: readonly Check<PlannedBuild>[] = [
  theme,
  listingTemplates,
  templatePolicy,
  unaddressableTags,
];

/** Run once every page is written. */
export const RENDERED_CHECKS: readonly Check<RenderedBuild>[] = [
  links,
  pageWarnings,
  surfacePages,
  budgets,
  notFoundBudget,
  cloudflareFiles,
  scheduled,
  sitemapSplit,
  draftsRefused,
  placeholders,
];

export function runChecks<Build>(checks: readonly Check<Build>[], build: Build, found: Collector): void {
  for (const check of checks) check.run(build, found);
}
