/**
 * The Netlify edge function under the real Deno runtime gives the same status,
 * headers and bytes as the preview server for the same table of requests:
 * both hosts wrap one core.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { builtSite, startEdgeFunction, startPreviewServer, type Running } from "./helpers/dist.ts";

const dist = builtSite();
const table = JSON.parse(readFileSync(join(dist, "_sitegen/negotiation.json"), "utf8"));
let preview: Running;
let edge: Running;
before(async () => {
  [preview, edge] = await Promise.all([startPreviewServer(dist), startEdgeFunction(dist)]);
});
after(async () => {
  await Promise.all([preview?.stop(), edge?.stop()]);
});

/** Headers the transport sets on its own; everything else must match exactly. */
const TRANSPORT = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

async function fetchBoth(path: string, init: RequestInit) {
  const [a, b] = await Promise.all([fetch(new URL(path, preview.url), init), fetch(new URL(path, edge.url), init)]);
  const headers = (r: Response) => Object.fromEntries([...r.headers].filter(([name]) => !TRANSPORT.has(name)).sort());
  return {
    preview: { status: a.status, headers: headers(a), body: Buffer.from(await a.arrayBuffer()) },
    edge: { status: b.status, headers: headers(b), body: Buffer.from(await b.arrayBuffer()) },
  };
}

const ACCEPTS = [undefined, "*/*", "text/html", "text/markdown", "application/json", "image/png", "text/html;q=0", "text/markdown;q=0.9, text/html;q=0.1", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"];
const PATHS = [
  ...Object.keys(table.pages),
  ...Object.keys(table.files),
  "/nope/",
  "/about",
  "/about/index.html",
  "/blog/why-every-enterprise-needs-a-central-esb/",
  "/blog/nope.md",
  "/nope.txt",
  "/nope.json",
  "/nope.xml",
  "/_sitegen/negotiation.json",
];

test("same status, headers and bytes from Deno and from the preview server", async () => {
  let compared = 0;
  for (const path of PATHS) {
    for (const accept of ACCEPTS) {
      for (const method of ["GET", "HEAD"]) {
        const init: RequestInit = { method, headers: accept === undefined ? {} : { accept } };
        const both = await fetchBoth(path, init);
        const label = `${method} ${path} Accept: ${accept}`;
        assert.equal(both.edge.status, both.preview.status, label);
        assert.deepEqual(both.edge.headers, both.preview.headers, label);
        assert.ok(both.edge.body.equals(both.preview.body), `${label}: bodies differ`);
        compared++;
      }
    }
  }
  assert.ok(compared > 300);
});

test("conditional requests: 304 from both for the current ETag", async () => {
  const first = await fetch(new URL("/about/", preview.url), { headers: { accept: "text/markdown" } });
  const etag = first.headers.get("etag")!;
  const both = await fetchBoth("/about/", { headers: { accept: "text/markdown", "if-none-match": etag } });
  assert.equal(both.preview.status, 304);
  assert.equal(both.edge.status, 304);
  assert.deepEqual(both.edge.headers, both.preview.headers);
});

test("assets pass through the function to the CDN's static files", async () => {
  const both = await fetchBoth("/assets/site.css", {});
  assert.equal(both.edge.status, 200);
  assert.equal(both.preview.status, 200);
  assert.ok(both.edge.body.equals(both.preview.body));
  const missing = await fetchBoth("/nope.png", {});
  assert.equal(missing.edge.status, 404);
  assert.equal(missing.preview.status, 404);
});
