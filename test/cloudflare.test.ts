/**
 * Cloudflare's own runtime is a host of record too: `sitegen serve
 * --cloudflare` runs a build made with `--host cloudflare` through `wrangler
 * dev` (the worker in workerd, static assets, `_headers`, `_redirects`). For
 * the same requests it must give the same status, headers and bytes as the
 * preview server, on the table the Netlify emulator is held to, and pass
 * `sitegen verify`.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import {
  builtSite,
  cloudflareProject,
  ROOT,
  routeTable,
  sitegen,
  startCloudflareRuntime,
  startWithPreview,
  tempDir,
  WRANGLER,
  type Running,
} from "./helpers/dist.ts";
import {
  acceptCases,
  ASSET_CASES,
  compareAll as compareWith,
  conditionalCases,
  exchange,
  pathCases,
  randomCases,
  type Case,
} from "./helpers/host-parity.ts";
import { verifyFailures } from "./helpers/verify.ts";
import { cloudflareFileProblems, CLOUDFLARE_FILES } from "../src/plan/cloudflare-limits.ts";
import { ASSET_EXTENSIONS } from "../src/hosts/cdn-routes.ts";

const skip = WRANGLER.present ? false : `wrangler is not installed: ${WRANGLER.install}`;

/** The real content built for Cloudflare. */
function builtForCloudflare(): string {
  const out = join(tempDir(), "dist");
  const result = sitegen(["build", "--host", "cloudflare", "--out", out, "--quiet"]);
  if (result.status !== 0) throw new Error(`build failed:\n${result.stderr}`);
  return out;
}

const dist = builtForCloudflare();
const table = routeTable(dist);
const KNOWN = [...Object.keys(table.pages), ...Object.keys(table.files)];
const POST = Object.keys(table.pages).find((path) => path.startsWith("/blog/") && path !== "/blog/")!;
let started: Awaited<ReturnType<typeof startWithPreview>> | undefined;
let preview: Running;
let cloudflare: Running;
before(async () => {
  if (skip) return;
  started = await startWithPreview(dist, startCloudflareRuntime);
  ({ preview, host: cloudflare } = started);
});
after(async () => {
  await started?.stop();
});

const compareAll = (cases: Case[], hostOwn: string[] = []) =>
  compareWith(preview, cloudflare, cases, hostOwn);

test("every path answers as on the preview server: pages, files and siblings as a reader and an agent ask, misses under every Accept value that decides", {
  skip,
}, async () => {
  await compareAll(pathCases(KNOWN));
});

test("every Accept value and both methods on a page, a post, a file, a sibling and a miss", {
  skip,
}, async () => {
  await compareAll(acceptCases(POST));
});

test("conditional requests, preflight and other methods answer alike", { skip }, async () => {
  const etag = (await exchange(preview.url, "/about/", { headers: { accept: "text/markdown" } })).headers
    .etag;
  assert.ok(etag);
  await compareAll(conditionalCases(etag));
  const notModified = await exchange(cloudflare.url, "/about/", {
    headers: { accept: "text/markdown", "if-none-match": etag },
  });
  assert.equal(notModified.status, 304);
});

test("assets never start the worker: the CDN serves them with their _headers rules, and a missing one gets the site's 404 page", {
  skip,
}, async () => {
  // Cloudflare gives every asset a validator of its own; the preview server and Netlify send none.
  await compareAll(ASSET_CASES, ["etag"]);
  assert.match(
    (await exchange(cloudflare.url, "/assets/site.css", {})).headers.etag ?? "",
    /^"[0-9a-f]{32}"$/,
  );
  const missing = await exchange(cloudflare.url, "/nope.png", {});
  assert.equal(missing.status, 404);
  assert.equal(missing.headers["content-type"], "text/html; charset=utf-8");
});

test("the worker's own data under /_sitegen/ is not public: a JSON Problem 404", { skip }, async () => {
  for (const path of ["/_sitegen/negotiation.json", "/_sitegen/routes/0.json", "/_sitegen/404.md"]) {
    const response = await exchange(cloudflare.url, path, {});
    assert.equal(response.status, 404, path);
    assert.equal(JSON.parse(response.body.toString("utf8")).code, "not_found", path);
  }
});

test("a seeded random run of 1,000 requests answers alike, with no 5xx (seed 20261124)", {
  skip,
}, async () => {
  await compareAll(randomCases(KNOWN, 20261124, 1000));
});

test("sitegen verify passes against the site served through Cloudflare's runtime", { skip }, async () => {
  const { code, failures } = await verifyFailures(cloudflare.url, { concurrency: 4 });
  assert.deepEqual(failures, []);
  assert.equal(code, 0);
});

