/**
 * `npm run bench`: build speed and memory of sitegen side by side with
 * Eleventy and Hugo on seeded synthetic content, the real site's build, check
 * and no-change rebuild, negotiation cost and preview-server throughput.
 * Writes BENCHMARKS.md and a JSON file of every measurement.
 *
 * Tools run alternating within each round (sitegen, Eleventy, Hugo, Hugo with
 * highlighting, sitegen, ...) so that drift of the machine hits all of them
 * alike. Each build writes into a folder of its own that did not exist before,
 * and no output is deleted until every measurement is done: see
 * `removeOutputs` for why.
 *
 *   npm run bench -- [--posts 1000,10000] [--runs 3] [--seed N]
 *                    [--skip-eleventy] [--skip-hugo] [--skip-hugo-default]
 *                    [--skip-real] [--skip-negotiation] [--skip-serve] [--skip-profile]
 *                    [--work bench/.work] [--report BENCHMARKS.md] [--json <file>]
 *                    [--negotiation-ms 1000] [--serve-requests 20000] [--serve-rounds 3]
 *                    [--idle-wait 60] [--retries 2] [--no-install]
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, release, totalmem } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { aptInstall, chooseMethod, measure, waitForIdle, type Measurement, type MeasureMethod } from "./measure.ts";
import type { NegotiationResult } from "./negotiation.ts";
import { summarizeProfiles, type CpuProfile, type ProfileSummary } from "./profile.ts";
import type { ServeResult } from "./serve.ts";
import { DEFAULT_SEED, generateContent, type SyntheticTree } from "./synthetic.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_TIMEOUT_MS = 15 * 60_000;
/** The fixed pages every content tree has, besides its posts. */
const FIXED_PAGE_COUNT = 7;
/**
 * ext4 without a journal skips inodes deleted in the last 60 s when it
 * allocates new ones (fs/ext4/ialloc.c, recently_deleted; 360 s while their
 * inode-table block is dirty, hence a `sync` first); a little more for margin.
 */
const RECENT_DELETION_MS = 65_000;

// --- options ---------------------------------------------------------------------

export interface BenchOptions {
  posts: number[];
  runs: number;
  seed: number;
  skip: Set<string>;
  work: string;
  report: string;
  json: string;
  install: boolean;
  negotiationMs: number;
  serveRequests: number;
  serveRounds: number;
  serveConnections: number;
  /** Before each build, wait up to this many seconds for the machine to be quiet; 0 does not wait. */
  idleWaitSeconds: number;
  /** How often a build disturbed by other processes is measured again. */
  retries: number;
}

const SKIPPABLE = ["sitegen", "eleventy", "hugo", "hugo-default", "real", "negotiation", "serve", "profile"];

class UsageError extends Error {}

export function parseArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = {
    posts: [1000, 10_000],
    runs: 3,
    seed: DEFAULT_SEED,
    skip: new Set(),
    work: join(ROOT, "bench/.work"),
    report: join(ROOT, "BENCHMARKS.md"),
    json: "",
    install: true,
    negotiationMs: 1000,
    serveRequests: 20_000,
    serveRounds: 3,
    serveConnections: 16,
    idleWaitSeconds: 60,
    retries: 2,
  };
  const positive = (name: string, value: string | undefined): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number <= 0) throw new UsageError(`${name} takes a positive integer, got ${value ?? "nothing"}`);
    return number;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === "--posts") options.posts = value().split(",").map((part) => positive("--posts", part.trim()));
    else if (arg === "--runs") options.runs = positive(arg, value());
    else if (arg === "--seed") options.seed = positive(arg, value());
    else if (arg === "--work") options.work = resolve(value());
    else if (arg === "--report") options.report = resolve(value());
    else if (arg === "--json") options.json = resolve(value());
    else if (arg === "--negotiation-ms") options.negotiationMs = positive(arg, value());
    else if (arg === "--serve-requests") options.serveRequests = positive(arg, value());
    else if (arg === "--serve-rounds") options.serveRounds = positive(arg, value());
    else if (arg === "--serve-connections") options.serveConnections = positive(arg, value());
    else if (arg === "--idle-wait") options.idleWaitSeconds = Number(value());
    else if (arg === "--retries") options.retries = Number(value());
    else if (arg === "--no-install") options.install = false;
    else if (arg.startsWith("--skip-") && SKIPPABLE.includes(arg.slice(7))) options.skip.add(arg.slice(7));
    else throw new UsageError(`unknown option ${arg}; see the header of bench/run.ts`);
  }
  if (!Number.isFinite(options.idleWaitSeconds) || options.idleWaitSeconds < 0) throw new UsageError("--idle-wait takes a number of seconds (0: do not wait)");
  if (!Number.isInteger(options.retries) || options.retries < 0) throw new UsageError("--retries takes a whole number (0: never measure again)");
  // Skipping Hugo skips both of its configurations.
  if (options.skip.has("hugo")) options.skip.add("hugo-default");
  options.posts = [...new Set(options.posts)].sort((a, b) => a - b);
  options.json ||= join(options.work, "results.json");
  return options;
}

// --- tools -------------------------------------------------------------------------

type ToolId = "sitegen" | "eleventy" | "hugo" | "hugo-default";

interface Tool {
  id: ToolId;
  label: string;
  /** What it produces, for the report. */
  does: string;
  version: string;
  available: boolean;
  reason?: string;
  command(content: string, out: string): { command: string; args: string[] };
}

function packageVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "not installed";
  }
}

