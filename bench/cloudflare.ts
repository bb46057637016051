/**
 * The worker on Cloudflare's own runtime (`wrangler dev`, workerd, offline),
 * for the real site and a synthetic blog: what it costs per request, and
 * whether that grows with the blog. Each site is built with `--host
 * cloudflare` and becomes a Cloudflare project as a deploy sees it
 * (wrangler.jsonc from src/hosts/cloudflare/config.ts, the compiled worker in
 * lib/, the build as its assets), served by `sitegen serve --cloudflare`.
 *
 * - Bundle: `wrangler deploy --dry-run` bundles the worker as a deploy does;
 *   its size, compressed, is what counts against the plan's 3 MB. It should
 *   not grow with the posts.
 * - Latency: the mix of bench/edge.ts, through the same loop as Netlify's.
 *
 * Run on its own: node --import tsx bench/cloudflare.ts [--posts 10000] [--rounds 5]
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { wranglerConfig } from "../src/hosts/cloudflare/config.ts";
import type { EdgeSite, EdgeSiteResult } from "./edge.ts";
import { latencyThrough } from "./edge-latency.ts";
import { edgeMix, middlePost, stylesheetOf } from "./edge-mix.ts";
import { fmtInt, fmtMs, fmtRatio } from "./format.ts";
import { generateContent } from "./synthetic.ts";

export interface CloudflareBenchOptions {
  root: string;
  /** Builds made with `--host cloudflare`. */
  sites: EdgeSite[];
  work: string;
  rounds: number;
  inFlight: number;
  timeoutMs: number;
  settle(): Promise<void>;
  log(line: string): void;
}

export interface CloudflareResult {
  rounds: number;
  inFlight: number;
  wrangler: string;
  sites: (Pick<EdgeSiteResult, "name" | "posts" | "latency" | "problems"> & {
    bundle?: { bytes: number; gzipBytes: number };
  })[];
  problems: string[];
}

export async function benchCloudflare(options: CloudflareBenchOptions): Promise<CloudflareResult> {
  const wrangler = join(options.root, "node_modules/wrangler/bin/wrangler.js");
  const version =
    spawnSync(process.execPath, [wrangler, "--version"], { encoding: "utf8" })
      .stdout.trim()
      .split("\n")
      .at(-1) ?? "unavailable";
  const projects = options.sites.map((site, index) =>
    makeProject(options.root, join(options.work, `project-${index}`), site.dist),
  );
  const sites: CloudflareResult["sites"] = options.sites.map((site) => ({
    name: site.name,
    posts: site.posts,
    problems: [],
  }));
  options.log("worker: wrangler deploy --dry-run, offline");
  for (const [index, project] of projects.entries()) {
    const out = join(options.work, `bundle-${index}`);
    const run = spawnSync(process.execPath, [wrangler, "deploy", "--dry-run", "--outdir", out], {
      cwd: project,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" },
    });
    const module = run.status === 0 ? readdirSync(out).find((name) => name.endsWith(".js")) : undefined;
    if (!module)
      sites[index].problems.push(
        `bundle: wrangler exited ${run.status}: ${(run.stderr || run.stdout).trim().split("\n").at(-1)}`,
      );
    else {
      const bytes = readFileSync(join(out, module));
      sites[index].bundle = { bytes: bytes.byteLength, gzipBytes: gzipSync(bytes).byteLength };
    }
  }
  options.log("worker: latency through Cloudflare's runtime (sitegen serve --cloudflare)");
  const mixes = options.sites.map((site) => edgeMix(middlePost(site.dist), stylesheetOf(site.dist)));
  const latency = await latencyThrough({ ...options, projects, mixes, serve: "--cloudflare" });
  for (const [index, measured] of latency.sites.entries()) {
    sites[index].problems.push(...measured.problems);
    if (measured.latency) sites[index].latency = measured.latency;
  }
  return {
    rounds: options.rounds,
    inFlight: options.inFlight,
    wrangler: version,
    sites,
    problems: latency.problems,
  };
}

