/**
 * `/mcp` (src/negotiation/mcp/): a new site's read-only MCP server answers
 * the official TypeScript SDK's clients over Streamable HTTP, at 2026-07-28
 * (the `@modelcontextprotocol/client` package, pinned to it) and at
 * 2025-11-25 (`@modelcontextprotocol/sdk`, which opens with `initialize`),
 * on the preview server, Netlify's emulator and Cloudflare's runtime, with
 * the same bytes from each; and every request the specification refuses gets
 * the status and JSON-RPC error it names.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Validator } from "@seriousme/openapi-schema-validator";
import { join } from "node:path";
import { findTool, isCI } from "../scripts/tools.mjs";
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ROOT,
  sitegen,
  startCloudflareRuntime,
  startNetlifyEmulator,
  startPreviewServer,
  tempDir,
  WRANGLER,
  type Running,
} from "./helpers/dist.ts";
import { compareAll, mcpCases } from "./helpers/host-parity.ts";
import { chunked, rawRequest } from "./helpers/raw-http.ts";
import { initSite, starterSite } from "./helpers/starter.ts";

const MODERN = "2026-07-28";
const META = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": { name: "test", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/**
 * A new site with the fixture's posts, built for each CDN: the negotiation data is the same, the rules files each host's
 * own. Netlify's is the run's build of that site (test/helpers/starter.ts: Netlify is a new site's host); Cloudflare's
 * is built from it into a folder of its own, without the build cache, as the site's folder is only read.
 */
function built(): { netlify: string; cloudflare: string } {
  const { root, dist } = starterSite();
  const cloudflare = join(tempDir(), "dist");
  const result = sitegen(["build", "--host", "cloudflare", "--out", cloudflare, "--quiet", "--no-cache"], {
    cwd: root,
  });
  if (result.status !== 0) throw new Error(`build failed:\n${result.stderr}`);
  return { netlify: dist, cloudflare };
}

const dist = built();
const hosts: { name: string; server?: Running; start: () => Promise<Running>; skip?: string }[] = [
  { name: "preview", start: () => startPreviewServer(dist.netlify) },
  { name: "netlify", start: () => startNetlifyEmulator(dist.netlify) },
  {
    name: "cloudflare",
    start: () => startCloudflareRuntime(dist.cloudflare),
    skip: WRANGLER.present ? undefined : `wrangler is not installed: ${WRANGLER.install}`,
  },
];
const running = () => hosts.filter((host) => host.server);
const preview = () => hosts[0].server!.url;

before(async () => {
  await Promise.all(
    hosts.filter((host) => !host.skip).map(async (host) => (host.server = await host.start())),
  );
});
after(async () => {
  await Promise.all(hosts.map((host) => host.server?.stop()));
});

/** Every exchange a client makes, as bytes: what the hosts must agree on. */
function recording(): {
  fetch: typeof fetch;
  log: { request: string; version: string | null; status: number; body: string }[];
} {
  const log: { request: string; version: string | null; status: number; body: string }[] = [];
  const recorder = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetch(input, init);
    const body = await response.text();
    const headers = new Headers(init?.headers);
    log.push({
      request: `${init?.method ?? "GET"} ${typeof init?.body === "string" ? init.body.replace(/"id":\d+/, '"id":_') : ""}`,
      version: headers.get("mcp-protocol-version"),
      status: response.status,
      body,
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }) as typeof fetch;
  return { fetch: recorder, log };
}

