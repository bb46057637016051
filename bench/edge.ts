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
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { delimiter, join } from "node:path";
import { startServer, type ServerProcess } from "./server-process.ts";
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

export interface EdgeRequest {
  name: string;
  path: string;
  accept: string;
  /**
   * It runs the edge function. The one that does not (an asset, which
   * netlify.toml excludes) is the emulator's own cost at that size: what the
   * function adds is the difference.
   */
  edge: boolean;
  /** The status, and the media types the answer may have (one of them, parameters aside). */
  expect: { status: number; types: string[] };
}

export interface EdgeSiteResult {
  name: string;
  posts?: number;
  load?: { importMs: Stats; workerMs: Stats };
  bundleBytes?: number;
  latency?: {
    /** Median of each request of the mix, sequential. */
    requests: { name: string; ms: Stats }[];
    /** Every sequential request that runs the function. */
    sequentialMs: Stats;
    /** Every request that runs the function, sent with others in flight. */
    inFlightMs: Stats;
  };
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

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/**
 * The mix: the kinds of request the function answers, on paths every sitegen
 * site has, and an asset that the function does not see.
 */
export function edgeMix(postSlug: string, stylesheet: string): EdgeRequest[] {
  return [
    {
      name: "page as HTML",
      path: "/about/",
      accept: BROWSER,
      edge: true,
      expect: { status: 200, types: ["text/html"] },
    },
    {
      name: "page as Markdown",
      path: "/about/",
      accept: "text/markdown",
      edge: true,
      expect: { status: 200, types: ["text/markdown"] },
    },
    {
      name: "`.md` sibling",
      path: "/about.md",
      accept: BROWSER,
      edge: true,
      expect: { status: 200, types: ["text/markdown"] },
    },
    {
      name: "post as HTML",
      path: `/blog/${postSlug}/`,
      accept: BROWSER,
      edge: true,
      expect: { status: 200, types: ["text/html"] },
    },
    {
      name: "Markdown 404",
      path: "/no-such-page/",
      accept: "text/markdown",
      edge: true,
      expect: { status: 404, types: ["text/markdown"] },
    },
    {
      name: "406",
      path: "/about/",
      accept: "image/png",
      edge: true,
      expect: { status: 406, types: ["application/problem+json", "application/json"] },
    },
    {
      name: "asset, no edge function",
      path: stylesheet,
      accept: "text/css,*/*;q=0.1",
      edge: false,
      expect: { status: 200, types: ["text/css"] },
    },
  ];
}

/** A stylesheet of the build, under /assets/: a path the function is excluded from. */
export function stylesheetOf(dist: string): string {
  const name = readdirSync(join(dist, "assets"))
    .filter((file) => file.endsWith(".css"))
    .sort()[0];
  if (!name) throw new Error(`${dist}/assets holds no stylesheet`);
  return `/assets/${name}`;
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

/** A post in the middle of the blog index, so that every site's mix has one. */
export function middlePost(dist: string): string {
  const index = JSON.parse(readFileSync(join(dist, "blog-index.json"), "utf8")) as {
    posts: { slug: string }[];
  };
  if (index.posts.length === 0) throw new Error(`${dist} has no posts`);
  return index.posts[index.posts.length >> 1].slug;
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

/** One request: its latency in ms, and what was wrong with the answer, if anything. */
export async function timed(origin: string, request: EdgeRequest): Promise<{ ms: number; problem?: string }> {
  const started = performance.now();
  const response = await fetch(`${origin}${request.path}`, {
    headers: { accept: request.accept },
    redirect: "manual",
  });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== request.expect.status) {
    const said = Buffer.from(body.slice(0, 200)).toString("utf8").split("\n")[0].trim();
    return {
      ms,
      problem: `${request.name} (${request.path}) answered ${response.status}, expected ${request.expect.status}${said ? `: ${said}` : ""}`,
    };
  }
  if (!request.expect.types.includes(type.split(";")[0].trim()))
    return {
      ms,
      problem: `${request.name} (${request.path}) answered ${type || "no Content-Type"}, expected ${request.expect.types.join(" or ")}`,
    };
  return { ms };
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

export interface LatencyOptions {
  root: string;
  /** One project folder per site, served with `sitegen serve <serve>`. */
  projects: string[];
  mixes: EdgeRequest[][];
  serve: "--netlify" | "--cloudflare";
  rounds: number;
  inFlight: number;
  timeoutMs: number;
  settle(): Promise<void>;
}

/**
 * Latency per request through a CDN's own runtime, every site's server
 * running at once: after one warm-up pass, `rounds` sequential passes with
 * the sites alternating request by request, then the mix `inFlight` times
 * over with `inFlight` in flight, the sites taking turns.
 */
export async function latencyThrough(
  options: LatencyOptions,
): Promise<{ sites: Pick<EdgeSiteResult, "latency" | "problems">[]; problems: string[] }> {
  const { mixes } = options;
  const results: Pick<EdgeSiteResult, "latency" | "problems">[] = options.projects.map(() => ({
    problems: [],
  }));
  const problems: string[] = [];
  const servers: ServerProcess[] = [];
  const samples = options.projects.map(() => ({
    perRequest: [] as number[][],
    sequential: [] as number[],
    inFlight: [] as number[],
  }));
  try {
    for (const project of options.projects) {
      servers.push(
        await startServer({
          command: process.execPath,
          args: [
            join(options.root, "bin/sitegen.js"),
            "serve",
            options.serve,
            "--port",
            "0",
            "--host",
            "127.0.0.1",
          ],
          cwd: project,
          env: { ...process.env, NO_COLOR: "1" },
          timeoutMs: options.timeoutMs,
        }),
      );
    }
    const record = (site: number, problem: string | undefined): void => {
      if (problem && !results[site].problems.includes(problem)) results[site].problems.push(problem);
    };
    // Warm-up: the emulator's first requests start Deno and compile its bootstrap; not recorded.
    for (const [site, server] of servers.entries())
      for (const request of mixes[site]) record(site, (await timed(server.origin, request)).problem);
    for (const sample of samples) sample.perRequest = mixes[0].map(() => []);
    const kinds = mixes[0].length;
    for (let round = 0; round < options.rounds; round++) {
      await options.settle();
      // Each round starts with another request and another site, so that the first request after the pause is not always the same one.
      for (let k = 0; k < kinds; k++) {
        const kind = (k + round) % kinds;
        for (let s = 0; s < servers.length; s++) {
          const site = (s + round) % servers.length;
          const { ms, problem } = await timed(servers[site].origin, mixes[site][kind]);
          record(site, problem);
          samples[site].perRequest[kind].push(ms);
          if (mixes[site][kind].edge) samples[site].sequential.push(ms);
        }
      }
      for (const [site, server] of servers.entries()) {
        // The mix `inFlight` times over, `inFlight` requests at a time.
        const queue = Array.from({ length: options.inFlight }, () =>
          mixes[site].filter((request) => request.edge),
        ).flat();
        const lane = async (): Promise<void> => {
          for (let request = queue.shift(); request; request = queue.shift()) {
            const { ms, problem } = await timed(server.origin, request);
            record(site, problem);
            samples[site].inFlight.push(ms);
          }
        };
        await Promise.all(Array.from({ length: options.inFlight }, lane));
      }
    }
  } catch (error) {
    problems.push(`latency: ${(error as Error).message.split("\n")[0]}`);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  for (const [site, sample] of samples.entries()) {
    if (sample.sequential.length === 0) continue;
    results[site].latency = {
      requests: mixes[site].map((request, kind) => ({
        name: request.name,
        ms: stats(sample.perRequest[kind] ?? []),
      })),
      sequentialMs: stats(sample.sequential),
      inFlightMs: stats(sample.inFlight),
    };
  }
  return { sites: results, problems };
}
