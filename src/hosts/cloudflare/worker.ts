/**
 * The Cloudflare host of the negotiation core (src/hosts/cdn.ts): a Worker
 * with static assets. Its configuration (src/hosts/cloudflare/config.ts) runs
 * it first on every document path and never on an asset; it reads the
 * negotiation data and static bodies through the `ASSETS` binding, which
 * serves the build's files with their `_headers` rules. Cloudflare applies no
 * `_headers` rule to a worker's own responses: the core sets every header.
 */
import { newSiteMemo } from "../../negotiation/site-data.ts";
import { answerThroughCdn } from "../cdn.ts";

/** The part of the worker's `env` this host uses: the static assets binding. */
export interface WorkerEnv {
  ASSETS: { fetch(request: Request): Promise<Response> };
}

export function workerHandler(): { fetch(request: Request, env: WorkerEnv): Promise<Response> } {
  // A worker's isolate serves one deployed version, whose files never change: read each once.
  const memo = newSiteMemo();
  return { fetch: (request, env) => answerThroughCdn(request, (each) => env.ASSETS.fetch(each), memo) };
}

/** The worker a site deploys (its `worker.js` re-exports it from `@sitegen/cli/cloudflare`). */
export default workerHandler();
