/**
 * Counts by kind as the fuzz's reports print them. Its own module because
 * every fuzz (HTTP, content, cache) and `npm run fuzz` print their counts
 * this one way: sorted by kind, so two runs of one seed print the same line.
 */

/** `kind: count, …`, by kind in sorted order. */
export function countsLine(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, count]) => `${kind}: ${count}`)
    .join(", ");
}
