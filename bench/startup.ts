/**
 * Start-up: the wall time of commands that build nothing, `sitegen --version`
 * and `sitegen --help`, next to `hugo version`. It is what every command pays
 * before doing any work, and all an author waits for when asking for help.
 *
 * The commands alternate within each round, `runs` rounds, and the median is
 * quoted; each is measured like a build (GNU time around the process, a
 * monotonic clock for the wall time), so the figure includes starting node
 * and loading whatever the command loads.
 */
import { join } from "node:path";
import { measure, type Measurement, type MeasureMethod } from "./measure.ts";
import { fmtMB, fmtMs, fmtRatio } from "./format.ts";
import { stats, type Stats } from "./stats.ts";

export interface StartupOptions {
  /** Repository root: where bin/sitegen.js is. */
  root: string;
  runs: number;
  method: MeasureMethod;
  /** Include `hugo version`. */
  hugo: boolean;
  /** Before each round: flush writes and wait for a quiet machine. */
  settle(): Promise<void>;
}

export interface StartupCommand {
  name: string;
  /** Counts towards the target (sitegen's own commands). */
  sitegen: boolean;
  /** Its wall time over a bare `node -e 0`'s in the same round, median of the rounds (sitegen's commands only). */
  overNode?: Stats;
  wallMs: Stats;
  peakRssBytes: Stats;
  runs: number;
  problems: string[];
}

export interface StartupResult {
  runs: number;
  commands: StartupCommand[];
}

export async function benchStartup(options: StartupOptions): Promise<StartupResult> {
  const bin = join(options.root, "bin/sitegen.js");
  const commands = [
    { name: "sitegen --version", sitegen: true, command: process.execPath, args: [bin, "--version"] },
    { name: "sitegen --help", sitegen: true, command: process.execPath, args: [bin, "--help"] },
    // Node's own start, the floor under every command a JavaScript tool runs: the target is a ratio to it.
    { name: "node -e 0", sitegen: false, command: process.execPath, args: ["-e", "0"] },
    ...(options.hugo ? [{ name: "hugo version", sitegen: false, command: "hugo", args: ["version"] }] : []),
  ];
  const measured = commands.map(() => [] as Measurement[]);
  const problems = commands.map(() => [] as string[]);
  const overNode = commands.map(() => [] as number[]);
  const node = commands.findIndex((entry) => entry.name === "node -e 0");
  for (let round = 0; round < options.runs; round++) {
    await options.settle();
    const roundMs = commands.map(() => NaN);
    for (const [index, entry] of commands.entries()) {
      const run = await measure({
        command: entry.command,
        args: entry.args,
        cwd: options.root,
        method: options.method,
        timeoutMs: 60_000,
      });
      if (run.timedOut || run.exitCode !== 0)
        problems[index].push(
          `round ${round + 1}: ${run.timedOut ? "timed out" : `exited ${run.exitCode ?? run.signal}`}`,
        );
      else {
        measured[index].push(run);
        roundMs[index] = run.wallMs;
      }
    }
    for (const [index, entry] of commands.entries())
      if (entry.sitegen && Number.isFinite(roundMs[index] / roundMs[node]))
        overNode[index].push(roundMs[index] / roundMs[node]);
  }
  return {
    runs: options.runs,
    commands: commands.map((entry, index) => ({
      name: entry.name,
      sitegen: entry.sitegen,
      ...(entry.sitegen ? { overNode: stats(overNode[index]) } : {}),
      wallMs: stats(measured[index].map((run) => run.wallMs)),
      peakRssBytes: stats(measured[index].map((run) => run.peakRssBytes)),
      runs: measured[index].length,
      problems: problems[index],
    })),
  };
}

/** The report's section. */
export function startupReport(result: StartupResult): string[] {
  return [
    `Commands that build nothing: what every command pays before its work starts, and all an author waits for when asking for help. Wall time from starting the process to its exit (\`node bin/sitegen.js\`, which is what the \`sitegen\` command runs), median of ${result.runs} rounds with the commands alternating within each round, measured like the builds (GNU time around the process, a monotonic clock for the wall time). \`node -e 0\` is Node's own start, the floor of any command written in JavaScript, and \`hugo version\` a compiled program's. The last column is a command's wall time over \`node -e 0\`'s in the same round, median of the rounds.`,
    "",
    "| command | wall (median) | wall (min–max) | peak RSS | runs | over `node -e 0` |",
    "|---|---|---|---|---|---|",
    ...result.commands.map(
      (c) =>
        `| \`${c.name}\` | ${fmtMs(c.wallMs.median)} | ${fmtMs(c.wallMs.min)}–${fmtMs(c.wallMs.max)} | ${fmtMB(c.peakRssBytes.median)} | ${c.runs}${c.problems.length ? ` (${c.problems.join("; ")})` : ""} | ${c.overNode ? fmtRatio(c.overNode.median) : "–"} |`,
    ),
    "",
  ];
}
