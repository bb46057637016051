/**
 * The real site (`content/`): as a content tree the tools all build
 * (`realSiteTree`), and sitegen's own steps on it: a full build, a rebuild
 * into the same folder, and `sitegen check`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ContentTree } from "./builds.ts";
import { BUILD_TIMEOUT_MS, failed, summarize } from "./measured-runs.ts";
import { fmtSeconds } from "./format.ts";
import { measure, type Measurement, type MeasureMethod } from "./measure.ts";
import { ROOT, type BenchOptions } from "./options.ts";
import { outputsOf, settle } from "./outputs.ts";
import type { Stats } from "./stats.ts";

/** `content/` as a tree for the build comparison: its published posts, by their file names. */
export function realSiteTree(): ContentTree {
  const dir = join(ROOT, "content");
  const files = readdirSync(join(dir, "blog")).filter((name) => name.endsWith(".md"));
  const published = files.filter((name) =>
    /^status: published$/m.test(readFileSync(join(dir, "blog", name), "utf8")),
  );
  const slugs = published.map((name) => name.slice(0, -".md".length));
  return { dir, posts: slugs.length, slugs, real: true };
}

export interface RealSiteResult {
  posts: number;
  fullBuild?: { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats };
  rebuild?: { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats };
  check?: { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats; command: string };
  problems: string[];
}

export async function benchRealSite(
  options: BenchOptions,
  method: MeasureMethod,
  log: (line: string) => void,
): Promise<RealSiteResult> {
  const content = join(ROOT, "content");
  const bin = join(ROOT, "bin/sitegen.js");
  const posts = readdirSync(join(content, "blog")).filter((name) => name.endsWith(".md")).length;
  const result: RealSiteResult = { posts, problems: [] };
  const full: Measurement[] = [];
  const again: Measurement[] = [];
  const checks: Measurement[] = [];
  for (let run = 1; run <= options.runs; run++) {
    // Each full build into a new folder; the rebuild and the check use the same one.
    const out = join(outputsOf(options), `real-run${run}`);
    // A cache folder of its own, new in each round: the full build is cold, the rebuild finds what it cached.
    const build = {
      command: process.execPath,
      args: [bin, "build", "--content", content, "--out", out, "--cache", `${out}-cache`, "--quiet"],
    };
    const checkArgs = [bin, "check", "--content", content, "--dist", out];
    await settle(options, log);
    const first = await measure({ ...build, cwd: ROOT, method, timeoutMs: BUILD_TIMEOUT_MS });
    if (failed(first)) result.problems.push(`real site, full build: ${failed(first)}`);
    else full.push(first);
    await settle(options, log);
    const second = await measure({ ...build, cwd: ROOT, method, timeoutMs: BUILD_TIMEOUT_MS });
    if (failed(second)) result.problems.push(`real site, no-change rebuild: ${failed(second)}`);
    else again.push(second);
    await settle(options, log);
    const check = await measure({
      command: process.execPath,
      args: checkArgs,
      cwd: ROOT,
      method,
      timeoutMs: BUILD_TIMEOUT_MS,
    });
    if (failed(check)) result.problems.push(`real site, check: ${failed(check)}`);
    else checks.push(check);
    log(
      `real site, run ${run}: build ${fmtSeconds(first.wallMs)}, rebuild ${fmtSeconds(second.wallMs)}, check ${fmtSeconds(check.wallMs)}`,
    );
  }
  if (full.length) result.fullBuild = summarize(full);
  if (again.length) result.rebuild = summarize(again);
  if (checks.length)
    result.check = {
      ...summarize(checks),
      command: "node bin/sitegen.js check --content content --dist <built folder>",
    };
  return result;
}
