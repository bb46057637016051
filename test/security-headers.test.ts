/**
 * Security and caching headers on every response, from both hosts: the
 * preview server (`sitegen serve`) and Netlify's emulator, where pages come
 * from the edge function and assets from the CDN with `_headers`. The rules
 * checked are those of Mozilla's HTTP Observatory at its top grade, written
 * out here rather than read from src/:
 *
 * - Content-Security-Policy: `default-src 'none'`, no `'unsafe-inline'` or
 *   `'unsafe-eval'`, `frame-ancestors 'none'`, `base-uri`, `form-action`, and
 *   no `script-src` at all in a production build;
 * - Strict-Transport-Security of at least six months on an https origin, none
 *   on an http one;
 * - Referrer-Policy, X-Frame-Options, X-Content-Type-Options,
 *   Cross-Origin-Opener-Policy and Permissions-Policy.
 *
 * Fingerprinted assets are cached for a year, as immutable; everything else
 * revalidates.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { after, before, describe, it } from "node:test";
import {
  builtSite,
  routeTable,
  sitegen,
  startBothHosts,
  startPreviewServer,
  SURFACE_FILES,
  tempDir,
  type BothHosts,
  type Running,
} from "./helpers/dist.ts";

const dist = builtSite();
const table = routeTable(dist);
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const SIX_MONTHS = 15_768_000;
const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";

/** Every file of the build below `dir`, as site paths. */
function sitePaths(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sitePaths(full) : [`/${relative(dist, full).split(sep).join("/")}`];
  });
}

/** The fingerprinted assets; each is published under its plain name too. */
const ASSETS = sitePaths(join(dist, "assets")).filter((path) => /\.[0-9a-f]{10}\.[a-z0-9]+$/.test(path));

/**
 * Every file of the build a request can name, by its path: the agent and crawl files, every
 * `.md` sibling, the root files and the assets under their plain names (the fingerprinted ones
 * are ASSETS), and each page's own `index.html` and `404.html`, which no host serves as such. Not
 * the hosts' configuration (`_headers`, `_redirects`) or the edge function's data under /_sitegen/.
 */
const FILES = sitePaths(dist).filter(
  (path) =>
    !path.startsWith("/_sitegen/") &&
    path !== "/_headers" &&
    path !== "/_redirects" &&
    !ASSETS.includes(path),
);

/** Requests that reach every kind of answer: pages in both representations, files, every error, assets. */
function everyKind(): { path: string; init: RequestInit; label: string }[] {
  const post = Object.keys(table.pages).find((path) => path.startsWith("/blog/") && path !== "/blog/")!;
  const requests = [
    ...Object.keys(table.pages).map((path) => ({
      path,
      init: { headers: { accept: BROWSER } },
      label: "HTML page",
    })),
    { path: post, init: { headers: { accept: "text/markdown" } }, label: "Markdown page" },
    ...FILES.map((path) => ({ path, init: {}, label: "file" })),
    { path: "/no-such-page/", init: { headers: { accept: BROWSER } }, label: "HTML 404" },
    { path: "/no-such-page/", init: { headers: { accept: "text/markdown" } }, label: "Markdown 404" },
    { path: "/no-such-page/", init: {}, label: "JSON 404" },
    { path: "/about/", init: { headers: { accept: "application/json" } }, label: "406" },
    { path: "/about/", init: { method: "DELETE" }, label: "405" },
    {
      path: "/about/",
      init: {
        method: "OPTIONS",
        headers: { origin: "https://agent.example", "access-control-request-method": "GET" },
      },
      label: "preflight",
    },
    { path: "/favicon.ico", init: {}, label: "root file" },
    { path: "/assets/no-such-file.css", init: {}, label: "CDN 404" },
    ...ASSETS.map((path) => ({ path, init: {}, label: "asset" })),
  ];
  return requests;
}