function hugoVersion(): string | undefined {
  const probe = spawnSync("hugo", ["version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) return undefined;
  return /v?(\d+\.\d+\.\d+[^\s]*)/.exec(probe.stdout)?.[1] ?? probe.stdout.trim();
}

function findTools(options: BenchOptions, log: (line: string) => void): Tool[] {
  const sitegenBin = join(ROOT, "bin/sitegen.js");
  const eleventyBin = join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs");
  const ownVersion = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
  const tools: Tool[] = [];
  if (!options.skip.has("sitegen")) {
    tools.push({
      id: "sitegen",
      label: "sitegen",
      does: "the whole job: HTML and `.md` sibling of every page, blog index, sitemap, OpenAPI, llms files, CDN rules, negotiation table",
      version: ownVersion,
      available: existsSync(sitegenBin),
      reason: existsSync(sitegenBin) ? undefined : "bin/sitegen.js is missing",
      command: (content, out) => ({ command: process.execPath, args: [sitegenBin, "build", "--content", content, "--out", out, "--quiet"] }),
    });
  }
  if (!options.skip.has("eleventy")) {
    tools.push({
      id: "eleventy",
      label: "Eleventy",
      does: "HTML of every page with a minimal Liquid layout, blog index (bench/eleventy/)",
      version: packageVersion("@11ty/eleventy"),
      available: existsSync(eleventyBin),
      reason: existsSync(eleventyBin) ? undefined : "@11ty/eleventy is not installed (npm install)",
      command: (content, out) => ({
        command: process.execPath,
        args: [eleventyBin, `--config=${join(ROOT, "bench/eleventy/eleventy.config.js")}`, `--input=${content}`, `--output=${out}`, "--quiet"],
      }),
    });
  }
  if (!options.skip.has("hugo") || !options.skip.has("hugo-default")) {
    let version = hugoVersion();
    let reason: string | undefined;
    if (!version && options.install) {
      reason = aptInstall("hugo", log);
      version = hugoVersion();
    }
    if (!version) reason ??= "the hugo command is not installed";
    // Hugo writes a lock file and a resources folder into its site folder: give it a copy.
    const site = join(options.work, "hugo-site");
    if (version) cpSync(join(ROOT, "bench/hugo"), site, { recursive: true });
    const hugo = (configs: string) => (content: string, out: string) => ({
      command: "hugo",
      args: ["--quiet", "--source", site, "--config", configs, "--contentDir", content, "--destination", out, "--cacheDir", join(options.work, "hugo-cache")],
    });
    if (!options.skip.has("hugo")) {
      tools.push({
        id: "hugo",
        label: "Hugo, no highlighting",
        does: "HTML of every page with a minimal layout, blog index, sitemap; code fences not highlighted, for reference (bench/hugo/, hugo.toml + nohighlight.toml)",
        version: version ?? "unavailable",
        available: Boolean(version),
        reason,
        command: hugo("hugo.toml,nohighlight.toml"),
      });
    }
    if (!options.skip.has("hugo-default")) {
      tools.push({
        id: "hugo-default",
        label: "Hugo, default (highlighting)",
        does: "the same with Hugo's default Chroma highlighting of code fences, which sitegen does too (bench/hugo/hugo.toml)",
        version: version ?? "unavailable",
        available: Boolean(version),
        reason,
        command: hugo("hugo.toml"),
      });
    }
  }
  return tools;
}

// --- statistics ----------------------------------------------------------------------

export interface Stats {
  median: number;
  min: number;
  max: number;
}

export function stats(values: number[]): Stats {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: NaN, min: NaN, max: NaN };
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

interface BuildResult {
  tool: ToolId;
  label: string;
  posts: number;
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

interface RealSiteResult {
  posts: number;
  fullBuild?: { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats };
  rebuild?: { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats };
  check?: { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats; command: string };
  problems: string[];
}

interface Results {
  date: string;
  /** One-minute load average when the bench started and ended: anything else running skews the figures. */
  load: { start: number; end: number };
  command: string;
  machine: Record<string, string | number>;
  /** The filesystem the outputs are written to; undefined where /proc/mounts cannot be read. */
  outputFilesystem?: Filesystem;
  versions: Record<string, string>;
  method: MeasureMethod;
  seed: number;
  runs: number;
  content: { posts: number; words: number; bytes: number; vietnamese: number; generateMs: number }[];
  tools: { id: ToolId; label: string; does: string; version: string; available: boolean; reason?: string }[];
  builds: BuildResult[];
  real?: RealSiteResult;
  /** One extra sitegen build at the largest size under `node --cpu-prof`. */
  profile?: (ProfileSummary & { posts: number; command: string }) | { error: string };
  negotiation?: NegotiationResult | { error: string };
  serve?: ServeResult | { error: string };
  failures: string[];
}

// --- checks of the outputs --------------------------------------------------------------

/** Every post has `/blog/<slug>/index.html`: the tools built the same pages. */
function verifyOutput(out: string, tree: SyntheticTree): string[] {
  const problems: string[] = [];
  const missing = tree.slugs.filter((slug) => !existsSync(join(out, "blog", slug, "index.html")));
  if (missing.length > 0) problems.push(`${missing.length} of ${tree.slugs.length} posts have no blog/<slug>/index.html (first: ${missing[0]})`);
  for (const page of ["index.html", "about/index.html", "blog/index.html"]) {
    if (!existsSync(join(out, page))) problems.push(`no ${page}`);
  }
  return problems;
}

function summarize(runs: Measurement[]): { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats; foreignCpuMs: Stats } {
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
function disturbed(run: Measurement): boolean {
  return Number.isFinite(run.foreignCpuMs) && run.foreignCpuMs > Math.max(500, 0.1 * run.wallMs);
}

function failed(run: Measurement): string | undefined {
  if (run.timedOut) return "timed out";
  if (run.exitCode !== 0) return `exited ${run.exitCode ?? run.signal}: ${errorLines(run.outputTail)}`;
  return undefined;
}

/** The lines of a failed command's output that say what went wrong: from the first error line on, or the last ones. */
function errorLines(output: string): string {
  const lines = output.trim().split("\n").filter((line) => line.trim() !== "");
  const first = lines.findIndex((line) => /error/i.test(line));
  return (first >= 0 ? lines.slice(first, first + 3) : lines.slice(-5)).map((line) => line.trim()).join(" | ");
}

/** Runs a bench module in its own process (its own heap and JIT) and returns its JSON line. */
function runJsonChild<T>(script: string, args: string[], timeoutMs: number): Promise<T> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, script), ...args, "--json"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-4000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      const line = stdout.trim().split("\n").at(-1) ?? "";
      if (code !== 0) return reject(new Error(`${script} exited ${code}: ${stderr.trim().split("\n").slice(-5).join(" | ")}`));
      try {
        done(JSON.parse(line) as T);
      } catch (error) {
        reject(new Error(`${script} printed no JSON result: ${line.slice(0, 200)}`, { cause: error }));
      }
    });
  });
}

