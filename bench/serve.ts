/**
 * Preview-server throughput: requests per second under autocannon for a mix of
 * HTML, Markdown and 404 requests, against a plain static file server
 * (`serve-handler` on node:http, bench/static-server.ts) serving the same
 * folder. The plain server cannot negotiate, so where the preview server gets
 * `Accept: text/markdown` on `/blog/<slug>/`, it gets the `.md` sibling's path.
 *
 * Loopback only, bounded: each round sends a fixed number of requests and is
 * stopped after a time limit whatever happens. A round is valid only with 0
 * connection errors, 0 timeouts and no status outside 2xx and 4xx.
 *
 * `node --import tsx bench/serve.ts --dir <dist> [--requests 20000] [--connections 16] [--rounds 3] [--json]`
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { rng } from "./random.ts";
import { flag } from "./args.ts";

export interface ServeOptions {
  /** The built site to serve. */
  dir: string;
  /** Repository root: where bin/sitegen.js and bench/ are. */
  root: string;
  requests?: number;
  connections?: number;
  rounds?: number;
  /** Hard limit of one round, in seconds. */
  maxSeconds?: number;
  seed?: number;
}

export interface RoundResult {
  requestsPerSecond: number;
  requests: number;
  seconds: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  timeouts: number;
  statusCounts: Record<string, number>;
  valid: boolean;
}

export interface ServerResult {
  name: string;
  command: string;
  /** Median over valid rounds. */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  rounds: RoundResult[];
  valid: boolean;
  problems: string[];
}

export interface ServeResult {
  dir: string;
  mix: { html: number; markdown: number; notFound: number; distinctPaths: number };
  requestsPerRound: number;
  connections: number;
  servers: ServerResult[];
  /** sitegen / plain */
  ratio: number;
}

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
const MARKDOWN = "text/markdown, text/html;q=0.5";

interface MixEntry {
  kind: "html" | "markdown" | "notFound";
  sitegen: { path: string; accept: string };
  plain: { path: string; accept: string };
  expect: number;
}

/** Posts that have both the HTML page and the `.md` sibling, sorted, at most `limit`. */
async function postsIn(dir: string, limit: number): Promise<string[]> {
  const entries = await readdir(join(dir, "blog"), { withFileTypes: true }).catch(() => []);
  return entries
    .filter(
      (entry) =>
        entry.isDirectory() &&
        existsSync(join(dir, "blog", entry.name, "index.html")) &&
        existsSync(join(dir, "blog", `${entry.name}.md`)),
    )
    .map((entry) => entry.name)
    .sort()
    .slice(0, limit);
}

export function buildServeMix(slugs: string[], count: number, seed: number): MixEntry[] {
  const random = rng(seed);
  const mix: MixEntry[] = [];
  for (let i = 0; i < count; i++) {
    const slug = slugs[Math.floor(random() * slugs.length)];
    const roll = random();
    if (roll < 0.5) {
      const request = { path: `/blog/${slug}/`, accept: BROWSER };
      mix.push({ kind: "html", sitegen: request, plain: request, expect: 200 });
    } else if (roll < 0.8) {
      mix.push({
        kind: "markdown",
        sitegen: { path: `/blog/${slug}/`, accept: MARKDOWN },
        plain: { path: `/blog/${slug}.md`, accept: MARKDOWN },
        expect: 200,
      });
    } else {
      const request = { path: `/blog/no-such-post-${i}/`, accept: BROWSER };
      mix.push({ kind: "notFound", sitegen: request, plain: request, expect: 404 });
    }
  }
  return mix;
}

interface Started {
  child: ChildProcess;
  url: string;
}

