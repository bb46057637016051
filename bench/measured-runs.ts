/**
 * A measured command's outcome: how long a build may take, the medians of its
 * runs, and what went wrong when it failed, in a line. Every part that runs a
 * build reads these; the build comparison (builds.ts) is one of them.
 */
import type { Measurement } from "./measure.ts";
import { stats, type Stats } from "./stats.ts";

export const BUILD_TIMEOUT_MS = 15 * 60_000;

export function summarize(runs: Measurement[]): {
  wallMs: Stats;
  cpuMs: Stats;
  peakRssBytes: Stats;
  foreignCpuMs: Stats;
} {
  return {
    wallMs: stats(runs.map((r) => r.wallMs)),
    cpuMs: stats(runs.map((r) => r.cpuMs)),
    peakRssBytes: stats(runs.map((r) => r.peakRssBytes)),
    foreignCpuMs: stats(runs.map((r) => r.foreignCpuMs)),
  };
}

export function failed(run: Measurement): string | undefined {
  if (run.timedOut) return "timed out";
  if (run.exitCode !== 0) return `exited ${run.exitCode ?? run.signal}: ${errorLines(run.outputTail)}`;
  return undefined;
}

/** The lines of a failed command's output that say what went wrong: from the first error line on, or the last ones. */
export function errorLines(output: string): string {
  const lines = output
    .trim()
    .split("\n")
    .filter((line) => line.trim() !== "");
  const first = lines.findIndex((line) => /error/i.test(line));
  return (first >= 0 ? lines.slice(first, first + 3) : lines.slice(-5))
    .map((line) => line.trim())
    .join(" | ");
}
