/** Types of the build plugin's hooks, for the tests that run them with Netlify's cache library. */
export { CACHE, onPostBuild, onPreBuild } from "../../src/hosts/netlify/cache-plugin.ts";
