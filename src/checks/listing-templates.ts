/** A listing site.yaml asks for (tags, pagination) whose template the theme lacks, at its line of site.yaml. */
import { siteSettingError } from "../content/site.ts";
import { listingTemplateProblems, sectionProblems } from "../render/checks/listing-checks.ts";
import type { Check, PlannedBuild } from "./check.ts";

export const listingTemplates: Check<PlannedBuild> = {
  name: "listing templates",
  run({ manifest, templates, site }, found) {
    for (const problem of listingTemplateProblems(manifest, templates))
      found.add(siteSettingError(site, problem));
    // The pages `sections` names, for the theme's section navigation.
    for (const problem of sectionProblems(manifest)) found.add(siteSettingError(site, problem));
  },
};
