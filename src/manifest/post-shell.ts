/**
 * What a post's page is made of besides its own file. Its own module because
 * it is a contract between the manifest and the render cache, not part of
 * making the manifest: render lanes are given it, the cache of rendered posts
 * keys on it, and test/post-shell.test.ts holds that a post renders from it
 * exactly as from the whole manifest.
 */
import type { Manifest } from "./manifest.ts";

/**
 * The manifest without the other routes, and the build time only to its
 * year (the footer's ©), so changing one post never means rendering the
 * others again.
 */
export function postShell(manifest: Manifest): Manifest {
  // The site-wide files stay (a post may show one of their images), without where they are read from, which no page shows.
  const siteWide = manifest.published
    .filter((file) => !file.bundle)
    .map((file) => ({ ...file, sourcePath: "", source: "" }));
  return {
    ...manifest,
    pages: [],
    posts: [],
    drafts: [],
    listed: [],
    scheduled: [],
    listings: [],
    tags: [],
    unaddressableTags: [],
    routes: [],
    indexable: [],
    redirects: [],
    published: siteWide,
    sitemapParts: [],
    generated: `${manifest.generated.slice(0, 4)}-01-01T00:00:00Z`,
  };
}
