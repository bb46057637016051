/**
 * `npm run bench`: build speed and memory of sitegen side by side with
 * Eleventy, Hugo and a bare one-thread script (the floor) on seeded synthetic
 * content; the real site's build, check and no-change rebuild; start-up of
 * commands that build nothing; rebuilds while writing (`serve --watch` against
 * `hugo server`); warm CI builds with a cache folder; negotiation cost;
 * preview-server throughput; and the edge function on Netlify's emulator.
 * Writes BENCHMARKS.md and a JSON file of every measurement.
 *
 * Tools run alternating within each round (sitegen, Eleventy, Hugo, Hugo with
 * highlighting, the bare script, sitegen, ...) so that drift of the machine
 * hits all of them alike. Each build writes into a folder of its own that did
 * not exist before, and no output is deleted until every measurement is done:
 * see `removeOutputs` for why.
 *
 *   npm run bench -- [--posts 1000,2000,10000] [--runs 3] [--seed N]
 *                    [--skip-sitegen] [--skip-eleventy] [--skip-hugo] [--skip-hugo-default] [--skip-bare]
 *                    [--skip-real] [--skip-negotiation] [--skip-serve] [--skip-profile]
 *                    [--skip-startup] [--skip-watch] [--skip-cache] [--skip-edge]
 *                    [--work bench/.work] [--report BENCHMARKS.md] [--json <file>]
 *                    [--negotiation-ms 1000] [--serve-requests 20000] [--serve-rounds 3]
 *                    [--startup-runs 9] [--watch-edits 6] [--edge-rounds 5] [--edge-in-flight 4]
 *                    [--idle-wait 60] [--retries 2] [--no-install]
 *
 * The parts beyond the builds live in modules of their own: startup.ts,
 * watch.ts, cache.ts, edge.ts (and negotiation.ts, serve.ts, run as child
 * processes); this file runs them in turn and writes the report.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, release, totalmem } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { aptInstall, chooseMethod, measure, waitForIdle, type Measurement, type MeasureMethod } from "./measure.ts";
import { agentFileSizes, agentFileTable, type AgentFileSizes } from "./agent-files.ts";
import { benchCache, cacheReport, type CacheResult } from "./cache.ts";
import { assetRatio, benchEdge, edgeReport, latencyRatio, type EdgeResult, type EdgeSite } from "./edge.ts";
import type { NegotiationResult } from "./negotiation.ts";
import { summarizeProfiles, type CpuProfile, type ProfileSummary } from "./profile.ts";
import type { ServeResult } from "./serve.ts";
import { fmtInt, fmtMB, fmtMs, fmtRatio, fmtSeconds, mark } from "./format.ts";
import { benchStartup, startupReport, type StartupResult } from "./startup.ts";
import { stats, type Stats } from "./stats.ts";
import { DEFAULT_SEED, generateContent, type SyntheticTree } from "./synthetic.ts";
import { benchWatch, watchReport, type WatchResult } from "./watch.ts";

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
  /** Rounds of the start-up commands. */
  startupRuns: number;
  /** Post edits in the rebuild-while-writing part. */
  watchEdits: number;
  /** Rounds of requests through Netlify's emulator (and with `edgeInFlight` in flight). */
  edgeRounds: number;
  edgeInFlight: number;
  /** Fresh Deno workers importing the edge function, per site. */
  edgeLoadRounds: number;
}

const SKIPPABLE = ["sitegen", "eleventy", "hugo", "hugo-default", "bare", "real", "negotiation", "serve", "profile", "startup", "watch", "cache", "edge"];

class UsageError extends Error {}

