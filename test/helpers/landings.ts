/**
 * Old addresses of a moved site held to the pages they lead to, on every
 * host: the preview server, Netlify's emulator and, where Wrangler is
 * installed, Cloudflare's runtime (the site built for it beside dist/).
 */
import { after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { sitegenHere, WRANGLER, type Running } from "./dist.ts";
import { startCloudflareHere, startNetlifyHere, startPreviewHere } from "./serve-here.ts";

const running: Running[] = [];
after(async () => {
  for (const host of running) await host.stop();
});

/**
 * Each old address, redirects followed, lands at its page with a 200 on
 * every host: the same status and title as the page's own address, and with
 * `samePath` the same path too. Netlify's emulator follows the 301 its edge
 * function answers (docs/content/pages/moving/old-addresses.md), and serves
 * `/x.html` from `/x/index.html` before any rule: there the old address shows
 * the page where it is.
 */
export async function answersOnEveryHost(
  site: string,
  landings: [from: string, to: string][],
  { samePath = false } = {},
): Promise<void> {
  const cloudflare = await sitegenHere(
    ["build", "--host", "cloudflare", "--out", "dist-cloudflare", "--quiet"],
    { cwd: site },
  );
  assert.equal(cloudflare.status, 0, cloudflare.stderr);
  const hosts: [string, () => Promise<Running>][] = [
    ["the preview server", () => startPreviewHere(join(site, "dist"))],
    ["Netlify's emulator", () => startNetlifyHere(join(site, "dist"))],
  ];
  if (WRANGLER.present)
    hosts.push(["Cloudflare's runtime", () => startCloudflareHere(join(site, "dist-cloudflare"))]);
  for (const [name, start] of hosts) {
    const host = await start();
    running.push(host);
    const shown = async (path: string) => {
      const response = await fetch(new URL(path, host.url), { headers: { accept: "text/html" } });
      const title = /<title>([^<]*)<\/title>/.exec(await response.text())?.[1];
      return { status: response.status, title, ...(samePath ? { url: new URL(response.url).pathname } : {}) };
    };
    for (const [from, to] of landings) {
      const [landed, page] = [await shown(from), await shown(to)];
      assert.equal(page.status, 200, `${name}: ${to}`);
      const expected = samePath && name === "Netlify's emulator" ? { ...page, url: from } : page;
      assert.deepEqual(landed, expected, `${name}: ${from} reaches the page at ${to}`);
    }
    await host.stop();
  }
}