test("the worker Wrangler deploys is one fixed bundle, far within the free plan's 3 MB compressed", {
  skip,
}, async () => {
  const project = await cloudflareProject(dist);
  const out = tempDir("sitegen-wrangler-out-");
  const wrangler = join(ROOT, "node_modules/wrangler/bin/wrangler.js");
  const result = spawnSync(process.execPath, [wrangler, "deploy", "--dry-run", "--outdir", out], {
    cwd: project,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" },
  });
  assert.equal(result.status, 0, result.stdout + result.stderr);
  const bundle = readdirSync(out).filter((name) => name.endsWith(".js"));
  assert.equal(bundle.length, 1, `one module: ${bundle.join(", ")}`);
  const bytes = readFileSync(join(out, bundle[0]));
  // The core and what it imports, no build output: the same for any number of posts.
  assert.ok(gzipSync(bytes).byteLength < 50_000, `${gzipSync(bytes).byteLength} bytes compressed`);
  assert.ok(
    !bytes.toString("utf8").includes("why-every-enterprise-needs-a-central-esb"),
    "no content in the bundle",
  );
});

test("a Cloudflare build writes Cloudflare's rules: one header rule set within its 100 rules, no redirect rules, no Netlify file", () => {
  const headers = readFileSync(join(dist, "_headers"), "utf8");
  const rules = headers.split("\n").filter((line) => line.startsWith("/"));
  assert.ok(rules.length <= 100, `${rules.length} rules`);
  assert.match(headers, /worker/);
  assert.deepEqual(
    readFileSync(join(dist, "_redirects"), "utf8")
      .split("\n")
      .filter((line) => line.trim() && !line.startsWith("#")),
    [],
  );
});

test("the worker runs first on every path but an asset's, and netlify.toml's edge function skips the same assets", async () => {
  const project = await cloudflareProject(dist);
  const config = JSON.parse(readFileSync(join(project, "wrangler.jsonc"), "utf8"));
  assert.deepEqual(config.assets.run_worker_first, [
    "/*",
    ...ASSET_EXTENSIONS.map((extension) => `!/*.${extension}`),
  ]);
  for (const toml of ["netlify.toml", "starter/netlify.toml"]
    .map((file) => join(ROOT, file))
    .filter((file) => existsSync(file))) {
    const excluded = [...readFileSync(toml, "utf8").matchAll(/"\/\*\.([a-z0-9]+)"/g)].map(
      (match) => match[1],
    );
    assert.deepEqual(excluded, [...ASSET_EXTENSIONS], toml);
  }
});

test("past Cloudflare's 100 header rules the build fails (exit 1) naming the limit, and the output folder is left as it was", () => {
  const site = tempDir("sitegen-cf-limit-");
  cpSync(join(ROOT, "content"), join(site, "content"), { recursive: true });
  cpSync(join(ROOT, "templates"), join(site, "templates"), { recursive: true });
  for (let index = 0; index < 100; index++)
    writeFileSync(join(site, "templates/assets", `extra-${index}.css`), `/* ${index} */\n`);
  // A build already in the output folder: the run's build of the same content (a build of its own here, with the
  // extra files, cost as much again as the one that fails).
  const out = join(site, "dist");
  cpSync(builtSite(), out, { recursive: true });
  const before = statSync(join(out, "_headers")).mtimeMs;
  const result = sitegen(["build", "--host", "cloudflare", "--out", out], { cwd: site });
  assert.equal(result.status, 1, result.stderr);
  assert.match(result.stderr, /_headers would have \d+ rules; Cloudflare reads at most 100/);
  assert.equal(statSync(join(out, "_headers")).mtimeMs, before, "dist/ untouched");
});

test("Cloudflare's file limits: past the free plan's 20,000 files (host-plan, a warning), past 100,000 or a file over 25 MiB (host-limit, an error), each with the numbers", () => {
  const files = (count: number) =>
    new Map(
      Array.from({ length: count }, (_, index) => [`blog/p${index}/index.html`, { etag: '"x"', bytes: 10 }]),
    );
  const kinds = (problems: { kind: string }[]) => problems.map((problem) => problem.kind);
  assert.deepEqual(cloudflareFileProblems(files(CLOUDFLARE_FILES.free)), []);
  const free = cloudflareFileProblems(
    new Map([...files(CLOUDFLARE_FILES.free), ["_headers", { etag: '"h"', bytes: 1 }]]),
  );
  assert.equal(free.length, 0, "_headers is configuration, not a file Cloudflare counts");
  const over = cloudflareFileProblems(files(CLOUDFLARE_FILES.free + 1));
  assert.deepEqual(kinds(over), ["host-plan"]);
  assert.match(over[0].message, /20001 files; Cloudflare's free plan deploys at most 20000/);
  const paid = cloudflareFileProblems(files(CLOUDFLARE_FILES.paid + 1));
  assert.deepEqual(kinds(paid), ["host-limit"]);
  assert.match(paid[0].message, /100001 files; Cloudflare deploys at most 100000/);
  const large = cloudflareFileProblems(
    new Map([["blog-index.json", { etag: '"x"', bytes: 25 * 1024 * 1024 + 1 }]]),
  );
  assert.deepEqual(kinds(large), ["host-limit"]);
  assert.match(
    large[0].message,
    /blog-index\.json is 26214401 bytes; Cloudflare serves files of at most 26214400/,
  );
});

test("--host names a host sitegen knows: another is a usage error (exit 2)", () => {
  const result = sitegen(["build", "--host", "vercel", "--out", join(tempDir(), "dist")]);
  assert.equal(result.status, 2, result.stderr);
  assert.match(result.stderr, /--host must be netlify or cloudflare, not vercel/);
});
