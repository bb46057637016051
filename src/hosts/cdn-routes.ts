/**
 * The paths a CDN serves without starting the negotiation core: files with
 * these extensions are assets (spec §7.4.2), never negotiated. Netlify's
 * netlify.toml lists them as the edge function's `excludedPath`, Cloudflare's
 * wrangler.jsonc as negated `run_worker_first` patterns; a test holds the
 * starter's netlify.toml to this list.
 */
export const ASSET_EXTENSIONS = [
  "css",
  "js",
  "mjs",
  "map",
  "png",
  "jpg",
  "jpeg",
  "gif",
  "webp",
  "avif",
  "svg",
  "ico",
  "woff",
  "woff2",
  "ttf",
  "otf",
  "pdf",
  "zip",
  "mp4",
  "webm",
  "mp3",
  "wasm",
  "webmanifest",
] as const;
