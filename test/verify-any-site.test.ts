/**
 * `sitegen verify` holds any site to the surface, not only the example: a
 * site made by `init`, with tags, two pages of its blog, a nested page and a
 * translation, is read from what it publishes (its OpenAPI description names
 * its pages, listings and tag pages) and passes every check on the preview
 * server; a sitemap that drops one of its own pages, or lists one it does not
 * have, fails the page-set check against a breaking proxy. The example site
 * is still held to the spec's closed set of fixed pages (test/verify.test.ts).
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sitegen, startPreviewServer, type Running } from "./helpers/dist.ts";
import { startBreakingProxy, type Breakage } from "./helpers/breaking-proxy.ts";
import { initSite, STARTER_BLOG_POSTS } from "./helpers/starter.ts";
import { verifyFailures } from "./helpers/verify.ts";

let preview: Running;

before(async () => {
  const root = initSite("verified");
  cpSync(STARTER_BLOG_POSTS, join(root, "content/blog"), { recursive: true });
  mkdirSync(join(root, "content/pages/docs"), { recursive: true });
  writeFileSync(join(root, "content/pages/docs/install.md"), "---\ntitle: Install\ndescription: How to install the site's tools, step by step, on a machine of your own.\n---\n\nFirst the tools, then the site.\n");
  writeFileSync(join(root, "content/pages/about.fr.md"), "---\ntitle: À propos\ndescription: Qui écrit ce site, et pourquoi, en quelques lignes pour les lecteurs.\n---\n\nUn site sur le travail.\n");
  const site = join(root, "content/site.yaml");
  writeFileSync(site, readFileSync(site, "utf8").replace(/^languages: .*$/m, "languages: [en, fr]"));
  const built = sitegen(["build", "--quiet"], { cwd: root });
  assert.equal(built.status, 0, built.stderr);
  for (const page of ["tags/index.html", "blog/page/2/index.html", "docs/install/index.html", "fr/about/index.html"]) assert.ok(readFileSync(join(root, "dist", page)).length > 0, page);
  preview = await startPreviewServer(join(root, "dist"));
});

after(async () => {
  await preview?.stop();
});

test("a new site with tags, two listing pages, a nested page and a translation passes every check", async () => {
  const { code, failures } = await verifyFailures(preview.url);
  assert.deepEqual(failures, []);
  assert.equal(code, 0);
});

/** A sitemap changed by `edit`, through a proxy in front of the preview server. */
async function failuresWith(edit: (sitemap: string) => string): Promise<string[]> {
  const breakage: Breakage = { answer: (answer, context) => (context.path === "/sitemap.xml" ? { ...answer, body: Buffer.from(edit(answer.body.toString())) } : undefined) };
  const proxy = await startBreakingProxy(preview.url, { breakage });
  try {
    const { failures } = await verifyFailures(proxy.url);
    return failures.flatMap(({ id, failures }) => failures.map(({ subject, fault }) => `${id} ${subject}: ${fault}`));
  } finally {
    await proxy.close();
  }
}

test("a sitemap that leaves out one of the site's own pages fails the page set, naming it", async () => {
  const failures = await failuresWith((sitemap) => sitemap.replace(/\s*<url>\s*<loc>[^<]*\/docs\/install\/<\/loc>[\s\S]*?<\/url>/, ""));
  assert.ok(failures.includes("2.1-page-set /docs/install/: missing from /sitemap.xml"), failures.join("\n"));
});

test("a sitemap that lists a page the site does not name fails the page set, naming it", async () => {
  const failures = await failuresWith((sitemap) => {
    const origin = /<loc>(https?:\/\/[^/<]+)/.exec(sitemap)![1];
    return sitemap.replace("</urlset>", `<url><loc>${origin}/not-a-page/</loc></url></urlset>`);
  });
  assert.ok(failures.includes("2.1-page-set /not-a-page/: listed in /sitemap.xml but neither one of the pages /openapi.json names nor a post page"), failures.join("\n"));
});
