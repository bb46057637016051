/**
 * Decisions per second of the negotiation core (`decide` over the build's
 * negotiation table) against the floor: bare `negotiator` calls choosing between
 * `text/html` and `text/markdown` for the same `Accept` headers.
 *
 * Two mixes, both seeded:
 * - realistic: browsers, crawlers, curl, agents asking for Markdown, a few
 *   malformed and unsatisfiable headers, over pages, posts, `.md` siblings,
 *   plain files, assets and unknown paths, some HEAD and some `If-None-Match`;
 * - distinct: the same, but every `Accept` value is unique, so any cache of
 *   parsed headers misses; the cost of a header seen for the first time.
 *
 * Runs on its own: `node --import tsx bench/negotiation.ts --dist <dist> [--ms 2000] [--json]`.
 */
import { allRoutes } from "../src/hosts/preview/folder.ts";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import Negotiator from "negotiator";
import { rng } from "./random.ts";
import { flag } from "./args.ts";

export interface DecisionInput {
  method: string;
  path: string;
  accept: string | null;
  ifNoneMatch: string | null;
}

type Decide = (input: DecisionInput, table: unknown) => unknown;

export interface RateResult {
  /** Decisions per second, median of the rounds. */
  perSecond: number;
  rounds: number[];
}

export interface NegotiationMixResult {
  mix: "realistic" | "distinct";
  inputs: number;
  core: RateResult;
  floor: RateResult;
  /** floor / core: how many times slower than bare negotiator the core is. */
  slowdown: number;
}

export interface NegotiationResult {
  table: string;
  pages: number;
  files: number;
  roundMs: number;
  mixes: NegotiationMixResult[];
  /** How often each kind of decision came out of the realistic mix, as a sanity check. */
  decisionKinds: Record<string, number>;
}

const PAGE_TYPES = ["text/html", "text/markdown"];

/** Weighted `Accept` values as clients send them. */
const ACCEPTS: [weight: number, accept: string | null][] = [
  [
    30,
    "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7",
  ], // Chromium
  [10, "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"], // Firefox, Googlebot
  [8, "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"], // Safari
  [10, "*/*"], // curl, fetch()
  [5, null], // no header at all
  [8, "text/markdown"],
  [6, "text/markdown, text/html;q=0.9, */*;q=0.1"], // agents that prefer Markdown
  [3, "text/markdown;q=1.0, text/x-markdown;q=0.9, text/plain;q=0.8, text/html;q=0.7, */*;q=0.1"],
  [3, "text/plain, text/markdown;q=0.9, */*;q=0.8"],
  [3, "text/html;q=0.5, text/markdown"],
  [3, "application/json"], // unsatisfiable for a page
  [3, "application/json, text/plain, */*"], // axios
  [2, "TEXT/HTML"],
  [2, "text/html;q=abc, , ;;, text/markdown;q=0.5"], // malformed parts
  [2, "text/*;q=0.3, text/markdown;q=0"],
];

function weighted<T>(random: () => number, table: [number, T][]): T {
  const total = table.reduce((sum, [w]) => sum + w, 0);
  let roll = random() * total;
  for (const [w, value] of table) {
    roll -= w;
    if (roll < 0) return value;
  }
  return table[table.length - 1][1];
}

interface TableShape {
  pages: Record<string, { html?: { etag?: string } }>;
  files: Record<string, unknown>;
}

export function buildMix(
  table: TableShape,
  count: number,
  options: { seed: number; distinct: boolean },
): DecisionInput[] {
  const random = rng(options.seed);
  const pages = Object.keys(table.pages).sort();
  const posts = pages.filter((path) => path.startsWith("/blog/") && path !== "/blog/");
  const fixed = pages.filter((path) => !posts.includes(path));
  const files = Object.keys(table.files).sort();
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const inputs: DecisionInput[] = [];
  for (let i = 0; i < count; i++) {
    const path = weighted<() => string>(random, [
      [62, () => pick(posts.length > 0 ? posts : fixed)],
      [10, () => pick(fixed)],
      [5, () => pick(posts.length > 0 ? posts : fixed).replace(/\/$/, ".md")],
      [5, () => (files.length > 0 ? pick(files) : "/sitemap.xml")],
      [3, () => pick(["/assets/site.css", "/favicon.ico", "/assets/logo.svg"])],
      [3, () => pick(posts.length > 0 ? posts : fixed).replace(/\/$/, "")], // near miss: no trailing slash
      [12, () => `/blog/no-such-post-${Math.floor(random() * 1000)}/`],
    ])();
    let accept = weighted(random, ACCEPTS);
    if (options.distinct) accept = `${accept ?? "*/*"}, application/x-bench-${i};q=0.01`;
    const etag = table.pages[path]?.html?.etag;
    const ifNoneMatch = random() < 0.1 ? (etag && random() < 0.5 ? etag : `"stale-${i % 7}"`) : null;
    inputs.push({ method: random() < 0.1 ? "HEAD" : "GET", path, accept, ifNoneMatch });
  }
  return inputs;
}

