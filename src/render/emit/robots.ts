/**
 * /robots.txt: allows every crawler, AI crawlers included, and names the
 * sitemap. Spec §8.3 keeps it at about 100 bytes so that a larger body reveals
 * a CDN rewriting it. A site's Content Signals (src/render/page/content-signal.ts)
 * go in the `User-agent: *` group, as the Content Signals Policy places them,
 * when the file still fits: every Markdown response carries them as a header
 * either way (src/negotiation/headers.ts).
 */
import type { Manifest } from "../../manifest/manifest.ts";
import { ROBOTS_TXT_MAX } from "../../plan/budgets.ts";
import { contentSignal } from "../page/content-signal.ts";

export function robotsTxt(manifest: Manifest): string {
  const plain = `User-agent: *\nAllow: /\n\nSitemap: ${manifest.surface.sitemap.url}\n`;
  const signal = contentSignal(manifest.site);
  if (!signal) return plain;
  const signed = `User-agent: *\nContent-Signal: ${signal}\nAllow: /\n\nSitemap: ${manifest.surface.sitemap.url}\n`;
  return Buffer.byteLength(signed) <= ROBOTS_TXT_MAX ? signed : plain;
}
