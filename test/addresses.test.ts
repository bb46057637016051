/**
 * Addresses people type: a page's address without its slash (`/about`) is a
 * 301 to the page (`/about/`) on every host, for every page, post, listing
 * and tag page, of the example site and of a new site; a slashless path that
 * is no page's stays a 404. The HTML 404 page names the closest addresses,
 * as the Markdown 404 does. Through the preview server, Netlify's emulator
 * and Cloudflare's runtime, each serving the real CLI's build.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HtmlValidate } from "html-validate";
import { builtSite, routeTable, sitegen, tempDir, WRANGLER, type Running } from "./helpers/dist.ts";
import { exchange } from "./helpers/host-parity.ts";
import { startCloudflareHere, startNetlifyHere, startPreviewHere } from "./helpers/serve-here.ts";
import { starterSite } from "./helpers/starter.ts";

const skip = WRANGLER.present ? false : `wrangler is not installed: ${WRANGLER.install}`;

/**
 * `dist` built again for Cloudflare, into a folder of its own, and without the build cache: the new site's folder is
 * the whole run's (test/helpers/starter.ts), which every other file only reads.
 */
function builtForCloudflare(cwd: string | undefined): string {
  const out = join(tempDir(), "dist");
  const result = sitegen(
    ["build", "--host", "cloudflare", "--out", out, "--quiet", "--no-cache"],
    cwd === undefined ? {} : { cwd },
  );
  if (result.status !== 0) throw new Error(`build failed:\n${result.stderr}`);
  return out;
}

const manual = (method = "GET", accept?: string): RequestInit => ({
  method,
  redirect: "manual",
  headers: accept === undefined ? {} : { accept },
});

interface Hosts {
  preview: Running;
  netlify: Running;
  cloudflare: Running;
}

