/** A post dated after the build's time is not an error, but the build says it left it out. */
import { SitegenError } from "../errors.ts";
import type { Check, RenderedBuild } from "./check.ts";

export const scheduled: Check<RenderedBuild> = {
  name: "scheduled posts",
  run({ manifest }, found) {
    for (const { source, published } of manifest.scheduled) {
      const after = `after the time this build stands for (${manifest.generated})`;
      const message = `dated ${published}, ${after}: left out until a build at or after that time`;
      found.add(
        new SitegenError("E_CONTENT", message, {
          kind: "scheduled",
          location: { file: source },
          hint:
            "a post dated in the future is published by the first build after its date; " +
            "for a draft, set `status: draft`",
        }),
      );
    }
  },
};