/** What is wrong with a response's security headers, as readable lines; empty when nothing is. */
function securityProblems(headers: Headers, origin: "https" | "http"): string[] {
  const problems: string[] = [];
  const csp = headers.get("content-security-policy") ?? "";
  const directives = new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
  if (directives.get("default-src")?.join(" ") !== "'none'")
    problems.push(`CSP default-src is not 'none': ${csp}`);
  if (/'unsafe-(inline|eval|hashes)'|(^|\s)(\*|data:|https?:)(\s|;|$)/.test(csp))
    problems.push(`CSP allows inline code, eval or any host: ${csp}`);
  if (directives.has("script-src"))
    problems.push(`a production page may run no script, but CSP has script-src: ${csp}`);
  if (directives.get("frame-ancestors")?.join(" ") !== "'none'")
    problems.push("CSP frame-ancestors is not 'none'");
  if (!directives.has("base-uri")) problems.push("CSP has no base-uri");
  if (directives.get("form-action")?.join(" ") !== "'self'") problems.push("CSP form-action is not 'self'");
  const hsts = headers.get("strict-transport-security");
  if (origin === "https") {
    const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? "")?.[1] ?? 0);
    if (maxAge < SIX_MONTHS) problems.push(`HSTS max-age under six months: ${hsts}`);
  } else if (hsts !== null) problems.push(`HSTS sent for an http origin: ${hsts}`);
  if (
    !["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(
      headers.get("referrer-policy") ?? "",
    )
  )
    problems.push(`Referrer-Policy: ${headers.get("referrer-policy")}`);
  if (headers.get("x-frame-options") !== "DENY")
    problems.push(`X-Frame-Options: ${headers.get("x-frame-options")}`);
  if (headers.get("x-content-type-options") !== "nosniff")
    problems.push("X-Content-Type-Options is not nosniff");
  if (headers.get("cross-origin-opener-policy") !== "same-origin")
    problems.push(`Cross-Origin-Opener-Policy: ${headers.get("cross-origin-opener-policy")}`);
  for (const feature of ["camera", "microphone", "geolocation", "payment"]) {
    if (!(headers.get("permissions-policy") ?? "").includes(`${feature}=()`))
      problems.push(`Permissions-Policy does not turn off ${feature}`);
  }
  // The spec's own headers stay as they are (§1.3): CORS open.
  if (headers.get("access-control-allow-origin") !== "*") problems.push("not CORS-open");
  return problems;
}

