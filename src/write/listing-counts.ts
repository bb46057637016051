/**
 * The build cache's `listings` file (src/write/cache.ts): how many posts each
 * page fitted to its budget (/blog/, a tag's page) listed in the build that
 * wrote it, by the page's path. The next build's search for its count starts
 * there (src/render/emit/blog-listing.ts), as a watch session's next rebuild
 * does: a one-post edit seldom moves it, and /blog/ is then rendered twice
 * instead of ten times at 10,000 posts. A count is never taken on trust: it is
 * used only once rendering shows that the page with that many posts fits its
 * budget and with one more does not, which is the page the whole search
 * finds, so a count damaged or edited costs the search it would have saved,
 * never a different page.
 */
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Written } from "./output.ts";
import { readRegularFile } from "./cache-folder.ts";

export const LISTINGS_FILE = "listings";

/** A count per listing page of a site: a file past this is not one sitegen wrote. */
const LIMIT = 1 << 20;

/** The counts by path, as the render context takes them (`RenderContext.listings`); empty when the file is missing or is not one sitegen wrote. */
export function readListingCounts(dir: string): Map<string, { listed?: number }> {
  const counts = new Map<string, { listed?: number }>();
  const bytes = readRegularFile(join(dir, LISTINGS_FILE), LIMIT);
  if (bytes === undefined) return counts;
  try {
    const read: unknown = JSON.parse(bytes.toString("utf8"));
    if (typeof read !== "object" || read === null || Array.isArray(read)) return counts;
    for (const [path, listed] of Object.entries(read))
      if (typeof listed === "number" && Number.isSafeInteger(listed) && listed >= 0)
        counts.set(path, { listed });
  } catch {
    // Not JSON: every listing searches for its count, as in a build without the cache.
  }
  return counts;
}

/**
 * Writes the counts of the listing pages this build wrote (`written`, by
 * file), sorted by path: a page gone since (a tag no post has any more)
 * leaves no count behind.
 */
export function writeListingCounts(
  dir: string,
  counts: ReadonlyMap<string, { listed?: number }>,
  written: ReadonlyMap<string, Written>,
): void {
  const kept = [...counts]
    .filter(([path, { listed }]) => listed !== undefined && written.has(`${path.slice(1)}index.html`))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, { listed }]) => [path, listed]);
  const temporary = join(dir, `${LISTINGS_FILE}.${process.pid}`);
  // Made anew, never written through what is there: a link planted under this name would have the write land where it points.
  rmSync(temporary, { force: true });
  writeFileSync(temporary, `${JSON.stringify(Object.fromEntries(kept))}\n`, { flag: "wx" });
  renameSync(temporary, join(dir, LISTINGS_FILE));
}