// --- the run -----------------------------------------------------------------------------

/** Waits for the machine to be quiet before a measurement, and says so when it never was. */
async function quiet(options: BenchOptions, log: (line: string) => void): Promise<void> {
  if (options.idleWaitSeconds === 0) return;
  const { busyCores, waitedMs } = await waitForIdle({ timeoutMs: options.idleWaitSeconds * 1000 });
  if (waitedMs > 5000) log(`waited ${fmtSeconds(waitedMs)} for a quiet machine (${busyCores.toFixed(2)} cores busy at the end)`);
}

/**
 * Before a measurement: writes back the page cache, so that no run pays for
 * the writeback of the previous tool's output, then waits for a quiet machine.
 */
async function settle(options: BenchOptions, log: (line: string) => void): Promise<void> {
  spawnSync("sync");
  await quiet(options, log);
}

/** The folder every build output goes into, one sub-folder per build. */
const outputsOf = (options: BenchOptions): string => join(options.work, "out");

/** Its modification time is when this or an earlier bench last deleted a large tree in the work folder. */
const deletionMarkerOf = (options: BenchOptions): string => join(options.work, "outputs-deleted-at");

async function markDeletion(options: BenchOptions): Promise<void> {
  await writeFile(deletionMarkerOf(options), `${new Date().toISOString()}\n`);
}

/**
 * On ext4 without a journal, creating files soon after many were deleted costs
 * several times more (the allocator skips recently deleted inodes), so a build
 * that follows a deletion pays for it. Hence no output is deleted between
 * builds: outputs of an earlier bench are removed before the first build, and
 * this bench's only after the last measurement, so that the disk does not fill.
 */
async function removeOutputs(options: BenchOptions, log: (line: string) => void, whose: string): Promise<void> {
  const outputs = outputsOf(options);
  if (!existsSync(outputs)) return;
  log(`removing the outputs of ${whose} (${relative(process.cwd(), outputs) || outputs})`);
  await rm(outputs, { recursive: true, force: true });
  await markDeletion(options);
}

/** Waits until deletions in the work folder, by this bench or the one before, can no longer slow down file creation. */
async function waitOutDeletions(options: BenchOptions, log: (line: string) => void): Promise<void> {
  spawnSync("sync");
  const deletedAt = statSync(deletionMarkerOf(options), { throwIfNoEntry: false })?.mtimeMs;
  if (deletedAt === undefined) return;
  const remaining = deletedAt + RECENT_DELETION_MS - Date.now();
  if (remaining <= 0) return;
  log(`waiting ${fmtSeconds(remaining)} before the first build: files were deleted ${fmtSeconds(Date.now() - deletedAt)} ago, and ext4 without a journal skips inodes deleted in the last 60 s, which makes creating files slower`);
  await sleep(remaining);
}

/** Inode and birth time: tells a folder from one deleted and made again at the same path. */
function folderIdentity(dir: string): string | undefined {
  const stat = statSync(dir, { throwIfNoEntry: false });
  return stat && `${stat.ino}:${stat.birthtimeMs}`;
}

/** The synthetic tree of `posts` posts, made or reused; an outdated tree is deleted and made again, which counts as a deletion. */
async function contentTree(options: BenchOptions, posts: number): Promise<{ tree: SyntheticTree; generateMs: number }> {
  const dir = join(options.work, `content-${posts}`);
  const before = folderIdentity(dir);
  const started = performance.now();
  const tree = await generateContent({ dir, posts, seed: options.seed });
  const generateMs = performance.now() - started;
  if (before !== undefined && before !== folderIdentity(dir)) await markDeletion(options);
  return { tree, generateMs };
}