/** Starts a server and waits for the line that names its loopback URL. */
function startServer(command: string, args: string[], cwd: string): Promise<Started> {
  return new Promise((resolveStart, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const timer = setTimeout(
      () => fail(new Error(`no URL printed within 30 s by ${command} ${args.join(" ")}:\n${output}`)),
      30_000,
    );
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.kill("SIGTERM");
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      output += chunk.toString("utf8");
      const match = /http:\/\/(127\.0\.0\.1|localhost|\[::1\]):(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolveStart({ child, url: `http://127.0.0.1:${match[2]}` });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.on("error", fail);
    child.on("exit", (code) => fail(new Error(`${command} exited (${code}) before serving:\n${output}`)));
  });
}

function stopServer(started: Started): Promise<void> {
  return new Promise((done) => {
    if (started.child.exitCode !== null) return done();
    started.child.removeAllListeners("exit");
    started.child.once("exit", () => done());
    started.child.kill("SIGTERM");
    setTimeout(() => {
      if (started.child.exitCode === null) started.child.kill("SIGKILL");
    }, 3000).unref();
  });
}

/** One request of each kind, checked by status and media type before any load. */
async function checkServer(url: string, mix: MixEntry[], side: "sitegen" | "plain"): Promise<string[]> {
  const problems: string[] = [];
  for (const kind of ["html", "markdown", "notFound"] as const) {
    const entry = mix.find((candidate) => candidate.kind === kind);
    if (!entry) continue;
    const request = entry[side];
    const response = await fetch(`${url}${request.path}`, {
      headers: { accept: request.accept },
      redirect: "manual",
    });
    await response.arrayBuffer();
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== entry.expect)
      problems.push(`${request.path} (${kind}) answered ${response.status}, expected ${entry.expect}`);
    if (kind === "html" && !type.startsWith("text/html"))
      problems.push(`${request.path} answered ${type || "no Content-Type"}, expected text/html`);
    if (kind === "markdown" && side === "sitegen" && !type.startsWith("text/markdown"))
      problems.push(`${request.path} with Accept: text/markdown answered ${type || "no Content-Type"}`);
  }
  return problems;
}

function round(
  url: string,
  requests: { path: string; headers: Record<string, string> }[],
  amount: number,
  connections: number,
  maxSeconds: number,
): Promise<RoundResult> {
  return new Promise((done, reject) => {
    const started = process.hrtime.bigint();
    const instance = autocannon(
      { url, connections, amount, requests, timeout: 10, pipelining: 1 },
      (error: Error | null, result: autocannon.Result) => {
        clearTimeout(limit);
        if (error) return reject(error);
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const statusCounts: Record<string, number> = {};
        for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {}))
          statusCounts[status] = Number(count);
        const total = Object.values(statusCounts).reduce((sum, count) => sum + count, 0);
        const badStatus = Object.keys(statusCounts).some((status) => !/^[24]\d\d$/.test(status));
        done({
          requestsPerSecond: total / seconds,
          requests: total,
          seconds,
          latencyP50Ms: result.latency.p50,
          latencyP99Ms: result.latency.p99,
          errors: result.errors,
          timeouts: result.timeouts,
          statusCounts,
          valid: result.errors === 0 && result.timeouts === 0 && !badStatus && total > 0,
        });
      },
    );
    const limit = setTimeout(() => instance.stop(), maxSeconds * 1000);
  });
}

