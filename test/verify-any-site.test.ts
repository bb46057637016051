/**
 * `sitegen verify` holds any site to the surface, not only the example: a
 * site made by `init`, with tags, two pages of its blog, a nested page and a
 * translation, is read from what it publishes (its OpenAPI description names
 * its pages, listings and tag pages) and passes every check on the preview
 * server, Netlify's emulator and Cloudflare's runtime. Behind a proxy in front
 * of the preview server that breaks one rule at a time, each check fails on
 * its own breakage (test/helpers/breakages.ts, the table the example site is
 * held to in test/verify.test.ts), and the page-set check names a page the
 * sitemap leaves out or adds. The example site is still held to the spec's
 * closed set of fixed pages.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ALL_CHECKS } from "../src/verify/checks/index.ts";
import {
  sitegen,
  startCloudflareRuntime,
  startNetlifyEmulator,
  startPreviewServer,
  WRANGLER,
  type Running,
} from "./helpers/dist.ts";
import { startBreakingProxy, type Breakage } from "./helpers/breaking-proxy.ts";
import { BREAKAGES, breakages, readSite } from "./helpers/breakages.ts";
import { initSite, STARTER_BLOG_POSTS } from "./helpers/starter.ts";
import { verifyFailures } from "./helpers/verify.ts";

const root = initSite("verified");
cpSync(STARTER_BLOG_POSTS, join(root, "content/blog"), { recursive: true });
mkdirSync(join(root, "content/pages/docs"), { recursive: true });
writeFileSync(
  join(root, "content/pages/docs/install.md"),
  "---\ntitle: Install\ndescription: How to install the site's tools, step by step, on a machine of your own.\n---\n\nFirst the tools, then the site.\n",
);
writeFileSync(
  join(root, "content/pages/about.fr.md"),
  "---\ntitle: À propos\ndescription: Qui écrit ce site, et pourquoi, en quelques lignes pour les lecteurs.\n---\n\nUn site sur le travail.\n",
);
const siteYaml = join(root, "content/site.yaml");
writeFileSync(siteYaml, readFileSync(siteYaml, "utf8").replace(/^languages: .*$/m, "languages: [en, fr]"));

/** The site built into `out` (for Netlify, or for the host `args` name). */
function build(out: string, args: string[] = []): string {
  const built = sitegen(["build", "--quiet", "--out", out, ...args], { cwd: root });
  assert.equal(built.status, 0, built.stderr);
  return join(root, out);
}

const dist = build("dist");
const distCloudflare = build("dist-cloudflare", ["--host", "cloudflare"]);
for (const page of [
  "tags/index.html",
  "blog/page/2/index.html",
  "docs/install/index.html",
  "fr/about/index.html",
])
  assert.ok(readFileSync(join(dist, page)).length > 0, page);
// The nested page is the one the page-set breakage takes out of the sitemap.
const BROKEN = breakages(readSite(dist, "/docs/install/"));

const hosts: { preview?: Running; netlify?: Running; cloudflare?: Running } = {};
before(async () => {
  // All three started at once, and all stopped after, whichever of them failed to start.
  const started = await Promise.allSettled([
    startPreviewServer(dist),
    startNetlifyEmulator(dist),
    WRANGLER.present ? startCloudflareRuntime(distCloudflare) : undefined,
  ]);
  [hosts.preview, hosts.netlify, hosts.cloudflare] = started.map((result) =>
    result.status === "fulfilled" ? result.value : undefined,
  );
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
});

after(async () => {
  await Promise.all(Object.values(hosts).map((host) => host?.stop()));
});

test("a new site with tags, two listing pages, a nested page and a translation passes every check on the preview server", async () => {
  const { code, failures } = await verifyFailures(hosts.preview!.url, { perCheck: Infinity });
  assert.deepEqual(failures, []);
  assert.equal(code, 0);
});

