/**
 * A CDN host of record (Netlify's emulator, Cloudflare's runtime) must give,
 * for the same requests, the same status, headers and bytes as the preview
 * server, and pass `sitegen verify`. One table of paths × Accept × method
 * serves every host, so no host is held to less than another.
 */
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { rng } from "../../bench/random.ts";
import type { Running } from "./dist.ts";

/**
 * Headers the transport sets on its own, and those a CDN adds to every
 * response (`Age` from its cache, Netlify's `X-Nf-*` diagnostics,
 * Cloudflare's `CF-Cache-Status`, and the compression a CDN chose, which
 * fetch undoes); everything else must match exactly.
 */
const TRANSPORT = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
  "age",
  "cf-cache-status",
  "content-encoding",
]);
const ours = (name: string) => !TRANSPORT.has(name) && !name.startsWith("x-nf-");

export interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * `init` sent to `path` on `base`. fetch adds `Accept: *\/*` to a request
 * that names none, so a request without an Accept header (a bare `curl`, many
 * crawlers) goes by `node:http`, which adds none: the hosts are asked it as
 * it is written. Redirects are followed as fetch follows them unless `init`
 * says `manual`.
 */
export async function exchange(base: string, path: string, init: RequestInit): Promise<Exchange> {
  if (!new Headers(init.headers).has("accept")) return withoutAccept(new URL(path, base), init);
  const response = await fetch(new URL(path, base), init);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => ours(name)).sort());
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function withoutAccept(url: URL, init: RequestInit, hops = 0): Promise<Exchange> {
  const answer = await plainRequest(url, init);
  const location = answer.headers.location;
  if (init.redirect === "manual" || !REDIRECTS.has(answer.status) || location === undefined || hops === 5)
    return {
      ...answer,
      headers: Object.fromEntries(Object.entries(answer.headers).filter(([n]) => ours(n))),
    };
  const method = answer.status === 303 ? "GET" : init.method;
  return withoutAccept(new URL(location, url), { ...init, method, body: undefined }, hops + 1);
}

function plainRequest(url: URL, init: RequestInit): Promise<Exchange> {
  const headers = Object.fromEntries(new Headers(init.headers));
  return new Promise((done, fail) => {
    const sent = httpRequest(url, { method: init.method ?? "GET", headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", fail);
      response.on("end", () => {
        const named = Object.entries(response.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(name === "set-cookie" ? "\n" : ", ") : String(value),
        ]);
        done({
          status: response.statusCode ?? 0,
          headers: Object.fromEntries(named.sort()),
          body: Buffer.concat(chunks),
        });
      });
    });
    sent.on("error", fail);
    sent.end(typeof init.body === "string" ? init.body : undefined);
  });
}

export interface Case {
  path: string;
  method: string;
  accept?: string;
  headers?: Record<string, string>;
  /** A request body (a POST's). */
  body?: string;
}

/**
 * Sends each case to both hosts, a few at a time, and asserts they answer
 * alike, but for the headers named in `hostOwn`: those the CDN adds to what it
 * serves on its own (Cloudflare's ETag on an asset), which the core never sets.
 */
export async function compareAll(
  preview: Running,
  host: Running,
  cases: Case[],
  hostOwn: string[] = [],
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < cases.length) {
      const { path, method, accept, headers = {}, body } = cases[next++];
      const init: RequestInit = {
        method,
        headers: accept === undefined ? headers : { ...headers, accept },
        body,
      };
      const [ours, theirs] = await Promise.all([
        exchange(preview.url, path, init),
        exchange(host.url, path, init),
      ]);
      for (const name of hostOwn) delete theirs.headers[name];
      const label = `${method} ${path} Accept: ${accept} ${JSON.stringify(headers)}${body === undefined ? "" : ` body ${body.slice(0, 120)}`}`;
      assert.ok(theirs.status < 500, `${label}: ${theirs.status}`);
      assert.equal(theirs.status, ours.status, label);
      assert.deepEqual(theirs.headers, ours.headers, label);
      assert.ok(theirs.body.equals(ours.body), `${label}: bodies differ`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, lane));
}

export const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
export const ACCEPTS = [
  undefined,
  "*/*",
  "text/html",
  "text/markdown",
  "application/json",
  "image/png",
  "text/html;q=0",
  "text/markdown;q=0.9, text/html;q=0.1",
  "text/*",
  BROWSER,
];

