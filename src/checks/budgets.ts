/** Each written file against its size budget and the surface's limits. */
import { sizeProblems } from "../plan/budgets.ts";
import type { Check, RenderedBuild } from "./check.ts";

export const budgets: Check<RenderedBuild> = {
  name: "size budgets",
  run({ manifest, written }, found) {
    found.addAll(sizeProblems(manifest, written));
  },
};