test("the site built for Cloudflare passes every check on Cloudflare's runtime", {
  skip: WRANGLER.present ? false : `wrangler is not installed: ${WRANGLER.install}`,
}, async () => {
  const { code, failures } = await verifyFailures(hosts.cloudflare!.url, {
    concurrency: 4,
    perCheck: Infinity,
  });
  assert.deepEqual(failures, []);
  assert.equal(code, 0);
});

test("the site passes every check on Netlify's emulator, but for the slashless redirects the emulator follows itself", async () => {
  const { code, failures } = await verifyFailures(hosts.netlify!.url, { concurrency: 4, perCheck: Infinity });
  // @netlify/dev passes a request on to its edge function without the request's redirect mode and fetches the answer
  // with redirects followed, so a page's path without its slash shows the page there: the function's 301, which a
  // deploy sends on, is held on the preview server and Cloudflare's runtime above.
  assert.deepEqual(
    failures.filter((check) => check.id !== "1.7-slashless-redirect"),
    [],
  );
  const followed = failures.find((check) => check.id === "1.7-slashless-redirect")?.failures ?? [];
  assert.ok(
    followed.every(({ fault }) => /^answered 200; expected 301 to \//.test(fault)),
    JSON.stringify(followed),
  );
  assert.equal(code, followed.length === 0 ? 0 : 1);
});

/** The preview server's answers, asked once for all the breakages' runs. */
const answers = new Map();

/** verify through a proxy in front of the preview server that breaks what `breakage` breaks: the exit code, the failed checks, and each failure as "id subject: fault". */
async function verifyBroken(
  breakage: Breakage,
): Promise<{ code: number; failed: string[]; faults: string[] }> {
  const proxy = await startBreakingProxy(hosts.preview!.url, { breakage, answers });
  try {
    const { code, failures } = await verifyFailures(proxy.url, { perCheck: Infinity });
    assert.deepEqual(proxy.errors, [], "the proxy could apply the breakage");
    assert.ok(proxy.changed > 0, "the breakage changed something");
    return {
      code,
      failed: failures.map(({ id }) => id),
      faults: failures.flatMap(({ id, failures }) =>
        failures.map(({ subject, fault }) => `${id} ${subject}: ${fault}`),
      ),
    };
  } finally {
    await proxy.close();
  }
}

test("every check has a breakage tried on this site", () => {
  const covered = new Set(BREAKAGES.map(([, id]) => id));
  assert.deepEqual(
    ALL_CHECKS.map((check) => check.id).filter((id) => !covered.has(id)),
    [],
  );
});

for (const [name, id] of BREAKAGES) {
  test(`${name}: ${id} fails on this site, and the exit code is 1`, async () => {
    const { code, failed } = await verifyBroken(BROKEN[name]);
    assert.ok(failed.includes(id), `${id} passed; failed: ${failed.join(", ") || "none"}`);
    assert.equal(code, 1);
  });
}

/** A sitemap changed by `edit`. */
const onSitemap = (edit: (sitemap: string) => string): Breakage => ({
  answer: (answer, context) =>
    context.path === "/sitemap.xml"
      ? { ...answer, body: Buffer.from(edit(answer.body.toString())) }
      : undefined,
});

test("a sitemap that leaves out one of the site's own pages fails the page set, naming it", async () => {
  const { faults } = await verifyBroken(BROKEN["sitemap-missing-page"]);
  assert.ok(faults.includes("2.1-page-set /docs/install/: missing from /sitemap.xml"), faults.join("\n"));
});

test("a sitemap that lists a page the site does not name fails the page set, naming it", async () => {
  const { faults } = await verifyBroken(
    onSitemap((sitemap) => {
      const origin = /<loc>(https?:\/\/[^/<]+)/.exec(sitemap)![1];
      return sitemap.replace("</urlset>", `<url><loc>${origin}/not-a-page/</loc></url></urlset>`);
    }),
  );
  assert.ok(
    faults.includes(
      "2.1-page-set /not-a-page/: listed in /sitemap.xml but neither one of the pages /openapi.json names nor a post page",
    ),
    faults.join("\n"),
  );
});
