/**
 * What the HTTP fuzz found on one host (http.ts), and the report a person
 * reads. Its own module because the report is read by the fuzz's two
 * callers, `npm run fuzz` (run.ts) and the test that runs it with a fixed
 * seed, apart from sending the requests.
 */
import { countsLine } from "./counts.ts";

export interface HostReport {
  host: string;
  requests: number;
  /**
   * How many requests got each outcome: a status (`200`, `405`…), `closed` (no answer), `timeout`, or
   * `5xx of the host` (a 5xx its control host answers too).
   */
  outcomes: Record<string, number>;
  /** What broke a rule, each with the request that did it, to reproduce. */
  failures: string[];
  /** Each time the host died or was restarted, and why. */
  restarts: string[];
  /** A 5xx the host answered once and not when asked again: its own runtime's doing, said so. */
  hostEvents: string[];
  /** How many requests to `/mcp` got each status (or `closed`, `timeout`): they are counted in `outcomes` too. */
  mcpOutcomes: Record<string, number>;
  /** The most resident memory the host's processes held at once, in bytes, sampled as it served. */
  peakRssBytes: number;
}

/** The report as a person reads it: requests, outcomes by kind, restarts, peak memory. */
export function formatHostReport(report: HostReport): string {
  const outcomes = countsLine(report.outcomes);
  const mcp = countsLine(report.mcpOutcomes);
  return [
    `${report.host}: ${report.requests} requests; ${outcomes}${mcp ? ` (/mcp: ${mcp})` : ""}; peak memory ${(report.peakRssBytes / 1024 / 1024).toFixed(0)} MB; ${report.restarts.length} restart(s); ${report.failures.length} failure(s)`,
    ...report.restarts.map((why) => `  restart: ${why}`),
    ...report.hostEvents.map((event) => `  the host's own: ${event}`),
    ...report.failures.slice(0, 20).map((failure) => `  failure: ${failure}`),
  ].join("\n");
}
