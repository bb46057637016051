/**
 * The Netlify host of the negotiation core: it hands the request to `respond`
 * and reads the negotiation data and static bodies from Netlify's store.
 *
 * `context.next(request)` fetches a static file without running edge functions
 * again, and lets us set every header ourselves: Netlify does not apply
 * `_headers` to edge-function responses. It does go through `_redirects`, so
 * no redirect rule may cover the files the function reads (`/_sitegen/*`):
 * the function itself keeps them private, answering 404 for every path that
 * is not in the negotiation data.
 */
import { respond } from "../../negotiation/respond.ts";
import { newSiteMemo, SiteData, type SiteMemo } from "../../negotiation/site-data.ts";

/** The part of Netlify's `Context` this host uses. */
export interface EdgeContext {
  next(request?: Request): Promise<Response>;
  deploy?: { id?: string };
}

export function edgeHandler(): (request: Request, context: EdgeContext) => Promise<Response> {
  // The data files of one deploy never change: read each once per deploy.
  let memo: { deploy: string; site: SiteMemo } | undefined;
  return async (request: Request, context: EdgeContext): Promise<Response> => {
    const deploy = context.deploy?.id ?? "";
    if (memo?.deploy !== deploy) memo = { deploy, site: newSiteMemo() };
    const site = new SiteData((path) => readStatic(path, request, context), memo.site);
    // Not for the core (a path that is not a document, spec §7.4.2, or an HTML
    // form's POST): Netlify serves it as it is. The request is named: after the
    // core's own reads through `context.next(request)`, a bare `next()` would
    // continue with the last of those.
    return (await respond(request, site)) ?? context.next(request);
  };
}

/** A static file by site path through the store; null when the store has none. */
async function readStatic(path: string, request: Request, context: EdgeContext): Promise<BodyInit | null> {
  // Ask for `/about/` rather than `/about/index.html`, which Pretty URLs would redirect.
  const url = new URL(path.replace(/\/index\.html$/, "/"), request.url);
  let asset = await context.next(new Request(url, { method: "GET" }));
  // Pretty URLs may redirect another `.html` file (`/404.html` → `/404`): follow that once, on this site only.
  const location = asset.status >= 300 && asset.status < 400 ? asset.headers.get("location") : null;
  if (location !== null && new URL(location, url).origin === url.origin) {
    await asset.body?.cancel();
    asset = await context.next(new Request(new URL(location, url), { method: "GET" }));
  }
  if (asset.status === 404) {
    await asset.body?.cancel();
    return null;
  }
  if (!asset.ok || !asset.body) throw new Error(`static file ${path} answered ${asset.status}`);
  return asset.body;
}

/** The handler a site's edge function exports (rules/edge-functions/negotiate.js re-exports it). */
export default edgeHandler();
