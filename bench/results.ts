/** Everything one run of the bench measured: what the report is written from, and the JSON file. */
import type { AgentFileSizes } from "./agent-files.ts";
import type { BuildResult } from "./builds.ts";
import type { CacheResult } from "./cache.ts";
import type { EdgeResult } from "./edge.ts";
import type { LargeResult } from "./large.ts";
import type { Filesystem } from "./machine.ts";
import type { MeasureMethod } from "./measure.ts";
import type { NegotiationResult } from "./negotiation.ts";
import type { PairSummary } from "./pairs.ts";
import type { ProfileSummary } from "./profile.ts";
import type { RealSiteResult } from "./real-site.ts";
import type { SearchResult } from "./search-report.ts";
import type { ServeResult } from "./serve.ts";
import type { StagesResult } from "./stages.ts";
import type { StartupResult } from "./startup.ts";
import type { ToolId } from "./tools.ts";
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
