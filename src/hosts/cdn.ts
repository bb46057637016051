/**
 * What the CDN hosts (Netlify's edge function, Cloudflare's worker) share: the
 * negotiation core answers the request, reading its data and the bodies
 * through the CDN's own static store, and whatever the core leaves (an asset,
 * an HTML form's POST) goes to that store as it is. Each host only says how
 * its store is fetched and how long its memo lives.
 */
import { respond } from "../negotiation/respond.ts";
import { SiteData, type SiteMemo } from "../negotiation/site-data.ts";

/** A request to the CDN's static files: Netlify's `context.next`, Cloudflare's `env.ASSETS.fetch`. */
export type StaticFetch = (request: Request) => Promise<Response>;

export async function answerThroughCdn(
  request: Request,
  fetchStatic: StaticFetch,
  memo: SiteMemo,
): Promise<Response> {
  const site = new SiteData((path) => readStatic(path, request, fetchStatic), memo);
  // The request is named: after the core's own reads, a bare `next()` on Netlify would continue with the last of those.
  return (await respond(request, site)) ?? fetchStatic(request);
}

/** A static file by site path through the store; null when the store has none. */
async function readStatic(
  path: string,
  request: Request,
  fetchStatic: StaticFetch,
): Promise<BodyInit | null> {
  // Ask for `/about/` rather than `/about/index.html`, which both CDNs' pretty URLs would redirect.
  const url = new URL(path.replace(/\/index\.html$/, "/"), request.url);
  let asset = await fetchStatic(new Request(url, { method: "GET" }));
  // Pretty URLs may redirect another `.html` file (`/404.html` → `/404`): follow that once, on this site only.
  const location = asset.status >= 300 && asset.status < 400 ? asset.headers.get("location") : null;
  if (location !== null && new URL(location, url).origin === url.origin) {
    await asset.body?.cancel();
    asset = await fetchStatic(new Request(new URL(location, url), { method: "GET" }));
  }
  if (asset.status === 404) {
    await asset.body?.cancel();
    return null;
  }
  if (!asset.ok || !asset.body) throw new Error(`static file ${path} answered ${asset.status}`);
  return asset.body;
}