export function parseArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = {
    posts: [1000, 2000, 10_000],
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
    startupRuns: 9,
    watchEdits: 6,
    edgeRounds: 5,
    edgeInFlight: 4,
    edgeLoadRounds: 15,
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
    else if (arg === "--startup-runs") options.startupRuns = positive(arg, value());
    else if (arg === "--watch-edits") options.watchEdits = positive(arg, value());
    else if (arg === "--edge-rounds") options.edgeRounds = positive(arg, value());
    else if (arg === "--edge-in-flight") options.edgeInFlight = positive(arg, value());
    else if (arg === "--edge-load-rounds") options.edgeLoadRounds = positive(arg, value());
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

type ToolId = "sitegen" | "eleventy" | "hugo" | "hugo-default" | "bare";

interface Tool {
  id: ToolId;
  label: string;
  /** What it produces, for the report. */
  does: string;
  version: string;
  available: boolean;
  reason?: string;
  /** It renders the fixed pages too (the bare script renders posts only). */
  fixedPages: boolean;
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
      fixedPages: true,
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
      fixedPages: true,
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
        fixedPages: true,
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
        fixedPages: true,
        command: hugo("hugo.toml"),
      });
    }
  }
  if (!options.skip.has("bare")) {
    const bare = join(ROOT, "bench/bare.mjs");
    tools.push({
      id: "bare",
      label: "bare script (the floor)",
      does: "each post's HTML (markdown-it, no template) and Markdown, a sitemap and a JSON index, in one thread with nothing else: the least a generator can do with the same libraries (bench/bare.mjs)",
      version: `node ${process.version}, markdown-it ${packageVersion("markdown-it")}, yaml ${packageVersion("yaml")}`,
      available: existsSync(bare),
      reason: existsSync(bare) ? undefined : "bench/bare.mjs is missing",
      fixedPages: false,
      command: (content, out) => ({ command: process.execPath, args: [bare, content, out] }),
    });
  }
  return tools;
}

// --- statistics ----------------------------------------------------------------------

export { stats, type Stats };

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
  /** Whether sitegen's pages highlight code (spans in their code blocks): it decides which Hugo to compare with. */
  sitegenHighlights?: boolean;
  startup?: StartupResult | { error: string };
  watch?: WatchResult | { error: string };
  cache?: CacheResult | { error: string };
  edge?: EdgeResult | { error: string };
  /** The agent files of sitegen's build at each size: the size policy at work (README: The size policy). */
  agentFiles?: AgentFileSizes[];
  failures: string[];
}

// --- checks of the outputs --------------------------------------------------------------

/** Every post has `/blog/<slug>/index.html`: the tools built the same pages (and the fixed pages, where the tool renders them). */
function verifyOutput(out: string, tree: SyntheticTree, fixedPages: boolean): string[] {
  const problems: string[] = [];
  const missing = tree.slugs.filter((slug) => !existsSync(join(out, "blog", slug, "index.html")));
  if (missing.length > 0) problems.push(`${missing.length} of ${tree.slugs.length} posts have no blog/<slug>/index.html (first: ${missing[0]})`);
  for (const page of fixedPages ? ["index.html", "about/index.html", "blog/index.html"] : ["sitemap.xml", "blog-index.json"]) {
    if (!existsSync(join(out, page))) problems.push(`no ${page}`);
  }
  return problems;
}