/** What an agent does first: list the tools, find a post by its exact title, read it, list posts by tag, list and read resources. */
async function session(client: {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(call: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  readResource(read: { uri: string }): Promise<unknown>;
}) {
  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  const found = (await client.callTool({ name: "search", arguments: { query: "Knots worth knowing" } })) as {
    structuredContent: { results: { title: string; url: string }[] };
  };
  const page = (await client.callTool({
    name: "get_page",
    arguments: { url: found.structuredContent.results[0].url },
  })) as { content: { text: string }[] };
  const tagged = (await client.callTool({ name: "list_posts", arguments: { tag: "sailing", limit: 2 } })) as {
    structuredContent: { posts: { tags: string[] }[]; nextCursor?: string };
  };
  const pages = (await client.callTool({ name: "list_pages", arguments: {} })) as {
    structuredContent: { pages: { url: string }[] };
  };
  const { resources } = await client.listResources();
  const read = (await client.readResource({ uri: resources[1].uri })) as {
    contents: { text: string; mimeType: string }[];
  };
  return {
    tools,
    found: found.structuredContent.results,
    page: page.content[0].text,
    tagged: tagged.structuredContent,
    pages: pages.structuredContent.pages,
    resources,
    read,
  };
}

test("the SDK's 2026-07-28 client and its 2025-11-25 client connect to /mcp on every host, list the tools, and get the same bytes from each", async (t) => {
  const logs = new Map<string, string>();
  for (const host of running()) {
    const url = new URL("/mcp", host.server!.url);
    const modernLog = recording();
    const modern = new ModernClient(
      { name: "test", version: "1" },
      { versionNegotiation: { mode: { pin: MODERN } } },
    );
    await modern.connect(new ModernTransport(url, { fetch: modernLog.fetch }));
    const answers = await session(modern);
    await modern.close();
    assert.deepEqual(answers.tools, ["search", "get_page", "list_posts", "list_pages"], host.name);
    // A post's exact title finds it first.
    assert.equal(answers.found[0].title, "Knots worth knowing", host.name);
    assert.match(answers.page, /^# Knots worth knowing\n/, host.name);
    assert.equal(answers.tagged.posts.length, 2);
    assert.ok(
      answers.tagged.posts.every((post) => post.tags.includes("sailing")) && answers.tagged.nextCursor,
      host.name,
    );
    assert.ok(
      answers.pages.some((page) => page.url === "https://example.com/about/"),
      host.name,
    );
    assert.equal(answers.read.contents[0].mimeType, "text/markdown");
    // Every request went out at 2026-07-28, stateless: no initialize.
    assert.ok(
      modernLog.log.every((entry) => entry.version === MODERN && !entry.request.includes('"initialize"')),
      JSON.stringify(modernLog.log.map((entry) => entry.request.slice(0, 80))),
    );

    const legacyLog = recording();
    const legacy = new Client({ name: "test", version: "1" });
    await legacy.connect(new StreamableHTTPClientTransport(url, { fetch: legacyLog.fetch }));
    assert.equal(legacy.getServerVersion()?.name, "com.example/site");
    const legacyAnswers = await session(legacy);
    await legacy.close();
    assert.deepEqual(legacyAnswers.found, answers.found, host.name);
    assert.equal(legacyAnswers.page, answers.page, host.name);
    assert.ok(
      legacyLog.log.some((entry) => entry.request.includes('"initialize"')) &&
        legacyLog.log.some((entry) => entry.version === "2025-11-25"),
    );
    logs.set(host.name, JSON.stringify([modernLog.log, legacyLog.log]));
  }
  t.diagnostic(`hosts: ${[...logs.keys()].join(", ")}`);
  assert.ok(logs.size >= 2, "at least the preview server and Netlify's emulator ran");
  const [first, ...rest] = [...logs.entries()];
  for (const [name, log] of rest) {
    // The first exchange that differs, named, rather than two whole logs.
    // Sorted: the 2025 client opens its GET stream beside its next POST, in either order.
    const sorted = (text: string) =>
      (JSON.parse(text) as object[][])
        .flat()
        .map((entry) => JSON.stringify(entry))
        .sort();
    const [ours, theirs] = [sorted(first[1]), sorted(log)];
    for (const [at, entry] of ours.entries())
      assert.deepEqual(
        theirs[at],
        entry,
        `${name} answers exchange ${at} as ${first[0]} does, byte for byte`,
      );
    assert.equal(theirs.length, ours.length, name);
  }
});

/** A raw POST to /mcp, as a 2026-07-28 client sends it unless `headers` say otherwise. */
async function post(
  base: string,
  body: string | object,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; text: string; json: any }> {
  const message =
    typeof body === "string"
      ? undefined
      : (body as { method?: string; params?: { name?: string; uri?: string } });
  const response = await fetch(new URL("/mcp", base), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MODERN,
      ...(message?.method ? { "mcp-method": message.method } : {}),
      ...((message?.params?.name ?? message?.params?.uri)
        ? { "mcp-name": (message!.params!.name ?? message!.params!.uri)! }
        : {}),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const call = (name: string, args: object) => ({
  jsonrpc: "2.0",
  id: 7,
  method: "tools/call",
  params: { name, arguments: args, _meta: META },
});

test("what the specification refuses gets its status and error, the same on every host", async () => {
  const cases: [
    label: string,
    send: (base: string) => Promise<{ status: number; text: string; json: any; headers: Headers }>,
    status: number,
    code?: number,
  ][] = [
    ["a body that is not JSON", (base) => post(base, "{not json"), 400, -32700],
    ["a batch", (base) => post(base, [{ jsonrpc: "2.0", id: 1, method: "ping" }]), 400, -32600],
    ["no jsonrpc member", (base) => post(base, { id: 1, method: "ping" }), 400, -32600],
    [
      "a method the server does not have",
      (base) => post(base, { jsonrpc: "2.0", id: 1, method: "prompts/get", params: { _meta: META } }),
      404,
      -32601,
    ],
    ["a tool the server does not have", (base) => post(base, call("delete_everything", {})), 200, -32602],
    [
      "a protocol version the server does not speak",
      (base) =>
        post(
          base,
          {
            jsonrpc: "2.0",
            id: 1,
            method: "tools/list",
            params: { _meta: { ...META, "io.modelcontextprotocol/protocolVersion": "1900-01-01" } },
          },
          { "mcp-protocol-version": "1900-01-01" },
        ),
      400,
      -32022,
    ],
    [
      "a version header that is not the body's",
      (base) =>
        post(
          base,
          { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } },
          { "mcp-protocol-version": "2025-11-25" },
        ),
      400,
      -32020,
    ],
    [
      "an Mcp-Method header that is not the body's",
      (base) =>
        post(
          base,
          { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } },
          { "mcp-method": "tools/call" },
        ),
      400,
      -32020,
    ],
    [
      "an Mcp-Name header that is not the body's",
      (base) => post(base, call("search", { query: "x" }), { "mcp-name": "get_page" }),
      400,
      -32020,
    ],
    ["a body past 64 KiB", (base) => post(base, call("search", { query: "x".repeat(70_000) })), 413, -32600],
    [
      "another site's Origin",
      (base) =>
        post(
          base,
          { jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: META } },
          { origin: "https://attacker.example" },
        ),
      403,
      -32600,
    ],
    [
      "a body that is not JSON-typed",
      (base) => post(base, "q=1", { "content-type": "application/x-www-form-urlencoded" }),
      415,
      -32600,
    ],
  ];
  for (const [label, send, status, code] of cases) {
    const answers = await Promise.all(
      running().map(async (host) => ({ host: host.name, answer: await send(host.server!.url) })),
    );
    const [first] = answers;
    assert.equal(first.answer.status, status, `${label}: ${first.answer.text}`);
    if (code !== undefined)
      assert.equal(first.answer.json?.error?.code, code, `${label}: ${first.answer.text}`);
    for (const { host, answer } of answers) {
      assert.equal(answer.status, status, `${label} on ${host}`);
      assert.equal(answer.text, first.answer.text, `${label} on ${host}: the same body`);
    }
  }
});

test("GET and DELETE on /mcp are 405 naming POST; a notification is 202; a 2025 client's initialize gets an answer and no session", async () => {
  for (const host of running()) {
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(new URL("/mcp", host.server!.url), {
        method,
        headers: { accept: "text/event-stream" },
      });
      assert.equal(response.status, 405, `${method} on ${host.name}`);
      assert.equal(response.headers.get("allow"), "POST, OPTIONS", host.name);
    }
    const note = await post(
      host.server!.url,
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { "mcp-protocol-version": "2025-11-25" },
    );
    assert.equal(note.status, 202, host.name);
    assert.equal(note.text, "");
    const init = await post(
      host.server!.url,
      {
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      },
      { "mcp-protocol-version": "", "mcp-method": "" },
    );
    assert.equal(init.status, 200, `${host.name}: ${init.text}`);
    assert.equal(init.json.result.protocolVersion, "2025-11-25");
    assert.deepEqual(init.json.result.capabilities, { tools: {}, resources: {} });
    assert.equal(init.headers.get("mcp-session-id"), null);
  }
});

