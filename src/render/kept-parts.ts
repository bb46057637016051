/**
 * What a watch session keeps from one rebuild to the next, by the object a
 * part was made from: a route's part of a file that lists every route (its
 * entry in the blog index, llms.txt, the sitemap, the negotiation data), a
 * page's links resolved. Routes are never changed once made, and an
 * unchanged post keeps its route object from one rebuild to the next
 * (src/manifest/manifest.ts), so a rebuild after one post's edit makes that
 * post's parts again and takes the others as they were.
 *
 * A one-off build passes none and keeps nothing: every part is made once
 * anyway, and at 50,000 posts the parts would hold a hundred megabytes to no
 * purpose.
 */
import type { PageRoute } from "../manifest/manifest.ts";

export class KeptParts {
  private readonly kinds = new Map<object, WeakMap<object, unknown>>();

  /** The parts of one kind (`kind` is the module's own token for it), by the object each was made from. */
  of<K extends object, T>(kind: object): WeakMap<K, T> {
    let kept = this.kinds.get(kind);
    if (!kept) this.kinds.set(kind, (kept = new WeakMap()));
    return kept as WeakMap<K, T>;
  }
}

/** A part made from a route alone: taken from `parts` when given and kept there, else made. */
export function byRoute<T>(make: (route: PageRoute) => T): (route: PageRoute, parts?: KeptParts) => T {
  const part = (route: PageRoute, parts?: KeptParts): T => {
    if (!parts) return make(route);
    const kept = parts.of<PageRoute, T>(part);
    let value = kept.get(route);
    if (value === undefined) {
      value = make(route);
      kept.set(route, value);
    }
    return value;
  };
  return part;
}
