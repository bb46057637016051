/**
 * Warm CI builds: CI can keep a cache folder between builds, so the build
 * that matters there is a fresh checkout where one post changed, given the
 * cache of the previous build. Each round:
 *
 * 1. cold: `sitegen build` of the synthetic tree into a new output folder, in
 *    a new working folder: no cache yet, and the build fills sitegen's
 *    default one there (`.sitegen-cache/`), as a first CI build does;
 * 2. a copy of the tree, in a new folder and with fresh modification times as
 *    a checkout has, with one post's first sentence rewritten (before the clock starts);
 * 3. warm: the copy built into another new output folder in the same working
 *    folder, with no flag: sitegen's default finds the cache.
 *
 * The figure is warm / cold, median over the rounds. The warm build must
 * show the edit (the changed post's page has the new sentence), so that a
 * build that skipped the change cannot pass for a fast one.
 *
 * sitegen's `build` may not have a cache yet: when `sitegen build --help` does
 * not list `--cache`, the part reports why and measures nothing.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { savePostEdit } from "./edit.ts";
import { measure, type Measurement, type MeasureMethod } from "./measure.ts";
import { fmtInt, fmtMB, fmtRatio, fmtSeconds } from "./format.ts";
import { stats, type Stats } from "./stats.ts";

export interface CacheBenchOptions {
  root: string;
  /** The synthetic tree; copied, never edited. */
  content: string;
  posts: number;
  slugs: string[];
  runs: number;
  /** A folder that does not exist yet, for the cache folders, copies and outputs. */
  work: string;
  method: MeasureMethod;
  timeoutMs: number;
  settle(): Promise<void>;
  log(line: string): void;
}

export type CacheResult =
  | { available: false; posts: number; reason: string }
  | {
      available: true;
      posts: number;
      command: string;
      cold: { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats };
      warm: { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats };
      /** warm / cold wall time, median of the rounds' ratios. */
      ratio: Stats;
      rounds: { cold: Measurement; warm: Measurement; slug: string }[];
      problems: string[];
    };

