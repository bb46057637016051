/**
 * The edge function on Netlify's emulator, for the real site and synthetic
 * blogs: what it costs per request, and whether that grows with the blog.
 *
 * Each site becomes a Netlify project as a deploy sees it: netlify.toml, the
 * edge function (rules/) and the compiled handler it imports (lib/),
 * package.json, node_modules (linked), and the build as the publish folder
 * `dist/` (linked to the bench's output, not copied). Three measurements:
 *
 * - Module load: Netlify's emulator starts a fresh Deno worker for every
 *   request, which imports the function and everything it imports before it
 *   answers. bench/edge-import.mjs does the same with the project's own deno,
 *   the sites alternating, and times the `import()` inside the worker.
 * - Bundle size: Netlify's deploy-time bundler (`bundle()` of
 *   @netlify/edge-bundler), run offline on the project with the declarations
 *   `resolveConfig` of @netlify/config reads from netlify.toml, as a deploy
 *   does; the eszip it writes is what Netlify uploads. It should not grow
 *   with the posts: the function reads the site's data from the deploy's
 *   files, not from its bundle.
 * - Latency: `sitegen serve --netlify --port 0` in each project (all running
 *   at once, loopback only), a fixed mix of requests (a page as HTML and as
 *   Markdown, a `.md` sibling, a post, a Markdown 404 and a 406), each checked
 *   by status and media type. After one warm-up pass, `rounds` sequential
 *   passes, the sites alternating request by request; then passes with
 *   `inFlight` requests at a time, the sites taking turns. Each latency runs
 *   from sending the request to the end of the body.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, statSync, symlinkSync } from "node:fs";
import { delimiter, join } from "node:path";
import { latencyThrough, type EdgeLatency } from "./edge-latency.ts";
import { edgeMix, middlePost, stylesheetOf, type EdgeRequest } from "./edge-mix.ts";
import { stats, type Stats } from "./stats.ts";

export interface EdgeSite {
  /** For the report: "the real site", "1,000 posts". */
  name: string;
  /** Synthetic posts; undefined for the real site. */
  posts?: number;
  /** The sitegen build to publish. */
  dist: string;
}

export interface EdgeBenchOptions {
  root: string;
  sites: EdgeSite[];
  /** A folder that does not exist yet, for the projects and bundles. */
  work: string;
  /** Sequential passes over the mix (and passes with requests in flight). */
  rounds: number;
  /** Fresh-worker imports per site. */
  loadRounds: number;
  inFlight: number;
  timeoutMs: number;
  settle(): Promise<void>;
  log(line: string): void;
}

export interface EdgeSiteResult {
  name: string;
  posts?: number;
  load?: { importMs: Stats; workerMs: Stats };
  bundleBytes?: number;
  latency?: EdgeLatency;
  problems: string[];
}

export interface EdgeResult {
  rounds: number;
  loadRounds: number;
  inFlight: number;
  /** The version of the project's deno. */
  deno: string;
  /** The mix, with `<slug>` standing for each site's post. */
  requests: EdgeRequest[];
  sites: EdgeSiteResult[];
  problems: string[];
}

/** A Netlify project around a build, as a deploy sees it. */
function makeProject(root: string, dir: string, dist: string): string {
  mkdirSync(dir, { recursive: true });
  for (const part of ["rules", "lib", "package.json", "netlify.toml"])
    cpSync(join(root, part), join(dir, part), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  symlinkSync(dist, join(dir, "dist"));
  return dir;
}
async function moduleLoad(
  options: EdgeBenchOptions,
  projects: string[],
  deno: string,
): Promise<{ importMs: number[]; workerMs: number[] }[]> {
  const modules = projects.map((project) => join(project, "rules/edge-functions/negotiate.js"));
  const run = spawnSync(
    deno,
    [
      "run",
      "--allow-read",
      "--no-config",
      "--no-lock",
      "--no-prompt",
      join(options.root, "bench/edge-import.mjs"),
      "--rounds",
      String(options.loadRounds),
      ...modules,
    ],
    {
      cwd: options.work,
      encoding: "utf8",
      timeout: options.timeoutMs,
    },
  );
  if (run.status !== 0)
    throw new Error(
      `deno exited ${run.status ?? run.signal}: ${(run.stderr || run.stdout).trim().split("\n").slice(-3).join(" | ")}`,
    );
  const results = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "") as Record<
    string,
    { importMs: number[]; workerMs: number[] }
  >;
  return modules.map((module) => results[module]);
}