/** A Cloudflare project around a build, as a deploy sees it. */
function makeProject(root: string, dir: string, dist: string): string {
  mkdirSync(dir, { recursive: true });
  for (const part of ["lib", "package.json"]) cpSync(join(root, part), join(dir, part), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  symlinkSync(dist, join(dir, "dist"));
  writeFileSync(
    join(dir, "wrangler.jsonc"),
    wranglerConfig({ name: "sitegen-bench", main: "lib/cloudflare.js", assets: "dist" }),
  );
  return dir;
}

/** A synthetic blog's sequential latency as a multiple of the real site's. */
export function cloudflareRatio(result: CloudflareResult, site: CloudflareResult["sites"][number]): number {
  const real = result.sites.find((s) => s.posts === undefined);
  return (site.latency?.sequentialMs.median ?? NaN) / (real?.latency?.sequentialMs.median ?? NaN);
}

/** The report's section. */
export function cloudflareReport(result: CloudflareResult): string[] {
  const names = result.sites.find((s) => s.latency)?.latency?.requests.map((r) => r.name) ?? [];
  return [
    `Each site is built with \`--host cloudflare\` and served by \`sitegen serve --cloudflare\`, which runs Cloudflare's own runtime offline (wrangler ${result.wrangler}: the worker in workerd, the static assets, \`_headers\`, \`_redirects\`). The mix and the method are the Netlify emulator's above: after one warm-up pass, ${result.rounds} sequential passes, the sites alternating request by request, then the worker's requests ${result.inFlight} times over with ${result.inFlight} in flight; medians. The asset does not start the worker (wrangler.jsonc's \`run_worker_first\` excludes it). The bundle is what \`wrangler deploy --dry-run\` writes.`,
    "",
    `| site | bundle (gzip) | ${names.join(" | ")} | all through the worker, sequential | all, ${result.inFlight} in flight | sequential, vs the real site |`,
    `|---|---|${names.map(() => "---|").join("")}---|---|---|`,
    ...result.sites.map((s) =>
      s.latency
        ? `| ${s.name} | ${s.bundle ? `${fmtInt(s.bundle.bytes)} B (${fmtInt(s.bundle.gzipBytes)} B)` : "–"} | ${s.latency.requests.map((r) => fmtMs(r.ms.median)).join(" | ")} | ${fmtMs(s.latency.sequentialMs.median)} | ${fmtMs(s.latency.inFlightMs.median)} | ${s.posts === undefined ? "" : `${fmtRatio(cloudflareRatio(result, s))}×`} |`
        : `| ${s.name} | – | ${names.map(() => "–").join(" | ")} | – | – | |`,
    ),
  ];
}

/** On its own: the real site and one synthetic blog, built here, then the report on stdout. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string, fallback: number) =>
    args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
  const posts = flag("--posts", 10_000);
  const root = resolve(import.meta.dirname, "..");
  const work = join(root, "bench/.work/cloudflare");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const build = (content: string, templates: string, out: string) => {
    const run = spawnSync(
      process.execPath,
      [
        join(root, "bin/sitegen.js"),
        "build",
        "--host",
        "cloudflare",
        "--content",
        content,
        "--templates",
        templates,
        "--out",
        out,
        "--quiet",
      ],
      { encoding: "utf8", env: { ...process.env, SOURCE_DATE_EPOCH: "1796083200" } },
    );
    if (run.status !== 0) throw new Error(run.stderr);
    return out;
  };
  const synthetic = await generateContent({ dir: join(work, `content-${posts}`), posts });
  const sites: EdgeSite[] = [
    {
      name: "the real site",
      dist: build(join(root, "content"), join(root, "templates"), join(work, "dist-real")),
    },
    {
      name: `${fmtInt(posts)} posts`,
      posts,
      dist: build(synthetic.dir, join(root, "templates"), join(work, `dist-${posts}`)),
    },
  ];
  const result = await benchCloudflare({
    root,
    sites,
    work,
    rounds: flag("--rounds", 5),
    inFlight: 4,
    timeoutMs: 120_000,
    settle: async () => {},
    log: (line) => console.error(line),
  });
  console.log(cloudflareReport(result).join("\n"));
  for (const site of result.sites)
    for (const problem of site.problems) console.error(`${site.name}: ${problem}`);
  for (const problem of result.problems) console.error(problem);
}

if (import.meta.filename === process.argv[1]) await main();
