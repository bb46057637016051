/** The 404 page's Markdown with the recovery map a host adds to it, against its budget. */
import { notFoundBudgetProblems } from "../render/emit/not-found.ts";
import type { Check, RenderedBuild } from "./check.ts";

export const notFoundBudget: Check<RenderedBuild> = {
  name: "404 budget",
  run({ manifest, templates, written }, found) {
    found.addAll(
      notFoundBudgetProblems(manifest, templates, written.get(manifest.notFound.markdown)?.bytes ?? 0),
    );
  },
};
