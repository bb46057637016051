/**
 * A route's part of a file that lists every route (the blog index, llms.txt,
 * the negotiation data), kept with the route object it was made from. Routes
 * are never changed once made, and an unchanged post keeps its route object
 * from one rebuild of a watch session to the next (src/manifest/manifest.ts),
 * so a rebuild after one post's edit makes that post's parts again and joins
 * the others as they were. A one-off build makes each part once, as before.
 */
import type { PageRoute } from "../../manifest/manifest.ts";

export function byRoute<T>(make: (route: PageRoute) => T): (route: PageRoute) => T {
  const kept = new WeakMap<PageRoute, T>();
  return (route) => {
    let part = kept.get(route);
    if (part === undefined) {
      part = make(route);
      kept.set(route, part);
    }
    return part;
  };
}
