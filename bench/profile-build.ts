/** One more sitegen build, under `node --cpu-prof`, summarised for BENCHMARKS.md by bench/profile.ts. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join, relative } from "node:path";
import { BUILD_TIMEOUT_MS, errorLines } from "./measured-runs.ts";
import { ROOT, type BenchOptions } from "./options.ts";
import { outputsOf } from "./outputs.ts";
import { summarizeProfiles, type CpuProfile, type ProfileSummary } from "./profile.ts";
import type { Tool } from "./tools.ts";

/** A sitegen build under `node --cpu-prof`, summarised; not timed (profiling slows it down). */
export async function profileSitegen(
  options: BenchOptions,
  sitegen: Tool,
  posts: number,
  log: (line: string) => void,
): Promise<(ProfileSummary & { posts: number; command: string }) | { error: string }> {
  const dir = join(options.work, "profile");
  // A new folder, removed with the other outputs at the end: deleting it here would slow down the builds that follow.
  const out = join(outputsOf(options), "profile");
  await rm(dir, { recursive: true, force: true });
  const { args } = sitegen.command(join(options.work, `content-${posts}`), out);
  const profiled = ["--cpu-prof", `--cpu-prof-dir=${dir}`, ...args];
  log(`profiling sitegen at ${posts} posts (node --cpu-prof)`);
  const run = spawnSync(process.execPath, profiled, {
    cwd: ROOT,
    encoding: "utf8",
    timeout: BUILD_TIMEOUT_MS,
  });
  if (run.status !== 0)
    return {
      error: `the profiled build exited ${run.status}: ${errorLines(`${run.stdout}\n${run.stderr}`)}`,
    };
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".cpuprofile")) : [];
  if (files.length === 0) return { error: "node --cpu-prof wrote no profile" };
  const profiles = files.map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as CpuProfile);
  const command = ["node", ...profiled]
    .map((arg) => (arg.startsWith(ROOT) ? relative(ROOT, arg) : arg))
    .join(" ");
  return { ...summarizeProfiles(profiles, { root: ROOT, top: 12 }), posts, command };
}