export async function bench(options: BenchOptions, log: (line: string) => void): Promise<Results> {
  await mkdir(options.work, { recursive: true });
  const method = chooseMethod(log, options.install);
  const tools = findTools(options, log);
  for (const tool of tools) if (!tool.available) log(`${tool.label}: unavailable (${tool.reason})`);
  const active = tools.filter((tool) => tool.available);

  const results: Results = {
    date: new Date().toISOString(),
    load: { start: loadavg()[0], end: NaN },
    command: commandLine(),
    machine: machine(),
    outputFilesystem: filesystemOf(options.work),
    versions: {
      node: process.version,
      sitegen: (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version,
      "markdown-it": packageVersion("markdown-it"),
      "highlight.js": packageVersion("highlight.js"),
      "@11ty/eleventy": packageVersion("@11ty/eleventy"),
      hugo: hugoVersion() ?? "unavailable",
      negotiator: packageVersion("negotiator"),
      autocannon: packageVersion("autocannon"),
      "serve-handler": packageVersion("serve-handler"),
      "GNU time": method === "gnu-time" ? gnuTimeVersion() : "not used",
    },
    method,
    seed: options.seed,
    runs: options.runs,
    content: [],
    tools: tools.map(({ id, label, does, version, available, reason }) => ({ id, label, does, version, available, reason })),
    builds: [],
    failures: [],
  };

  // Content first, so that no deletion or regeneration falls between builds.
  await removeOutputs(options, log, "an earlier bench");
  const trees: SyntheticTree[] = [];
  for (const posts of options.posts) {
    const { tree, generateMs } = await contentTree(options, posts);
    trees.push(tree);
    results.content.push({ posts, words: tree.words, bytes: tree.bytes, vietnamese: tree.vietnamese, generateMs });
    log(`${posts} posts: content ready in ${(generateMs / 1000).toFixed(1)} s (${Math.round(tree.words / posts)} words a post, ${tree.vietnamese} in Vietnamese)`);
  }
  await waitOutDeletions(options, log);

  let largestSitegenOut: string | undefined;
  for (const tree of trees) {
    const posts = tree.posts;
    const perTool = new Map<ToolId, BuildResult>();
    for (const tool of active) {
      perTool.set(tool.id, {
        tool: tool.id, label: tool.label, posts, pages: posts + FIXED_PAGE_COUNT, runs: [],
        wallMs: stats([]), cpuMs: stats([]), peakRssBytes: stats([]), foreignCpuMs: stats([]), msPerPage: NaN, repeated: 0, ok: true, problems: [],
      });
    }
    for (let run = 1; run <= options.runs; run++) {
      for (const tool of active) {
        const result = perTool.get(tool.id)!;
        if (!result.ok) continue;
        let out: string;
        let measured: Measurement;
        for (let attempt = 0; ; attempt++) {
          out = join(outputsOf(options), `${tool.id}-${posts}-run${run}-attempt${attempt}`);
          const { command, args } = tool.command(tree.dir, out);
          await settle(options, log);
          measured = await measure({ command, args, cwd: ROOT, method, timeoutMs: BUILD_TIMEOUT_MS });
          if (failed(measured) || !disturbed(measured) || attempt >= options.retries) break;
          result.repeated++;
          log(`${tool.label}, ${posts} posts, run ${run}: other processes used ${fmtSeconds(measured.foreignCpuMs)} of CPU meanwhile; measuring again`);
        }
        const failure = failed(measured);
        if (failure) {
          result.ok = false;
          result.problems.push(`run ${run}: ${failure}`);
          results.failures.push(`${tool.label}, ${posts} posts: ${failure}`);
          log(`${tool.label}, ${posts} posts, run ${run}: FAILED ${failure}`);
          continue;
        }
        if (run === 1) {
          const problems = verifyOutput(out, tree);
          if (problems.length > 0) {
            result.ok = false;
            result.problems.push(...problems);
            results.failures.push(`${tool.label}, ${posts} posts: ${problems.join("; ")}`);
          }
        }
        result.runs.push(measured);
        log(`${tool.label}, ${posts} posts, run ${run}: ${fmtSeconds(measured.wallMs)} wall, ${fmtSeconds(measured.cpuMs)} CPU, ${fmtMB(measured.peakRssBytes)} peak RSS, ${fmtSeconds(measured.foreignCpuMs)} other CPU`);
        if (tool.id === "sitegen") largestSitegenOut = out;
      }
    }
    for (const result of perTool.values()) {
      Object.assign(result, summarize(result.runs));
      result.msPerPage = result.wallMs.median / result.pages;
      results.builds.push(result);
    }
  }

  const sitegen = active.find((tool) => tool.id === "sitegen");
  const largestTree = options.posts.at(-1);
  if (sitegen && !options.skip.has("profile") && largestTree !== undefined) {
    results.profile = await profileSitegen(options, sitegen, largestTree, log);
    if ("error" in results.profile) results.failures.push(`profile: ${results.profile.error}`);
  }
  if (sitegen && !options.skip.has("real") && existsSync(join(ROOT, "content/site.yaml"))) {
    results.real = await benchRealSite(options, method, log);
    results.failures.push(...results.real.problems);
  }

  const table = largestSitegenOut && existsSync(join(largestSitegenOut, "_sitegen/negotiation.json")) ? largestSitegenOut : undefined;
  if (!options.skip.has("negotiation")) {
    if (table && existsSync(table)) {
      await settle(options, log);
      log("negotiation: core vs bare negotiator");
      results.negotiation = await runJsonChild<NegotiationResult>("bench/negotiation.ts", ["--dist", table, "--ms", String(options.negotiationMs)], 10 * 60_000).catch(
        (error: Error) => ({ error: error.message }),
      );
    } else {
      results.negotiation = { error: "no negotiation table: the sitegen build did not run or did not write _sitegen/negotiation.json" };
    }
    if ("error" in results.negotiation) results.failures.push(`negotiation: ${results.negotiation.error}`);
  }
  if (!options.skip.has("serve")) {
    if (largestSitegenOut && existsSync(largestSitegenOut)) {
      await settle(options, log);
      log("preview server: sitegen serve vs serve-handler");
      results.serve = await runJsonChild<ServeResult>(
        "bench/serve.ts",
        ["--dir", largestSitegenOut, "--requests", String(options.serveRequests), "--rounds", String(options.serveRounds), "--connections", String(options.serveConnections)],
        10 * 60_000,
      ).catch((error: Error) => ({ error: error.message }));
    } else {
      results.serve = { error: "no sitegen output to serve" };
    }
    if ("error" in results.serve) results.failures.push(`preview server: ${results.serve.error}`);
    else for (const server of results.serve.servers) if (!server.valid) results.failures.push(`preview server, ${server.name}: ${server.problems.join("; ")}`);
  }
  results.load.end = loadavg()[0];
  await removeOutputs(options, log, "this bench");
  return results;
}

/** A sitegen build under `node --cpu-prof`, summarised; not timed (profiling slows it down). */
async function profileSitegen(options: BenchOptions, sitegen: Tool, posts: number, log: (line: string) => void): Promise<ProfileSummary & { posts: number; command: string } | { error: string }> {
  const dir = join(options.work, "profile");
  // A new folder, removed with the other outputs at the end: deleting it here would slow down the builds that follow.
  const out = join(outputsOf(options), "profile");
  await rm(dir, { recursive: true, force: true });
  const { args } = sitegen.command(join(options.work, `content-${posts}`), out);
  const profiled = ["--cpu-prof", `--cpu-prof-dir=${dir}`, ...args];
  log(`profiling sitegen at ${posts} posts (node --cpu-prof)`);
  const run = spawnSync(process.execPath, profiled, { cwd: ROOT, encoding: "utf8", timeout: BUILD_TIMEOUT_MS });
  if (run.status !== 0) return { error: `the profiled build exited ${run.status}: ${errorLines(`${run.stdout}\n${run.stderr}`)}` };
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".cpuprofile")) : [];
  if (files.length === 0) return { error: "node --cpu-prof wrote no profile" };
  const profiles = files.map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as CpuProfile);
  const command = ["node", ...profiled].map((arg) => (arg.startsWith(ROOT) ? relative(ROOT, arg) : arg)).join(" ");
  return { ...summarizeProfiles(profiles, { root: ROOT, top: 12 }), posts, command };
}

