/**
 * Latency through a CDN's own runtime (Netlify's emulator, Cloudflare's
 * workerd), every site served by `sitegen serve` at once: shared by the
 * Netlify and Cloudflare benches, apart from what each measures besides.
 */
import { join } from "node:path";
import { timed, type EdgeRequest } from "./edge-mix.ts";
import { startServer, type ServerProcess } from "./server-process.ts";
import { stats, type Stats } from "./stats.ts";

export interface EdgeLatency {
  /** Median of each request of the mix, sequential. */
  requests: { name: string; ms: Stats }[];
  /** Every sequential request that runs the function. */
  sequentialMs: Stats;
  /** Every request that runs the function, sent with others in flight. */
  inFlightMs: Stats;
}

/** What latencyThrough finds for one site. */
export interface SiteLatency {
  latency?: EdgeLatency;
  problems: string[];
}

export interface LatencyOptions {
  root: string;
  /** One project folder per site, served with `sitegen serve <serve>`. */
  projects: string[];
  mixes: EdgeRequest[][];
  serve: "--netlify" | "--cloudflare";
  rounds: number;
  inFlight: number;
  timeoutMs: number;
  settle(): Promise<void>;
}

/**
 * Latency per request through a CDN's own runtime, every site's server
 * running at once: after one warm-up pass, `rounds` sequential passes with
 * the sites alternating request by request, then the mix `inFlight` times
 * over with `inFlight` in flight, the sites taking turns.
 */
export async function latencyThrough(
  options: LatencyOptions,
): Promise<{ sites: SiteLatency[]; problems: string[] }> {
  const { mixes } = options;
  const results: SiteLatency[] = options.projects.map(() => ({
    problems: [],
  }));
  const problems: string[] = [];
  const servers: ServerProcess[] = [];
  const samples = options.projects.map(() => ({
    perRequest: [] as number[][],
    sequential: [] as number[],
    inFlight: [] as number[],
  }));
  try {
    for (const project of options.projects) {
      servers.push(
        await startServer({
          command: process.execPath,
          args: [
            join(options.root, "bin/sitegen.js"),
            "serve",
            options.serve,
            "--port",
            "0",
            "--host",
            "127.0.0.1",
          ],
          cwd: project,
          env: { ...process.env, NO_COLOR: "1" },
          timeoutMs: options.timeoutMs,
        }),
      );
    }
    const record = (site: number, problem: string | undefined): void => {
      if (problem && !results[site].problems.includes(problem)) results[site].problems.push(problem);
    };
    // Warm-up: the emulator's first requests start Deno and compile its bootstrap; not recorded.
    for (const [site, server] of servers.entries())
      for (const request of mixes[site]) record(site, (await timed(server.origin, request)).problem);
    for (const sample of samples) sample.perRequest = mixes[0].map(() => []);
    const kinds = mixes[0].length;
    for (let round = 0; round < options.rounds; round++) {
      await options.settle();
      // Each round starts with another request and another site, so that the first request after the pause is not always the same one.
      for (let k = 0; k < kinds; k++) {
        const kind = (k + round) % kinds;
        for (let s = 0; s < servers.length; s++) {
          const site = (s + round) % servers.length;
          const { ms, problem } = await timed(servers[site].origin, mixes[site][kind]);
          record(site, problem);
          samples[site].perRequest[kind].push(ms);
          if (mixes[site][kind].edge) samples[site].sequential.push(ms);
        }
      }
      for (const [site, server] of servers.entries()) {
        // The mix `inFlight` times over, `inFlight` requests at a time.
        const queue = Array.from({ length: options.inFlight }, () =>
          mixes[site].filter((request) => request.edge),
        ).flat();
        const lane = async (): Promise<void> => {
          for (let request = queue.shift(); request; request = queue.shift()) {
            const { ms, problem } = await timed(server.origin, request);
            record(site, problem);
            samples[site].inFlight.push(ms);
          }
        };
        await Promise.all(Array.from({ length: options.inFlight }, lane));
      }
    }
  } catch (error) {
    problems.push(`latency: ${(error as Error).message.split("\n")[0]}`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  for (const [site, sample] of samples.entries()) {
    if (sample.sequential.length === 0) continue;
    results[site].latency = {
      requests: mixes[site].map((request, kind) => ({
        name: request.name,
        ms: stats(sample.perRequest[kind] ?? []),
      })),
      sequentialMs: stats(sample.sequential),
      inFlightMs: stats(sample.inFlight),
    };
  }
  return { sites: results, problems };
}
