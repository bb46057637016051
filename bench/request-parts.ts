/**
 * The parts of the bench that answer requests from a finished build: the
 * negotiation core on its table, the preview server, the edge function on
 * Netlify's emulator and a search on /mcp. Each records what it measured in
 * the results and what went wrong in their failures; bench/sequence.ts calls
 * them in turn, between the parts that build.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { BUILD_TIMEOUT_MS, errorLines } from "./measured-runs.ts";
import { benchEdge, type EdgeResult, type EdgeSite } from "./edge.ts";
import { fmtInt } from "./format.ts";
import { runJsonChild } from "./json-child.ts";
import type { NegotiationResult } from "./negotiation.ts";
import { ROOT, type BenchOptions } from "./options.ts";
import { outputsOf, settle } from "./outputs.ts";
import type { Results } from "./results.ts";
import type { SearchResult } from "./search-report.ts";
import type { ServeResult } from "./serve.ts";

type Log = (line: string) => void;

/** The negotiation core against the bare negotiator, on the table of the largest sitegen build. */
export async function negotiationPart(
  options: BenchOptions,
  results: Results,
  largestSitegenOut: string | undefined,
  log: Log,
): Promise<void> {
  const table =
    largestSitegenOut && existsSync(join(largestSitegenOut, "_sitegen/negotiation.json"))
      ? largestSitegenOut
      : undefined;
  if (table && existsSync(table)) {
    await settle(options, log);
    log("negotiation: core vs bare negotiator");
    results.negotiation = await runJsonChild<NegotiationResult>(
      "bench/negotiation.ts",
      ["--dist", table, "--ms", String(options.negotiationMs)],
      10 * 60_000,
    ).catch((error: Error) => ({ error: error.message }));
  } else {
    results.negotiation = {
      error: "no negotiation table: the sitegen build did not run or did not write _sitegen/negotiation.json",
    };
  }
  if ("error" in results.negotiation) results.failures.push(`negotiation: ${results.negotiation.error}`);
}

/** `sitegen serve` against serve-handler, on the largest sitegen build. */
export async function servePart(
  options: BenchOptions,
  results: Results,
  largestSitegenOut: string | undefined,
  log: Log,
): Promise<void> {
  if (largestSitegenOut && existsSync(largestSitegenOut)) {
    await settle(options, log);
    log("preview server: sitegen serve vs serve-handler");
    results.serve = await runJsonChild<ServeResult>(
      "bench/serve.ts",
      [
        "--dir",
        largestSitegenOut,
        "--requests",
        String(options.serveRequests),
        "--rounds",
        String(options.serveRounds),
        "--connections",
        String(options.serveConnections),
      ],
      10 * 60_000,
    ).catch((error: Error) => ({ error: error.message }));
  } else {
    results.serve = { error: "no sitegen output to serve" };
  }
  if ("error" in results.serve) results.failures.push(`preview server: ${results.serve.error}`);
  else
    for (const server of results.serve.servers)
      if (!server.valid)
        results.failures.push(`preview server, ${server.name}: ${server.problems.join("; ")}`);
}

/** The edge function on the real site and the smallest and largest synthetic blogs. */
export async function edgePart(
  options: BenchOptions,
  results: Results,
  sitegenOuts: Map<number, string>,
  log: Log,
): Promise<void> {
  results.edge = await benchEdgeSites(options, sitegenOuts, log).catch((error: Error) => ({
    error: error.message,
  }));
  if ("error" in results.edge) results.failures.push(`edge function: ${results.edge.error}`);
  else {
    results.failures.push(...results.edge.problems.map((problem) => `edge function: ${problem}`));
    for (const site of results.edge.sites)
      results.failures.push(...site.problems.map((problem) => `edge function, ${site.name}: ${problem}`));
  }
}

/** A search on /mcp at the largest blog, in a process of its own. */
export async function searchPart(
  options: BenchOptions,
  results: Results,
  posts: number,
  log: Log,
): Promise<void> {
  await settle(options, log);
  log(`search on /mcp at ${posts} posts`);
  results.search = await runJsonChild<SearchResult>(
    "bench/search.ts",
    ["--posts", String(posts), "--work", join(outputsOf(options), "search")],
    30 * 60_000,
  ).catch((error: Error) => ({ error: error.message }));
  if ("error" in results.search) results.failures.push(`search: ${results.search.error}`);
}

/**
 * The edge function on Netlify's emulator for the real site and the smallest
 * and largest synthetic blogs: the real site is built here (into a new folder
 * among the outputs), the blogs are the first builds of the build comparison.
 */
async function benchEdgeSites(
  options: BenchOptions,
  sitegenOuts: Map<number, string>,
  log: (line: string) => void,
): Promise<EdgeResult> {
  const real = join(outputsOf(options), "edge-real-site");
  const build = spawnSync(
    process.execPath,
    [join(ROOT, "bin/sitegen.js"), "build", "--content", join(ROOT, "content"), "--out", real, "--quiet"],
    { cwd: ROOT, encoding: "utf8", timeout: BUILD_TIMEOUT_MS },
  );
  if (build.status !== 0)
    throw new Error(
      `the real site's build exited ${build.status}: ${errorLines(`${build.stdout}\n${build.stderr}`)}`,
    );
  const sizes = [...sitegenOuts.keys()].sort((a, b) => a - b);
  const blogs = [...new Set([sizes[0], sizes.at(-1)])].filter(
    (posts): posts is number => posts !== undefined,
  );
  const sites: EdgeSite[] = [
    { name: "the real site", dist: real },
    ...blogs.map((posts) => ({ name: `${fmtInt(posts)} posts`, posts, dist: sitegenOuts.get(posts)! })),
  ];
  return benchEdge({
    root: ROOT,
    sites,
    work: join(outputsOf(options), "edge"),
    rounds: options.edgeRounds,
    loadRounds: options.edgeLoadRounds,
    inFlight: options.edgeInFlight,
    timeoutMs: 5 * 60_000,
    settle: () => settle(options, log),
    log,
  });
}