for (const [name, site] of [
  ["the example site", () => ({ dist: builtSite(), cloudflare: builtForCloudflare(undefined) })],
  [
    "a new site with tags, two listing pages and nested pages",
    () => ({ dist: starterSite().dist, cloudflare: builtForCloudflare(starterSite().root) }),
  ],
] as const) {
  describe(name, { skip }, () => {
    let hosts: Hosts;
    let pages: string[];
    let built: string;
    let running: Running[] = [];
    before(async () => {
      const { dist, cloudflare } = site();
      built = dist;
      pages = Object.keys(routeTable(dist).pages)
        .filter((path) => path !== "/")
        .sort();
      running = await Promise.all([
        startPreviewHere(dist),
        startNetlifyHere(dist),
        startCloudflareHere(cloudflare),
      ]);
      const [preview, netlify, worker] = running;
      hosts = { preview, netlify, cloudflare: worker };
    });
    after(async () => {
      await Promise.all(running.map((each) => each.stop()));
    });

    it("has pages, posts, listings and tag pages to ask for", () => {
      assert.ok(pages.includes("/blog/"), "the blog's listing");
      assert.ok(pages.filter((path) => /^\/blog\/[^/]+\/$/.test(path)).length >= 2, "posts");
      if (name.startsWith("a new site")) {
        assert.ok(pages.includes("/blog/page/2/"), "a second listing page");
        assert.ok(
          pages.some((path) => /^\/tags\/[^/]+\/$/.test(path)),
          "a tag page",
        );
      }
    });

    it("answers every page's address without its slash with a 301 to the page, relative, on the preview server and Cloudflare's runtime alike", async () => {
      for (const page of pages) {
        const slashless = page.slice(0, -1);
        for (const accept of [undefined, "text/html", "text/markdown", "application/json"]) {
          const ours = await exchange(hosts.preview.url, slashless, manual("GET", accept));
          const label = `${slashless} Accept: ${accept}`;
          assert.equal(ours.status, 301, label);
          assert.equal(ours.headers.location, page, label);
          assert.equal(ours.headers["cache-control"], "public, max-age=0, must-revalidate", label);
          assert.equal(ours.headers["x-content-type-options"], "nosniff", label);
          assert.equal(ours.body.length, 0, label);
          const theirs = await exchange(hosts.cloudflare.url, slashless, manual("GET", accept));
          assert.equal(theirs.status, 301, `Cloudflare ${label}`);
          assert.deepEqual(theirs.headers, ours.headers, `Cloudflare ${label}`);
        }
      }
    });

    it("answers HEAD alike, and keeps the query", async () => {
      const [page] = pages;
      for (const base of [hosts.preview.url, hosts.cloudflare.url]) {
        const head = await exchange(base, page.slice(0, -1), manual("HEAD", "text/html"));
        assert.equal(head.status, 301);
        assert.equal(head.headers.location, page);
        const query = await exchange(base, `${page.slice(0, -1)}?utm_source=mail&x=1`, manual());
        assert.equal(query.status, 301);
        assert.equal(query.headers.location, `${page}?utm_source=mail&x=1`);
      }
    });

    it("through Netlify's edge function too: the emulator follows the function's 301, so the slashless address shows the page itself", async () => {
      // @netlify/dev follows a redirect its edge function answers (docs/content/pages/moving/old-addresses.md); a 404 would show as one.
      for (const page of pages) {
        const shown = await exchange(hosts.netlify.url, page.slice(0, -1), manual("GET", "text/markdown"));
        const direct = await exchange(hosts.preview.url, page, manual("GET", "text/markdown"));
        assert.equal(shown.status, 200, page);
        assert.ok(shown.body.equals(direct.body), `${page}: the page's own Markdown`);
      }
    });

    it("keeps a slashless path that is no page's a 404 on every host", async () => {
      for (const path of ["/no-such-page", "/blog/no-such-post", "/tags/no-such-tag"]) {
        for (const [host, running] of Object.entries(hosts)) {
          for (const accept of [undefined, "text/markdown", "text/html"]) {
            const response = await exchange(running.url, path, manual("GET", accept));
            assert.equal(response.status, 404, `${host} ${path} Accept: ${accept}`);
          }
        }
      }
    });

    it("offers the closest addresses on the HTML 404 page, as the Markdown 404 lists them", async () => {
      const post = pages.find((path) => /^\/blog\/[^/]+\/$/.test(path) && path !== "/blog/page/")!;
      const typo = `${post.slice(0, -2)}x/`;
      for (const [host, running] of Object.entries(hosts)) {
        const html = await exchange(running.url, typo, manual("GET", "text/html"));
        assert.equal(html.status, 404, `${host} ${typo}`);
        const text = html.body.toString("utf8");
        assert.match(
          text,
          /The published posts whose addresses are closest to <code>/,
          `${host}: the closest posts`,
        );
        assert.ok(text.includes(`<a href="${post}">`), `${host}: ${post} among them`);
        assert.ok(!text.includes("sitegen:closest"), `${host}: the mark is filled`);
        const markdown = await exchange(running.url, typo, manual("GET", "text/markdown"));
        assert.match(
          markdown.body.toString("utf8"),
          /## Closest posts/,
          `${host}: the Markdown 404 names them too`,
        );
        const upper = await exchange(running.url, pages[0].toUpperCase(), manual("GET", "text/html"));
        if (upper.status === 404)
          assert.ok(
            upper.body.toString("utf8").includes(`The page you asked for is at <a href="${pages[0]}">`),
            `${host}: the page a near miss meant`,
          );
      }
    });

    it("keeps the HTML 404 page as valid as the build wrote it, the closest addresses filled in (html-validate's recommended rules, as the pages are held to them)", async () => {
      const post = pages.find((path) => /^\/blog\/[^/]+\/$/.test(path))!;
      const validator = new HtmlValidate({
        extends: ["html-validate:recommended"],
        rules: { "valid-id": ["error", { relaxed: true }], "long-title": "off" },
      });
      const messages = async (html: string) =>
        (await validator.validateString(html)).results.flatMap((result) =>
          result.messages.map((message) => `${message.ruleId}: ${message.message}`),
        );
      const written = await messages(readFileSync(join(built, "404.html"), "utf8"));
      for (const path of [`${post.slice(0, -2)}x/`, pages[0].toUpperCase(), "/no-such-page/"]) {
        const html = await exchange(hosts.preview.url, path, manual("GET", "text/html"));
        assert.equal(html.status, 404, path);
        assert.ok(html.body.toString("utf8").includes("<a href="), path);
        assert.deepEqual(await messages(html.body.toString("utf8")), written, path);
      }
    });

    it("names a post's title on the HTML 404 escaped, and the path asked for unable to open markup", async () => {
      const response = await exchange(hosts.preview.url, "/blog/%3Cscript%3Ex/", manual("GET", "text/html"));
      assert.equal(response.status, 404);
      const text = response.body.toString("utf8");
      assert.ok(!text.includes("<script>x"), "the path is escaped");
      assert.match(text, /<code>\/blog\/%3Cscript%3Ex\/<\/code>/);
    });
  });
}