test("server/discover names the versions, and tools/list is cacheable; the tools' wrong arguments come back as tool errors", async () => {
  const discover = await post(preview(), {
    jsonrpc: "2.0",
    id: "d",
    method: "server/discover",
    params: { _meta: META },
  });
  assert.deepEqual(discover.json.result.supportedVersions, [
    MODERN,
    "2025-11-25",
    "2025-06-18",
    "2025-03-26",
  ]);
  assert.equal(discover.json.result.resultType, "complete");
  const list = await post(preview(), {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/list",
    params: { _meta: META },
  });
  assert.equal(list.json.result.cacheScope, "public");
  assert.ok(list.json.result.ttlMs > 0);
  const wrong = await post(preview(), call("search", { query: 3 }));
  assert.equal(wrong.json.result.isError, true, wrong.text);
  assert.match(wrong.json.result.content[0].text, /"query" must be a string/);
  const missing = await post(preview(), call("get_page", { url: "/no-such-page/" }));
  assert.equal(missing.json.result.isError, true);
  const notFound = await post(preview(), {
    jsonrpc: "2.0",
    id: 2,
    method: "resources/read",
    params: { uri: "https://example.com/nope/", _meta: META },
  });
  assert.equal(notFound.json.error.code, -32602);
  // Languages and tags narrow a search; another site's URL names nothing here.
  const narrowed = await post(preview(), call("search", { query: "the", tag: "sailing" }));
  assert.ok(
    narrowed.json.result.structuredContent.results.every((result: { tags?: string[] }) =>
      result.tags?.includes("sailing"),
    ),
    narrowed.text,
  );
  const foreign = await post(preview(), call("get_page", { url: "https://elsewhere.example/about/" }));
  assert.equal(foreign.json.result.isError, true);
});

