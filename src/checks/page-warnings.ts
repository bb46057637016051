/** What rendering each page found (an H1 repeating the title, what the policy blocks, …), at its file and line. */
import { pageWarnings as warningsOfPages } from "../render/checks/page-warnings.ts";
import type { Check, RenderedBuild } from "./check.ts";

export const pageWarnings: Check<RenderedBuild> = {
  name: "page warnings",
  run({ manifest, facts }, found) {
    found.addAll(warningsOfPages(manifest, facts));
  },
};
