/** What `npm run bench` is told: its command-line options and their defaults. */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_SEED } from "./synthetic.ts";

/** The project's root folder. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

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
  /** Posts in the one very large build (a sitemap index past 50,000 URLs). */
  large: number;
  /** sitegen's warm build is compared on trees of at most this many posts (the largest has its own warm/cold part). */
  warmUpTo: number;
}

export const SKIPPABLE = [
  "sitegen",
  "warm",
  "eleventy",
  "hugo",
  "hugo-default",
  "bare",
  "real",
  "negotiation",
  "serve",
  "profile",
  "startup",
  "watch",
  "cache",
  "edge",
  "large",
  "stages",
  "search",
];

/** What `--quick` leaves out. */
export const QUICK_SKIPS = ["negotiation", "serve", "profile", "startup", "watch", "edge", "large", "search"];

export class UsageError extends Error {}

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
    idleWaitSeconds: 10,
    retries: 2,
    startupRuns: 9,
    watchEdits: 6,
    edgeRounds: 5,
    edgeInFlight: 4,
    edgeLoadRounds: 15,
    large: 50_000,
    warmUpTo: 2000,
  };
  const positive = (name: string, value: string | undefined): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number <= 0)
      throw new UsageError(`${name} takes a positive integer, got ${value ?? "nothing"}`);
    return number;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === "--posts")
      options.posts = value()
        .split(",")
        .map((part) => positive("--posts", part.trim()));
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
    else if (arg === "--large") options.large = positive(arg, value());
    else if (arg === "--idle-wait") options.idleWaitSeconds = Number(value());
    else if (arg === "--retries") options.retries = Number(value());
    else if (arg === "--warm-up-to") options.warmUpTo = positive(arg, value());
    else if (arg === "--no-install") options.install = false;
    // The figures the targets need, in a fraction of the time: the build comparison, the real site and the warm CI builds.
    else if (arg === "--quick") for (const part of QUICK_SKIPS) options.skip.add(part);
    else if (arg.startsWith("--skip-") && SKIPPABLE.includes(arg.slice(7))) options.skip.add(arg.slice(7));
    else throw new UsageError(`unknown option ${arg}; see the header of bench/run.ts`);
  }
  if (!Number.isFinite(options.idleWaitSeconds) || options.idleWaitSeconds < 0)
    throw new UsageError("--idle-wait takes a number of seconds (0: do not wait)");
  if (!Number.isInteger(options.retries) || options.retries < 0)
    throw new UsageError("--retries takes a whole number (0: never measure again)");
  // Skipping Hugo skips both of its configurations.
  if (options.skip.has("hugo")) options.skip.add("hugo-default");
  options.posts = [...new Set(options.posts)].sort((a, b) => a - b);
  options.json ||= join(options.work, "results.json");
  return options;
}

// --- tools -------------------------------------------------------------------------
