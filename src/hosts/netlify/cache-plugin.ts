/**
 * Netlify build plugin: keeps sitegen's build cache (DEFAULT_CACHE) from one
 * deploy to the next with Netlify's own build cache, the `utils.cache` that
 * `@netlify/build` gives every plugin (`@netlify/cache-utils`). Netlify keeps
 * the dependencies between builds but no other folder of the checkout; this
 * restores the cache folder before the build and saves it after a build that
 * succeeded (Netlify runs `onPostBuild` only then). sitegen checks what it
 * finds there (src/write/cache.ts) and never trusts a cache of another
 * sitegen, or a damaged one.
 *
 * Netlify keeps one build cache for a site, whatever the deploy. A deploy
 * preview builds a pull request, which may come from anyone; a cache it
 * saved would be what production's next build starts from. So each deploy
 * context (Netlify's CONTEXT: production, deploy-preview, branch-deploy)
 * keeps a cache of its own, under a name of its own in Netlify's cache, and
 * a deploy preview saves none: it starts from production's, and leaves it
 * as it was. A site whose previews are its own (no pull requests from
 * forks) may let them keep theirs with SITEGEN_PREVIEW_CACHE=save.
 *
 * `init` writes a local plugin that re-exports this one
 * (netlify/plugins/sitegen-cache) and declares it in netlify.toml; compiled
 * alone into lib/netlify-plugin.js, exported as `@sitegen/cli/netlify-plugin`.
 */
import { existsSync, renameSync } from "node:fs";
import { DEFAULT_CACHE } from "../../write/cache-folder.ts";

/** What a plugin's event handler is given, as far as this plugin uses it (https://docs.netlify.com/extend/develop-and-share/develop-build-plugins/). */
export interface PluginOptions {
  utils: {
    cache: {
      restore(path: string): Promise<boolean>;
      save(path: string, options?: { move?: boolean }): Promise<boolean>;
    };
  };
}

export const CACHE = DEFAULT_CACHE;

/**
 * The deploy context, as Netlify's CONTEXT names it
 * (docs.netlify.com, "Build environment variables"); a name of any other
 * shape is kept apart under `other`. Netlify sets it on every build, and
 * `netlify build` run by hand builds production's.
 */
export function contextOf(env: NodeJS.ProcessEnv): string {
  const context = env.CONTEXT ?? "production";
  return /^[a-z][a-z-]{0,30}$/.test(context) ? context : "other";
}

/** Where a context's cache is kept in Netlify's: a folder name of the checkout, which Netlify's cache keys by. */
export function keptAs(context: string): string {
  return `${CACHE}-${context}`;
}

/** Whether this build saves its cache: every context's but a deploy preview's, unless the site says its previews are its own. */
function saves(context: string, env: NodeJS.ProcessEnv): boolean {
  return context !== "deploy-preview" || env.SITEGEN_PREVIEW_CACHE === "save";
}

export async function onPreBuild(
  { utils }: PluginOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  if (existsSync(CACHE)) {
    console.log(
      `sitegen: the checkout has a ${CACHE}/ of its own: the build checks it as any other, and Netlify's is not restored over it`,
    );
    return;
  }
  const context = contextOf(env);
  // A preview that saves none starts from production's: restored as a copy, which its build cannot change in Netlify's cache.
  const from = saves(context, env) ? [context] : [context, "production"];
  for (const source of from) {
    if (!(await utils.cache.restore(keptAs(source)))) continue;
    renameSync(keptAs(source), CACHE);
    console.log(`sitegen: the build cache ${CACHE}/ is restored from Netlify's build cache (${source}'s)`);
    return;
  }
  console.log(
    `sitegen: no build cache in Netlify's build cache yet for ${context}; this build fills ${CACHE}/`,
  );
}

export async function onPostBuild(
  { utils }: PluginOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const context = contextOf(env);
  if (!saves(context, env)) {
    console.log(
      `sitegen: the build cache ${CACHE}/ is not saved: a deploy preview builds a pull request, which may come from anyone, and production must not start from what it left (SITEGEN_PREVIEW_CACHE=save keeps previews' caches, apart from production's)`,
    );
    return;
  }
  if (!existsSync(CACHE)) {
    console.log(
      `sitegen: no build cache to save (${CACHE}/ is missing: a build with --no-cache or another --cache folder)`,
    );
    return;
  }
  renameSync(CACHE, keptAs(context));
  // Moved, not copied: the build is done with it, and it holds a file per post page.
  const saved = await utils.cache.save(keptAs(context), { move: true });
  console.log(
    saved
      ? `sitegen: the build cache ${CACHE}/ is saved in Netlify's build cache (${context}'s)`
      : `sitegen: the build cache ${CACHE}/ could not be saved in Netlify's build cache`,
  );
}
