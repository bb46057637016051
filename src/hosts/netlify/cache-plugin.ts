/**
 * Netlify build plugin: keeps sitegen's build cache (DEFAULT_CACHE) from one
 * deploy to the next with Netlify's own build cache, the `utils.cache` that
 * `@netlify/build` gives every plugin (`@netlify/cache-utils`). Netlify keeps
 * the dependencies between builds but no other folder of the checkout; this
 * restores the cache folder before the build and saves it after a build that
 * succeeded (Netlify runs `onPostBuild` only then). sitegen checks what it
 * finds there and never trusts a cache of another sitegen, or a damaged one.
 *
 * `init` writes a local plugin that re-exports this one
 * (netlify/plugins/sitegen-cache) and declares it in netlify.toml; compiled
 * alone into lib/netlify-plugin.js, exported as `@sitegen/cli/netlify-plugin`.
 */
import { DEFAULT_CACHE } from "../../write/cache-folder.ts";

/** What a plugin's event handler is given, as far as this plugin uses it (https://docs.netlify.com/extend/develop-and-share/develop-build-plugins/). */
export interface PluginOptions {
  utils: { cache: { restore(path: string): Promise<boolean>; save(path: string, options?: { move?: boolean }): Promise<boolean> } };
}

export const CACHE = DEFAULT_CACHE;

export async function onPreBuild({ utils }: PluginOptions): Promise<void> {
  const restored = await utils.cache.restore(CACHE);
  console.log(restored ? `sitegen: the build cache ${CACHE}/ is restored from Netlify's build cache` : `sitegen: no build cache in Netlify's build cache yet; this build fills ${CACHE}/`);
}

export async function onPostBuild({ utils }: PluginOptions): Promise<void> {
  // Moved, not copied: the build is done with it, and it holds a file per post page.
  const saved = await utils.cache.save(CACHE, { move: true });
  console.log(saved ? `sitegen: the build cache ${CACHE}/ is saved in Netlify's build cache` : `sitegen: no build cache to save (${CACHE}/ is missing: a build with --no-cache or another --cache folder)`);
}