test("the server card is at /.well-known/mcp/server-card.json and at /mcp/server-card, and the catalog names it", async () => {
  const card = await fetch(new URL("/.well-known/mcp/server-card.json", preview()));
  assert.equal(card.status, 200);
  assert.equal(card.headers.get("content-type"), "application/mcp-server-card+json");
  const body = await card.json();
  assert.equal(body.name, "com.example/site");
  assert.deepEqual(body.remotes[0], {
    type: "streamable-http",
    url: "https://example.com/mcp",
    supportedProtocolVersions: [MODERN, "2025-11-25", "2025-06-18", "2025-03-26"],
  });
  const suffixed = await fetch(new URL("/mcp/server-card", preview()));
  assert.deepEqual(await suffixed.json(), body);
  const catalog = await (await fetch(new URL("/.well-known/mcp/catalog.json", preview()))).json();
  assert.equal(catalog.entries[0].url, "https://example.com/mcp/server-card");
  assert.equal((await fetch(new URL("/mcp/server-card", preview()), { method: "POST" })).status, 405);
});

test("llms.txt, agent-instructions.md and openapi.json name /mcp, and the OpenAPI description stays valid 3.1", async () => {
  const read = (file: string) => readFileSync(join(dist.netlify, file), "utf8");
  assert.match(
    read("llms.txt"),
    /^- \[MCP server\]\(https:\/\/example\.com\/\.well-known\/mcp\/server-card\.json\): https:\/\/example\.com\/mcp, read-only/m,
  );
  assert.match(read("agent-instructions.md"), /^- https:\/\/example\.com\/mcp is a read-only MCP server/m);
  assert.doesNotMatch(read("agent-instructions.md"), /no MCP server/);
  const openapi = JSON.parse(read("openapi.json"));
  assert.deepEqual(Object.keys(openapi.paths["/mcp"]), ["post"]);
  assert.ok(openapi.paths["/mcp"].post.requestBody.content["application/json"]);
  const validator = new Validator();
  const result = await validator.validate(openapi);
  assert.deepEqual(result.errors ?? [], []);
});

