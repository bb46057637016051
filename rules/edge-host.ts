/**
 * The Netlify host of the negotiation core: about twenty lines that hand the
 * request to `respond` and read static bodies from Netlify's store.
 *
 * `context.next(request)` fetches a static file without running edge functions
 * again, and lets us set every header ourselves: Netlify does not apply
 * `_headers` to edge-function responses.
 */
import { respond } from "../src/negotiation/respond.ts";
import type { NegotiationTable } from "../src/negotiation/table.ts";

/** The part of Netlify's `Context` this host uses. */
export interface EdgeContext {
  next(request?: Request): Promise<Response>;
}

export function edgeHandler(table: NegotiationTable) {
  return async (request: Request, context: EdgeContext): Promise<Response> => {
    const response = await respond(request, {
      table,
      async readFile(path) {
        // Ask for `/about/` rather than `/about/index.html`, which Pretty URLs would redirect.
        const url = new URL(path.replace(/\/index\.html$/, "/"), request.url);
        const asset = await context.next(new Request(url, { method: "GET" }));
        if (!asset.ok || !asset.body) throw new Error(`static file ${path} answered ${asset.status}`);
        return asset.body;
      },
    });
    // Not a document path (spec §7.4.2): the CDN serves it as it is.
    return response ?? context.next();
  };
}
