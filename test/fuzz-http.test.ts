/**
 * Every host of a built site under hostile requests: the preview server,
 * Netlify's emulator and Cloudflare's runtime, each started once over a site
 * with old addresses in every encoding, a post with its own files and the
 * contact form, beside files outside the build folder that no answer may
 * hold. First the old addresses of percent-encoded reserved characters, on
 * every host; then the seeded fuzz (fuzz/http.ts), a few hundred requests a
 * host with a fixed seed (`npm run fuzz` runs thousands with a seed from the
 * clock): no 5xx, nothing from outside the build, an answer from sitegen's
 * own front to every request, no host dying, memory bounded.
 */
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fuzzedHosts, withMcp } from "../fuzz/hosts.ts";
import { fuzzHost } from "../fuzz/http.ts";
import type { FuzzedSite } from "../fuzz/http-requests.ts";
import { formatHostReport } from "../fuzz/http-report.ts";
import { routeTable, type Running } from "./helpers/dist.ts";
import { sitegenIn, tempProject } from "./helpers/project.ts";

const SEED = Number(process.env.SITEGEN_FUZZ_SEED ?? 20261125);
/** Requests a host: Netlify's emulator takes about a quarter second for each, the others a few milliseconds. */
const REQUESTS: Record<string, number> = { preview: 400, netlify: 60, cloudflare: 200 };
const MAX_BODY_BYTES = 256 * 1024;

/** Old addresses of the kinds the issue found dead: percent-encoded reserved characters, and the rest of what a path may hold. */
export const ALIASES = [
  "/c%2B%2B-tips/",
  "/a%2Cb/",
  "/q%3Fx/",
  "/h%23x/",
  "/plus+sign/",
  "/sp%20ace/",
  "/caf%C3%A9/",
  "/x[1]/",
];

/** A site with every kind of old address, built in a project folder beside a file no answer may hold. */
async function fuzzSite(): Promise<{ dist: string; distForCloudflare: string; site: FuzzedSite }> {
  const project = tempProject();
  withMcp(project);
  const canary = `canary-${SEED}-outside-the-build`;
  writeFileSync(
    join(project, "content/blog/cpp.md"),
    `---\ntitle: "C++ tips"\ndescription: "Old addresses in every encoding."\ndate: 2025-01-01\naliases: ${JSON.stringify(ALIASES)}\n---\n\nText.\n`,
  );
  const folder = join(project, "content/blog/with-a-picture");
  mkdirSync(folder);
  writeFileSync(
    join(folder, "index.md"),
    `---\ntitle: "With a picture"\ndescription: "A post with its own file, at an old folder address."\ndate: 2025-01-02\naliases: ["/c%2B%2B/gallery/"]\n---\n\n![A dot](dot.png)\n`,
  );
  writeFileSync(
    join(folder, "dot.png"),
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  );
  for (const host of ["netlify", "cloudflare"]) {
    const build = await sitegenIn(project, [
      "build",
      "--quiet",
      "--host",
      host,
      "--out",
      host === "netlify" ? "dist" : "dist-cloudflare",
    ]);
    assert.equal(build.status, 0, build.stderr);
  }
  writeFileSync(join(project, "canary.txt"), `${canary}\n`);
  const dist = join(project, "dist");
  const table = routeTable(dist);
  const known = [
    ...Object.keys(table.pages),
    ...Object.keys(table.files),
    ...ALIASES,
    "/assets/site.css",
    "/blog/with-a-picture/dot.png",
    "/c++/gallery/dot.png",
  ];
  return {
    dist,
    distForCloudflare: join(project, "dist-cloudflare"),
    site: { known, canary, form: { path: "/contact/", name: "enquiry" }, mcp: true },
  };
}

const built = await fuzzSite();
const { dist, distForCloudflare, site } = built;
const HOSTS = fuzzedHosts({ dist, distForCloudflare, canary: site.canary, restartNetlifyEvery: 1000 });

/** Each host started once: the old addresses are asked of it first, then the fuzz goes on with it. */
const running = new Map<string, Running>();
before(async () => {
  const started = await Promise.allSettled(
    HOSTS.map(async (host) => running.set(host.name, await host.start())),
  );
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    // The others are stopped: a host left running would keep the test process from ending.
    for (const host of running.values()) await host.stop();
    throw failed.reason;
  }
});
after(async () => {
  for (const host of running.values()) await host.stop();
});