test("the host conformance table: every request of /mcp's table (methods, tools, both versions, what the specification refuses, the server card) answers alike on every host, with no 5xx", async () => {
  const [preview, ...others] = running();
  assert.ok(others.length >= 1, "at least Netlify's emulator ran");
  const cases = mcpCases("/blog/knots-worth-knowing/", "sailing");
  for (const host of others) await compareAll(preview.server!, host.server!, cases);
  // The table is the specification's answers, not only agreement: a few of them, on the preview server.
  const statuses = await Promise.all(
    cases.map(
      async ({ path, method, headers, body }) =>
        (await fetch(new URL(path, preview.server!.url), { method, headers, body })).status,
    ),
  );
  assert.ok(
    statuses.every((status) => status < 500),
    statuses.join(", "),
  );
  assert.deepEqual([...new Set(statuses)].sort(), [200, 202, 204, 400, 403, 404, 405, 413, 415]);
});

test("a chunked body past 64 KiB, of no declared length, gets the 413 and its JSON-RPC error on every host, the rest read and dropped", async () => {
  // Found by the HTTP fuzz: the core cancelled such a body at the limit, and workerd answered 503 ("worker restarted
  // mid-request") or nothing, and the preview server now and then reset the connection under the 413.
  for (const host of running()) {
    for (const size of [100_000, 1_000_000, 6_000_000]) {
      const message = Buffer.concat([
        Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: META } })),
        Buffer.alloc(size, " "),
      ]);
      const body = chunked(message);
      const headers = {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": MODERN,
        "Mcp-Method": "ping",
        "Transfer-Encoding": "chunked",
      };
      const answer = await rawRequest(host.server!.url, {
        method: "POST",
        target: "/mcp",
        headers,
        body,
        timeoutMs: 60_000,
      });
      const label = `${host.name}, ${size} bytes`;
      assert.ok(typeof answer === "object", `${label}: ${answer ?? "closed without an answer"}`);
      assert.equal(answer.status, 413, `${label}: ${answer.body.subarray(0, 200).toString()}`);
      assert.equal(JSON.parse(answer.body.toString()).error.code, -32600, label);
    }
  }
});

test("a site with search on and /mcp off fails to build, at site.yaml's `search:` line: its search page would find nothing", () => {
  const root = initSite("search-without-mcp");
  const file = join(root, "content/site.yaml");
  const yaml = readFileSync(file, "utf8");
  assert.match(yaml, /^ {2}mcp: true$/m);
  writeFileSync(file, yaml.replace(/^ {2}mcp: true$/m, "  mcp: false"));
  const line = yaml.split("\n").indexOf("search: true") + 1;
  const result = sitegen(["build", "--quiet"], { cwd: root });
  assert.equal(result.status, 1, result.stderr);
  assert.match(
    result.stderr,
    new RegExp(`^error: content/site\\.yaml:${line}:1: \`search\` is on, but \`agents\\.mcp\` is not`, "m"),
  );
  assert.match(result.stderr, /hint: turn `\/mcp` on \(`agents: \{ mcp: true \}`\), or `search` off/);
  // Either way out builds: /mcp on, or search off.
  writeFileSync(
    file,
    yaml.replace(/^search: true$/m, "search: false").replace(/^ {2}mcp: true$/m, "  mcp: false"),
  );
  assert.equal(sitegen(["build", "--quiet"], { cwd: root }).status, 0);
});

/**
 * The MCP Inspector's CLI (`@modelcontextprotocol/inspector`), where it is
 * installed: on PATH as `mcp-inspector` (`npm install -g`), or in
 * node_modules. Not a devDependency: it asks for Node 22.19, past the 22.12
 * sitegen supports (npm ci would warn there), runs an install script, and
 * brings 111 MB.
 */
const INSPECTOR = [findTool("mcp-inspector"), join(ROOT, "node_modules/.bin/mcp-inspector")].find(
  (path) => path !== undefined && existsSync(path),
);
const INSPECTOR_INSTALL = "npm install -g @modelcontextprotocol/inspector@2.12.0";
// Under CI (.ci/run installs it) a missing Inspector fails the test rather than skipping it, as a missing system tool does.
const INSPECTOR_SKIP =
  INSPECTOR || isCI() ? false : `the MCP Inspector is not installed: ${INSPECTOR_INSTALL}`;

