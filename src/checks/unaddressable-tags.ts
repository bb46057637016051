/** Tags with no Latin letter or digit: shown on their posts, with no page of their own. */
import { unaddressableTagWarnings } from "../render/checks/listing-checks.ts";
import type { Check, PlannedBuild } from "./check.ts";

export const unaddressableTags: Check<PlannedBuild> = {
  name: "unaddressable tags",
  run({ manifest }, found) {
    found.addAll(unaddressableTagWarnings(manifest));
  },
};
