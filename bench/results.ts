/**
 * Everything one run of the bench measured: what the report is written from,
 * and the JSON file; and the results a run starts from, before it measures.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, relative } from "node:path";
import type { AgentFileSizes } from "./agent-files.ts";
import type { BuildResult } from "./builds.ts";
import type { CacheResult } from "./cache.ts";
import type { EdgeResult } from "./edge.ts";
import type { LargeResult } from "./large.ts";
import { filesystemOf, gnuTimeVersion, machine, type Filesystem } from "./machine.ts";
import type { MeasureMethod } from "./measure.ts";
import type { NegotiationResult } from "./negotiation.ts";
import type { PairSummary } from "./pairs.ts";
import { ROOT, type BenchOptions } from "./options.ts";
import type { ProfileSummary } from "./profile.ts";
import type { RealSiteResult } from "./real-site.ts";
import type { SearchResult } from "./search-report.ts";
import type { ServeResult } from "./serve.ts";
import type { StagesResult } from "./stages.ts";
import type { StartupResult } from "./startup.ts";
import { hugoVersion, packageVersion, type Tool, type ToolId } from "./tools.ts";
import type { WatchResult } from "./watch.ts";

export interface Results {
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
  /** sitegen's warm build is compared on trees of at most this many posts. */
  warmUpTo: number;
  content: { posts: number; words: number; bytes: number; vietnamese: number; generateMs: number }[];
  tools: { id: ToolId; label: string; does: string; version: string; available: boolean; reason?: string }[];
  builds: BuildResult[];
  /** sitegen against each baseline, pair by pair, with the load around each pair. */
  pairs: PairSummary[];
  real?: RealSiteResult;
  /** One extra sitegen build at the largest size under `node --cpu-prof`. */
  profile?: (ProfileSummary & { posts: number; command: string }) | { error: string };
  negotiation?: NegotiationResult | { error: string };
  serve?: ServeResult | { error: string };
  /** Whether sitegen's pages highlight code (spans in their code blocks): it decides which Hugo to compare with. */
  sitegenHighlights?: boolean;
  startup?: StartupResult | { error: string };
  watch?: WatchResult | { error: string };
  /** The same on the real site (`content/`). */
  realWatch?: WatchResult | { error: string };
  cache?: CacheResult | { error: string };
  edge?: EdgeResult | { error: string };
  /** The agent files of sitegen's build at each size: the size policy at work (docs: The size policy). */
  agentFiles?: AgentFileSizes[];
  /** One build of a very large blog, and its sitemap files. */
  large?: LargeResult | { error: string };
  /** Where a cold build's time goes, by stage, on the real site and the synthetic blogs up to `warmUpTo` posts. */
  stages?: StagesResult | { error: string };
  /** A search on /mcp at the largest size (bench/search.ts). */
  search?: SearchResult | { error: string };
  failures: string[];
}

/** The results of a run before anything is measured: when, where, with what and how. */
export function startResults(options: BenchOptions, method: MeasureMethod, tools: Tool[]): Results {
  return {
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
    warmUpTo: options.warmUpTo,
    content: [],
    tools: tools.map(({ id, label, does, version, available, reason }) => ({
      id,
      label,
      does,
      version,
      available,
      reason,
    })),
    builds: [],
    pairs: [],
    failures: [],
  };
}

/** The command line as it was typed, paths under the repository made relative. */
function commandLine(): string {
  const args = process.argv
    .slice(2)
    .map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`));
  const shown = args.map((arg) => (arg.startsWith(ROOT) ? relative(ROOT, arg) || "." : arg));
  return process.env.npm_lifecycle_event === "bench"
    ? ["npm run bench", ...(shown.length ? ["--", ...shown] : [])].join(" ")
    : ["node --import tsx bench/run.ts", ...shown].join(" ");
}
