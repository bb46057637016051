/**
 * The build comparison: every tool builds every content tree (the real site
 * and the synthetic blogs), `--runs` rounds, the tools alternating within
 * each round so that drift of the machine hits all of them alike; each
 * tool's first output of a tree is checked for every post's page.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fmtMB, fmtSeconds } from "./format.ts";
import { measure, type Measurement, type MeasureMethod } from "./measure.ts";
import { ROOT, type BenchOptions } from "./options.ts";
import { outputsOf, settle } from "./outputs.ts";
import { stats, type Stats } from "./stats.ts";
import type { Tool, ToolId } from "./tools.ts";

export const BUILD_TIMEOUT_MS = 15 * 60_000;
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
  /** Runs measured again because other processes competed for the CPU. */
  repeated: number;
  ok: boolean;
  problems: string[];
}

/** Every post has `/blog/<slug>/index.html`: the tools built the same pages (and the fixed pages, where the tool renders them). */
export interface Comparison {
  builds: BuildResult[];
  failures: string[];
  /** The first good sitegen build of each synthetic size, for the parts that serve a build. */
  sitegenOuts: Map<number, string>;
  /** The last sitegen build of the largest synthetic size. */
  lastSitegenOut?: string;
  /** Whether sitegen's pages highlight code (spans in their code blocks): it decides which Hugo to compare with. */
  sitegenHighlights?: boolean;
}

export async function compareBuilds(options: BenchOptions, trees: ContentTree[], tools: Tool[], method: MeasureMethod, log: (line: string) => void): Promise<Comparison> {
  const comparison: Comparison = { builds: [], failures: [], sitegenOuts: new Map() };
  for (const tree of trees) {
    const posts = tree.posts;
    const name = tree.real ? "the real site" : `${posts} posts`;
    const perTool = new Map<ToolId, BuildResult>();
    for (const tool of tools) {
      perTool.set(tool.id, {
        tool: tool.id, label: tool.label, posts, ...(tree.real ? { real: true as const } : {}), pages: posts + FIXED_PAGE_COUNT, runs: [],
        wallMs: stats([]), cpuMs: stats([]), peakRssBytes: stats([]), foreignCpuMs: stats([]), msPerPage: NaN, repeated: 0, ok: true, problems: [],
      });
    }
    for (let run = 1; run <= options.runs; run++) {
      for (const tool of tools) {
        const result = perTool.get(tool.id)!;
        if (!result.ok) continue;
        let out: string;
        let measured: Measurement;
        for (let attempt = 0; ; attempt++) {
          out = join(outputsOf(options), `${tool.id}-${tree.real ? "real" : posts}-run${run}-attempt${attempt}`);
          const { command, args } = tool.command(tree.dir, out);
          await settle(options, log);
          measured = await measure({ command, args, cwd: ROOT, method, timeoutMs: BUILD_TIMEOUT_MS });
          if (failed(measured) || !disturbed(measured) || attempt >= options.retries) break;
          result.repeated++;
          log(`${tool.label}, ${name}, run ${run}: other processes used ${fmtSeconds(measured.foreignCpuMs)} of CPU meanwhile; measuring again`);
        }
        const failure = failed(measured);
        if (failure) {
          result.ok = false;
          result.problems.push(`run ${run}: ${failure}`);
          comparison.failures.push(`${tool.label}, ${name}: ${failure}`);
          log(`${tool.label}, ${name}, run ${run}: FAILED ${failure}`);
          continue;
        }
        if (run === 1) {
          const problems = verifyOutput(out, tree, tool.fixedPages);
          if (problems.length > 0) {
            result.ok = false;
            result.problems.push(...problems);
            comparison.failures.push(`${tool.label}, ${name}: ${problems.join("; ")}`);
          }
        }
        result.runs.push(measured);
        log(`${tool.label}, ${name}, run ${run}: ${fmtSeconds(measured.wallMs)} wall, ${fmtSeconds(measured.cpuMs)} CPU, ${fmtMB(measured.peakRssBytes)} peak RSS, ${fmtSeconds(measured.foreignCpuMs)} other CPU`);
        if (tool.id === "sitegen" && !tree.real) {
          comparison.lastSitegenOut = out;
          if (result.ok && !comparison.sitegenOuts.has(posts)) comparison.sitegenOuts.set(posts, out);
          comparison.sitegenHighlights ??= highlightsCode(out, tree);
        }
      }
    }
    for (const result of perTool.values()) {
      Object.assign(result, summarize(result.runs));
      result.msPerPage = result.wallMs.median / result.pages;
      comparison.builds.push(result);
    }
  }

  return comparison;
}

export function verifyOutput(out: string, tree: ContentTree, fixedPages: boolean): string[] {
  const problems: string[] = [];
  const missing = tree.slugs.filter((slug) => !existsSync(join(out, "blog", slug, "index.html")));
  if (missing.length > 0) problems.push(`${missing.length} of ${tree.slugs.length} posts have no blog/<slug>/index.html (first: ${missing[0]})`);
  for (const page of fixedPages ? ["index.html", "about/index.html", "blog/index.html"] : ["sitemap.xml", "blog-index.json"]) {
    if (!existsSync(join(out, page))) problems.push(`no ${page}`);
  }
  return problems;
}

/** Code blocks with markup inside (`<pre>…<span`) in the first posts' pages: the build highlights code. */
export function highlightsCode(out: string, tree: ContentTree): boolean {
  for (const slug of tree.slugs.slice(0, 20)) {
    const file = join(out, "blog", slug, "index.html");
    if (!existsSync(file)) continue;
    for (const [block] of readFileSync(file, "utf8").matchAll(/<pre[\s>][\s\S]*?<\/pre>/g)) if (/<span\b/.test(block)) return true;
  }
  return false;
}

export function summarize(runs: Measurement[]): { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats; foreignCpuMs: Stats } {
  return {
    wallMs: stats(runs.map((r) => r.wallMs)),
    cpuMs: stats(runs.map((r) => r.cpuMs)),
    peakRssBytes: stats(runs.map((r) => r.peakRssBytes)),
    foreignCpuMs: stats(runs.map((r) => r.foreignCpuMs)),
  };
}

/**
 * Other processes used a noticeable share of the two cores during the run
 * (more than 0.5 s, or more than a tenth of one core): the wall time is not the tool's own.
 */
export function disturbed(run: Measurement): boolean {
  return Number.isFinite(run.foreignCpuMs) && run.foreignCpuMs > Math.max(500, 0.1 * run.wallMs);
}

export function failed(run: Measurement): string | undefined {
  if (run.timedOut) return "timed out";
  if (run.exitCode !== 0) return `exited ${run.exitCode ?? run.signal}: ${errorLines(run.outputTail)}`;
  return undefined;
}

/** The lines of a failed command's output that say what went wrong: from the first error line on, or the last ones. */
export function errorLines(output: string): string {
  const lines = output.trim().split("\n").filter((line) => line.trim() !== "");
  const first = lines.findIndex((line) => /error/i.test(line));
  return (first >= 0 ? lines.slice(first, first + 3) : lines.slice(-5)).map((line) => line.trim()).join(" | ");
}
