// Netlify build plugin: keeps sitegen's build cache (`sitegen build --cache
// .sitegen-cache`) from one deploy to the next, through Netlify's own build
// cache (the `utils.cache` of @netlify/cache-utils). Netlify restores
// dependencies between builds, but not other folders of the checkout; this
// restores the cache folder before the build and saves it after a build that
// succeeded. sitegen checks what it finds there and never trusts a cache of
// another sitegen, or a damaged one.
export const CACHE = ".sitegen-cache";

export const onPreBuild = async ({ utils }) => {
  await utils.cache.restore(CACHE);
};

export const onPostBuild = async ({ utils }) => {
  // Moved, not copied: the build is done with it, and it holds a file per post page.
  await utils.cache.save(CACHE, { move: true });
};
