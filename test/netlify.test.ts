/**
 * Netlify's own emulator is the host of record: `sitegen serve --netlify` runs
 * the built site through `@netlify/dev` (static files, `_headers`,
 * `_redirects`, and the edge function in Deno under Netlify's edge
 * bootstrap). For the same requests it must give the same status, headers
 * and bytes as the preview server, and pass `sitegen verify`.
 *
 * The emulator starts fresh Deno workers for every request (about 110 ms of
 * CPU in all), so the table is chosen rather than exhaustive: every known
 * path with no Accept and with Markdown's, every unknown one under each Accept
 * value that changes the answer, and every Accept value and method on a few
 * paths of each kind. The tests ask it through test/helpers/answered-once.ts,
 * which sends each distinct request once: `sitegen verify` asks again for
 * about a hundred of the table's requests, whose answers are the same build's.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import {
  builtSite,
  DENO,
  netlifyProject,
  routeTable,
  startBothHosts,
  tempDir,
  type BothHosts,
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
import { answeredOnce } from "./helpers/answered-once.ts";

const dist = builtSite();
const table = routeTable(dist);
let started: BothHosts | undefined;
let preview: Running;
let netlify: Running;
before(async () => {
  started = await startBothHosts(dist);
  preview = started.preview;
  netlify = await answeredOnce(started.netlify);
});
after(async () => {
  await netlify?.stop();
  await started?.stop();
});

const compareAll = (cases: Case[]) => compareWith(preview, netlify, cases);

const KNOWN = [...Object.keys(table.pages), ...Object.keys(table.files)];
const POST = Object.keys(table.pages).find((path) => path.startsWith("/blog/") && path !== "/blog/")!;

test("every path answers as on the preview server: pages, files and siblings as a reader and an agent ask, misses under every Accept value that decides", async () => {
  await compareAll(pathCases(KNOWN));
});

test("every Accept value and both methods on a page, a post, a file, a sibling and a miss", async () => {
  await compareAll(acceptCases(POST));
});

test("a Markdown 404 is the recovery map with the §7.3 headers, not an error of the function", async () => {
  for (const path of ["/no-such-page/", "/no-such-page", "/blog/nope.md"]) {
    const response = await exchange(netlify.url, path, { headers: { accept: "text/markdown" } });
    assert.equal(response.status, 404, path);
    assert.equal(response.headers["content-type"], "text/markdown; charset=utf-8", path);
    assert.equal(response.headers["cache-control"], "no-store", path);
    assert.equal(response.headers.vary, "Accept, Accept-Encoding", path);
    assert.match(response.headers.link ?? "", /rel="service-desc".*rel="service-doc".*rel="help"/, path);
    assert.match(response.body.toString("utf8"), /llms\.txt/, path);
  }
});

test("the function's own data under /_sitegen/ is not public: a JSON Problem 404", async () => {
  for (const path of [
    "/_sitegen/negotiation.json",
    "/_sitegen/routes/0.json",
    "/_sitegen/404.md",
    "/_sitegen/slugs/f/0.json",
  ]) {
    const response = await exchange(netlify.url, path, {});
    assert.equal(response.status, 404, path);
    assert.equal(JSON.parse(response.body.toString("utf8")).code, "not_found", path);
  }
});

test("conditional requests, preflight and other methods answer alike", async () => {
  const etag = (await exchange(preview.url, "/about/", { headers: { accept: "text/markdown" } })).headers
    .etag;
  assert.ok(etag);
  await compareAll(conditionalCases(etag));
  const notModified = await exchange(netlify.url, "/about/", {
    headers: { accept: "text/markdown", "if-none-match": etag },
  });
  assert.equal(notModified.status, 304);
});

test("assets skip the function: the CDN serves them, and answers a missing one with the site's 404 page", async () => {
  await compareAll(ASSET_CASES);
  const missing = await exchange(netlify.url, "/nope.png", {});
  assert.equal(missing.status, 404);
  assert.equal(missing.headers["content-type"], "text/html; charset=utf-8");
});

test("a seeded random run of paths, Accept values and methods answers alike (seed 20261123, 120 requests)", async () => {
  await compareAll(randomCases(KNOWN, 20261123, 120));
});

test("sitegen verify passes against the site served through Netlify's emulator, but for the one redirect it follows itself", async () => {
  const { code, failures } = await verifyFailures(netlify.url, { concurrency: 4, perCheck: Infinity });
  // @netlify/dev follows a redirect its edge function answers (docs/content/pages/moving/old-addresses.md), so a page's
  // path without its slash shows the page there: the function's 301, which a deploy sends on, is held on the preview
  // server and Cloudflare's runtime (test/addresses.test.ts), and here by what the emulator shows.
  const others = failures.filter((check) => check.id !== "1.7-slashless-redirect");
  assert.deepEqual(others, []);
  const followed = failures.find((check) => check.id === "1.7-slashless-redirect")?.failures ?? [];
  assert.ok(
    followed.every(({ fault }) => /^answered 200; expected 301 to \//.test(fault)),
    JSON.stringify(followed),
  );
  assert.equal(code, followed.length === 0 ? 0 : 1);
});

test("Netlify's deploy-time bundler bundles the edge function offline, with its route from netlify.toml", async () => {
  const { resolveConfig } = await import("@netlify/config");
  const { bundle } = await import("@netlify/edge-bundler");
  const project = netlifyProject(dist);
  const { config } = await resolveConfig({
    config: join(project, "netlify.toml"),
    repositoryRoot: project,
    cwd: project,
    offline: true,
    mode: "cli",
    context: "production",
  });
  const out = tempDir("sitegen-eszip-");
  // Offline, the bundler cannot fetch the types it would use to read inline `config` exports; this function has none.
  const quiet = () => {};
  // The project's own Deno, as on a build image that has one: the bundler would download one otherwise.
  process.env.PATH = `${dirname(DENO)}${delimiter}${process.env.PATH}`;
  const { manifest } = await bundle([config.build.edge_functions], out, config.edge_functions, {
    basePath: project,
    systemLogger: quiet,
    userLogger: quiet,
  });
  assert.deepEqual(
    manifest.routes.map((route) => [route.function, route.path]),
    [["negotiate", "/*"]],
  );
  assert.ok(
    manifest.routes[0].excluded_patterns.some((pattern) => new RegExp(pattern).test("/assets/site.css")),
    "assets are excluded",
  );
  assert.ok(
    !manifest.routes[0].excluded_patterns.some((pattern) => new RegExp(pattern).test("/llms.txt")),
    "documents are not",
  );
  const eszip = manifest.bundles.find((entry) => entry.format === "eszip2");
  assert.ok(eszip, "an eszip bundle");
  const bytes = statSync(join(out, eszip.asset)).size;
  // The handler and what it imports, and no build output: the same for any number of posts.
  assert.ok(bytes < 100_000, `${bytes} bytes`);
});
