/**
 * Pairs of runs, sitegen's and a baseline's one after the other, and the load
 * around each: which tools pair, when a pair was taken under load, which
 * attempt to keep, and a pair's ratio added to its summary. What a pair is
 * and how it is judged is one job; running the builds (builds.ts) another.
 */
import type { ContentTree } from "./builds.ts";
import type { Measurement } from "./measure.ts";
import { stats, type Stats } from "./stats.ts";
import type { Tool, ToolId } from "./tools.ts";

/** The machine's load around one pair of runs (`loadSample` before and after). */
export interface PairLoad {
  /** One-minute load average before and after. */
  loadavg: [before: number, after: number];
  /** Tasks runnable before and after (/proc/loadavg). */
  running: [before: number, after: number];
  /** CPU time other processes used while the pair ran. */
  foreignCpuMs: number;
  /** CPU time the hypervisor gave to other guests while the pair ran. */
  stealMs: number;
}

/** Two runs taken one after the other, sitegen's and a baseline's: their ratio is not moved by the machine's drift. */
export interface Pair {
  /** sitegen's side: its cold build, or its warm one. */
  subject: ToolId;
  baseline: ToolId;
  round: number;
  subjectMs: number;
  baselineMs: number;
  /** subject / baseline wall time. */
  ratio: number;
  load: PairLoad;
  /** Times the pair was measured; more than one when it was taken under load. */
  attempts: number;
  /** The kept attempt was still under load: every attempt was. */
  underLoad: boolean;
}

/** Every pair of one subject and one baseline on one tree, and the median of their ratios. */
export interface PairSummary {
  posts: number;
  real?: true;
  subject: ToolId;
  baseline: ToolId;
  ratio: Stats;
  pairs: Pair[];
}

/**
 * The pairs of one round: sitegen's cold build against every other tool, and
 * its warm build against Hugo's default (the like-with-like build: both
 * highlight code), where the warm tool runs.
 */
export function pairsOf(tools: Tool[]): [subject: Tool, baseline: Tool][] {
  const cold = tools.find((tool) => tool.id === "sitegen");
  const warm = tools.find((tool) => tool.id === "sitegen-warm");
  const hugo = tools.find((tool) => tool.id === "hugo-default");
  const others = tools.filter((tool) => tool !== cold && tool !== warm);
  return [
    ...(cold ? others.map((other): [Tool, Tool] => [cold, other]) : []),
    ...(warm && hugo ? [[warm, hugo] as [Tool, Tool]] : []),
  ];
}

/**
 * A pair was taken under load when other processes used a noticeable share of
 * the two cores while it ran (more than 0.5 s, or more than a tenth of one
 * core), or the hypervisor took more than a twentieth of one core (steal).
 * The load average is recorded, not judged: it is smoothed over a minute and
 * counts tasks waiting on the disk, so it lags what a pair met.
 */
export function underLoad(load: PairLoad, wallMs: number): boolean {
  const foreign = Number.isFinite(load.foreignCpuMs) && load.foreignCpuMs > Math.max(500, 0.1 * wallMs);
  const steal = Number.isFinite(load.stealMs) && load.stealMs > 0.05 * wallMs;
  return foreign || steal;
}

/** Which of two attempts met less competition. */
export function loadCost(load: PairLoad): number {
  return (
    (Number.isFinite(load.foreignCpuMs) ? load.foreignCpuMs : 0) +
    (Number.isFinite(load.stealMs) ? load.stealMs : 0)
  );
}

/** The runs of a pair as kept, and the load they met. */
export interface KeptPair {
  runs: { tool: Tool; measured: Measurement; out: string }[];
  load: PairLoad;
}

/** Adds the kept attempt of `unit` (subject, baseline) in round `run` to its summary, made on first use. */
export function recordPair(
  summaries: Map<string, PairSummary>,
  tree: ContentTree,
  unit: Tool[],
  run: number,
  kept: KeptPair,
  attempts: number,
): void {
  const posts = tree.posts;
  const [subject, baseline] = unit;
  const wallOf = (tool: Tool) => kept.runs.find((r) => r.tool === tool)!.measured.wallMs;
  const key = `${subject.id}/${baseline.id}`;
  const summary = summaries.get(key) ?? {
    posts,
    ...(tree.real ? { real: true as const } : {}),
    subject: subject.id,
    baseline: baseline.id,
    ratio: stats([]),
    pairs: [],
  };
  summaries.set(key, summary);
  const wallMs = wallOf(subject) + wallOf(baseline);
  summary.pairs.push({
    subject: subject.id,
    baseline: baseline.id,
    round: run,
    subjectMs: wallOf(subject),
    baselineMs: wallOf(baseline),
    ratio: wallOf(subject) / wallOf(baseline),
    load: kept.load,
    attempts,
    underLoad: underLoad(kept.load, wallMs),
  });
}
