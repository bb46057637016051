/**
 * The build comparison: every tool builds every content tree (the real site
 * and the synthetic blogs), `--runs` rounds of pairs, sitegen and one
 * baseline one after the other, so that drift of the machine hits both alike
 * and each pair gives a ratio; the load is recorded around each pair, and a
 * pair taken under load is measured again. Each tool's first output of a
 * tree is checked for every post's page.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fmtMB, fmtSeconds } from "./format.ts";
import { loadSample, measure, type Measurement, type MeasureMethod } from "./measure.ts";
import { BUILD_TIMEOUT_MS, failed, summarize } from "./measured-runs.ts";
import { ROOT, type BenchOptions } from "./options.ts";
import { outputsOf, settle } from "./outputs.ts";
import {
  loadCost,
  pairsOf,
  recordPair,
  underLoad,
  type KeptPair,
  type PairLoad,
  type PairSummary,
} from "./pairs.ts";
import { stats, type Stats } from "./stats.ts";
import { highlightsCode, verifyOutput } from "./verify-output.ts";
import type { Tool, ToolId } from "./tools.ts";

/** The fixed pages every content tree has, besides its posts. */
export const FIXED_PAGE_COUNT = 7;

/** What the tools build: a synthetic blog, or the real site (`content/`). */
export interface ContentTree {
  dir: string;
  /** Published posts. */
  posts: number;
  /** Their slugs: each has a page at /blog/<slug>/. */
  slugs: string[];
  /** The real site, not a synthetic blog. */
  real?: true;
}

export interface BuildResult {
  tool: ToolId;
  label: string;
  posts: number;
  /** A build of the real site. */
  real?: true;
  pages: number;
  runs: Measurement[];
  wallMs: Stats;
  cpuMs: Stats;
  peakRssBytes: Stats;
  /** CPU time the rest of the machine used during the runs: contention. */
  foreignCpuMs: Stats;
  msPerPage: number;
  /** Runs measured again because their pair was taken under load. */
  repeated: number;
  ok: boolean;
  problems: string[];
}

/** Every post has `/blog/<slug>/index.html`: the tools built the same pages (and the fixed pages, where the tool renders them). */
export interface Comparison {
  builds: BuildResult[];
  pairs: PairSummary[];
  failures: string[];
  /** The first good sitegen build of each synthetic size, for the parts that serve a build. */
  sitegenOuts: Map<number, string>;
  /** The last sitegen build of the largest synthetic size. */
  lastSitegenOut?: string;
  /** Whether sitegen's pages highlight code (spans in their code blocks): it decides which Hugo to compare with. */
  sitegenHighlights?: boolean;
}

/**
 * Every tool builds every tree, `--runs` rounds of pairs: in each pair
 * sitegen and one baseline run one after the other (the order alternating
 * from round to round), so that drift of the machine hits both alike. The
 * load is sampled around each pair; a pair taken under load is measured
 * again, up to `--retries` times, and the least loaded attempt is kept, marked
 * when it was still under load. A tool that runs in no pair (sitegen alone)
 * runs once a round.
 */
