/**
 * Where `sitegen build` keeps its build cache (src/write/cache.ts) when
 * `--cache` does not say: a folder of its own in the working folder, which
 * `init`'s `.gitignore` leaves out. Not inside `node_modules` (where
 * find-cache-dir's convention would put it): `npm ci` removes that folder
 * before it installs, Netlify drops it with its dependency cache when the
 * lockfile changes, and sitegen never writes into its own installation (a
 * read-only `node_modules` builds). No CI keeps a folder of the checkout
 * unless told: Netlify's build plugin (src/hosts/netlify/cache-plugin.ts)
 * saves and restores this one with Netlify's own cache, and the deploy pages
 * of the docs give the lines for GitHub Actions and Cloudflare's builds.
 */
export const DEFAULT_CACHE = ".sitegen-cache";