/** True when `sitegen build --help` lists a `--cache` option. */
export function buildHasCacheOption(root: string): boolean {
  const help = spawnSync(process.execPath, [join(root, "bin/sitegen.js"), "build", "--help"], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return help.status === 0 && /^\s*--cache\b/m.test(help.stdout);
}

export async function benchCache(options: CacheBenchOptions): Promise<CacheResult> {
  if (!buildHasCacheOption(options.root))
    return {
      available: false,
      posts: options.posts,
      reason: "`sitegen build --help` lists no `--cache` option",
    };
  const bin = join(options.root, "bin/sitegen.js");
  const templates = join(options.root, "templates");
  const build = (content: string, out: string) => ({
    command: process.execPath,
    args: [bin, "build", "--content", content, "--templates", templates, "--out", out, "--quiet"],
  });
  const rounds: { cold: Measurement; warm: Measurement; slug: string }[] = [];
  const problems: string[] = [];
  const failure = (run: Measurement): string | undefined =>
    run.timedOut
      ? "timed out"
      : run.exitCode !== 0
        ? `exited ${run.exitCode ?? run.signal}: ${run.outputTail.trim().split("\n").slice(-3).join(" | ")}`
        : undefined;
  for (let round = 1; round <= options.runs; round++) {
    const dir = join(options.work, `round${round}`);
    // The working folder: sitegen keeps its cache there by default.
    const cwd = join(dir, "cwd");
    await mkdir(cwd, { recursive: true });
    await options.settle();
    const cold = await measure({
      ...build(options.content, join(dir, "cold")),
      cwd,
      method: options.method,
      timeoutMs: options.timeoutMs,
    });
    if (failure(cold)) {
      problems.push(`round ${round}, cold build: ${failure(cold)}`);
      continue;
    }
    // One post changed, a different one each round, in a copy made before the clock starts.
    const slug = options.slugs[Math.floor(((round - 0.5) * options.slugs.length) / options.runs)];
    const marker = `benchcache${round}n${options.posts}`;
    const copy = join(dir, "content");
    cpSync(options.content, copy, { recursive: true });
    savePostEdit(join(copy, "blog", `${slug}.md`), marker, { title: false });
    await options.settle();
    const warmOut = join(dir, "warm");
    const warm = await measure({
      ...build(copy, warmOut),
      cwd,
      method: options.method,
      timeoutMs: options.timeoutMs,
    });
    if (failure(warm)) {
      problems.push(`round ${round}, warm build: ${failure(warm)}`);
      continue;
    }
    const page = join(warmOut, "blog", slug, "index.html");
    if (!existsSync(page) || !readFileSync(page, "utf8").includes(marker)) {
      problems.push(`round ${round}: the warm build's /blog/${slug}/ does not show the edit`);
      continue;
    }
    rounds.push({ cold, warm, slug });
    options.log(
      `warm CI build, ${options.posts} posts, round ${round}: cold ${(cold.wallMs / 1000).toFixed(2)} s, warm ${(warm.wallMs / 1000).toFixed(2)} s`,
    );
  }
  const summary = (runs: Measurement[]) => ({
    wallMs: stats(runs.map((r) => r.wallMs)),
    cpuMs: stats(runs.map((r) => r.cpuMs)),
    peakRssBytes: stats(runs.map((r) => r.peakRssBytes)),
  });
  return {
    available: true,
    posts: options.posts,
    command:
      "node bin/sitegen.js build --content <tree> --templates templates --out <new folder> --quiet (in the round's working folder)",
    cold: summary(rounds.map((r) => r.cold)),
    warm: summary(rounds.map((r) => r.warm)),
    ratio: stats(rounds.map((r) => r.warm.wallMs / r.cold.wallMs)),
    rounds,
    problems,
  };
}

/** The report's section. */
export function cacheReport(result: CacheResult): string[] {
  const method = `Each round: a cold build of the ${fmtInt(result.posts)}-post blog into a new output folder, in a new working folder (no cache yet; the build fills sitegen's default cache, \`.sitegen-cache/\` there); then a copy of the blog in a new folder (fresh modification times, as a CI checkout has) with one post's first sentence rewritten, built with no flag into another new output folder in the same working folder, where sitegen's default finds the cache. The copy is made before the clock starts. The warm build must show the edit in that post's page, so that a build that skipped the change cannot pass for a fast one. Why this method: it is a CI build after a one-post commit, with the cache folder restored from the previous build, and nothing else carried over.`;
  if (!result.available) return [`Not available: ${result.reason}, so nothing was measured. ${method}`, ""];
  return [
    `${method} Medians of ${result.rounds.length} round${result.rounds.length === 1 ? "" : "s"}; warm / cold is the median of each round's ratio.`,
    "",
    "| build | wall (median) | wall (min–max) | CPU | peak RSS |",
    "|---|---|---|---|---|",
    `| cold (no cache yet) | ${fmtSeconds(result.cold.wallMs.median)} | ${fmtSeconds(result.cold.wallMs.min)}–${fmtSeconds(result.cold.wallMs.max)} | ${fmtSeconds(result.cold.cpuMs.median)} | ${fmtMB(result.cold.peakRssBytes.median)} |`,
    `| warm (one post changed, the default cache the cold build filled) | ${fmtSeconds(result.warm.wallMs.median)} | ${fmtSeconds(result.warm.wallMs.min)}–${fmtSeconds(result.warm.wallMs.max)} | ${fmtSeconds(result.warm.cpuMs.median)} | ${fmtMB(result.warm.peakRssBytes.median)} |`,
    "",
    `warm / cold: ${fmtRatio(result.ratio.median)} (${fmtRatio(result.ratio.min)}–${fmtRatio(result.ratio.max)}).`,
    "",
    ...result.problems.map((problem) => `- ${problem}`),
    ...(result.problems.length ? [""] : []),
  ];
}
