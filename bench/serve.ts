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
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { flag } from "./args.ts";
import { startServer, median, round, stopServer, type Started } from "./serve-load.ts";
import { buildServeMix, checkServer, postsIn, type MixEntry } from "./serve-mix.ts";

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