/** Code blocks with markup inside (`<pre>…<span`) in the first posts' pages: the build highlights code. */
function highlightsCode(out: string, tree: SyntheticTree): boolean {
  for (const slug of tree.slugs.slice(0, 20)) {
    const file = join(out, "blog", slug, "index.html");
    if (!existsSync(file)) continue;
    for (const [block] of readFileSync(file, "utf8").matchAll(/<pre[\s>][\s\S]*?<\/pre>/g)) if (/<span\b/.test(block)) return true;
  }
  return false;
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
      yaml: packageVersion("yaml"),
      deno: packageVersion("deno"),
      "@netlify/dev": packageVersion("@netlify/dev"),
      "@netlify/edge-bundler": packageVersion("@netlify/edge-bundler"),
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
  /** The first good sitegen build of each size, for the parts that serve a build. */
  const sitegenOuts = new Map<number, string>();
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
          const problems = verifyOutput(out, tree, tool.fixedPages);
          if (problems.length > 0) {
            result.ok = false;
            result.problems.push(...problems);
            results.failures.push(`${tool.label}, ${posts} posts: ${problems.join("; ")}`);
          }
        }
        result.runs.push(measured);
        log(`${tool.label}, ${posts} posts, run ${run}: ${fmtSeconds(measured.wallMs)} wall, ${fmtSeconds(measured.cpuMs)} CPU, ${fmtMB(measured.peakRssBytes)} peak RSS, ${fmtSeconds(measured.foreignCpuMs)} other CPU`);
        if (tool.id === "sitegen") {
          largestSitegenOut = out;
          if (result.ok && !sitegenOuts.has(posts)) sitegenOuts.set(posts, out);
          results.sitegenHighlights ??= highlightsCode(out, tree);
        }
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
  const hugo = active.some((tool) => tool.id === "hugo");
  const settled = (): Promise<void> => settle(options, log);
  const largest = trees.at(-1);
  if (sitegen && !options.skip.has("startup")) {
    log(`start-up: sitegen --version, sitegen --help${hugo ? ", hugo version" : ""}`);
    results.startup = await benchStartup({ root: ROOT, runs: options.startupRuns, method, hugo, settle: settled }).catch((error: Error) => ({ error: error.message }));
    if ("error" in results.startup) results.failures.push(`start-up: ${results.startup.error}`);
    else for (const command of results.startup.commands) if (command.problems.length > 0) results.failures.push(`start-up, ${command.name}: ${command.problems.join("; ")}`);
  }
  if (sitegen && largest && !options.skip.has("cache")) {
    log(`warm CI builds at ${largest.posts} posts`);
    results.cache = await benchCache({
      root: ROOT, content: largest.dir, posts: largest.posts, slugs: largest.slugs, runs: options.runs,
      work: join(outputsOf(options), "cache"), method, timeoutMs: BUILD_TIMEOUT_MS, settle: settled, log,
    }).catch((error: Error) => ({ error: error.message }));
    if ("error" in results.cache) results.failures.push(`warm CI builds: ${results.cache.error}`);
    else if (results.cache.available) results.failures.push(...results.cache.problems.map((problem) => `warm CI builds: ${problem}`));
  }
  if (sitegen && largest && !options.skip.has("watch")) {
    results.watch = await benchWatch({
      root: ROOT, content: largest.dir, posts: largest.posts, slugs: largest.slugs, work: join(outputsOf(options), "watch"),
      edits: options.watchEdits, timeoutMs: BUILD_TIMEOUT_MS, settle: settled, log,
      hugo: hugo ? { site: join(ROOT, "bench/hugo"), configs: "hugo.toml,nohighlight.toml", cacheDir: join(options.work, "hugo-cache") } : undefined,
    }).catch((error: Error) => ({ error: error.message }));
    if ("error" in results.watch) results.failures.push(`rebuild while writing: ${results.watch.error}`);
    else for (const server of results.watch.servers) results.failures.push(...server.problems.map((problem) => `rebuild while writing, ${server.name}: ${problem}`));
  }
  if (sitegen && !options.skip.has("edge")) {
    results.edge = await benchEdgeSites(options, sitegenOuts, log).catch((error: Error) => ({ error: error.message }));
    if ("error" in results.edge) results.failures.push(`edge function: ${results.edge.error}`);
    else {
      results.failures.push(...results.edge.problems.map((problem) => `edge function: ${problem}`));
      for (const site of results.edge.sites) results.failures.push(...site.problems.map((problem) => `edge function, ${site.name}: ${problem}`));
    }
  }
  if (sitegen) {
    results.agentFiles = [];
    for (const posts of [...sitegenOuts.keys()].sort((a, b) => a - b)) {
      await agentFileSizes(sitegenOuts.get(posts)!).then(
        (sizes) => results.agentFiles!.push(sizes),
        (error: Error) => results.failures.push(`agent files at ${posts} posts: ${error.message}`),
      );
    }
  }
  results.load.end = loadavg()[0];
  await removeOutputs(options, log, "this bench");
  return results;
}