/** A proxy in front of `base` that notes each request's method and MCP-Protocol-Version: which revision the client spoke. */
async function recordingProxy(
  base: string,
): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const method = /"method":"([^"]+)"/.exec(body.toString())?.[1];
    seen.push(`${request.method} ${method ?? ""} ${request.headers["mcp-protocol-version"] ?? "none"}`);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        ([name]) => !["host", "connection", "content-length"].includes(name),
      ) as [string, string][],
    );
    const answer = await fetch(new URL(request.url!, base), {
      method: request.method,
      headers,
      body: request.method === "GET" || request.method === "HEAD" ? undefined : body,
    });
    response.writeHead(
      answer.status,
      Object.fromEntries(
        [...answer.headers].filter(([name]) => name !== "content-encoding" && name !== "content-length"),
      ),
    );
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    seen,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

function inspect(url: string, era: "legacy" | "modern", args: string[]): Promise<string> {
  const home = tempDir("sitegen-inspector-");
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [
        realpathSync(INSPECTOR!),
        "--cli",
        url,
        "--transport",
        "http",
        "--protocol-era",
        era,
        "--format",
        "json",
        "--quiet",
        ...args,
      ],
      {
        env: { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, "mcp.json") },
        encoding: "utf8",
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        if (error) fail(new Error(`the Inspector ${era} ${args.join(" ")}: ${error.message}\n${stderr}`));
        else done(stdout);
      },
    );
  });
}

test("the MCP Inspector's CLI lists the tools and calls search and get_page on every host, at 2026-07-28 and 2025-11-25, with the same bytes from each", {
  skip: INSPECTOR_SKIP,
}, async (t) => {
  assert.ok(INSPECTOR, `CI=${process.env.CI}: the MCP Inspector is not installed: ${INSPECTOR_INSTALL}`);
  const answers = new Map<string, string>();
  for (const host of running()) {
    const proxy = await recordingProxy(host.server!.url);
    try {
      for (const era of ["modern", "legacy"] as const) {
        // --strict: the Inspector's check that the tools' schemas read alike in every client fails the run (exit 6) on an error.
        const tools = JSON.parse(
          await inspect(proxy.url, era, ["--method", "tools/list", "--strict"]),
        ).result.tools.map((tool: { name: string }) => tool.name);
        assert.deepEqual(tools, ["search", "get_page", "list_posts", "list_pages"], `${host.name} ${era}`);
        const search = await inspect(proxy.url, era, [
          "--method",
          "tools/call",
          "--tool-name",
          "search",
          "--tool-arg",
          "query=Knots worth knowing",
        ]);
        const first = JSON.parse(search).result.structuredContent.results[0];
        assert.equal(first.title, "Knots worth knowing", `${host.name} ${era}`);
        const page = await inspect(proxy.url, era, [
          "--method",
          "tools/call",
          "--tool-name",
          "get_page",
          "--tool-arg",
          `url=${first.url}`,
        ]);
        assert.match(
          JSON.parse(page).result.content[0].text,
          /^# Knots worth knowing\n/,
          `${host.name} ${era}`,
        );
        answers.set(`${host.name} ${era}`, JSON.stringify([tools, search, page]));
      }
    } finally {
      await proxy.close();
    }
    // The modern era spoke 2026-07-28 with no initialize; the legacy era opened with initialize and then spoke 2025-11-25.
    const posts = proxy.seen.filter((entry) => entry.startsWith("POST "));
    t.diagnostic(`${host.name}: ${[...new Set(posts)].join("; ")}`);
    assert.ok(
      posts.some((entry) => entry === "POST tools/call 2026-07-28"),
      posts.join("; "),
    );
    assert.ok(
      posts.some((entry) => entry.startsWith("POST initialize ")) &&
        posts.some((entry) => entry === "POST tools/call 2025-11-25"),
      posts.join("; "),
    );
  }
  t.diagnostic(`hosts: ${[...new Set([...answers.keys()].map((key) => key.split(" ")[0]))].join(", ")}`);
  for (const era of ["modern", "legacy"]) {
    const [first, ...rest] = [...answers].filter(([key]) => key.endsWith(era));
    for (const [key, answer] of rest)
      assert.equal(answer, first[1], `${key} answers as ${first[0]}, byte for byte`);
  }
});
