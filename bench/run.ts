/**
 * `npm run bench`: build speed and memory of sitegen side by side with
 * Eleventy, Hugo and a bare one-thread script (the floor) on seeded synthetic
 * content; the real site's build, check and no-change rebuild; start-up of
 * commands that build nothing; rebuilds while writing (`serve --watch` against
 * `hugo server`); warm CI builds with a cache folder; negotiation cost;
 * preview-server throughput; and the edge function on Netlify's emulator.
 * Writes BENCHMARKS.md and a JSON file of every measurement.
 *
 * Builds run in pairs, sitegen and one other tool one after the other, so that
 * drift of the machine hits both alike; the load is recorded around each
 * pair, and a pair taken under load is measured again (builds.ts). Each build writes into a folder of its own that did
 * not exist before, and no output is deleted until every measurement is done:
 * see `removeOutputs` for why.
 *
 *   npm run bench -- [--quick] [--posts 1000,2000,10000] [--runs 3] [--seed N]
 *                    [--skip-sitegen] [--skip-warm] [--skip-eleventy] [--skip-hugo] [--skip-hugo-default] [--skip-bare]
 *                    [--skip-real] [--skip-negotiation] [--skip-serve] [--skip-profile]
 *                    [--skip-startup] [--skip-watch] [--skip-cache] [--skip-edge] [--skip-large] [--skip-stages] [--skip-search]
 *                    [--work bench/.work] [--report BENCHMARKS.md] [--json <file>]
 *                    [--negotiation-ms 1000] [--serve-requests 20000] [--serve-rounds 3]
 *                    [--startup-runs 9] [--watch-edits 6] [--edge-rounds 5] [--edge-in-flight 4]
 *                    [--large 50000] [--warm-up-to 2000] [--idle-wait 10] [--retries 2] [--no-install]
 *
 * `--quick` measures what the targets need (the build comparison with sitegen's
 * warm build, the real site, the warm CI builds) and skips the rest.
 *
 * Each measurement lives in a module of its own: builds.ts (the comparison),
 * real-site.ts, startup.ts, watch.ts, cache.ts, edge.ts, large.ts (and
 * negotiation.ts, serve.ts, run as child processes); report.ts writes
 * BENCHMARKS.md. This file runs them in turn.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { agentFileSizes } from "./agent-files.ts";
import { compareBuilds, type ContentTree } from "./builds.ts";
import { benchCache } from "./cache.ts";
import { benchEdge, type EdgeResult, type EdgeSite } from "./edge.ts";
import { fmtInt } from "./format.ts";
import { filesystemOf, gnuTimeVersion, machine } from "./machine.ts";
import { chooseMethod } from "./measure.ts";
import { BUILD_TIMEOUT_MS, errorLines } from "./measured-runs.ts";
import type { NegotiationResult } from "./negotiation.ts";
import { parseArgs, ROOT, UsageError, type BenchOptions } from "./options.ts";
import { contentTree, outputsOf, removeOutputs, settle, waitOutDeletions } from "./outputs.ts";
import { profileSitegen } from "./profile-build.ts";
import { runJsonChild } from "./json-child.ts";
import { benchRealSite, realSiteTree } from "./real-site.ts";
import { renderReport } from "./report.ts";
import type { Results } from "./results.ts";
import type { ServeResult } from "./serve.ts";
import { benchStartup } from "./startup.ts";
import { stats, type Stats } from "./stats.ts";
import type { SyntheticTree } from "./synthetic.ts";
import { findTools, hugoVersion, packageVersion } from "./tools.ts";
import { benchLarge } from "./large.ts";
import type { SearchResult } from "./search-report.ts";
import { benchStages } from "./stages.ts";
import { benchWatch, type WatchResult } from "./watch.ts";

export { parseArgs, stats, type Stats };

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

  // Content first, so that no deletion or regeneration falls between builds.
  await removeOutputs(options, log, "an earlier bench");
  const trees: SyntheticTree[] = [];
  for (const posts of options.posts) {
    const { tree, generateMs } = await contentTree(options, posts);
    trees.push(tree);
    results.content.push({
      posts,
      words: tree.words,
      bytes: tree.bytes,
      vietnamese: tree.vietnamese,
      generateMs,
    });
    log(
      `${posts} posts: content ready in ${(generateMs / 1000).toFixed(1)} s (${Math.round(tree.words / posts)} words a post, ${tree.vietnamese} in Vietnamese)`,
    );
  }
  await waitOutDeletions(options, log);

  const real = options.skip.has("real") ? undefined : realSiteTree();
  const comparison = await compareBuilds(options, real ? [real, ...trees] : trees, active, method, log);
  results.builds.push(...comparison.builds);
  results.pairs.push(...comparison.pairs);
  results.failures.push(...comparison.failures);
  results.sitegenHighlights = comparison.sitegenHighlights;
  const { sitegenOuts } = comparison;
  const largestSitegenOut = comparison.lastSitegenOut;

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

  const table =
    largestSitegenOut && existsSync(join(largestSitegenOut, "_sitegen/negotiation.json"))
      ? largestSitegenOut
      : undefined;
  if (!options.skip.has("negotiation")) {
    if (table && existsSync(table)) {
      await settle(options, log);
      log("negotiation: core vs bare negotiator");
      results.negotiation = await runJsonChild<NegotiationResult>(
        "bench/negotiation.ts",
        ["--dist", table, "--ms", String(options.negotiationMs)],
        10 * 60_000,
      ).catch((error: Error) => ({ error: error.message }));
    } else {
      results.negotiation = {
        error:
          "no negotiation table: the sitegen build did not run or did not write _sitegen/negotiation.json",
      };
    }
    if ("error" in results.negotiation) results.failures.push(`negotiation: ${results.negotiation.error}`);
  }
  if (!options.skip.has("serve")) {
    if (largestSitegenOut && existsSync(largestSitegenOut)) {
      await settle(options, log);
      log("preview server: sitegen serve vs serve-handler");
      results.serve = await runJsonChild<ServeResult>(
        "bench/serve.ts",
        [
          "--dir",
          largestSitegenOut,
          "--requests",
          String(options.serveRequests),
          "--rounds",
          String(options.serveRounds),
          "--connections",
          String(options.serveConnections),
        ],
        10 * 60_000,
      ).catch((error: Error) => ({ error: error.message }));
    } else {
      results.serve = { error: "no sitegen output to serve" };
    }
    if ("error" in results.serve) results.failures.push(`preview server: ${results.serve.error}`);
    else
      for (const server of results.serve.servers)
        if (!server.valid)
          results.failures.push(`preview server, ${server.name}: ${server.problems.join("; ")}`);
  }
  const hugo = active.some((tool) => tool.id === "hugo");
  const settled = (): Promise<void> => settle(options, log);
  const largest = trees.at(-1);
  if (sitegen && !options.skip.has("startup")) {
    log(`start-up: sitegen --version, sitegen --help${hugo ? ", hugo version" : ""}`);
    results.startup = await benchStartup({
      root: ROOT,
      runs: options.startupRuns,
      method,
      hugo,
      settle: settled,
    }).catch((error: Error) => ({ error: error.message }));
    if ("error" in results.startup) results.failures.push(`start-up: ${results.startup.error}`);
    else
      for (const command of results.startup.commands)
        if (command.problems.length > 0)
          results.failures.push(`start-up, ${command.name}: ${command.problems.join("; ")}`);
  }
  if (sitegen && largest && !options.skip.has("cache")) {
    log(`warm CI builds at ${largest.posts} posts`);
    results.cache = await benchCache({
      root: ROOT,
      content: largest.dir,
      posts: largest.posts,
      slugs: largest.slugs,
      runs: options.runs,
      work: join(outputsOf(options), "cache"),
      method,
      timeoutMs: BUILD_TIMEOUT_MS,
      settle: settled,
      log,
    }).catch((error: Error) => ({ error: error.message }));
    if ("error" in results.cache) results.failures.push(`warm CI builds: ${results.cache.error}`);
    else if (results.cache.available)
      results.failures.push(...results.cache.problems.map((problem) => `warm CI builds: ${problem}`));
  }
  if (sitegen && !options.skip.has("watch")) {
    const watchOn = async (
      tree: ContentTree,
      folder: string,
      name: string,
    ): Promise<WatchResult | { error: string }> => {
      const result = await benchWatch({
        root: ROOT,
        content: tree.dir,
        posts: tree.posts,
        slugs: tree.slugs,
        real: tree.real,
        work: join(outputsOf(options), folder),
        edits: options.watchEdits,
        timeoutMs: BUILD_TIMEOUT_MS,
        settle: settled,
        log,
        hugo: hugo
          ? {
              site: join(ROOT, "bench/hugo"),
              configs: "hugo.toml,nohighlight.toml",
              cacheDir: join(options.work, "hugo-cache"),
            }
          : undefined,
      }).catch((error: Error) => ({ error: error.message }));
      if ("error" in result) results.failures.push(`rebuild while writing, ${name}: ${result.error}`);
      else
        for (const server of result.servers)
          results.failures.push(
            ...server.problems.map((problem) => `rebuild while writing, ${name}, ${server.name}: ${problem}`),
          );
      return result;
    };
    if (real) results.realWatch = await watchOn(real, "watch-real", "the real site");
    if (largest) results.watch = await watchOn(largest, "watch", `${largest.posts} posts`);
  }
  if (sitegen && !options.skip.has("edge")) {
    results.edge = await benchEdgeSites(options, sitegenOuts, log).catch((error: Error) => ({
      error: error.message,
    }));
    if ("error" in results.edge) results.failures.push(`edge function: ${results.edge.error}`);
    else {
      results.failures.push(...results.edge.problems.map((problem) => `edge function: ${problem}`));
      for (const site of results.edge.sites)
        results.failures.push(...site.problems.map((problem) => `edge function, ${site.name}: ${problem}`));
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
  if (sitegen && !options.skip.has("stages")) {
    // The real site and the blogs a warm build is compared on: a stage's share is plain there, and three builds of each stay short.
    const staged = [
      ...(real ? [{ label: "the real site", content: real.dir }] : []),
      ...trees
        .filter((tree) => tree.posts <= options.warmUpTo)
        .map((tree) => ({ label: `${fmtInt(tree.posts)} posts`, content: tree.dir })),
    ];
    log(`stages: ${staged.map((tree) => tree.label).join(", ")}`);
    results.stages = await benchStages(
      staged.map((tree) => ({ ...tree, templates: join(ROOT, "templates") })),
      options.runs,
      settled,
    ).catch((error: Error) => ({ error: error.message }));
    if ("error" in results.stages) results.failures.push(`stages: ${results.stages.error}`);
  }
  if (sitegen && largest && !options.skip.has("search")) {
    await settled();
    log(`search on /mcp at ${largest.posts} posts`);
    results.search = await runJsonChild<SearchResult>(
      "bench/search.ts",
      ["--posts", String(largest.posts), "--work", join(outputsOf(options), "search")],
      30 * 60_000,
    ).catch((error: Error) => ({ error: error.message }));
    if ("error" in results.search) results.failures.push(`search: ${results.search.error}`);
  }
  // Last: its content and output are the largest, and nothing measured after it pays for their writeback.
  if (sitegen && !options.skip.has("large")) {
    results.large = await benchLarge(options, method, log).catch((error: Error) => ({
      error: error.message,
    }));
    if ("error" in results.large)
      results.failures.push(`the ${fmtInt(options.large)}-post build: ${results.large.error}`);
    else results.failures.push(...results.large.problems);
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
async function benchEdgeSites(
  options: BenchOptions,
  sitegenOuts: Map<number, string>,
  log: (line: string) => void,
): Promise<EdgeResult> {
  const real = join(outputsOf(options), "edge-real-site");
  const build = spawnSync(
    process.execPath,
    [join(ROOT, "bin/sitegen.js"), "build", "--content", join(ROOT, "content"), "--out", real, "--quiet"],
    { cwd: ROOT, encoding: "utf8", timeout: BUILD_TIMEOUT_MS },
  );
  if (build.status !== 0)
    throw new Error(
      `the real site's build exited ${build.status}: ${errorLines(`${build.stdout}\n${build.stderr}`)}`,
    );
  const sizes = [...sitegenOuts.keys()].sort((a, b) => a - b);
  const blogs = [...new Set([sizes[0], sizes.at(-1)])].filter(
    (posts): posts is number => posts !== undefined,
  );
  const sites: EdgeSite[] = [
    { name: "the real site", dist: real },
    ...blogs.map((posts) => ({ name: `${fmtInt(posts)} posts`, posts, dist: sitegenOuts.get(posts)! })),
  ];
  return benchEdge({
    root: ROOT,
    sites,
    work: join(outputsOf(options), "edge"),
    rounds: options.edgeRounds,
    loadRounds: options.edgeLoadRounds,
    inFlight: options.edgeInFlight,
    timeoutMs: 5 * 60_000,
    settle: () => settle(options, log),
    log,
  });
}

function commandLine(): string {
  const args = process.argv
    .slice(2)
    .map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`));
  const shown = args.map((arg) => (arg.startsWith(ROOT) ? relative(ROOT, arg) || "." : arg));
  return process.env.npm_lifecycle_event === "bench"
    ? ["npm run bench", ...(shown.length ? ["--", ...shown] : [])].join(" ")
    : ["node --import tsx bench/run.ts", ...shown].join(" ");
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
  log(
    `wrote ${relative(process.cwd(), options.report) || options.report} and ${relative(process.cwd(), options.json) || options.json}`,
  );
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