/** Paths outside the manifest that a host might answer on its own. */
export const UNKNOWN = [
  "/nope/",
  "/about",
  "/About/",
  "/about/index.html",
  "/about.html",
  "/blog/why-every-enterprise-needs-a-central-esb/",
  // Mistyped post addresses: the 404s name the closest posts, read from the slug index at request time.
  "/blog/transactional-outbox-pattern-in-production/",
  "/blog/idempotency-keys-in-practise-apis-that-survive-retries/",
  "/posts/kafka-rabbitmq-or-nats-choose-a-broker-by-how-it-fails/",
  "/blog/nope.md",
  "/nope.txt",
  "/nope.json",
  "/nope.xml",
  "/404.html",
  "/_sitegen/negotiation.json",
  "/_sitegen/routes/0.json",
  "/_headers",
  "/_redirects",
  // /mcp and its server card, on a site that does not serve them: a 404 like any other path.
  "/mcp",
  "/.well-known/mcp/server-card.json",
];

/**
 * Every known path as a reader and an agent ask for it (no Accept, and
 * Markdown), and every unknown one under each Accept value that changes the
 * answer.
 */
export function pathCases(known: string[]): Case[] {
  return featureCases(known, UNKNOWN);
}

/**
 * A table of `known` paths (pages, files, siblings), each as a reader and an
 * agent ask for it, and `other` paths (misses, redirects, odd spellings), each
 * under every Accept value that changes the answer. What a host does for a
 * known path alone (its `_headers` rule, the route the function reads) shows
 * in either; what the other Accept values change is the function's choice,
 * the same code for every path of a kind, asked of one path of each kind with
 * every Accept value and both methods (`acceptCases`, `everyAcceptOn`). What
 * a host may answer on its own, where no path is known, is asked every way.
 * Each request through Netlify's emulator costs it about 70 ms of CPU.
 */
export function featureCases(known: string[], other: string[]): Case[] {
  const ask = (paths: string[], accepts: (string | undefined)[]) =>
    paths.flatMap((path) => accepts.map((accept) => ({ path, method: "GET", accept })));
  return [
    ...ask(known, [undefined, "text/markdown"]),
    ...ask(other, [undefined, "text/markdown", "application/json", BROWSER]),
  ];
}

/** Every Accept value and both methods on one path. */
export function everyAcceptOn(path: string): Case[] {
  return ACCEPTS.flatMap((accept) => ["GET", "HEAD"].map((method) => ({ path, method, accept })));
}

/** Every Accept value and both methods on a page, a post, a file, a sibling and a miss. */
export function acceptCases(post: string): Case[] {
  return ["/", post, "/llms.txt", "/about.md", "/nope/", "/about"].flatMap(everyAcceptOn);
}

/** Conditional requests, a preflight and other methods. */
export function conditionalCases(etag: string): Case[] {
  return [
    { path: "/about/", method: "GET", accept: "text/markdown", headers: { "if-none-match": etag } },
    { path: "/about/", method: "GET", accept: "text/html", headers: { "if-none-match": etag } },
    { path: "/llms.txt", method: "GET", headers: { "if-none-match": "*" } },
    {
      path: "/about/",
      method: "OPTIONS",
      headers: { origin: "https://agent.example", "access-control-request-method": "GET" },
    },
    { path: "/about/", method: "POST" },
    { path: "/nope/", method: "DELETE", accept: "text/markdown" },
  ];
}

/** Assets, which the CDN serves without the core, and missing ones, which get the site's 404 page. */
export const ASSET_CASES: Case[] = [
  { path: "/assets/site.css", method: "GET" },
  { path: "/nope.png", method: "GET" },
  { path: "/assets/nope.css", method: "GET", accept: "text/markdown" },
];

/** `count` requests of paths, Accept values and methods drawn from `seed`. */
export function randomCases(known: string[], seed: number, count: number): Case[] {
  const next = rng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const parameters = ["", ";q=0", ";q=0.5", ";q=1", ";charset=utf-8", ";charset=latin1", ";level=1"];
  const types = [
    "text/html",
    "text/markdown",
    "application/json",
    "text/plain",
    "*/*",
    "text/*",
    "application/*",
    "TEXT/Markdown",
    "garbage",
  ];
  return Array.from({ length: count }, () => {
    const path = next() < 0.6 ? pick(known) : pick(UNKNOWN);
    const accept =
      next() < 0.1
        ? undefined
        : Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(types) + pick(parameters)).join(", ");
    return { path, accept, method: next() < 0.8 ? "GET" : "HEAD" };
  });
}

