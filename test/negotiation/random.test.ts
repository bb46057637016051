/**
 * Thousands of generated Accept headers and paths (seeded, so a failure
 * reproduces): the core never throws, never answers 5xx, answers only 200, 301
 * (a page's path without its slash), 304, 404 or 406, never 404s a known path, never 406s an unknown one, and every
 * error carries the §7.3 headers.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { normalizePath } from "../../src/negotiation/decide.ts";
import { respond } from "../../src/negotiation/respond.ts";
import { allRoutes, openBuild } from "../../src/hosts/preview/folder.ts";
import { rng } from "../../bench/random.ts";
import { builtSite } from "../helpers/dist.ts";

const table = await allRoutes(builtSite());
const host = await openBuild(builtSite());
const SEED = Number(process.env.SITEGEN_FUZZ_SEED ?? 20261122);
const RUNS = 5000;

// The benchmark's seeded generator (mulberry32): the same sequence on every machine.
const next = rng(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
const TYPES = [
  "text/html",
  "text/markdown",
  "application/json",
  "application/problem+json",
  "text/plain",
  "image/png",
  "*/*",
  "text/*",
  "application/*",
  "application/xhtml+xml",
  "application/xml",
  "TEXT/Markdown",
  "text/x-markdown",
  "",
  "garbage",
  ";;",
  "text/",
  "/html",
];
const PARAMS = [
  "",
  ";q=0",
  ";q=0.0",
  ";q=1",
  ";q=0.5",
  ";q=0.001",
  ";q=1.0",
  ";q=2",
  ";q=-1",
  ";q=abc",
  ";charset=utf-8",
  ";charset=latin1",
  ";level=1",
  "; q=0.3 ",
  ";q",
];
const KNOWN = [...Object.keys(table.pages), ...Object.keys(table.files)];
const UNKNOWN_SHAPES = [
  "/x/",
  "/blog/x/",
  "/blog/x.md",
  "/x.txt",
  "/x.json",
  "/x.xml",
  "/x.html",
  "/about",
  "/blog",
  "/%2e%2e/",
  "//",
  "/a//b/",
  "/%00/",
  "/%ZZ/",
  "/é/",
  "/blog/why-every-enterprise-needs-a-central-esb/",
  "/_sitegen/404.md",
];

function accept(): string | null {
  const roll = next();
  if (roll < 0.1) return null;
  if (roll < 0.15) return pick(["", " ", ",", ",,,", "*", "q=1", "\t"]);
  const count = 1 + Math.floor(next() * 4);
  return Array.from({ length: count }, () => pick(TYPES) + pick(PARAMS)).join(pick([",", ", ", " ,"]));
}

function path(): { path: string; known: boolean } {
  const roll = next();
  if (roll < 0.5) return { path: pick(KNOWN), known: true };
  if (roll < 0.8) return { path: pick(UNKNOWN_SHAPES), known: false };
  const chars = "abcz09-_.~/%é";
  const length = 1 + Math.floor(next() * 30);
  const generated = `/${Array.from({ length }, () => pick([...chars])).join("")}`;
  return { path: generated, known: false };
}

test(`randomized Accept × path (seed ${SEED}, ${RUNS} requests)`, async () => {
  for (let i = 0; i < RUNS; i++) {
    const target = path();
    const headers: Record<string, string> = {};
    const acceptValue = accept();
    if (acceptValue !== null) headers.accept = acceptValue;
    if (next() < 0.1) headers["if-none-match"] = pick(['"x"', "*", 'W/"y"']);
    const method = next() < 0.8 ? "GET" : "HEAD";
    let request: Request;
    try {
      request = new Request(`http://localhost${target.path}`, { method, headers });
    } catch {
      continue; // a header value fetch itself refuses never reaches a server
    }
    const pathname = new URL(request.url).pathname;
    const label = `#${i} ${method} ${target.path} Accept: ${JSON.stringify(acceptValue)}`;
    const response = await respond(request, host);
    if (response === undefined) {
      assert.ok(!target.known, `${label}: a known path was passed through`);
      assert.match(pathname, /\.[^/.]+$/, `${label}: only non-document extensions pass through`);
      continue;
    }
    assert.ok([200, 301, 304, 404, 406].includes(response.status), `${label}: status ${response.status}`);
    // A page's path without its slash (`/about`), and no other path: a 301 to the page.
    const page = `${normalizePath(pathname)}/`;
    assert.equal(
      response.status === 301,
      !pathname.endsWith("/") && Object.hasOwn(table.pages, page),
      `${label}: a 301 is for a page's path without its slash`,
    );
    if (response.status === 301)
      assert.equal(response.headers.get("location"), `${page}${new URL(request.url).search}`, label);
    // The URL parser resolves dot segments (`/%2e%2e/` is `/`), so judge the parsed path.
    const known = KNOWN.includes(pathname);
    if (known) assert.notEqual(response.status, 404, `${label}: known path answered 404`);
    else assert.notEqual(response.status, 406, `${label}: unknown path answered 406`);
    if (response.status >= 400) {
      assert.match(
        response.headers.get("link") ?? "",
        /rel="service-desc".*rel="service-doc".*rel="help"/,
        label,
      );
      assert.equal(response.headers.get("vary"), "Accept, Accept-Encoding", label);
      assert.equal(response.headers.get("cache-control"), "no-store", label);
    }
    assert.equal(response.headers.get("access-control-allow-origin"), "*", label);
    await response.arrayBuffer();
  }
});
