/**
 * What a search on `/mcp` costs at 10,000 posts, and how large its index is.
 *
 *   node --import tsx bench/search.ts [--posts 10000] [--queries 500] [--work /tmp/sitegen-search-bench] [--json]
 *
 * A seeded synthetic blog (bench/synthetic.ts) is built with `agents.mcp`
 * and `search` on. Then each query is answered by the request core as a
 * host answers it (src/negotiation/respond.ts → src/negotiation/mcp/), with
 * every file it reads already in memory, and timed by the process's CPU
 * time (`process.cpuUsage`, in Deno through its Node compatibility), so the
 * time measured is the CPU a call costs, not the store's I/O, which the CDNs
 * do not bill as CPU, nor the waits of a busy machine:
 *
 * - in Deno (the runtime of Netlify's edge functions, the project's own
 *   `deno`), and in V8 under Node (the engine workerd runs; a worker cannot
 *   time itself, as workerd stops its clocks while it computes);
 * - cold: a new memo for every call, so each parses every shard and
 *   document chunk it reads, as the first request to a new isolate does;
 *   and warm: one memo, as an isolate that has answered before.
 *
 * Then, through Cloudflare's own runtime (`wrangler dev`, workerd), the
 * wall time of the same calls over loopback, each to a new query: an upper
 * bound of the worker's CPU, the store's reads and HTTP included.
 *
 * The queries: every 40th post's exact title (which must come back first),
 * and two- and three-word queries drawn from the posts' vocabulary.
 *
 * It prints the report's section (bench/search-report.ts), or with `--json`
 * the figures as one line, which `npm run bench` reads and reports.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { rng } from "./random.ts";
import { generateContent } from "./synthetic.ts";
import { searchReport, spread as stats, type SearchResult } from "./search-report.ts";
import { respond } from "../src/negotiation/respond.ts";
import { newSiteMemo, SiteData, type SiteMemo } from "../src/negotiation/site-data.ts";
import { DOCS_PER_CHUNK, docChunkPath, type DocRecord, type McpSite } from "../src/negotiation/mcp/data.ts";
import { startCloudflareRuntime } from "../test/helpers/dist.ts";

const ROOT = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
    posts: { type: "string", default: "10000" },
    queries: { type: "string", default: "500" },
    work: { type: "string", default: "/tmp/sitegen-search-bench" },
  },
});
const posts = Number(values.posts);
const work = values.work!;
const content = join(work, `content-${posts}`);
const dist = join(work, `dist-${posts}`);

mkdirSync(work, { recursive: true });
await generateContent({ dir: content, posts });
const yaml = readFileSync(join(content, "site.yaml"), "utf8");
// The synthetic site.yaml has no `agents:`; both settings are added once.
if (!/^search: true$/m.test(yaml))
  writeFileSync(join(content, "site.yaml"), `${yaml}agents:\n  mcp: true\nsearch: true\n`);
// `--reuse`: the build of an earlier run, when only the timing is wanted again.
if (!values.reuse || !existsSync(join(dist, "_sitegen/mcp/site.json"))) {
  const built = spawnSync(
    process.execPath,
    [
      join(ROOT, "bin/sitegen.js"),
      "build",
      "--content",
      content,
      "--host",
      "cloudflare",
      "--out",
      dist,
      "--quiet",
    ],
    { stdio: "inherit", env: { ...process.env, SOURCE_DATE_EPOCH: "1796083200" } },
  );
  if (built.status !== 0) throw new Error("build failed");
}

// The index's size: its shards, the document chunks, site.json.
const sizes = (dir: string) => readdirSync(dir).map((name) => statSync(join(dir, name)).size);
const shardSizes = sizes(join(dist, "_sitegen/search"));
const chunkSizes = sizes(join(dist, "_sitegen/mcp/docs"));
const info = JSON.parse(readFileSync(join(dist, "_sitegen/mcp/site.json"), "utf8")) as McpSite;

// The queries: exact titles, and words of the posts.
const titles: string[] = [];
for (let chunk = Math.floor(info.pages / DOCS_PER_CHUNK); chunk < chunkSizes.length; chunk++) {
  const records = JSON.parse(readFileSync(join(dist, docChunkPath(chunk).slice(1)), "utf8")) as DocRecord[];
  for (const doc of records) if (doc.kind === "post") titles.push(doc.title);
}
const random = rng(44);
const vocabulary = [...new Set(titles.flatMap((title) => title.toLowerCase().match(/[a-z]{4,}/g) ?? []))];
const exact = titles.filter((_, index) => index % 40 === 0);
const count = Number(values.queries);
const queries = [
  ...exact,
  ...Array.from({ length: Math.max(0, count - exact.length) }, () =>
    Array.from(
      { length: 2 + Math.floor(random() * 2) },
      () => vocabulary[Math.floor(random() * vocabulary.length)],
    ).join(" "),
  ),
];

// Every file the calls read, in memory.
const files = new Map<string, Uint8Array>();
const read = (path: string): Uint8Array | null => {
  let bytes = files.get(path);
  if (!bytes) {
    const file = join(dist, path.replace(/\/$/, "/index.html"));
    if (!existsSync(file)) return null;
    bytes = readFileSync(file);
    files.set(path, bytes);
  }
  return bytes;
};
const request = (query: string) =>
  new Request("https://halyard.example/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": "search",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "search",
        arguments: { query },
        _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" },
      },
    }),
  });
async function answer(query: string, memo: SiteMemo): Promise<{ title: string }[]> {
  const response = await respond(
    request(query),
    new SiteData(async (path) => read(path) as BodyInit | null, memo),
  );
  return (await response!.json()).result.structuredContent.results;
}

// Correctness first: each exact title comes back first.
let firsts = 0;
for (const title of exact) if ((await answer(title, newSiteMemo()))[0]?.title === title) firsts++;
// Everything read once, so neither runtime's times include the disk.
for (const query of queries) await answer(query, newSiteMemo());

async function timeNode(cold: boolean): Promise<number[]> {
  const warm = newSiteMemo();
  const times: number[] = [];
  for (const query of queries) {
    const memo = cold ? newSiteMemo() : warm;
    const start = process.cpuUsage();
    await answer(query, memo);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return times;
}
await timeNode(true); // JIT warm-up
const nodeCold = stats(await timeNode(true));
const nodeWarm = stats(await timeNode(false));

// The same in Deno: the files it reads and the queries handed over in one JSON file.
const payload = join(work, "deno-payload.json");
writeFileSync(
  payload,
  JSON.stringify({
    queries,
    files: Object.fromEntries(
      [...files].map(([path, bytes]) => [path, Buffer.from(bytes).toString("base64")]),
    ),
  }),
);
const denoScript = join(work, "deno-search.ts");
writeFileSync(
  denoScript,
  `import process from "node:process";
import { respond } from ${JSON.stringify(join(ROOT, "src/negotiation/respond.ts"))};
import { newSiteMemo, SiteData } from ${JSON.stringify(join(ROOT, "src/negotiation/site-data.ts"))};
const { queries, files } = JSON.parse(await Deno.readTextFile(${JSON.stringify(payload)}));
const bytes = new Map(Object.entries(files).map(([path, text]) => [path, Uint8Array.from(atob(text), (c) => c.charCodeAt(0))]));
const request = (query) => new Request("https://halyard.example/mcp", { method: "POST", headers: { "content-type": "application/json", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "search" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search", arguments: { query }, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } }) });
async function time(cold) {
  const warm = newSiteMemo();
  const times = [];
  for (const query of queries) {
    const memo = cold ? newSiteMemo() : warm;
    const start = process.cpuUsage();
    const response = await respond(request(query), new SiteData(async (path) => bytes.get(path) ?? null, memo));
    await response.json();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return times;
}
await time(true);
console.log(JSON.stringify({ cold: await time(true), warm: await time(false) }));
`,
);
// From the project's folder, with its node_modules: the core imports negotiator by name, as the edge bundle does.
const deno = spawnSync(
  join(ROOT, "node_modules/.bin/deno"),
  ["run", "--allow-read", "--node-modules-dir=manual", "--quiet", denoScript],
  { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
);
if (deno.status !== 0) throw new Error(`deno failed:\n${deno.stderr}`);
const denoTimes = JSON.parse(deno.stdout) as { cold: number[]; warm: number[] };

// Through workerd: each query once, over loopback, after one warm-up call.
const project = await startCloudflareRuntime(dist);
const workerd: number[] = [];
// The same round trip for a ping, which reads nothing: what wrangler's proxy and HTTP cost on their own.
const pings: number[] = [];
try {
  const url = new URL("/mcp", project.url);
  const call = async (query: string) => {
    const made = request(query);
    const start = performance.now();
    const response = await fetch(url, { method: "POST", headers: made.headers, body: await made.text() });
    await response.text();
    return performance.now() - start;
  };
  const ping = async () => {
    const start = performance.now();
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "ping",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "ping",
        params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
      }),
    });
    await response.text();
    return performance.now() - start;
  };
  await call("warm up");
  for (const query of queries) {
    workerd.push(await call(query));
    pings.push(await ping());
  }
} finally {
  await project.stop();
}

const total = (list: number[]) => list.reduce((sum, size) => sum + size, 0);
const result: SearchResult = {
  posts,
  date: new Date().toISOString(),
  queries: queries.length,
  exact: exact.length,
  firsts,
  denoCold: stats(denoTimes.cold),
  denoWarm: stats(denoTimes.warm),
  nodeCold,
  nodeWarm,
  workerd: stats(workerd),
  ping: stats(pings),
  index: {
    shards: shardSizes.length,
    shardBytes: total(shardSizes),
    shardMedian: stats(shardSizes).median,
    shardMax: Math.max(...shardSizes),
    chunks: chunkSizes.length,
    chunkBytes: total(chunkSizes),
    chunkMax: Math.max(...chunkSizes),
    siteJson: statSync(join(dist, "_sitegen/mcp/site.json")).size,
  },
};
console.log(
  values.json
    ? JSON.stringify(result)
    : [`## Search (/mcp at ${posts.toLocaleString("en")} posts)`, "", ...searchReport(result)].join("\n"),
);