const MCP_VERSION = "2026-07-28";
const MCP_META = {
  "io.modelcontextprotocol/protocolVersion": MCP_VERSION,
  "io.modelcontextprotocol/clientInfo": { name: "parity", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/** A POST to /mcp as a 2026-07-28 client sends it (its version, method and name in the headers too), `headers` over them. */
function mcpPost(
  message: { id?: number | string; method: string; params?: Record<string, unknown> },
  headers: Record<string, string> = {},
): Case {
  const name = message.params?.name ?? message.params?.uri;
  return {
    path: "/mcp",
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MCP_VERSION,
      "mcp-method": message.method,
      ...(typeof name === "string" ? { "mcp-name": name } : {}),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", ...message, params: { ...message.params, _meta: MCP_META } }),
  };
}

/** A body as sent, with the JSON type and no MCP header: what a client that is none, or a broken one, sends. */
const rawMcp = (body: string, headers: Record<string, string> = {}): Case => ({
  path: "/mcp",
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body,
});

/**
 * `/mcp` on a site that serves it: every method of the protocol and of HTTP,
 * each tool with good and wrong arguments, both protocol versions, and what
 * the specification refuses (bad JSON-RPC, mismatched headers, a body too
 * large, another site's Origin); and the server card and catalog beside it.
 * `post` is a post's path and `tag` one of its tags.
 */
export function mcpCases(post: string, tag: string): Case[] {
  const call = (name: string, args: unknown, headers?: Record<string, string>) =>
    mcpPost({ id: 1, method: "tools/call", params: { name, arguments: args } }, headers);
  const legacy = { "mcp-protocol-version": "2025-11-25" };
  return [
    ...["GET", "HEAD", "DELETE", "PUT", "OPTIONS"].map((method) => ({
      path: "/mcp",
      method,
      headers: { accept: "text/event-stream" },
    })),
    {
      path: "/mcp",
      method: "OPTIONS",
      headers: { origin: "https://agent.example", "access-control-request-method": "POST" },
    },
    ...[
      "server/discover",
      "ping",
      "tools/list",
      "resources/list",
      "resources/templates/list",
      "prompts/list",
      "completion/complete",
    ].map((method) => mcpPost({ id: method, method })),
    mcpPost({ id: 2, method: "resources/list", params: { cursor: "not-a-cursor" } }),
    mcpPost({ id: 3, method: "resources/read", params: { uri: `https://example.com${post}` } }),
    mcpPost({ id: 4, method: "resources/read", params: { uri: "https://example.com/nope/" } }),
    call("search", { query: "the" }),
    call("search", { query: "the", tag, limit: 3 }),
    call("search", { query: "the", language: "xx" }),
    call("search", { query: 3 }),
    call("search", { query: "" }),
    call("get_page", { url: post }),
    call("get_page", { url: `${post.slice(0, -1)}.md` }),
    call("get_page", { url: "https://elsewhere.example/" }),
    call("list_posts", { tag, limit: 1 }),
    call("list_posts", { since: "2026-01-01", until: "2025-01-01" }),
    call("list_posts", { cursor: "x" }),
    call("list_pages", {}),
    call("delete_everything", {}),
    call("search", "not an object"),
    // A 2025-11-25 client: initialize, a notification, then requests with the header alone.
    {
      path: "/mcp",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "parity", version: "1" },
        },
      }),
    },
    rawMcp(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), legacy),
    rawMcp(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 5,
        method: "tools/call",
        params: { name: "search", arguments: { query: "the" } },
      }),
      legacy,
    ),
    rawMcp(JSON.stringify({ jsonrpc: "2.0", id: 6, method: "tools/list" }), {
      "mcp-protocol-version": "1900-01-01",
    }),
    rawMcp(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "prompts/get" }), legacy),
    // What the specification refuses.
    rawMcp("{not json"),
    rawMcp(""),
    rawMcp("null"),
    rawMcp(JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }])),
    rawMcp(JSON.stringify({ id: 1, method: "ping" })),
    rawMcp(JSON.stringify({ jsonrpc: "2.0", id: null, method: "ping" })),
    rawMcp(JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} })),
    rawMcp(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: [1] })),
    mcpPost({ id: 8, method: "tools/list" }, { "mcp-protocol-version": "2025-11-25" }),
    mcpPost({ id: 9, method: "tools/list" }, { "mcp-method": "tools/call" }),
    call("search", { query: "x" }, { "mcp-name": "get_page" }),
    call("search", { query: "x" }, { "mcp-name": `=?base64?${btoa("search")}?=` }),
    call("search", { query: "x".repeat(70_000) }),
    mcpPost({ id: 10, method: "ping" }, { origin: "https://attacker.example" }),
    mcpPost({ id: 11, method: "ping" }, { origin: "https://example.com" }),
    { ...mcpPost({ id: 12, method: "ping" }), headers: { "content-type": "text/plain" } },
    {
      path: "/mcp",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "q=1",
    },
    // The discovery files.
    ...["/.well-known/mcp/server-card.json", "/mcp/server-card", "/.well-known/mcp/catalog.json"].flatMap(
      (path) => ["GET", "HEAD", "POST", "OPTIONS"].map((method) => ({ path, method })),
    ),
  ];
}
