/**
 * `sitegen serve --watch --cloudflare` over real HTTP, on a Netlify site
 * given Cloudflare's files by `sitegen host add cloudflare`: it builds for
 * Cloudflare, serves through Cloudflare's own runtime (`wrangler dev`) behind
 * the watch session's server, and after an edit (a post's, which patches
 * the folder; a template's, which swaps in a whole build) answers with the
 * change as soon as the rebuild is done, and tells open pages to reload,
 * whose reload script the policy of Cloudflare's answers allows.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RELOAD_PATH, RELOAD_SCRIPT, RELOAD_SCRIPT_HASH } from "../src/hosts/preview/watch.ts";
import { ROOT, sitegen, tempDir, WRANGLER } from "./helpers/dist.ts";
import { listenToEvents, startServing, type PrintingServer } from "./helpers/preview.ts";

const skip = WRANGLER.present ? false : `wrangler is not installed: ${WRANGLER.install}`;

/** A new Netlify site with Cloudflare's files added, and sitegen and Wrangler where its package.json says to install them. */
function siteWithCloudflare(): string {
  const site = join(tempDir("sitegen-watch-cf-"), "harbour");
  assert.equal(sitegen(["init", site, "--no-install"]).status, 0);
  const added = sitegen(["host", "add", "cloudflare", "--no-install"], { cwd: site });
  assert.equal(added.status, 0, added.stderr);
  mkdirSync(join(site, "node_modules/@sitegen"), { recursive: true });
  symlinkSync(ROOT, join(site, "node_modules/@sitegen/cli"));
  symlinkSync(join(ROOT, "node_modules/wrangler"), join(site, "node_modules/wrangler"));
  // A post of a past day: the server runs on today's date, which the starter's sample post, dated by the test's epoch, is after.
  writeFileSync(
    join(site, "content/blog/tides.md"),
    '---\ntitle: "Tides"\ndescription: "Two a day."\ndate: 2025-06-01\n---\n\n## High water\n\nTwice a day.\n',
  );
  return site;
}

let site: string;
let server: PrintingServer | undefined;
before(async () => {
  if (skip) return;
  site = siteWithCloudflare();
  server = await startServing(["--watch", "--cloudflare", "--port", "0"], site);
});
after(async () => {
  await server?.stop();
});

test("serve --watch --cloudflare builds for Cloudflare and answers through its runtime, the reload script allowed", {
  skip,
}, async () => {
  assert.match(
    server!.output(),
    /Serving dist\/ through Cloudflare's runtime \(wrangler\) at http:\/\/127\.0\.0\.1:\d+\/ \(watching content\/ and templates\/; Ctrl\+C to stop\)/,
  );
  assert.match(
    readFileSync(join(site, "dist/_headers"), "utf8"),
    /The worker sets the same headers/,
    "Cloudflare's rules, though site.yaml names no host",
  );
  const page = await fetch(new URL("/about/", server!.url), { headers: { accept: "text/html" } });
  assert.equal(page.status, 200);
  assert.ok((await page.text()).includes(RELOAD_SCRIPT));
  assert.match(
    page.headers.get("content-security-policy") ?? "",
    new RegExp(`script-src ${RELOAD_SCRIPT_HASH.replace(/[+/]/g, "\\$&")}`),
  );
  assert.match(page.headers.get("link") ?? "", /<\/about\.md>; rel="alternate"; type="text\/markdown"/);
  // Cloudflare gives an asset a validator of its own; sitegen's preview server sends none.
  const asset = await fetch(new URL("/assets/site.css", server!.url));
  assert.equal(asset.status, 200);
  assert.match(asset.headers.get("etag") ?? "", /^"[0-9a-f]{32}"$/);
  const markdown = await fetch(new URL("/about/", server!.url), { headers: { accept: "text/markdown" } });
  assert.equal(markdown.headers.get("content-type"), "text/markdown; charset=utf-8");
});

test("an edited post and an edited template are answered as soon as each rebuild is done, and open pages are told to reload", {
  skip,
}, async () => {
  const events = await listenToEvents(new URL(RELOAD_PATH, server!.url).href);
  try {
    const post = join(site, "content/blog/tides.md");
    let from = server!.output().length;
    writeFileSync(post, readFileSync(post, "utf8").replace("## High water", "## High water, edited"));
    await server!.waitFor(/✓ rebuilt \d+ pages/, from, 60_000);
    const markdown = await (
      await fetch(new URL("/blog/tides/", server!.url), { headers: { accept: "text/markdown" } })
    ).text();
    assert.match(
      markdown,
      /^## High water, edited$/m,
      "the patched folder, as Cloudflare's runtime serves it once the rebuild is done",
    );
    assert.ok(events.text().includes("event: reload"));

    from = server!.output().length;
    const reloads = events.text().split("event: reload").length;
    const layout = join(site, "templates/post.html");
    writeFileSync(
      layout,
      readFileSync(layout, "utf8").replace("</article>", "<p>Edited template.</p>\n</article>"),
    );
    await server!.waitFor(/✓ built \d+ pages/, from, 60_000);
    const html = await (
      await fetch(new URL("/blog/tides/", server!.url), { headers: { accept: "text/html" } })
    ).text();
    assert.match(
      html,
      /<p>Edited template\.<\/p>/,
      "the swapped-in build, as Cloudflare's runtime serves it once the rebuild is done",
    );
    assert.ok(events.text().split("event: reload").length > reloads);
  } finally {
    events.close();
  }
});

test("--watch --cloudflare watches into the folder Cloudflare's runtime serves, and needs its configuration; --watch --netlify is refused", () => {
  const elsewhere = sitegen(["serve", "--watch", "--cloudflare", "--dir", "public", "--port", "0"], {
    cwd: siteWithCloudflare(),
  });
  assert.equal(elsewhere.status, 2);
  assert.match(elsewhere.stderr, /wrangler\.jsonc serves dist\/, and --dir is public/);
  const plain = join(tempDir("sitegen-watch-cf-"), "plain");
  assert.equal(sitegen(["init", plain, "--no-install"]).status, 0);
  const none = sitegen(["serve", "--watch", "--cloudflare", "--port", "0"], { cwd: plain });
  assert.equal(none.status, 2);
  assert.match(
    none.stderr,
    /no wrangler\.jsonc or wrangler\.json in [^\n]*plain\n {2}hint: .*\(`sitegen host add cloudflare` writes one\)/,
  );
  const netlify = sitegen(["serve", "--watch", "--netlify", "--port", "0"], { cwd: plain });
  assert.equal(netlify.status, 2);
  assert.match(netlify.stderr, /--netlify serves a finished build/);
});
