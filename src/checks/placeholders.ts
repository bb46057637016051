/** A placeholder description or origin: a warning, and an error in a production build. */
import { placeholderProblems } from "../plan/placeholders.ts";
import type { Check, RenderedBuild } from "./check.ts";

export const placeholders: Check<RenderedBuild> = {
  name: "placeholders",
  run({ manifest, options, site }, found) {
    const { production, checking, baseUrl } = options;
    // An origin given on the command line is no line of site.yaml to point at.
    found.addAll(
      placeholderProblems(manifest, { production, checking, ...(baseUrl === undefined ? { site } : {}) }),
    );
  },
};