async function benchRealSite(options: BenchOptions, method: MeasureMethod, log: (line: string) => void): Promise<RealSiteResult> {
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
    const build = { command: process.execPath, args: [bin, "build", "--content", content, "--out", out, "--quiet"] };
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
    const check = await measure({ command: process.execPath, args: checkArgs, cwd: ROOT, method, timeoutMs: BUILD_TIMEOUT_MS });
    if (failed(check)) result.problems.push(`real site, check: ${failed(check)}`);
    else checks.push(check);
    log(`real site, run ${run}: build ${fmtSeconds(first.wallMs)}, rebuild ${fmtSeconds(second.wallMs)}, check ${fmtSeconds(check.wallMs)}`);
  }
  if (full.length) result.fullBuild = summarize(full);
  if (again.length) result.rebuild = summarize(again);
  if (checks.length) result.check = { ...summarize(checks), command: "node bin/sitegen.js check --content content --dist <built folder>" };
  return result;
}

// --- the report --------------------------------------------------------------------------

const fmtSeconds = (ms: number): string => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s` : "–");
const fmtMs = (ms: number): string => (Number.isFinite(ms) ? `${ms < 10 ? ms.toFixed(2) : ms.toFixed(0)} ms` : "–");
const fmtMB = (bytes: number): string => (Number.isFinite(bytes) ? `${Math.round(bytes / 1e6)} MB` : "–");
const fmtRatio = (ratio: number): string => (Number.isFinite(ratio) ? ratio.toFixed(2) : "–");
const fmtInt = (n: number): string => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–");
const mark = (ok: boolean | undefined): string => (ok === undefined ? "not measured" : ok ? "met" : "**not met**");

export function renderReport(results: Results): string {
  const lines: string[] = [];
  const push = (...more: string[]): void => void lines.push(...more);
  const sizes = [...new Set(results.builds.map((b) => b.posts))].sort((a, b) => a - b);
  const largest = sizes.at(-1);
  const find = (tool: ToolId, posts: number | undefined): BuildResult | undefined => results.builds.find((b) => b.tool === tool && b.posts === posts && b.ok);

  push(
    "# Benchmarks",
    "",
    `Written by \`npm run bench\` on ${results.date.slice(0, 10)}. Synthetic content (seed ${results.seed}): posts of about 1,200 words with headings, lists, a table, a fenced code block, a blockquote and internal and external links, one in five in Vietnamese, plus the ${FIXED_PAGE_COUNT} fixed pages. Medians of ${results.runs} run${results.runs > 1 ? "s" : ""}; tools ran alternating within each round. Each run builds into a new folder; outputs are deleted only after all builds, and the page cache is flushed (\`sync\`) before each run, because ${isExt4WithoutJournal(results.outputFilesystem) ? "on this machine's ext4 without a journal" : "on ext4 without a journal"}, creating files soon after many were deleted costs several times more (the allocator skips recently deleted inodes), which would charge one run for the previous run's cleanup.`,
    "",
  );

  // Targets first: what a reader wants to know.
  const s = find("sitegen", largest);
  const e = find("eleventy", largest);
  const h = find("hugo-default", largest);
  const small = find("sitegen", sizes[0]);
  const linear = s && small && sizes.length > 1 ? linearity(small, s) : undefined;
  const nego = results.negotiation && !("error" in results.negotiation) ? results.negotiation.mixes.find((m) => m.mix === "realistic") : undefined;
  const serve = results.serve && !("error" in results.serve) ? results.serve : undefined;
  push(`## Targets (${largest !== undefined ? `${fmtInt(largest)} posts` : "no build"})`, "", "| target | measured | |", "|---|---|---|");
  push(`| sitegen at least 3× faster than Eleventy | ${s && e ? `${fmtRatio(e.wallMs.median / s.wallMs.median)}× (sitegen/Eleventy = ${fmtRatio(s.wallMs.median / e.wallMs.median)})` : "–"} | ${mark(s && e ? e.wallMs.median / s.wallMs.median >= 3 : undefined)} |`);
  push(`| sitegen no slower than Hugo's default build (highlighting) | sitegen/Hugo = ${s && h ? fmtRatio(s.wallMs.median / h.wallMs.median) : "–"} | ${mark(s && h ? s.wallMs.median <= h.wallMs.median : undefined)} |`);
  push(`| sitegen peak RSS under 300 MB | ${s ? fmtMB(s.peakRssBytes.median) : "–"} | ${mark(s ? s.peakRssBytes.median < 300e6 : undefined)} |`);
  push(`| build time linear in posts (${sizes.length > 1 ? `${fmtInt(sizes[0])} → ${fmtInt(largest!)}` : "needs two sizes"}) | ${linear ? `${fmtRatio(linear.wallRatio)}× the time for ${fmtRatio(linear.postRatio)}× the posts` : "–"} | ${mark(linear ? linear.linear : undefined)} |`);
  push(`| negotiation at least 500,000 decisions/s | ${nego ? `${fmtInt(nego.core.perSecond)}/s` : "–"} | ${mark(nego ? nego.core.perSecond >= 500_000 : undefined)} |`);
  push(`| negotiation within 2× of bare negotiator | ${nego ? `${fmtRatio(nego.slowdown)}× its time` : "–"} | ${mark(nego ? nego.slowdown <= 2 : undefined)} |`);
  push(`| preview server at least 0.8× a plain static server | ${serve ? `${fmtRatio(serve.ratio)}×` : "–"} | ${mark(serve ? serve.ratio >= 0.8 && serve.servers.every((x) => x.valid) : undefined)} |`);
  push("");

  push("## Build", "");
  push("Wall time is the median with min–max; CPU is user + system time of the whole process tree (median); ms per page is the median wall time divided by the source pages (posts + 7 fixed pages). Other CPU is the CPU time the rest of the machine used during the kept runs (median, max): near zero means the tool had both cores to itself; a run during which other processes used more than 0.5 s and a tenth of a core was measured again (up to `--retries` times), and the last column counts those.", "");
  for (const posts of sizes) {
    const base = find("sitegen", posts);
    push(`### ${fmtInt(posts)} posts`, "", "| tool | wall (median) | wall (min–max) | CPU | peak RSS | ms per page | sitegen / tool | other CPU | measured again |", "|---|---|---|---|---|---|---|---|---|");
    for (const b of results.builds.filter((x) => x.posts === posts)) {
      if (!b.ok) {
        push(`| ${b.label} | failed | | | | | | | |`);
        continue;
      }
      const ratio = base && b.tool !== "sitegen" ? fmtRatio(base.wallMs.median / b.wallMs.median) : "";
      push(`| ${b.label} | ${fmtSeconds(b.wallMs.median)} | ${fmtSeconds(b.wallMs.min)}–${fmtSeconds(b.wallMs.max)} | ${fmtSeconds(b.cpuMs.median)} | ${fmtMB(b.peakRssBytes.median)} | ${fmtMs(b.msPerPage)} | ${ratio} | ${fmtSeconds(b.foreignCpuMs.median)}, ${fmtSeconds(b.foreignCpuMs.max)} | ${b.repeated} |`);
    }
    const content = results.content.find((c) => c.posts === posts);
    if (content) push("", `Content: ${fmtInt(content.words)} words in posts, ${fmtMB(content.bytes)} of Markdown, ${fmtInt(content.vietnamese)} posts in Vietnamese.`);
    push("");
  }
  const failures = results.builds.filter((b) => !b.ok);
  if (failures.length > 0) push("Failed builds:", "", ...failures.map((b) => `- ${b.label}, ${fmtInt(b.posts)} posts: ${b.problems.join("; ")}`), "");

  if (sizes.length > 1) {
    push(`## Linearity (${fmtInt(sizes[0])} → ${fmtInt(largest!)} posts)`, "");
    push("Linear means the time grows no faster than the number of posts, within 20 % (two sizes, each a median of a few runs: a narrower band would report noise). The marginal cost is the extra time per extra post, without start-up.", "");
    push("| tool | wall, small | wall, large | time ratio | post ratio | ms per page, small → large | marginal ms per post | |", "|---|---|---|---|---|---|---|---|");
    for (const tool of results.tools) {
      const a = find(tool.id, sizes[0]);
      const b = find(tool.id, largest);
      if (!a || !b) continue;
      const l = linearity(a, b);
      push(`| ${tool.label} | ${fmtSeconds(a.wallMs.median)} | ${fmtSeconds(b.wallMs.median)} | ${fmtRatio(l.wallRatio)} | ${fmtRatio(l.postRatio)} | ${fmtMs(a.msPerPage)} → ${fmtMs(b.msPerPage)} | ${fmtMs(l.marginalMs)} | ${l.linear ? "linear" : "**super-linear**"} |`);
    }
    push("");
  }

  push("## The real site", "");
  if (!results.real) push("Not measured in this run.", "");
  else {
    const r = results.real;
    push(`\`content/\` (${r.posts} post files). Medians of ${results.runs}.`, "", "| step | wall (median) | wall (min–max) | CPU | peak RSS |", "|---|---|---|---|---|");
    const row = (name: string, m?: { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats }): void =>
      void push(m ? `| ${name} | ${fmtSeconds(m.wallMs.median)} | ${fmtSeconds(m.wallMs.min)}–${fmtSeconds(m.wallMs.max)} | ${fmtSeconds(m.cpuMs.median)} | ${fmtMB(m.peakRssBytes.median)} |` : `| ${name} | failed | | | |`);
    row("full build (new output folder)", r.fullBuild);
    row("no-change rebuild (same output folder)", r.rebuild);
    row("`sitegen check` (content, manifest and the built folder)", r.check);
    if (r.problems.length > 0) push("", ...r.problems.map((p) => `- ${p}`));
    push("");
  }

  push("## Where sitegen spends its time", "");
  if (!results.profile) push("Not profiled in this run.", "");
  else if ("error" in results.profile) push(`Not profiled: ${results.profile.error}`, "");
  else {
    const p = results.profile;
    push(
      `One more build of the ${fmtInt(p.posts)}-post site under \`node --cpu-prof\` (${p.threads} thread${p.threads === 1 ? "" : "s"}, ${fmtSeconds(p.sampledMs)} of CPU sampled, idle left out; \`bench/profile.ts\` prints the same from any profile). Self time is spent in the function itself; inclusive time also counts what it calls.`,
      "",
      "| self time, by file or package | ms | share |",
      "|---|---|---|",
      ...p.byFile.map((spot) => `| ${spot.name} | ${fmtInt(spot.ms)} | ${(spot.share * 100).toFixed(1)} % |`),
      "",
      "| self time, by function | ms | share |",
      "|---|---|---|",
      ...p.byFunction.map((spot) => `| \`${spot.name}\` | ${fmtInt(spot.ms)} | ${(spot.share * 100).toFixed(1)} % |`),
      "",
      "| inclusive time, functions under src/ | ms | share |",
      "|---|---|---|",
      ...p.inclusive.map((spot) => `| \`${spot.name}\` | ${fmtInt(spot.ms)} | ${(spot.share * 100).toFixed(1)} % |`),
      "",
    );
  }

  push("## Negotiation", "");
  if (!results.negotiation) push("Not measured in this run.", "");
  else if ("error" in results.negotiation) push(`Not measured: ${results.negotiation.error}`, "");
  else {
    const n = results.negotiation;
    push(
      `\`decide()\` from src/negotiation/decide.ts over the negotiation table of the ${largest !== undefined ? fmtInt(largest) : ""}-post build (${fmtInt(n.pages)} pages, ${fmtInt(n.files)} files), against the floor: \`new Negotiator({ headers: { accept } }).mediaTypes(["text/html", "text/markdown"])\` on the same Accept headers. One thread, ${n.roundMs} ms rounds, median of ${n.mixes[0]?.core.rounds.length ?? 0}.`,
      "",
      "| mix | core, decisions/s | negotiator, calls/s | core time / negotiator time |",
      "|---|---|---|---|",
      ...n.mixes.map((m) => `| ${m.mix === "realistic" ? "realistic (browsers, crawlers, curl, agents; posts, pages, `.md`, files, 404s)" : "every Accept value distinct (no cache can help)"} | ${fmtInt(m.core.perSecond)} | ${fmtInt(m.floor.perSecond)} | ${fmtRatio(m.slowdown)} |`),
      "",
      `Decisions in the realistic mix: ${Object.entries(n.decisionKinds).sort().map(([k, v]) => `${k} ${v}`).join(", ")}.`,
      "",
    );
  }

  push("## Preview server", "");
  if (!results.serve) push("Not measured in this run.", "");
  else if ("error" in results.serve) push(`Not measured: ${results.serve.error}`, "");
  else {
    const v = results.serve;
    push(
      `autocannon on loopback, ${v.connections} connections, ${fmtInt(v.requestsPerRound)} requests a round, servers alternating, median of ${v.servers[0]?.rounds.length ?? 0} rounds after a warm-up. Mix of ${v.mix.html + v.mix.markdown + v.mix.notFound} requests over ${v.mix.distinctPaths} paths: ${v.mix.html} HTML, ${v.mix.markdown} Markdown (\`Accept: text/markdown\` on the page for sitegen, the \`.md\` file's path for the plain server, which cannot negotiate), ${v.mix.notFound} unknown paths (404).`,
      "",
      "| server | requests/s | latency p50 | latency p99 | statuses (all rounds) | valid |",
      "|---|---|---|---|---|---|",
      ...v.servers.map((x) => {
        const statuses: Record<string, number> = {};
        for (const r of x.rounds) for (const [k, c] of Object.entries(r.statusCounts)) statuses[k] = (statuses[k] ?? 0) + c;
        return `| ${x.name} | ${fmtInt(x.requestsPerSecond)} | ${fmtMs(x.latencyP50Ms)} | ${fmtMs(x.latencyP99Ms)} | ${Object.entries(statuses).map(([k, c]) => `${k}: ${fmtInt(c)}`).join(", ")} | ${x.valid ? "yes" : `no: ${x.problems.join("; ")}`} |`;
      }),
      "",
      `sitegen / plain: ${fmtRatio(v.ratio)}.`,
      "",
    );
  }

  push("## What is compared", "");
  for (const tool of results.tools) push(`- **${tool.label}** ${tool.version}: ${tool.available ? tool.does : `unavailable (${tool.reason})`}.`);
  push(
    "- sitegen highlights fenced code at build time (highlight.js), so the like-with-like comparison is with Hugo's default, which highlights with Chroma; Hugo with highlighting off (`markup.highlight.codeFences = false`) is listed for reference.",
    "- Before each build the bench waits (up to `--idle-wait` seconds) for a one-second window with less than 0.15 cores busy, and measures a build again when other processes competed with it, so that the figures are the tools' own.",
    "- Each tool renders the same Markdown files to the same paths, `/blog/<slug>/index.html`; after each tool's first build the bench checks that every post's page is there.",
    `- Measured with ${results.method === "gnu-time" ? "GNU time (`/usr/bin/time -f`): CPU time and peak RSS are the kernel's rusage of the command (all threads, and every child it waited for; peak RSS is the largest single process's high-water mark, no sampling)" : "/proc sampling every 25 ms (GNU time was unavailable): VmHWM and utime/stime of the command's process; short-lived children are not counted"}; wall time with a monotonic clock around the child process. MB are 10⁶ bytes.`,
    "",
  );

  push("## Machine and versions", "", "| | |", "|---|---|");
  for (const [k, v] of Object.entries(results.machine)) push(`| ${k} | ${v} |`);
  push(`| output filesystem | ${describeFilesystem(results.outputFilesystem)} |`);
  for (const [k, v] of Object.entries(results.versions)) push(`| ${k} | ${v} |`);
  push(`| load average (1 min) at start, end | ${results.load.start.toFixed(2)}, ${results.load.end.toFixed(2)} |`);
  push("", "## Command", "", "```sh", results.command, "```", "");
  if (results.failures.length > 0) push("## Problems", "", ...results.failures.map((f) => `- ${f}`), "");
  return lines.join("\n");
}