async function bundleSize(project: string, out: string, denoDir: string): Promise<number> {
  const { resolveConfig } = await import("@netlify/config");
  const { bundle } = await import("@netlify/edge-bundler");
  const { config } = await resolveConfig({
    config: join(project, "netlify.toml"),
    repositoryRoot: project,
    cwd: project,
    offline: true,
    mode: "cli",
    context: "production",
  });
  const quiet = (): void => {};
  // The project's own Deno, as on a build image that has one: the bundler would download one otherwise.
  const path = process.env.PATH;
  process.env.PATH = `${denoDir}${delimiter}${path ?? ""}`;
  try {
    const { manifest } = await bundle([config.build.edge_functions], out, config.edge_functions, {
      basePath: project,
      systemLogger: quiet,
      userLogger: quiet,
    });
    const eszip = manifest.bundles.find((entry: { format: string }) => entry.format === "eszip2");
    if (!eszip) throw new Error("the bundler wrote no eszip");
    return statSync(join(out, eszip.asset)).size;
  } finally {
    process.env.PATH = path;
  }
}

export async function benchEdge(options: EdgeBenchOptions): Promise<EdgeResult> {
  const deno = join(options.root, "node_modules/.bin/deno");
  const denoVersion =
    /^deno (\S+)/.exec(spawnSync(deno, ["--version"], { encoding: "utf8" }).stdout ?? "")?.[1] ??
    "unavailable";
  const results: EdgeSiteResult[] = options.sites.map((site) => ({
    name: site.name,
    posts: site.posts,
    problems: [],
  }));
  const problems: string[] = [];
  const projects = options.sites.map((site, index) =>
    makeProject(options.root, join(options.work, `project-${index}`), site.dist),
  );
  const mixes = options.sites.map((site) => edgeMix(middlePost(site.dist), stylesheetOf(site.dist)));

  options.log(
    `edge function: module load in fresh Deno workers (${options.sites.map((s) => s.name).join(", ")})`,
  );
  await options.settle();
  try {
    const loads = await moduleLoad(options, projects, deno);
    for (const [index, load] of loads.entries())
      results[index].load = { importMs: stats(load.importMs), workerMs: stats(load.workerMs) };
  } catch (error) {
    problems.push(`module load: ${(error as Error).message}`);
  }

  options.log("edge function: Netlify's bundler (@netlify/edge-bundler), offline");
  for (const [index, project] of projects.entries()) {
    try {
      results[index].bundleBytes = await bundleSize(
        project,
        join(options.work, `eszip-${index}`),
        join(options.root, "node_modules/.bin"),
      );
    } catch (error) {
      results[index].problems.push(`bundle: ${(error as Error).message.split("\n")[0]}`);
    }
  }

  options.log("edge function: latency through Netlify's emulator (sitegen serve --netlify)");
  const latency = await latencyThrough({ ...options, projects, mixes, serve: "--netlify" });
  problems.push(...latency.problems);
  for (const [site, measured] of latency.sites.entries()) {
    results[site].problems.push(...measured.problems);
    if (measured.latency) results[site].latency = measured.latency;
  }
  return {
    rounds: options.rounds,
    loadRounds: options.loadRounds,
    inFlight: options.inFlight,
    deno: denoVersion,
    requests: edgeMix("<slug>", "/assets/<stylesheet>.css"),
    sites: results,
    problems,
  };
}