describe("old addresses of percent-encoded reserved characters, on every host", () => {
  it("writes each in _redirects as its host matches it: decoded for Netlify, the post's files' encoded for Cloudflare", () => {
    const cloudflare = readFileSync(join(distForCloudflare, "_redirects"), "utf8");
    assert.ok(
      cloudflare.includes("\n/c%2B%2B/gallery/dot.png /blog/with-a-picture/dot.png 301\n"),
      cloudflare,
    );
    const netlify = readFileSync(join(dist, "_redirects"), "utf8");
    for (const rule of [
      "/c++-tips/ /blog/cpp/ 301",
      "/a,b/ /blog/cpp/ 301",
      "/q?x/ /blog/cpp/ 301",
      "/h#x/ /blog/cpp/ 301",
      "/café/ /blog/cpp/ 301",
      "/x[1]/ /blog/cpp/ 301",
      "/c++/gallery/dot.png /blog/with-a-picture/dot.png 301",
    ]) {
      assert.ok(netlify.includes(`\n${rule}\n`), `${rule} in:\n${netlify}`);
    }
    assert.doesNotMatch(netlify, /%25|\/sp ace\//, "no escape escaped again, and no rule a space would cut");
  });

  it("answers each, written either way, with the post: 301 on the preview server and Cloudflare's runtime (whose emulator for Netlify follows it)", async () => {
    const requests = [
      "/c%2B%2B-tips/",
      "/c++-tips/",
      "/c%2b%2b-tips/",
      "/c++-tips",
      "/a%2Cb/",
      "/a,b/",
      "/q%3Fx/",
      "/h%23x/",
      "/plus+sign/",
      "/plus%2Bsign/",
      "/sp%20ace/",
      "/caf%C3%A9/",
      "/café/",
      "/x[1]/",
      "/x%5B1%5D/",
    ];
    for (const [name, host] of running) {
      for (const path of requests) {
        const response = await fetch(new URL(host.url).origin + path, { redirect: "manual" });
        const text = await response.text();
        // Netlify's emulator follows a redirect its edge function answers (docs: Old addresses): the post itself.
        if (name === "netlify")
          assert.ok(
            response.status === 200 && text.includes("C++ tips"),
            `${name} ${path}: ${response.status}`,
          );
        else
          assert.deepEqual(
            [response.status, response.headers.get("location")],
            [301, "/blog/cpp/"],
            `${name} ${path}`,
          );
      }
    }
  });

  it("sends a post's own file at its old folder address, written either way, to its new one", async () => {
    for (const [name, host] of running) {
      for (const path of ["/c++/gallery/dot.png", "/c%2B%2B/gallery/dot.png"]) {
        let response = await fetch(new URL(host.url).origin + path, { redirect: "manual" });
        // Cloudflare answers the form its rule is not written in with a 307 to the form it is.
        if (name === "cloudflare" && response.status === 307)
          response = await fetch(new URL(response.headers.get("location")!, host.url), {
            redirect: "manual",
          });
        assert.equal(response.status, 301, `${name} ${path}`);
        assert.equal(
          new URL(response.headers.get("location")!, host.url).pathname,
          "/blog/with-a-picture/dot.png",
          `${name} ${path}`,
        );
      }
    }
  });
});

describe(`the HTTP fuzz (seed ${SEED})`, () => {
  /** Memory each host may hold, all its processes together: far above what a well-behaved host needs (Netlify's emulator holds about 8 MB a request). */
  const BOUNDS_MB: Record<string, number> = { preview: 400, netlify: 1500, cloudflare: 1500 };
  for (const host of HOSTS) {
    // A bound on a hang, not a measure of speed: a few hundred requests take seconds.
    it(`${host.name}, ${REQUESTS[host.name]} requests: no 5xx of sitegen's, nothing from outside the build, no death, memory bounded`, {
      timeout: 180_000,
    }, async () => {
      const report = await fuzzHost(host, site, {
        seed: SEED,
        requests: REQUESTS[host.name],
        maxBodyBytes: MAX_BODY_BYTES,
        running: running.get(host.name),
      });
      console.log(formatHostReport(report));
      assert.deepEqual(report.failures, []);
      assert.deepEqual(report.restarts, [], "the host never died");
      assert.ok(
        report.peakRssBytes < BOUNDS_MB[host.name] * 1024 * 1024,
        `${host.name} held ${report.peakRssBytes} bytes`,
      );
    });
  }
});