function linearity(small: BuildResult, large: BuildResult): { wallRatio: number; postRatio: number; marginalMs: number; linear: boolean } {
  const wallRatio = large.wallMs.median / small.wallMs.median;
  const postRatio = large.pages / small.pages;
  const marginalMs = (large.wallMs.median - small.wallMs.median) / (large.pages - small.pages);
  return { wallRatio, postRatio, marginalMs, linear: wallRatio <= postRatio * 1.2 };
}

function machine(): Record<string, string | number> {
  const cpu = cpus();
  let os = "";
  try {
    os = /^PRETTY_NAME="?([^"\n]*)/m.exec(readFileSync("/etc/os-release", "utf8"))?.[1] ?? "";
  } catch {
    // not Linux, or no os-release
  }
  return {
    CPU: `${cpu[0]?.model ?? "unknown"} (${cpu.length} logical cores)`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    OS: `${os || process.platform} (kernel ${release()})`,
  };
}

interface Filesystem {
  type: string;
  device: string;
  mountPoint: string;
  /** ext4 only; undefined when it cannot be told. */
  journal?: boolean;
}

/** The mount holding `dir`, from /proc/mounts: the longest mount point that contains it, the last one mounted if several. */
function filesystemOf(dir: string): Filesystem | undefined {
  let mounts: string;
  let path: string;
  try {
    mounts = readFileSync("/proc/mounts", "utf8");
    path = realpathSync(dir);
  } catch {
    return undefined;
  }
  // /proc/mounts writes spaces and other special characters as octal escapes.
  const unescape = (field: string): string => field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
  let found: Filesystem | undefined;
  for (const line of mounts.split("\n")) {
    const [device, mountPoint, type] = line.split(" ").map(unescape);
    if (!type) continue;
    const holds = mountPoint === "/" || path === mountPoint || path.startsWith(`${mountPoint}/`);
    if (holds && (!found || mountPoint.length >= found.mountPoint.length)) found = { type, device, mountPoint };
  }
  if (found?.type === "ext4") found.journal = ext4HasJournal(found.device);
  return found;
}