/** Runs `step` over the inputs for about `ms` milliseconds; returns decisions per second. */
function rate(inputs: DecisionInput[], ms: number, step: (input: DecisionInput) => unknown): number {
  let sink = 0;
  let done = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(ms * 1e6));
  let now = started;
  while (now < deadline) {
    for (let i = 0; i < inputs.length; i++) if (step(inputs[i]) !== undefined) sink++;
    done += inputs.length;
    now = process.hrtime.bigint();
  }
  if (sink < 0) console.log(sink); // keeps the results observable
  return done / (Number(now - started) / 1e9);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function loadDecide(root: string): Promise<Decide> {
  const module = (await import(pathToFileURL(resolve(root, "src/negotiation/decide.ts")).href)) as {
    decide: Decide;
  };
  return module.decide;
}

export async function runNegotiationBench(options: {
  dist: string;
  root: string;
  roundMs?: number;
  rounds?: number;
  seed?: number;
}): Promise<NegotiationResult> {
  const roundMs = options.roundMs ?? 1000;
  const rounds = options.rounds ?? 3;
  // Every route shard at once: decide() looks a path up in whichever it is given.
  const table = (await allRoutes(options.dist)) as TableShape;
  const decide = await loadDecide(options.root);
  const floor = (input: DecisionInput): unknown =>
    new Negotiator({ headers: { accept: input.accept ?? undefined } }).mediaTypes(PAGE_TYPES);
  const core = (input: DecisionInput): unknown => decide(input, table);

  const mixes: NegotiationMixResult[] = [];
  const decisionKinds: Record<string, number> = {};
  for (const mix of ["realistic", "distinct"] as const) {
    const inputs = buildMix(table, 10_000, { seed: options.seed ?? 6, distinct: mix === "distinct" });
    if (mix === "realistic") {
      for (const input of inputs) {
        const kind = String((decide(input, table) as { kind?: string }).kind ?? "unknown");
        decisionKinds[kind] = (decisionKinds[kind] ?? 0) + 1;
      }
    }
    // Warm both paths up so the JIT has compiled them before the clock runs.
    rate(inputs, Math.min(300, roundMs), core);
    rate(inputs, Math.min(300, roundMs), floor);
    const coreRounds: number[] = [];
    const floorRounds: number[] = [];
    for (let round = 0; round < rounds; round++) {
      coreRounds.push(rate(inputs, roundMs, core));
      floorRounds.push(rate(inputs, roundMs, floor));
    }
    const coreRate = median(coreRounds);
    const floorRate = median(floorRounds);
    mixes.push({
      mix,
      inputs: inputs.length,
      core: { perSecond: coreRate, rounds: coreRounds },
      floor: { perSecond: floorRate, rounds: floorRounds },
      slowdown: floorRate / coreRate,
    });
  }
  return {
    table: options.dist,
    pages: Object.keys(table.pages).length,
    files: Object.keys(table.files).length,
    roundMs,
    mixes,
    decisionKinds,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const argv = process.argv.slice(2);
  const dist = flag(argv, "--dist");
  if (!dist) {
    console.error("usage: bench/negotiation.ts --dist <dist> [--ms 1000] [--rounds 3] [--json]");
    process.exitCode = 2;
  } else {
    const result = await runNegotiationBench({
      dist,
      root: resolve(import.meta.dirname ?? ".", ".."),
      roundMs: Number(flag(argv, "--ms") ?? 1000),
      rounds: Number(flag(argv, "--rounds") ?? 3),
    });
    if (argv.includes("--json")) console.log(JSON.stringify(result));
    else
      for (const mix of result.mixes)
        console.log(
          `${mix.mix}: core ${Math.round(mix.core.perSecond)}/s, negotiator ${Math.round(mix.floor.perSecond)}/s, ${mix.slowdown.toFixed(2)}x`,
        );
  }
}
