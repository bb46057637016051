/**
 * `sitegen serve`: the preview server. It hands every request to the same
 * negotiation core as the Netlify edge function and plays the CDN for what the
 * core passes on, so `curl` against it behaves like the deployed site.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { resolve } from "node:path";
import { isDocumentPath, normalizePath } from "../../negotiation/decide.ts";
import { securityHeaders, type HeaderPolicy } from "../../negotiation/headers.ts";
import { respond } from "../../negotiation/respond.ts";
import type { SiteData } from "../../negotiation/site-data.ts";
import { openBuild } from "./folder.ts";
import { takeFormSubmission } from "./forms.ts";
import { listen } from "./http.ts";
import { staticResponse, unfitResponse } from "./static.ts";

export interface PreviewOptions {
  dir: string;
  host: string;
  port: number;
  /** Extra handling before the core, e.g. the watch-mode reload channel. */
  intercept?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** CSP hashes of inline scripts the served pages carry: the watch-mode reload script. */
  devScripts?: readonly string[];
  /**
   * What answers instead of the core, for a host of its own behind this
   * server (`serve --watch --cloudflare`: Cloudflare's runtime). Its pages'
   * policy is this server's, `devScripts` allowed.
   */
  upstream?: (request: Request) => Promise<Response>;
  /** Where form submissions are printed; standard output by default. */
  log?: (text: string) => void;
  /**
   * Called inside each change made `exclusively`, once the folder has changed and before its
   * negotiation data is read again: the moment a request answered without waiting would pair the
   * new files with the old ETags. The tests send a request there, to show that it waits.
   */
  whileChanging?: () => Promise<void>;
}

export interface PreviewServer {
  server: Server;
  url: string;
  /** Forgets the negotiation data read so far, after a rebuild swapped the folder. */
  reload(): Promise<void>;
  /**
   * Runs `change` (a rebuild's writes into the folder) while requests wait,
   * then reloads: every request sees the folder before the change or after
   * it, never in between.
   */
  exclusively(change: () => void | Promise<void>): Promise<void>;
  /** Requests waiting, this moment, for a change to end. */
  readonly waiting: number;
  close(): Promise<void>;
}

/** Where a file the site had at `path` went, as the CDN's `_redirects` rules say (src/manifest/redirects.ts). */
async function movedFile(site: SiteData, path: string): Promise<string | undefined> {
  const { redirects } = await site.routesFor(path);
  return redirects && Object.hasOwn(redirects, path) ? redirects[path] : undefined;
}

/** An upstream's answer with this server's Content-Security-Policy where it sent one: the same policy, its dev scripts allowed. */
function withPolicy(response: Response, policy: HeaderPolicy): Response {
  if (!response.headers.has("content-security-policy")) return response;
  const headers = new Headers(response.headers);
  headers.set("content-security-policy", securityHeaders(policy)["Content-Security-Policy"]);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const root = resolve(options.dir);
  let site = await openBuild(root);
  // Requests in flight, and a change waiting for them to finish; new requests wait for the change.
  let inFlight = 0;
  let drained: (() => void) | undefined;
  let changing: Promise<void> | undefined;
  let waiting = 0;
  const log = options.log ?? ((text: string) => void process.stdout.write(`${text}\n`));
  const listening = await listen({
    host: options.host,
    port: options.port,
    intercept: options.intercept,
    handle: (request) => betweenChanges(() => answer(request)),
    unfit: (what) => betweenChanges(async () => unfitResponse(what, root, site, await policyOf(site))),
  });
  /** Runs one request's answer while no change is being swapped in. */
  async function betweenChanges(answering: () => Promise<Response>): Promise<Response> {
    while (changing) {
      waiting++;
      await changing.finally(() => waiting--);
    }
    inFlight++;
    try {
      return await answering();
    } finally {
      if (--inFlight === 0) drained?.();
    }
  }
  async function policyOf(data: SiteData): Promise<HeaderPolicy> {
    const { origin, immutable, security } = await data.negotiation();
    return { origin, immutable, devScripts: options.devScripts, sources: security };
  }
  async function answer(request: Request): Promise<Response> {
    const policy = await policyOf(site);
    if (options.upstream) return withPolicy(await options.upstream(request), policy);
    const answered = await respond(request, site, { devScripts: options.devScripts });
    if (answered) return answered;
    const { pathname } = new URL(request.url);
    // The core passes on a form's POST to a page: Netlify Forms takes it on Netlify, this stand-in here.
    if (request.method === "POST" && isDocumentPath(normalizePath(pathname)))
      return takeFormSubmission(request, { root, policy, log });
    return staticResponse(root, pathname, request.method === "HEAD", policy, (path) => movedFile(site, path));
  }

  return {
    server: listening.server,
    url: `${listening.origin}/`,
    async reload() {
      site = await openBuild(root);
    },
    async exclusively(change) {
      while (changing) await changing;
      let done!: () => void;
      changing = new Promise((resolve) => (done = resolve));
      try {
        if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
        drained = undefined;
        await change();
        await options.whileChanging?.();
        site = await openBuild(root);
      } finally {
        changing = undefined;
        done();
      }
    },
    get waiting() {
      return waiting;
    },
    close: listening.close,
  };
}
