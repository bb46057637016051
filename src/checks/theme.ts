/** The theme: what preparing its stylesheet found, and the files its settings name that the site lacks, at site.yaml's lines. */
import { siteSettingError } from "../content/site.ts";
import { themeFileProblems } from "../render/page/theme-files.ts";
import type { Check, PlannedBuild } from "./check.ts";

export const theme: Check<PlannedBuild> = {
  name: "theme",
  run({ themeProblems, manifest, templates, site }, found) {
    for (const problem of themeProblems) found.add(siteSettingError(site, problem));
    for (const problem of themeFileProblems(manifest, templates)) found.add(siteSettingError(site, problem));
  },
};
