/**
 * Pages in folders: content/pages/docs/history.md is /docs/history/, and a
 * folder's index.md (or Hugo's _index.md) is the folder's page
 * (pages/docs/index.md is /docs/), so a site's /docs/… and /features/…
 * trees move in as they are. Each is a page of the surface like any other,
 * from the manifest: HTML and Markdown on one URL, its `.md` sibling beside
 * the folder (/docs/history.md, /docs.md), the sitemap, llms.txt, OpenAPI and
 * the negotiation data. The fixture test/fixtures/sites/nested is built for
 * Netlify and for Cloudflare and served by the preview server, Netlify's
 * emulator and Cloudflare's runtime, which must answer alike.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, routeTable, sitegenHere, tempDir, WRANGLER, type Running } from "./helpers/dist.ts";
import { hostsOfBothBuilds } from "./helpers/on-demand.ts";
import { BROWSER, compareAll, featureCases } from "./helpers/host-parity.ts";

const NESTED = join(ROOT, "test/fixtures/sites/nested");
const BASE = "https://tern.example";
/** The fixture's pages, from its files (written out here, not read from the build). */
const NESTED_PAGES: [path: string, sibling: string, file: string][] = [
  ["/docs/", "/docs.md", "pages/docs/index.md"],
  ["/docs/history/", "/docs/history.md", "pages/docs/history.md"],
  ["/docs/guide/setup/", "/docs/guide/setup.md", "pages/docs/guide/setup.md"],
  ["/features/", "/features.md", "pages/features/_index.md"],
  ["/features/sync/", "/features/sync.md", "pages/features/sync.md"],
];

async function buildNested(args: string[] = []): Promise<string> {
  const out = join(tempDir("sitegen-nested-"), "dist");
  const run = await sitegenHere(["build", "--content", NESTED, "--out", out, ...args]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, "", "the fixture builds without a warning");
  return out;
}

const dist = await buildNested();
const distCloudflare = await buildNested(["--host", "cloudflare"]);
const hosts = hostsOfBothBuilds(dist, distCloudflare);
after(() => hosts.stop());

test("a page's path under pages/ is its URL; its .md sibling sits beside its folder; both files are written", () => {
  for (const [path, sibling] of NESTED_PAGES) {
    assert.ok(existsSync(join(dist, path.slice(1), "index.html")), `${path} has its HTML`);
    assert.ok(existsSync(join(dist, sibling.slice(1))), `${path} has ${sibling}`);
  }
  assert.ok(!existsSync(join(dist, "docs/guide/index.html")), "a folder without an index.md has no page");
});

test("the manifest's other artifacts name every nested page: sitemap, llms.txt, OpenAPI, the negotiation data", () => {
  const sitemap = readFileSync(join(dist, "sitemap.xml"), "utf8");
  const llms = readFileSync(join(dist, "llms.txt"), "utf8");
  const openapi = JSON.parse(readFileSync(join(dist, "openapi.json"), "utf8"));
  const table = routeTable(dist);
  const pageEnum: string[] = openapi.paths["/{path}"].get.parameters[0].schema.enum;
  const siblingEnum: string[] = openapi.paths["/{page}.md"].get.parameters[0].schema.enum;
  for (const [path, sibling] of NESTED_PAGES) {
    assert.ok(sitemap.includes(`<loc>${BASE}${path}</loc>`), `sitemap: ${path}`);
    assert.match(
      llms,
      new RegExp(`\\]\\(${BASE}${sibling.replace(/\./g, "\\.")}\\)`),
      `llms.txt: ${sibling}`,
    );
    assert.ok(pageEnum.includes(path.slice(1)), `OpenAPI getPage: ${path}`);
    assert.ok(siblingEnum.includes(sibling.slice(1, -3)), `OpenAPI getPageMarkdown: ${sibling}`);
    assert.equal(table.pages[path]?.markdownPath, sibling, `negotiation data: ${path}`);
    assert.equal(table.files[sibling]?.canonical, `${BASE}${path}`, `negotiation data: ${sibling}`);
  }
  // Each host's rules file covers every .md sibling with one wildcard, however deep.
  assert.match(readFileSync(join(dist, "_headers"), "utf8"), /^\/\*\.md$/m);
  assert.match(readFileSync(join(distCloudflare, "_headers"), "utf8"), /^\/\*\.md$/m);
});

test("each nested page negotiates on every host: Markdown, HTML with its Link to the sibling, the sibling's same bytes, 406 for JSON", async () => {
  const [preview, netlify, cloudflare] = await Promise.all([
    hosts.get("preview"),
    hosts.get("netlify"),
    hosts.get("cloudflare"),
  ]);
  const served: [string, Running | undefined][] = [
    ["the preview server", preview],
    ["Netlify's emulator", netlify],
    ["Cloudflare's runtime", cloudflare],
  ];
  for (const [host, running] of served) {
    if (!running) continue;
    const base: string = running.url;
    for (const [path, sibling, file] of NESTED_PAGES) {
      const title = /^title: (.*)$/m.exec(readFileSync(join(NESTED, file), "utf8"))![1];
      const markdown = await fetch(new URL(path, base), { headers: { accept: "text/markdown" } });
      assert.equal(markdown.status, 200, `${host} ${path}`);
      assert.equal(markdown.headers.get("content-type"), "text/markdown; charset=utf-8", `${host} ${path}`);
      const text = await markdown.text();
      assert.ok(text.startsWith(`# ${title}\n`), `${host} ${path}: ${text.slice(0, 40)}`);
      assert.equal(await (await fetch(new URL(sibling, base))).text(), text, `${host} ${sibling}`);
      const html = await fetch(new URL(path, base), { headers: { accept: BROWSER } });
      assert.equal(html.status, 200, `${host} ${path}`);
      assert.equal(
        html.headers.get("link"),
        `<${sibling}>; rel="alternate"; type="text/markdown"`,
        `${host} ${path}`,
      );
      assert.match(await html.text(), new RegExp(`<h1[^>]*>${title}</h1>`), `${host} ${path}`);
      const json = await fetch(new URL(path, base), { headers: { accept: "application/json" } });
      assert.equal(json.status, 406, `${host} ${path}`);
      await json.arrayBuffer();
    }
    const folder = await fetch(new URL("/docs/guide/", base), { headers: { accept: "application/json" } });
    assert.equal(folder.status, 404, `${host}: a folder without a page is no page`);
    await folder.arrayBuffer();
  }
});

