/** Drafts asked for in a production build are left out, and the build says why. */
import { SitegenError } from "../errors.ts";
import type { Check, RenderedBuild } from "./check.ts";

export const draftsRefused: Check<RenderedBuild> = {
  name: "drafts refused",
  run({ options }, found) {
    if (!options.drafts || !options.production) return;
    found.add(
      new SitegenError(
        "E_USAGE",
        `drafts left out: this is ${options.production}, and no production build has drafts`,
        {
          kind: "drafts-refused",
          hint:
            "drafts are for previews: `sitegen serve --watch`, `sitegen build --drafts` elsewhere, " +
            "Netlify's deploy previews and branch deploys",
        },
      ),
    );
  },
};
