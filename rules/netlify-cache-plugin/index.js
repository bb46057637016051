// Netlify build plugin: keeps sitegen's build cache (.sitegen-cache) from one
// deploy to the next through Netlify's own build cache. It is sitegen's plugin
// (src/hosts/netlify/cache-plugin.ts, compiled to lib/netlify-plugin.js), as a
// site made by `init` has it from the installed package.
export { CACHE, onPostBuild, onPreBuild } from "../../lib/netlify-plugin.js";
