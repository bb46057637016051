/**
 * The HTTP fuzz: seeded random requests, hostile ones among them, to a host
 * of a built site over real sockets (HTTP/1.1 written by hand, so that TRACE,
 * CONNECT, unknown methods, targets that are no path, bodies of any size and
 * chunked ones all reach the server as an attacker would send them). What it
 * asks of every host: no 5xx (but the 501 a method nobody knows
 * gets, RFC 9110 §15.6.2), no byte of a file outside the build folder, an
 * answer to every request the host's own front takes, the host alive, and
 * its memory bounded. `npm test` runs it with a fixed seed and a few hundred
 * requests (test/fuzz-http.test.ts); `npm run fuzz` with a seed from the
 * clock and thousands (fuzz/run.ts).
 *
 * A CDN host's emulator may die of its own accord (Wrangler 4's runtime does
 * after a few thousand requests, with or without sitegen's worker), and
 * Netlify's emulator leaks memory with each request: the fuzz restarts such
 * a host, says so with the output it ended with, and goes on.
 *
 * This module sends the requests and judges the answers; the requests
 * themselves are http-requests.ts's, and the report http-report.ts's.
 */
import { rng } from "../bench/random.ts";
import type { Running } from "../test/helpers/dist.ts";
import { treeRss } from "../test/helpers/processes.ts";
import { rawRequest, type RawRequest } from "../test/helpers/raw-http.ts";
import { isMcpEndpoint, mcpFault } from "./http-mcp-answers.ts";
import { fuzzRequest, type FuzzedSite } from "./http-requests.ts";
import type { HostReport } from "./http-report.ts";

export interface FuzzedHost {
  name: string;
  start(): Promise<Running>;
  /** Start a fresh host after this many requests (Netlify's emulator leaks memory as it serves). */
  restartEvery?: number;
  /** Whether its front is sitegen's own server, which must answer every request with a response. */
  ownFront: boolean;
  /**
   * The same host serving the same folder without any sitegen code (a worker
   * that only hands requests to the static assets), for a host whose front
   * is not sitegen's: a 5xx that it answers to the same request too is the
   * host's own (workerd's 501 to a method it does not know), not sitegen's.
   */
  control?(): Promise<Running>;
}

export interface HttpFuzzOptions {
  seed: number;
  requests: number;
  /** The largest body sent; some past the form limit (8 MB) in long runs. */
  maxBodyBytes: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Progress and restarts, as they happen. */
  log?: (text: string) => void;
  /** The host already running, to fuzz before starting any other. */
  running?: Running;
}

