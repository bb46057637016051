/**
 * /robots.txt: allows every crawler, AI crawlers included, and names the
 * sitemap. Spec §8.3 keeps it at about 100 bytes so that a larger body reveals
 * a CDN rewriting it.
 */
import { absoluteUrl, type Manifest } from "../manifest.ts";

export const ROBOTS_MAX_BYTES = 100;

export function robotsTxt(manifest: Manifest): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(manifest, "/sitemap.xml")}\n`;
}
