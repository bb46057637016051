/** The pages the surface points at (the developers page's error anchors, …) as the site renders them. */
import { surfacePageProblems } from "../render/checks/surface-pages.ts";
import type { Check, RenderedBuild } from "./check.ts";

export const surfacePages: Check<RenderedBuild> = {
  name: "surface pages",
  run({ manifest, facts }, found) {
    found.addAll(surfacePageProblems(manifest, facts));
  },
};