/** The methods Node's parser knows among those the fuzz sends: any other answered 501 is refused as unknown, rightly. */
const KNOWN_METHODS = new Set([
  "GET",
  "HEAD",
  "POST",
  "OPTIONS",
  "PUT",
  "DELETE",
  "PATCH",
  "TRACE",
  "CONNECT",
  "PROPFIND",
  "MKCOL",
  "PURGE",
  "SEARCH",
  "M-SEARCH",
]);
/** Sends the run's requests to one host, restarting it when it dies or is due; what each request got, counted. */
export async function fuzzHost(
  host: FuzzedHost,
  site: FuzzedSite,
  options: HttpFuzzOptions,
): Promise<HostReport> {
  const next = rng(options.seed);
  const report: HostReport = {
    host: host.name,
    requests: 0,
    outcomes: {},
    failures: [],
    restarts: [],
    hostEvents: [],
    mcpOutcomes: {},
    peakRssBytes: 0,
  };
  const log = options.log ?? (() => {});
  let running = options.running ?? (await host.start());
  let servedSinceStart = 0;
  let sent = 0;
  const sample = () => {
    if (running.pid !== undefined) report.peakRssBytes = Math.max(report.peakRssBytes, treeRss(running.pid));
  };
  const restart = async (why: string) => {
    report.restarts.push(why);
    log(`${host.name}: ${why}`);
    await running.stop();
    if (sent >= options.requests) return;
    running = await host.start();
    servedSinceStart = 0;
  };
  let control: Promise<Running> | undefined;
  /** How many lanes are asking a host again whether a 5xx was its own (isHostsOwn). */
  let asking = 0;
  /**
   * Whether a 5xx is the host's own, not sitegen's: its control host answers the same request with the same status,
   * or cannot answer it at all, or the host answers it without a 5xx when asked again (its runtime restarting
   * mid-request, as Wrangler's does).
   */
  const isHostsOwn = async (
    request: RawRequest,
    status: number,
    label: string,
    body: string,
  ): Promise<boolean> => {
    if (!host.control) return false;
    control ??= host.control();
    const theirs = await rawRequest((await control).url, { ...request, timeoutMs: 30_000 });
    // The same status from it, or no answer at all: the host's front refused what would not reach any worker.
    if (typeof theirs !== "object" || theirs.status === status) return true;
    // Asked again, a little later each time: a runtime that restarts its worker takes a moment, more under load.
    // Meanwhile the other lanes send nothing new: a request the runtime itself cannot take (Wrangler's workerd
    // restarts on a CONNECT) would restart it again while this one waits for it to settle.
    asking++;
    try {
      return await askedAgain(request, status, label, body);
    } finally {
      asking--;
    }
  };
  /** Whether `request` gets an answer under 500 when sent again, the host let alone meanwhile (or the host dies). */
  const askedAgain = async (
    request: RawRequest,
    status: number,
    label: string,
    body: string,
  ): Promise<boolean> => {
    // Under CI's load Wrangler's runtime has answered "restarted mid-request" through 17 s of these: the last wait is longer.
    for (const wait of [500, 2_000, 5_000, 10_000, 20_000]) {
      await new Promise((done) => setTimeout(done, wait));
      if (!running.running()) {
        report.hostEvents.push(
          `${label}: ${status} (${JSON.stringify(body.slice(0, 120))}) as the host was dying`,
        );
        return true;
      }
      const again = await rawRequest(running.url, { ...request, timeoutMs: 30_000 });
      if (typeof again === "object" && again.status < 500) {
        report.hostEvents.push(
          `${label}: ${status} once (${JSON.stringify(body.slice(0, 120))}), ${again.status} when sent again`,
        );
        return true;
      }
    }
    return false;
  };
  // Lanes stop taking requests at a death or a due restart, so that every request goes to a living host.
  let pause = false;
  const lane = async () => {
    while (!pause && sent < options.requests) {
      if (asking > 0) {
        await new Promise((done) => setTimeout(done, 50));
        continue;
      }
      const index = sent++;
      const request = fuzzRequest(next, site, options.maxBodyBytes);
      const label = `#${index} ${request.method} ${JSON.stringify(request.target)} ${JSON.stringify(request.headers)}${request.body ? ` body ${request.body.length} bytes` : ""}`;
      const answer = await rawRequest(running.url, { ...request, timeoutMs: 30_000 });
      report.requests++;
      servedSinceStart++;
      const outcome =
        answer === undefined ? "closed" : answer === "timeout" ? "timeout" : String(answer.status);
      report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
      if (isMcpEndpoint(request)) report.mcpOutcomes[outcome] = (report.mcpOutcomes[outcome] ?? 0) + 1;
      if (answer !== undefined && answer !== "timeout") {
        const fault = mcpFault(request, answer);
        if (fault)
          report.failures.push(`${host.name} ${label}: ${fault}: ${answer.body.subarray(0, 200).toString()}`);
        if (
          answer.status === 501 &&
          answer.headers.allow !== undefined &&
          !KNOWN_METHODS.has(request.method)
        ) {
          // RFC 9110 §15.6.2: the answer to a method the server does not recognise, naming the ones it serves.
        } else if (
          answer.status >= 500 &&
          (await isHostsOwn(request, answer.status, label, answer.body.toString()))
        ) {
          report.outcomes[outcome]--;
          report.outcomes["5xx of the host"] = (report.outcomes["5xx of the host"] ?? 0) + 1;
        } else if (answer.status >= 500)
          report.failures.push(
            `${host.name} ${label}: ${answer.status} ${answer.body.subarray(0, 200).toString()}`,
          );
        if (answer.body.includes(site.canary))
          report.failures.push(
            `${host.name} ${label}: the answer holds a file from outside the build folder`,
          );
      } else if (host.ownFront || outcome === "timeout") {
        report.failures.push(
          `${host.name} ${label}: ${outcome === "timeout" ? "no answer within 30 s" : "the connection closed without an answer"}`,
        );
      }
      if (index % 25 === 0) sample();
    }
  };
  while (sent < options.requests) {
    pause = false;
    const lanes = Promise.all(Array.from({ length: options.concurrency ?? 4 }, lane));
    let why: "died" | "due" | undefined;
    const watching = (async () => {
      while (!pause && sent < options.requests) {
        if (!running.running()) why = "died";
        else if (host.restartEvery !== undefined && servedSinceStart >= host.restartEvery) why = "due";
        if (why) pause = true;
        else await new Promise((done) => setTimeout(done, 50));
      }
    })();
    await lanes;
    pause = true;
    await watching;
    sample();
    if (why === "died" || !running.running())
      await restart(
        `died of its own accord after ${servedSinceStart} requests: ${lastLines(running.output?.() ?? "")}`,
      );
    else if (why === "due" && sent < options.requests)
      await restart(
        `restarted after ${servedSinceStart} requests, as its emulator holds memory for each one it serves`,
      );
  }
  if (running.running()) await running.stop();
  if (control) await (await control).stop();
  for (const [kind, count] of Object.entries(report.outcomes)) if (count === 0) delete report.outcomes[kind];
  return report;
}

function lastLines(output: string): string {
  return JSON.stringify(output.trimEnd().split("\n").slice(-5).join("\n"));
}