/**
 * The edge function on Netlify's emulator for the real site and the smallest
 * and largest synthetic blogs: the real site is built here (into a new folder
 * among the outputs), the blogs are the first builds of the build comparison.
 */
async function benchEdgeSites(options: BenchOptions, sitegenOuts: Map<number, string>, log: (line: string) => void): Promise<EdgeResult> {
  const real = join(outputsOf(options), "edge-real-site");
  const build = spawnSync(process.execPath, [join(ROOT, "bin/sitegen.js"), "build", "--content", join(ROOT, "content"), "--out", real, "--quiet"], { cwd: ROOT, encoding: "utf8", timeout: BUILD_TIMEOUT_MS });
  if (build.status !== 0) throw new Error(`the real site's build exited ${build.status}: ${errorLines(`${build.stdout}\n${build.stderr}`)}`);
  const sizes = [...sitegenOuts.keys()].sort((a, b) => a - b);
  const blogs = [...new Set([sizes[0], sizes.at(-1)])].filter((posts): posts is number => posts !== undefined);
  const sites: EdgeSite[] = [
    { name: "the real site", dist: real },
    ...blogs.map((posts) => ({ name: `${fmtInt(posts)} posts`, posts, dist: sitegenOuts.get(posts)! })),
  ];
  return benchEdge({
    root: ROOT, sites, work: join(outputsOf(options), "edge"), rounds: options.edgeRounds, loadRounds: options.edgeLoadRounds, inFlight: options.edgeInFlight,
    timeoutMs: 5 * 60_000, settle: () => settle(options, log), log,
  });
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
  push("## Targets", "", ...targetRows(results, sizes), "");

  push("## Build", "");
  push("Wall time is the median with min–max; CPU is user + system time of the whole process tree (median); ms per page is the median wall time divided by the source pages (posts + 7 fixed pages; the bare script renders the posts only, but is divided alike so that the column compares). sitegen / tool is sitegen's median wall time over the tool's: under 1, sitegen is faster. Other CPU is the CPU time the rest of the machine used during the kept runs (median, max): near zero means the tool had both cores to itself; a run during which other processes used more than 0.5 s and a tenth of a core was measured again (up to `--retries` times), and the last column counts those.", "");
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

  if (results.agentFiles?.length) {
    push("## Agent files", "", "Sizes of sitegen's agent files at each size, within the budgets of the size policy (README: The size policy), and the Markdown 404 of a few misses as a host that has read nothing yet answers them, with what it read.", "");
    for (const sizes of results.agentFiles) push(agentFileTable(sizes), "");
  }

  // What each change bought is kept by hand beside the bench; the measured tables above are this run's.
  const changes = join(ROOT, "bench/what-each-change-bought.md");
  if (existsSync(changes)) push(readFileSync(changes, "utf8").trimEnd(), "");

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

  const part = <T extends object>(heading: string, result: T | { error: string } | undefined, render: (result: T) => string[]): void => {
    push(heading, "");
    if (!result) push("Not measured in this run.", "");
    else if ("error" in result) push(`Not measured: ${result.error}`, "");
    else push(...render(result));
  };
  part("## Start-up", results.startup, startupReport);
  part(`## Rebuild while writing${results.watch && "posts" in results.watch ? ` (${fmtInt(results.watch.posts)} posts)` : ""}`, results.watch, watchReport);
  part(`## Warm CI builds${results.cache && "posts" in results.cache ? ` (${fmtInt(results.cache.posts)} posts)` : ""}`, results.cache, cacheReport);

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

  part("## The edge function on Netlify's emulator", results.edge, edgeReport);

  push("## What is compared", "");
  for (const tool of results.tools) push(`- **${tool.label}** ${tool.version}: ${tool.available ? tool.does : `unavailable (${tool.reason})`}.`);
  push(
    results.sitegenHighlights
      ? "- sitegen's pages highlight code (its code blocks have markup inside), so the like-with-like comparison is with Hugo's default, which highlights with Chroma; Hugo without highlighting is listed too."
      : "- sitegen's pages do not highlight code (no markup inside their code blocks), so the like-with-like comparison is with Hugo's highlighting off (`markup.highlight.codeFences = false`); Hugo's default is listed for reference. The bench tells from sitegen's own output, so the comparison follows if sitegen starts highlighting.",
    "- The bare script is the floor, not a competitor: one thread, the same parser and renderer, no templates, checks or agent files. sitegen at or under its time means the rest of the job and the second core pay for themselves.",
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

/** The targets table: each row names the size it was measured at. */
function targetRows(results: Results, sizes: number[]): string[] {
  const rows = ["| target | measured | |", "|---|---|---|"];
  const row = (target: string, measured: string, ok: boolean | undefined): void => void rows.push(`| ${target} | ${measured} | ${mark(ok)} |`);
  const find = (tool: ToolId, posts: number | undefined): BuildResult | undefined => results.builds.find((b) => b.tool === tool && b.posts === posts && b.ok);
  const ratio = (a: BuildResult | undefined, b: BuildResult | undefined): number => (a && b ? a.wallMs.median / b.wallMs.median : NaN);
  const largest = sizes.at(-1);
  const posts = (n: number | undefined): string => (n === undefined ? "no build" : `${fmtInt(n)} posts`);

  for (const size of sizes) {
    const r = ratio(find("sitegen", size), find("bare", size));
    row(`sitegen at most the bare script's wall time, ${posts(size)}`, `sitegen / bare = ${fmtRatio(r)}`, Number.isFinite(r) ? r <= 1 : undefined);
  }
  // Like with like: Hugo without highlighting, unless sitegen's pages highlight code.
  const highlights = results.sitegenHighlights === true;
  for (const size of sizes.filter((n) => n >= 1000)) {
    const plain = ratio(find("sitegen", size), find("hugo", size));
    const highlighting = ratio(find("sitegen", size), find("hugo-default", size));
    const against = highlights ? highlighting : plain;
    row(
      `sitegen at most Hugo's wall time, ${posts(size)} (${highlights ? "sitegen highlights code: against Hugo's default" : "sitegen does not highlight code: against Hugo without highlighting"})`,
      `sitegen / Hugo without highlighting = ${fmtRatio(plain)}; sitegen / Hugo default = ${fmtRatio(highlighting)}`,
      Number.isFinite(against) ? against <= 1 : undefined,
    );
  }
  const s = find("sitegen", largest);
  const e = find("eleventy", largest);
  row(`sitegen at least 3× faster than Eleventy, ${posts(largest)}`, s && e ? `${fmtRatio(e.wallMs.median / s.wallMs.median)}× (sitegen/Eleventy = ${fmtRatio(s.wallMs.median / e.wallMs.median)})` : "–", s && e ? e.wallMs.median / s.wallMs.median >= 3 : undefined);
  row(`sitegen peak RSS under 300 MB, ${posts(largest)}`, s ? fmtMB(s.peakRssBytes.median) : "–", s ? s.peakRssBytes.median < 300e6 : undefined);
  const small = find("sitegen", sizes[0]);
  const linear = s && small && sizes.length > 1 ? linearity(small, s) : undefined;
  row(`build time linear in posts (${sizes.length > 1 ? `${fmtInt(sizes[0])} → ${fmtInt(largest!)}` : "needs two sizes"})`, linear ? `${fmtRatio(linear.wallRatio)}× the time for ${fmtRatio(linear.postRatio)}× the posts` : "–", linear?.linear);

  const startup = results.startup && !("error" in results.startup) ? results.startup : undefined;
  const hugoVersion = startup?.commands.find((c) => !c.sitegen);
  for (const command of startup?.commands.filter((c) => c.sitegen) ?? []) {
    row(`\`${command.name}\` under 100 ms`, `${fmtMs(command.wallMs.median)}${hugoVersion ? ` (\`${hugoVersion.name}\`: ${fmtMs(hugoVersion.wallMs.median)})` : ""}`, Number.isFinite(command.wallMs.median) ? command.wallMs.median < 100 : undefined);
  }
  if (!startup) row("`sitegen --version` and `--help` under 100 ms", "–", undefined);

  const watch = results.watch && !("error" in results.watch) ? results.watch : undefined;
  const watching = watch?.servers.find((x) => x.name.startsWith("sitegen"));
  const hugoServer = watch?.servers.find((x) => x.name.startsWith("hugo"));
  row(
    `a post edit served by \`sitegen serve --watch\` within 300 ms, ${posts(watch?.posts)}`,
    watching ? `${fmtMs(watching.postEditMs.median)} (median of ${watching.postEdits.filter((x) => x.ok).length}; \`hugo server\`: ${fmtMs(hugoServer?.postEditMs.median ?? NaN)})` : "–",
    watching && Number.isFinite(watching.postEditMs.median) ? watching.postEditMs.median <= 300 && watching.postEdits.every((x) => x.ok) : undefined,
  );

  const cache = results.cache && !("error" in results.cache) ? results.cache : undefined;
  if (cache && !cache.available) row(`a warm CI build (one post changed) at most 25 % of a cold build, ${posts(cache.posts)}`, `not available: ${cache.reason}`, undefined);
  else row(`a warm CI build (one post changed) at most 25 % of a cold build, ${posts(cache?.posts)}`, cache ? `warm / cold = ${fmtRatio(cache.ratio.median)}` : "–", cache && Number.isFinite(cache.ratio.median) ? cache.ratio.median <= 0.25 : undefined);

  const edge = results.edge && !("error" in results.edge) ? results.edge : undefined;
  const real = edge?.sites.find((x) => x.posts === undefined);
  const biggest = edge?.sites.filter((x) => x.posts !== undefined).at(-1);
  row(
    `edge function module load at most 10 ms, ${posts(biggest?.posts)}`,
    biggest?.load ? `${fmtMs(biggest.load.importMs.median)} (the real site: ${fmtMs(real?.load?.importMs.median ?? NaN)})` : "–",
    biggest?.load ? biggest.load.importMs.median <= 10 : undefined,
  );
  row(
    `edge function bundle does not grow with the posts (${posts(biggest?.posts)} against the real site)`,
    real?.bundleBytes !== undefined && biggest?.bundleBytes !== undefined ? `${fmtInt(biggest.bundleBytes)} bytes against ${fmtInt(real.bundleBytes)}` : "–",
    real?.bundleBytes !== undefined && biggest?.bundleBytes !== undefined ? biggest.bundleBytes <= real.bundleBytes * 1.01 : undefined,
  );
  const latency = edge && biggest ? latencyRatio(edge, biggest) : NaN;
  row(`edge request latency through Netlify's emulator within 1.5× the real site's, ${posts(biggest?.posts)}`, Number.isFinite(latency) ? `${fmtRatio(latency)}× (${fmtMs(biggest!.latency!.sequentialMs.median)} against ${fmtMs(real!.latency!.sequentialMs.median)}; an asset, which skips the function: ${fmtRatio(assetRatio(edge!, biggest!))}×)` : "–", Number.isFinite(latency) ? latency <= 1.5 : undefined);

  const nego = results.negotiation && !("error" in results.negotiation) ? results.negotiation.mixes.find((m) => m.mix === "realistic") : undefined;
  const serve = results.serve && !("error" in results.serve) ? results.serve : undefined;
  row("negotiation at least 500,000 decisions/s", nego ? `${fmtInt(nego.core.perSecond)}/s` : "–", nego ? nego.core.perSecond >= 500_000 : undefined);
  row("negotiation within 2× of bare negotiator", nego ? `${fmtRatio(nego.slowdown)}× its time` : "–", nego ? nego.slowdown <= 2 : undefined);
  row("preview server at least 0.8× a plain static server", serve ? `${fmtRatio(serve.ratio)}×` : "–", serve ? serve.ratio >= 0.8 && serve.servers.every((x) => x.valid) : undefined);
  return rows;
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
