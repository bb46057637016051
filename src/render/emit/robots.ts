/**
 * /robots.txt: allows every crawler, AI crawlers included, and names the
 * sitemap. Spec §8.3 keeps it at about 100 bytes so that a larger body reveals
 * a CDN rewriting it.
 */
import type { Manifest } from "../../manifest/manifest.ts";

export function robotsTxt(manifest: Manifest): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${manifest.surface.sitemap.url}\n`;
}
