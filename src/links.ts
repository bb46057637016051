/** Internal links must land on a page, sibling or file of this build, and anchors on a heading. */
import { SitegenError } from "./errors.ts";
import { linkablePaths, type Manifest } from "./manifest.ts";
import type { PageFacts } from "./plan.ts";

export function checkLinks(manifest: Manifest, facts: PageFacts): SitegenError[] {
  const targets = linkablePaths(manifest);
  const errors: SitegenError[] = [];
  for (const { route, href, line } of facts.links) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) continue; // another site, mailto:, tel:
    const [path, fragment] = splitFragment(href);
    const at = { file: route.source, line };
    if (path !== "" && !path.startsWith("/")) {
      errors.push(new SitegenError("E_CONTENT", `relative link \`${href}\``, { location: at, hint: "write internal links from the site root, e.g. /blog/<slug>/" }));
      continue;
    }
    const target = path === "" ? route.path : path;
    if (!targets.has(target)) {
      const hint = targets.has(`${target}/`) ? `page URLs end with a slash: ${target}/` : "link to a page, a published post, a `.md` sibling or an agent file";
      errors.push(new SitegenError("E_CONTENT", `broken link \`${href}\`: nothing is published at ${target}`, { location: at, hint }));
      continue;
    }
    const ids = facts.ids.get(target);
    if (fragment && ids && !ids.has(fragment)) {
      errors.push(new SitegenError("E_CONTENT", `broken anchor \`${href}\`: ${target} has no heading with id \`${fragment}\``, { location: at, hint: "give the heading an explicit id with `{#id}` at the end of its line" }));
    }
  }
  return errors;
}

function splitFragment(href: string): [string, string | undefined] {
  const hash = href.indexOf("#");
  const withoutQuery = (hash === -1 ? href : href.slice(0, hash)).split("?")[0];
  return [withoutQuery, hash === -1 ? undefined : decodeURIComponent(href.slice(hash + 1))];
}
