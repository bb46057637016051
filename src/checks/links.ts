/** Every link and image of every page, to a page, file or anchor the site publishes. */
import { checkLinks } from "../render/checks/links.ts";
import type { Check, RenderedBuild } from "./check.ts";

export const links: Check<RenderedBuild> = {
  name: "links",
  run({ manifest, facts, bodyOf, assets, site, parts }, found) {
    found.addAll(checkLinks(manifest, facts, bodyOf, { assets, site, parts }));
  },
};
