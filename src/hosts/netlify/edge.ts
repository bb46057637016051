/**
 * The Netlify host of the negotiation core (src/hosts/cdn.ts), reading the
 * negotiation data and static bodies from Netlify's store.
 *
 * `context.next(request)` fetches a static file without running edge functions
 * again, and lets us set every header ourselves: Netlify does not apply
 * `_headers` to edge-function responses. It does go through `_redirects`, so
 * no redirect rule may cover the files the function reads (`/_sitegen/*`):
 * the function itself keeps them private, answering 404 for every path that
 * is not in the negotiation data.
 */
import { newSiteMemo, type SiteMemo } from "../../negotiation/site-data.ts";
import { answerThroughCdn } from "../cdn.ts";

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
    return answerThroughCdn(request, (each) => context.next(each), memo.site);
  };
}

/** The handler a site's edge function exports (rules/edge-functions/negotiate.js re-exports it). */
export default edgeHandler();