export async function compareBuilds(
  options: BenchOptions,
  trees: ContentTree[],
  tools: Tool[],
  method: MeasureMethod,
  log: (line: string) => void,
): Promise<Comparison> {
  const comparison: Comparison = { builds: [], pairs: [], failures: [], sitegenOuts: new Map() };
  for (const tree of trees) {
    const posts = tree.posts;
    const name = tree.real ? "the real site" : `${posts} posts`;
    const here = tools.filter((tool) => tool.upTo === undefined || tree.real || posts <= tool.upTo);
    const perTool = new Map<ToolId, BuildResult>();
    for (const tool of here) {
      perTool.set(tool.id, {
        tool: tool.id,
        label: tool.label,
        posts,
        ...(tree.real ? { real: true as const } : {}),
        pages: posts + FIXED_PAGE_COUNT,
        runs: [],
        wallMs: stats([]),
        cpuMs: stats([]),
        peakRssBytes: stats([]),
        foreignCpuMs: stats([]),
        msPerPage: NaN,
        repeated: 0,
        ok: true,
        problems: [],
      });
    }
    const summaries = new Map<string, PairSummary>();
    const pairs = pairsOf(here);
    // A tool in no pair (sitegen alone, or its warm build without Hugo) runs on its own, once a round.
    const units: Tool[][] = [
      ...pairs,
      ...here.filter((tool) => !pairs.some((pair) => pair.includes(tool))).map((tool) => [tool]),
    ];
    let attemptId = 0;
    /** One run of a tool into a new folder; a failure marks the tool failed. */
    const runOnce = async (
      tool: Tool,
      run: number,
    ): Promise<{ measured: Measurement; out: string } | undefined> => {
      const result = perTool.get(tool.id)!;
      if (!result.ok) return undefined;
      const out = join(
        outputsOf(options),
        `${tool.id}-${tree.real ? "real" : posts}-run${run}-${attemptId++}`,
      );
      let command: ReturnType<Tool["command"]>;
      try {
        tool.prepare?.(tree, out);
        command = tool.command(tree.dir, out);
      } catch (error) {
        result.ok = false;
        result.problems.push(`run ${run}: ${(error as Error).message}`);
        comparison.failures.push(`${tool.label}, ${name}: ${(error as Error).message}`);
        return undefined;
      }
      const { args, cwd } = command;
      spawnSync("sync");
      const measured = await measure({
        command: command.command,
        args,
        cwd: cwd ?? ROOT,
        method,
        timeoutMs: BUILD_TIMEOUT_MS,
      });
      const failure = failed(measured);
      if (failure) {
        result.ok = false;
        result.problems.push(`run ${run}: ${failure}`);
        comparison.failures.push(`${tool.label}, ${name}: ${failure}`);
        log(`${tool.label}, ${name}, run ${run}: FAILED ${failure}`);
        return undefined;
      }
      if (result.runs.length === 0) {
        const problems = [...verifyOutput(out, tree, tool.fixedPages), ...(tool.verify?.(tree, out) ?? [])];
        if (problems.length > 0) {
          result.ok = false;
          result.problems.push(...problems);
          comparison.failures.push(`${tool.label}, ${name}: ${problems.join("; ")}`);
        }
      }
      return { measured, out };
    };
    for (let run = 1; run <= options.runs; run++) {
      for (const unit of units) {
        // Odd rounds start with sitegen, even rounds with the baseline.
        const order = run % 2 === 1 ? unit : [...unit].reverse();
        let kept: KeptPair | undefined;
        let attempts = 0;
        for (let attempt = 0; attempt <= options.retries; attempt++) {
          await settle(options, log);
          attempts++;
          const before = loadSample();
          const runs: { tool: Tool; measured: Measurement; out: string }[] = [];
          for (const tool of order) {
            const done = await runOnce(tool, run);
            if (done) runs.push({ tool, ...done });
          }
          const after = loadSample();
          if (runs.length < order.length) break;
          const load: PairLoad = {
            loadavg: [before.loadavg, after.loadavg],
            running: [before.running, after.running],
            foreignCpuMs: runs.reduce((sum, r) => sum + r.measured.foreignCpuMs, 0),
            stealMs: after.stealMs - before.stealMs,
          };
          if (!kept || loadCost(load) < loadCost(kept.load)) kept = { runs, load };
          const wallMs = runs.reduce((sum, r) => sum + r.measured.wallMs, 0);
          if (!underLoad(load, wallMs)) break;
          if (attempt < options.retries) {
            for (const tool of unit) perTool.get(tool.id)!.repeated++;
            log(
              `${unit.map((tool) => tool.label).join(" and ")}, ${name}, run ${run}: taken under load (other processes ${fmtSeconds(load.foreignCpuMs)} of CPU, steal ${fmtSeconds(load.stealMs)}, load average ${load.loadavg[0].toFixed(1)} → ${load.loadavg[1].toFixed(1)}); measuring the pair again`,
            );
          }
        }
        if (!kept) continue;
        for (const { tool, measured, out } of kept.runs) {
          perTool.get(tool.id)!.runs.push(measured);
          log(
            `${tool.label}, ${name}, run ${run}: ${fmtSeconds(measured.wallMs)} wall, ${fmtSeconds(measured.cpuMs)} CPU, ${fmtMB(measured.peakRssBytes)} peak RSS, ${fmtSeconds(measured.foreignCpuMs)} other CPU`,
          );
          if (tool.id === "sitegen" && !tree.real) {
            comparison.lastSitegenOut = out;
            if (perTool.get(tool.id)!.ok && !comparison.sitegenOuts.has(posts))
              comparison.sitegenOuts.set(posts, out);
            comparison.sitegenHighlights ??= highlightsCode(out, tree);
          }
        }
        if (unit.length === 2) recordPair(summaries, tree, unit, run, kept, attempts);
      }
    }
    for (const result of perTool.values()) {
      Object.assign(result, summarize(result.runs));
      result.msPerPage = result.wallMs.median / result.pages;
      comparison.builds.push(result);
    }
    for (const summary of summaries.values()) {
      summary.ratio = stats(summary.pairs.map((pair) => pair.ratio));
      comparison.pairs.push(summary);
    }
  }
  return comparison;
}
