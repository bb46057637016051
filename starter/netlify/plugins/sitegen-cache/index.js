// Netlify build plugin, declared in netlify.toml: keeps sitegen's build cache
// (.sitegen-cache) between deploys with Netlify's own build cache, so a deploy
// renders only the posts that changed. From the installed package.
export { onPreBuild, onPostBuild } from "@sitegen/cli/netlify-plugin";
