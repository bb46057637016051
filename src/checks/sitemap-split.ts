/** A sitemap too large for one file is not a problem, but the build says it split it, and where the limit is. */
import { SitegenError } from "../errors.ts";
import { SITEMAP_LIMITS } from "../manifest/sitemap-parts.ts";
import type { Check, RenderedBuild } from "./check.ts";

export const sitemapSplit: Check<RenderedBuild> = {
  name: "sitemap split",
  run({ manifest }, found) {
    const parts = manifest.sitemapParts;
    if (parts.length === 0) return;
    const { path, file } = manifest.surface.sitemap;
    const over = `${manifest.routes.length} URLs, over the ${SITEMAP_LIMITS.urls} one sitemap file may list (sitemaps.org)`;
    const split = `${path} is a sitemap index of ${parts.length} files, ${parts[0].path} to ${parts[parts.length - 1].path}`;
    found.add(
      new SitegenError("E_CHECK", `${over}: ${split}`, {
        kind: "sitemap-split",
        location: { file },
        hint: "search engines read the index and its files; robots.txt names the index, as it named the sitemap",
      }),
    );
  },
};