const median = (values: number[]): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function runServeBench(options: ServeOptions): Promise<ServeResult> {
  const amount = options.requests ?? 20_000;
  const connections = options.connections ?? 16;
  const rounds = options.rounds ?? 3;
  const maxSeconds = options.maxSeconds ?? 30;
  const slugs = await postsIn(options.dir, 500);
  if (slugs.length === 0)
    throw new Error(`no posts with an HTML page and a .md sibling under ${options.dir}/blog`);
  const mix = buildServeMix(slugs, 1000, options.seed ?? 6);

  const sides = [
    {
      name: "sitegen serve",
      side: "sitegen" as const,
      command: process.execPath,
      args: [join(options.root, "bin/sitegen.js"), "serve", "--dir", options.dir, "--port", "0"],
    },
    {
      name: "serve-handler on node:http",
      side: "plain" as const,
      command: process.execPath,
      args: [
        "--import",
        "tsx",
        join(options.root, "bench/static-server.ts"),
        "--dir",
        options.dir,
        "--port",
        "0",
      ],
    },
  ];
  const servers: ServerResult[] = [];
  const running: Started[] = [];
  try {
    for (const side of sides) {
      const started = await startServer(side.command, side.args, options.root);
      running.push(started);
      const problems = await checkServer(started.url, mix, side.side);
      servers.push({
        name: side.name,
        command: `node ${side.args.map((arg) => arg.replace(options.root + "/", "")).join(" ")}`,
        requestsPerSecond: NaN,
        latencyP50Ms: NaN,
        latencyP99Ms: NaN,
        rounds: [],
        valid: problems.length === 0,
        problems,
      });
    }
    const requestsOf = (side: "sitegen" | "plain") =>
      mix.map((entry) => ({
        method: "GET",
        path: entry[side].path,
        headers: { accept: entry[side].accept },
      }));
    // Warm-up: JIT, file system caches, keep-alive sockets; not recorded.
    for (const [index, side] of sides.entries())
      await round(running[index].url, requestsOf(side.side), Math.min(2000, amount), connections, maxSeconds);
    // Alternate the servers round by round, so drift hits both alike.
    for (let r = 0; r < rounds; r++) {
      for (const [index, side] of sides.entries())
        servers[index].rounds.push(
          await round(running[index].url, requestsOf(side.side), amount, connections, maxSeconds),
        );
    }
  } finally {
    await Promise.all(running.map(stopServer));
  }
  for (const server of servers) {
    const valid = server.rounds.filter((r) => r.valid);
    for (const [index, r] of server.rounds.entries()) {
      if (!r.valid)
        server.problems.push(
          `round ${index + 1}: ${r.errors} errors, ${r.timeouts} timeouts, statuses ${JSON.stringify(r.statusCounts)}`,
        );
    }
    server.valid = server.valid && valid.length === server.rounds.length;
    server.requestsPerSecond = median(valid.map((r) => r.requestsPerSecond));
    server.latencyP50Ms = median(valid.map((r) => r.latencyP50Ms));
    server.latencyP99Ms = median(valid.map((r) => r.latencyP99Ms));
  }
  const count = (kind: MixEntry["kind"]): number => mix.filter((entry) => entry.kind === kind).length;
  return {
    dir: options.dir,
    mix: {
      html: count("html"),
      markdown: count("markdown"),
      notFound: count("notFound"),
      distinctPaths: new Set(mix.map((entry) => entry.sitegen.path)).size,
    },
    requestsPerRound: amount,
    connections,
    servers,
    ratio: servers[0].requestsPerSecond / servers[1].requestsPerSecond,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const argv = process.argv.slice(2);
  const dir = flag(argv, "--dir");
  if (!dir) {
    console.error(
      "usage: bench/serve.ts --dir <dist> [--requests 20000] [--connections 16] [--rounds 3] [--max-seconds 30] [--json]",
    );
    process.exitCode = 2;
  } else {
    const result = await runServeBench({
      dir: resolve(dir),
      root: resolve(import.meta.dirname ?? ".", ".."),
      requests: Number(flag(argv, "--requests") ?? 20_000),
      connections: Number(flag(argv, "--connections") ?? 16),
      rounds: Number(flag(argv, "--rounds") ?? 3),
      maxSeconds: Number(flag(argv, "--max-seconds") ?? 30),
    });
    if (argv.includes("--json")) console.log(JSON.stringify(result));
    else
      for (const server of result.servers)
        console.log(
          `${server.name}: ${Math.round(server.requestsPerSecond)} req/s${server.valid ? "" : ` (invalid: ${server.problems.join("; ")})`}`,
        );
  }
}