/** sysfs names the journal's thread, "<none>" without one, where the kernel has that file; else dumpe2fs, which needs read access to the device. */
function ext4HasJournal(device: string): boolean | undefined {
  try {
    return readFileSync(`/sys/fs/ext4/${basename(device)}/journal_task`, "utf8").trim() !== "<none>";
  } catch {
    // an older kernel, or a device name sysfs does not use
  }
  const probe = spawnSync("dumpe2fs", ["-h", device], { encoding: "utf8" });
  const features = /^Filesystem features:(.*)$/m.exec(probe.stdout ?? "")?.[1];
  return features === undefined ? undefined : /\bhas_journal\b/.test(features);
}

function describeFilesystem(fs: Filesystem | undefined): string {
  if (!fs) return "unknown";
  const journal = fs.journal === undefined ? "" : fs.journal ? " (with journal)" : " (no journal)";
  return `${fs.type}${journal} on ${fs.device}`;
}

const isExt4WithoutJournal = (fs: Filesystem | undefined): boolean => fs?.type === "ext4" && fs.journal === false;

function gnuTimeVersion(): string {
  const probe = spawnSync("dpkg-query", ["-W", "-f", "${Version}", "time"], { encoding: "utf8" });
  return probe.status === 0 && probe.stdout ? `Debian time ${probe.stdout}` : "present";
}

function commandLine(): string {
  const args = process.argv.slice(2).map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`));
  const shown = args.map((arg) => (arg.startsWith(ROOT) ? relative(ROOT, arg) || "." : arg));
  return process.env.npm_lifecycle_event === "bench" ? ["npm run bench", ...(shown.length ? ["--", ...shown] : [])].join(" ") : ["node --import tsx bench/run.ts", ...shown].join(" ");
}

// --- entry ------------------------------------------------------------------------------

async function main(argv: string[]): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`bench: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const log = (line: string): void => console.log(`[bench] ${line}`);
  const results = await bench(options, log);
  await mkdir(dirname(options.report), { recursive: true });
  await writeFile(options.report, renderReport(results));
  await mkdir(dirname(options.json), { recursive: true });
  await writeFile(options.json, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${relative(process.cwd(), options.report) || options.report} and ${relative(process.cwd(), options.json) || options.json}`);
  for (const failure of results.failures) console.error(`[bench] problem: ${failure}`);
  return results.failures.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
