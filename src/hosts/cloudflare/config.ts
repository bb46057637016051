/**
 * A site's Wrangler configuration for Cloudflare: a Worker with static
 * assets, the kind of project Cloudflare steers new sites to (Pages'
 * `_worker.js` still works, but gets new features last). The build folder is
 * the assets; the worker (src/hosts/cloudflare/worker.ts) runs first on every
 * path but an asset's, as Netlify's edge function is declared in
 * netlify.toml, so the negotiation core answers every document path and an
 * asset never starts the worker.
 */
import { ASSET_EXTENSIONS } from "../cdn-routes.ts";

/**
 * Cloudflare's runtime refuses a compatibility date newer than its own build,
 * so the date is pinned, never "today": a date the `wrangler` sitegen is
 * tested with supports, and Cloudflare's deploys accept any past date.
 */
export const COMPATIBILITY_DATE = "2026-04-01";

/** The Wrangler that `sitegen serve --cloudflare` was proven with; see docs/content/pages/deploy/cloudflare.md. */
export const WRANGLER_INSTALL = "npm install --save-dev wrangler@4";

/** What a site's `worker.js` holds: the worker from the installed sitegen, which never changes with the content. */
export const WORKER_ENTRY = [
  "// Cloudflare worker: sitegen's content negotiation and error bodies for every",
  "// document path, from the installed package. wrangler.jsonc runs it first on",
  "// every path but an asset's. It reads what it needs from the published files,",
  "// so it never changes with the content.",
  'export { default } from "@sitegen/cli/cloudflare";',
  "",
].join("\n");

export interface WranglerOptions {
  /** The Worker's name on Cloudflare: the site's package name. */
  name: string;
  /** The worker module, relative to the configuration. */
  main: string;
  /** The build folder, relative to the configuration. */
  assets: string;
}

export function wranglerConfig(options: WranglerOptions): string {
  const config = {
    $schema: "node_modules/wrangler/config-schema.json",
    name: options.name,
    main: options.main,
    compatibility_date: COMPATIBILITY_DATE,
    assets: {
      directory: options.assets,
      binding: "ASSETS",
      // The worker first on every path, assets excepted: the core answers documents, the CDN assets.
      run_worker_first: ["/*", ...ASSET_EXTENSIONS.map((extension) => `!/*.${extension}`)],
      // A missing asset gets the site's 404 page, as on Netlify.
      not_found_handling: "404-page",
    },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
