/**
 * A link read as the check reads it, from the page alone: its path and
 * fragment, the site path it names, whether it is another site's, and a
 * page's heading ids kept as one string. Its own module because a render
 * lane (src/execute/lane.ts), the page's renderer and the surface pages'
 * check read links with it without the manifest the link check
 * (src/render/checks/links.ts) needs.
 */
import type { PageFacts } from "../../write/page-facts.ts";

/**
 * A page's heading ids as one string, each on a line of its own: a large blog
 * keeps tens of thousands of ids until the link check, and one string a page
 * costs a fraction of a set. An id never holds a line break.
 */
export function headingIds(ids: string[]): string {
  // An id that is percent-encoded (markdown-it-anchor's) is found by its link's fragment decoded too, as a browser finds it (HTML's "find a potential indicated element").
  return `\n${ids.flatMap((id) => (/%[0-9A-Fa-f]{2}/.test(id) ? [id, decodedId(id)] : [id])).join("\n")}\n`;
}

function decodedId(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

export function hasHeadingId(ids: string, id: string): boolean {
  return ids.includes(`\n${id}\n`);
}

/**
 * The links the check must look at again: relative or unknown targets, and
 * anchors on other pages. The rest are known good from the page alone, anchors
 * on the page itself included; a render lane sends only these back.
 */
export function linksThatMayFail(facts: PageFacts, targets: Set<string>): PageFacts["links"] {
  return facts.links.filter((link) => {
    if (isExternal(link.href)) return false;
    const [path, fragment] = splitFragment(link.href);
    if (path !== "" && targets.has(path) && fragment === undefined) return false;
    return !(
      (path === "" || path === facts.path) &&
      fragment !== undefined &&
      hasHeadingId(facts.ids, fragment)
    );
  });
}

/**
 * The site path a link or image on the page at `pagePath` names, without its
 * fragment: a path from the root as it is, a relative one resolved against
 * the page's URL as a browser does (`possum.png` on /blog/x/ is
 * /blog/x/possum.png); undefined for another site's URL.
 */
export function sitePathOf(href: string, pagePath: string): string | undefined {
  if (isExternal(href)) return undefined;
  const [path] = splitFragment(href);
  if (path === "") return pagePath;
  return new URL(path, `http://site${pagePath}`).pathname;
}

/** Another site, or `mailto:`/`tel:`: not ours to check. */
export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//");
}

export function splitFragment(href: string): [string, string | undefined] {
  const hash = href.indexOf("#");
  const withoutQuery = (hash === -1 ? href : href.slice(0, hash)).split("?")[0];
  if (hash === -1) return [withoutQuery, undefined];
  // A malformed escape names no heading: report the anchor, do not crash on it.
  const fragment = href.slice(hash + 1);
  try {
    return [withoutQuery, decodeURIComponent(fragment)];
  } catch {
    return [withoutQuery, fragment];
  }
}
