/**
 * `sitegen serve`: the preview server. It hands every request to the same
 * negotiation core as the Netlify edge function and plays the CDN for what the
 * core passes on, so `curl` against it behaves like the deployed site.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { resolve } from "node:path";
import { isDocumentPath, normalizePath } from "../negotiation/decide.ts";
import type { HeaderPolicy } from "../negotiation/headers.ts";
import { respond } from "../negotiation/respond.ts";
import { openBuild } from "./folder.ts";
import { takeFormSubmission } from "./forms.ts";
import { listen } from "./http.ts";
import { staticResponse } from "./static.ts";

export interface PreviewOptions {
  dir: string;
  host: string;
  port: number;
  /** Extra handling before the core, e.g. the watch-mode reload channel. */
  intercept?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** CSP hashes of inline scripts the served pages carry: the watch-mode reload script. */
  devScripts?: readonly string[];
  /** Where form submissions are printed; standard output by default. */
  log?: (text: string) => void;
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
  const log = options.log ?? ((text: string) => void process.stdout.write(`${text}\n`));
  const listening = await listen({
    host: options.host,
    port: options.port,
    intercept: options.intercept,
    async handle(request) {
      const policy: HeaderPolicy = { origin: (await site.negotiation()).baseUrl, devScripts: options.devScripts };
      // A request target that is not a path names nothing on this site.
      if (!request) return staticResponse(root, "/\0", false, policy);
      const answer = await respond(request, site, { devScripts: options.devScripts });
      if (answer) return answer;
      const { pathname } = new URL(request.url);
      // The core passes on a form's POST to a page: Netlify Forms takes it on Netlify, this stand-in here.
      if (request.method === "POST" && isDocumentPath(normalizePath(pathname))) return takeFormSubmission(request, { root, policy, log });
      return staticResponse(root, pathname, request.method === "HEAD", policy);
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