test("Netlify's emulator and Cloudflare's runtime answer every nested page's path as the preview server does", {
  skip: WRANGLER.present ? false : `wrangler is not installed: ${WRANGLER.install}`,
}, async () => {
  // The nested pages, their siblings and files, and the misses beside them; the rest of the site is any site's (netlify.test.ts, cloudflare.test.ts).
  const table = routeTable(dist);
  const known = [...Object.keys(table.pages), ...Object.keys(table.files)].filter(
    (path) => path.startsWith("/docs/") || path.startsWith("/docs."),
  );
  assert.ok(known.length >= 4, known.join(" "));
  const cases = featureCases(known, [
    "/docs/guide/",
    "/docs/history",
    "/docs/history/index.html",
    "/docs/nope/",
    "/docs/nope.md",
  ]);
  await compareAll((await hosts.get("preview"))!, (await hosts.get("netlify"))!, cases);
  await compareAll((await hosts.get("previewCloudflare"))!, (await hosts.get("cloudflare"))!, cases);
});

/** A copy of the fixture's content, changed by `change`, checked: its findings. */
async function checked(
  change: (content: string) => void,
): Promise<{ status: number; findings: { level: string; message: string; file?: string }[] }> {
  const content = join(tempDir("sitegen-nested-case-"), "content");
  cpSync(NESTED, content, { recursive: true });
  change(content);
  const run = await sitegenHere([
    "check",
    "--content",
    content,
    "--dist",
    join(content, "..", "none"),
    "--json",
  ]);
  return { status: run.status, findings: JSON.parse(run.stdout).findings };
}

test("two files for one page's URL fail, naming both: docs.md beside docs/index.md, index.md beside _index.md", async () => {
  for (const [file, other] of [
    ["pages/docs.md", "pages/docs/index.md"],
    ["pages/features/index.md", "pages/features/_index.md"],
  ]) {
    const { status, findings } = await checked((content) =>
      cpSync(join(content, other), join(content, file)),
    );
    assert.equal(status, 1, file);
    const errors = findings.filter((finding) => finding.level === "error");
    assert.equal(errors.length, 1, JSON.stringify(findings));
    assert.match(
      errors[0].message,
      /^a second file for the page \/(docs|features)\/, after .*(docs|features)/,
    );
  }
});

test("a page in pages/blog/ would take a post's address: it fails; pages/blog/index.md is the blog page", async () => {
  const under = await checked((content) => {
    mkdirSync(join(content, "pages/blog"));
    cpSync(join(content, "pages/docs/history.md"), join(content, "pages/blog/history.md"));
  });
  assert.equal(under.status, 1);
  assert.match(
    under.findings.find((finding) => finding.level === "error")!.message,
    /^a page at \/blog\/history\/, among the posts' addresses/,
  );
  const index = await checked((content) => {
    mkdirSync(join(content, "pages/blog"));
    renameSync(join(content, "pages/blog.md"), join(content, "pages/blog/index.md"));
  });
  assert.equal(index.status, 0, JSON.stringify(index.findings));
});

test("a part of a page's path that is not a URL segment is made into one, with a warning naming the path used; a part with no Latin letter is an error", async () => {
  const page = "---\ntitle: Intro\ndescription: An introduction.\nupdated: 2025-01-01\n---\n\nText.\n";
  const { status, findings } = await checked((content) => {
    mkdirSync(join(content, "pages/User Guide"));
    writeFileSync(join(content, "pages/User Guide/intro.md"), page);
  });
  assert.equal(status, 0);
  const made = findings.find((finding) => finding.level === "warning")!;
  assert.match(
    made.message,
    /^`User Guide\/intro` is not a URL's path: the page is at \/user-guide\/intro\/$/,
  );
  const none = await checked((content) => {
    mkdirSync(join(content, "pages/日本"));
    writeFileSync(join(content, "pages/日本/intro.md"), page);
  });
  assert.equal(none.status, 1);
  assert.match(
    none.findings.find((finding) => finding.level === "error")!.message,
    /has a part with no Latin letter or digit/,
  );
});

test("sitegen new page docs/install writes pages/docs/install.md, which builds as /docs/install/", async () => {
  const site = join(tempDir("sitegen-nested-new-"), "content");
  cpSync(NESTED, site, { recursive: true });
  const made = await sitegenHere(["new", "page", "docs/install", "--content", site]);
  assert.equal(made.status, 0, made.stderr);
  assert.ok(existsSync(join(site, "pages/docs/install.md")));
  assert.match(readFileSync(join(site, "pages/docs/install.md"), "utf8"), /^title: "Install"$/m);
  const out = join(site, "..", "dist");
  const built = await sitegenHere(["build", "--content", site, "--out", out]);
  assert.equal(built.status, 0, built.stderr);
  assert.ok(existsSync(join(out, "docs/install/index.html")) && existsSync(join(out, "docs/install.md")));
});
