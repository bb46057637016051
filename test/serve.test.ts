/**
 * The preview server over real HTTP: every page, sibling, agent file and error
 * case, and the paths that must never reach outside the built folder.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { networkInterfaces } from "node:os";
import { startServing } from "./helpers/preview.ts";
import {
  builtSite,
  CLI,
  freePort,
  netlifyHeaderRules,
  netlifyHeadersFor,
  netlifyProject,
  ROOT,
  routeTable,
  startPreviewServer,
  SURFACE_FILES,
  tempDir,
  type Running,
} from "./helpers/dist.ts";

const dist = builtSite();
const table = routeTable(dist);
let server: Running;
before(async () => {
  server = await startPreviewServer(dist);
});
after(() => server.stop());

/** A raw request, so paths like `/../x` reach the server exactly as written. */
function raw(
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((done, fail) => {
    const req = httpRequest({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () =>
        done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", fail);
    req.end();
  });
}

test("the server prints the URL it listens on, on 127.0.0.1 and on no other address of the machine", async () => {
  const port = await freePort();
  const served = await startServing(["--dir", dist, "--port", String(port)]);
  try {
    assert.ok(served.output().includes(` http://127.0.0.1:${port}/`), served.output());
    assert.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 200);
    // The machine's other addresses: a preview is for this machine alone.
    const others = Object.values(networkInterfaces())
      .flatMap((addresses) => addresses ?? [])
      .filter((address) => !address.internal && address.family === "IPv4");
    for (const { address } of others)
      await assert.rejects(fetch(`http://${address}:${port}/`), `not served on ${address}`);
  } finally {
    await served.stop();
  }
});

test("every page answers HTML by default and Markdown by Accept, equal to its .md sibling", async () => {
  for (const [path, page] of Object.entries<{ markdownPath: string; html: { file: string } }>(table.pages)) {
    const html = await raw(path);
    assert.equal(html.status, 200, path);
    assert.equal(html.headers["content-type"], "text/html; charset=utf-8");
    assert.equal(html.headers.vary, "Accept, Accept-Encoding");
    assert.equal(html.headers.link, `<${page.markdownPath}>; rel="alternate"; type="text/markdown"`);
    assert.deepEqual(html.body, readFileSync(join(dist, page.html.file)));
    const markdown = await raw(path, { accept: "text/markdown" });
    assert.equal(markdown.status, 200);
    assert.equal(markdown.headers["content-type"], "text/markdown; charset=utf-8");
    const sibling = await raw(page.markdownPath);
    assert.equal(sibling.status, 200, page.markdownPath);
    assert.deepEqual(markdown.body, sibling.body, `${path}: negotiated Markdown = ${page.markdownPath}`);
  }
});

test("every agent and crawl file answers 200 with its media type", async () => {
  for (const [path, type] of SURFACE_FILES) {
    const response = await raw(path);
    assert.equal(response.status, 200, path);
    assert.equal(response.headers["content-type"], type, path);
    assert.equal(response.headers["access-control-allow-origin"], "*");
    assert.deepEqual(response.body, readFileSync(join(dist, path)));
  }
});

test("errors: negotiated 404 bodies, 406 JSON, and the §7.3 headers on each", async () => {
  const cases: [string, Record<string, string>, number, string][] = [
    ["/nope/", {}, 404, "application/json; charset=utf-8"],
    ["/nope/", { accept: "text/markdown" }, 404, "text/markdown; charset=utf-8"],
    ["/nope/", { accept: "text/html" }, 404, "text/html; charset=utf-8"],
    ["/blog/why-every-enterprise-needs-a-central-esb/", {}, 404, "application/json; charset=utf-8"],
    [
      "/blog/why-every-enterprise-needs-a-central-esb.md",
      { accept: "text/markdown" },
      404,
      "text/markdown; charset=utf-8",
    ],
    ["/about/", { accept: "application/json" }, 406, "application/json; charset=utf-8"],
    ["/_sitegen/negotiation.json", {}, 404, "application/json; charset=utf-8"],
    ["/_headers", {}, 404, "application/json; charset=utf-8"],
  ];
  for (const [path, headers, status, type] of cases) {
    const response = await raw(path, headers);
    assert.equal(response.status, status, path);
    assert.equal(response.headers["content-type"], type, path);
    assert.match(String(response.headers.link), /rel="service-desc".*rel="service-doc".*rel="help"/);
    assert.equal(response.headers.vary, "Accept, Accept-Encoding");
    assert.equal(response.headers["cache-control"], "no-store");
  }
});

test("assets are served as the CDN would, outside negotiation", async () => {
  // The stylesheet under its fingerprinted name, as the pages link it.
  const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(
    readFileSync(join(dist, "index.html"), "utf8"),
  )![1];
  const css = await raw(stylesheet, { accept: "application/json" });
  assert.equal(css.status, 200);
  assert.equal(css.headers["content-type"], "text/css; charset=utf-8");
  // Netlify answers a path nothing serves with the site's 404 page.
  const missing = await raw("/missing.png");
  assert.equal(missing.status, 404);
  assert.equal(missing.headers["content-type"], "text/html; charset=utf-8");
  assert.deepEqual(missing.body, readFileSync(join(dist, "404.html")));
});

test("never serves a file outside the folder: traversal, encoded dots, double slashes, NUL, long paths answer 404", async () => {
  const hostile = [
    "/../package.json",
    "/../../../../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/%2e%2e%2fpackage.json",
    "/assets/..%2f..%2fpackage.json",
    "/assets/%2e%2e/%2e%2e/package.css",
    "//etc/passwd",
    "//etc/passwd.png",
    "/assets//site.css/../../../package.json",
    "/%00",
    "/assets/site.css%00.png",
    "/%E0%A4%A.png",
    "/..\\..\\package.json",
    `/${"a".repeat(20_000)}`,
    `/${"a/".repeat(5_000)}x.png`,
  ];
  for (const path of hostile) {
    const response = await raw(path);
    assert.equal(response.status, 404, path.slice(0, 80));
    assert.ok(!response.body.toString().includes('"name": "sitegen"'), path.slice(0, 80));
    assert.ok(!response.body.toString().includes("root:"), path.slice(0, 80));
  }
});

test("HEAD answers like GET without a body", async () => {
  const get = await raw("/about/", { accept: "text/markdown" });
  const head = await raw("/about/", { accept: "text/markdown" }, "HEAD");
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  assert.equal(head.headers.etag, get.headers.etag);
  assert.equal(head.headers["content-type"], get.headers["content-type"]);
});

test("_headers gives Netlify's static files the same headers the core sends for them", async () => {
  const rules = await netlifyHeaderRules(join(dist, "_headers"));
  const table = routeTable(dist);
  const paths = [
    ...Object.keys(table.pages).map((path) => table.pages[path].markdownPath as string),
    ...Object.keys(table.files),
  ];
  let compared = 0;
  for (const path of paths) {
    const response = await raw(path);
    assert.equal(response.status, 200, path);
    for (const [name, value] of netlifyHeadersFor(rules, path).headers) {
      assert.equal(response.headers[name], value, `${path} ${name}`);
      compared++;
    }
  }
  assert.ok(compared > 50);
});

test("serve on a port already in use says so in one line, with no stack trace, and exits 2: the preview server, watch mode and Netlify's emulator", async () => {
  const taken = new URL(server.url).port;
  const runs: [string, string[], string][] = [
    ["serve", ["serve", "--dir", dist, "--port", taken], ROOT],
    [
      "serve --watch",
      ["serve", "--watch", "--dir", join(tempDir("sitegen-busy-"), "dist"), "--port", taken],
      ROOT,
    ],
    ["serve --netlify", ["serve", "--netlify", "--port", taken], netlifyProject(dist)],
  ];
  for (const [name, args, cwd] of runs) {
    const result = await new Promise<{ status: number | null; stderr: string }>((done) => {
      execFile(
        process.execPath,
        [CLI, ...args],
        { cwd, env: { ...process.env, NO_COLOR: "1" }, encoding: "utf8" },
        (error, _stdout, stderr) => done({ status: error ? (error.code as number) : 0, stderr }),
      );
    });
    assert.equal(result.status, 2, name);
    const lines = result.stderr.split("\n").filter((line) => line !== "" && !/^✓ built /.test(line));
    assert.deepEqual(
      lines,
      [
        `error: port ${taken} on 127.0.0.1 is in use: stop the other server, or pick another port (--port 0 picks a free one)`,
      ],
      name,
    );
  }
});
