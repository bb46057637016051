/**
 * `sitegen serve`: the preview server. It hands every request to the same
 * negotiation core as the Netlify edge function and plays the CDN for what the
 * core passes on, so `curl` against it behaves like the deployed site.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { resolve } from "node:path";
import { respond } from "../../negotiation/respond.ts";
import { openBuild } from "./folder.ts";
import { listen } from "./http.ts";
import { staticResponse } from "./static.ts";

export interface PreviewOptions {
  dir: string;
  host: string;
  port: number;
  /** Extra handling before the core, e.g. the watch-mode reload channel. */
  intercept?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

export interface PreviewServer {
  server: Server;
  url: string;
  /** Forgets the negotiation data read so far, after a rebuild swapped the folder. */
  reload(): Promise<void>;
  close(): Promise<void>;
}

export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const root = resolve(options.dir);
  let site = await openBuild(root);
  const listening = await listen({
    host: options.host,
    port: options.port,
    intercept: options.intercept,
    async handle(request) {
      // A request target that is not a path names nothing on this site.
      if (!request) return staticResponse(root, "/\0", false);
      return (await respond(request, site)) ?? staticResponse(root, new URL(request.url).pathname, request.method === "HEAD");
    },
  });
  return {
    server: listening.server,
    url: `${listening.origin}/`,
    async reload() {
      site = await openBuild(root);
    },
    close: listening.close,
  };
}
