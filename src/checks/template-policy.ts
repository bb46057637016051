/** What the page's security policy would block in the templates' own HTML, each at its template's line. */
import { templateWarnings } from "../render/checks/page-warnings.ts";
import type { Check, PlannedBuild } from "./check.ts";

export const templatePolicy: Check<PlannedBuild> = {
  name: "templates' security policy",
  run({ templateSources, manifest }, found) {
    found.addAll(templateWarnings(templateSources, manifest));
  },
};
