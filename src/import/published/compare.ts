/**
 * A built site held to the old one it replaces, after the move: each page
 * of the old site's built folder is followed to where the new build answers
 * it (the same path, or its `_redirects` rule) and compared with that page.
 */
import { readBuiltFolder } from "./folder.ts";
import { proofLines, proveMove, redirectRules, type Proof } from "./proof.ts";

export function compareSites(options: { oldSite: string; dist: string; basePath: string; origin?: string }): {
  proof: Proof;
  text: string;
} {
  const built = readBuiltFolder(options.oldSite, options.basePath);
  const rules = redirectRules(options.dist);
  // Each old page with the path the new site answers it at: its rule's target, else the same path.
  const moved = [...built.values()]
    .filter((page) => !page.text().redirectsTo)
    .map((page) => ({
      file: page.file,
      from: [page.url],
      to: rules.get(page.url) ?? rules.get(page.url.replace(/\/$/, "")) ?? page.url,
    }));
  const proof = proveMove({
    built,
    dist: options.dist,
    moved: moved.map((each) => ({ ...each, list: isListing(each.to) })),
    oldPages: [],
    origin: options.origin ?? originOf(built),
  });
  return { proof, text: [`${options.dist} held to ${options.oldSite}:`, ...proofLines(proof)].join("\n") };
}

/** The origin most of the old pages name as their canonical address's: where the old site was served. */
function originOf(built: ReturnType<typeof readBuiltFolder>): string | undefined {
  const counts = new Map<string, number>();
  for (const page of built.values()) {
    const canonical = page.text().canonical;
    if (!canonical || !/^https?:\/\//.test(canonical)) continue;
    const origin = new URL(canonical).origin;
    counts.set(origin, (counts.get(origin) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}

/** A page the new build makes to list posts (the blog's pages, the tags'): what it shows is its template's. */
function isListing(path: string): boolean {
  return path === "/" || path === "/blog/" || path.startsWith("/blog/page/") || path.startsWith("/tags/");
}