describe("every response carries the security headers", () => {
  let started: BothHosts | undefined;
  let preview: Running;
  let netlify: Running;
  before(async () => {
    started = await startBothHosts(dist);
    ({ preview, netlify } = started);
  });
  after(async () => {
    await started?.stop();
  });

  for (const host of ["the preview server", "Netlify's emulator"] as const) {
    it(`from ${host}: every page, representation, error, file and asset`, async () => {
      const base = host === "the preview server" ? preview.url : netlify.url;
      // Four requests at a time, each request's problems kept in its place: the emulator runs the edge function in a
      // Deno worker of its own per request, and asked one by one it sat waiting most of the test's 36 s.
      const requests = everyKind();
      const found: string[][] = [];
      let html = 0;
      let next = 0;
      const lane = async () => {
        for (let at = next++; at < requests.length; at = next++) {
          const { path, init, label } = requests[at];
          const response = await fetch(new URL(path, base), { ...init, redirect: "manual" });
          await response.arrayBuffer();
          if ((response.headers.get("content-type") ?? "").startsWith("text/html")) html++;
          found[at] = securityProblems(response.headers, "https").map(
            (problem) => `${label} ${init.method ?? "GET"} ${path} (${response.status}): ${problem}`,
          );
        }
      };
      await Promise.all(Array.from({ length: 4 }, lane));
      assert.deepEqual(found.flat(), []);
      assert.ok(html >= Object.keys(table.pages).length + 2, `${html} HTML responses`);
      // Every file the spec names, and every file the negotiation data serves, was among them.
      const asked = new Set(everyKind().map((request) => request.path));
      assert.deepEqual(
        [...SURFACE_FILES.map(([path]) => path), ...Object.keys(table.files)].filter(
          (path) => !asked.has(path),
        ),
        [],
      );
    });

    it(`from ${host}: fingerprinted assets are cached for a year, everything else revalidates`, async () => {
      const base = host === "the preview server" ? preview.url : netlify.url;
      assert.ok(ASSETS.length >= 8, `${ASSETS.length} assets`);
      for (const path of ASSETS) {
        const response = await fetch(new URL(path, base));
        const bytes = Buffer.from(await response.arrayBuffer());
        assert.equal(response.status, 200, path);
        assert.equal(response.headers.get("cache-control"), YEAR_IMMUTABLE, path);
        // The name holds the first ten hex digits of the SHA-256 of the bytes served under it.
        const hash = /\.([0-9a-f]{10})\.[a-z0-9]+$/.exec(path)?.[1];
        assert.equal(
          hash,
          createHash("sha256").update(bytes).digest("hex").slice(0, 10),
          `${path} is named for its bytes`,
        );
      }
      for (const path of ["/favicon.ico", "/assets/site.css", "/", "/about/", "/llms.txt", "/about.md"]) {
        const response = await fetch(new URL(path, base));
        await response.arrayBuffer();
        assert.equal(response.status, 200, path);
        assert.equal(response.headers.get("cache-control"), REVALIDATE, path);
      }
    });
  }

  it("the two hosts answer every asset, /favicon.ico and a missing asset alike: status, headers and bytes", async () => {
    const transport = new Set([
      "date",
      "connection",
      "keep-alive",
      "content-length",
      "transfer-encoding",
      "age",
    ]);
    const answer = async (base: string, path: string) => {
      const response = await fetch(new URL(path, base));
      const headers = Object.fromEntries(
        [...response.headers].filter(([name]) => !transport.has(name) && !name.startsWith("x-nf-")).sort(),
      );
      return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
    };
    for (const path of [...ASSETS, "/favicon.ico", "/assets/no-such-file.css", "/apple-touch-icon.png"]) {
      const [ours, theirs] = await Promise.all([answer(preview.url, path), answer(netlify.url, path)]);
      assert.equal(theirs.status, ours.status, path);
      assert.deepEqual(theirs.headers, ours.headers, path);
      assert.ok(theirs.body.equals(ours.body), `${path}: bodies differ`);
    }
  });
});

describe("an http origin", () => {
  it("gets no Strict-Transport-Security, from _headers or from the preview server", async () => {
    const out = join(tempDir(), "dist");
    const result = sitegen(["build", "--out", out, "--quiet", "--base-url", "http://localhost:8080"]);
    assert.equal(result.status, 0, result.stderr);
    assert.doesNotMatch(readFileSync(join(out, "_headers"), "utf8"), /Strict-Transport-Security/i);
    const server = await startPreviewServer(out);
    try {
      for (const path of ["/", "/no-such-page/", "/favicon.ico", "/llms.txt"]) {
        const response = await fetch(new URL(path, server.url), { headers: { accept: BROWSER } });
        await response.arrayBuffer();
        assert.deepEqual(securityProblems(response.headers, "http"), [], path);
      }
    } finally {
      await server.stop();
    }
  });

  it("while the https build's _headers carries every security header for the static files", () => {
    const rules = readFileSync(join(dist, "_headers"), "utf8").split(/\n(?=\/)/);
    const all = rules.find((rule) => rule.startsWith("/*\n"))!;
    const headers = new Headers(
      all
        .split("\n")
        .slice(1)
        .map((line): [string, string] => {
          const [name, ...value] = line.trim().split(": ");
          return [name, value.join(": ")];
        }),
    );
    assert.deepEqual(securityProblems(headers, "https"), []);
    const css = rules.find((rule) => /^\/assets\/site\.[0-9a-f]{10}\.css\n/.test(rule));
    assert.match(
      css ?? "",
      new RegExp(`Cache-Control: ${YEAR_IMMUTABLE}`),
      "the fingerprinted stylesheet is cached for a year",
    );
  });
});
