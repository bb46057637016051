// Netlify edge function: content negotiation and negotiated errors for every
// document path. Its route is declared in netlify.toml, where Netlify's
// bundler reads it without running this module. The handler is sitegen's
// Netlify host (src/hosts/netlify/edge.ts), compiled with what it imports
// into one ES module, and it imports no build output: it reads the
// negotiation data from the deploy's static files, so it is the same for any
// number of posts.
export { default } from "../../lib/edge.js";
