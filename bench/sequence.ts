/**
 * The measurements of `npm run bench` in the order they run (bench/run.ts
 * reads the options and writes the report): the content first, then the build
 * comparison, then each part that measures on what it built, the largest last.
 *
 * Each measurement lives in a module of its own: builds.ts (the comparison),
 * real-site.ts, startup.ts, watch.ts, cache.ts, large.ts, stages.ts, and the
 * parts that answer requests from a build in request-parts.ts (negotiation.ts,
 * serve.ts and search.ts run as child processes, edge.ts in this one).
 */
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { agentFileSizes } from "./agent-files.ts";
import { compareBuilds, type ContentTree } from "./builds.ts";
import { BUILD_TIMEOUT_MS } from "./measured-runs.ts";
import { benchCache } from "./cache.ts";
import { fmtInt } from "./format.ts";
import { benchLarge } from "./large.ts";
import { chooseMethod } from "./measure.ts";
import { ROOT, type BenchOptions } from "./options.ts";
import { contentTree, outputsOf, removeOutputs, settle, waitOutDeletions } from "./outputs.ts";
import { profileSitegen } from "./profile-build.ts";
import { benchRealSite, realSiteTree } from "./real-site.ts";
import { edgePart, negotiationPart, searchPart, servePart } from "./request-parts.ts";
import { startResults, type Results } from "./results.ts";
import { benchStages } from "./stages.ts";
import { benchStartup } from "./startup.ts";
import type { SyntheticTree } from "./synthetic.ts";
import { findTools } from "./tools.ts";
import { benchWatch, type WatchResult } from "./watch.ts";

export async function bench(options: BenchOptions, log: (line: string) => void): Promise<Results> {
  await mkdir(options.work, { recursive: true });
  const method = chooseMethod(log, options.install);
  const tools = findTools(options, log);
  for (const tool of tools) if (!tool.available) log(`${tool.label}: unavailable (${tool.reason})`);
  const active = tools.filter((tool) => tool.available);

  const results = startResults(options, method, tools);

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

  if (!options.skip.has("negotiation")) await negotiationPart(options, results, largestSitegenOut, log);
  if (!options.skip.has("serve")) await servePart(options, results, largestSitegenOut, log);
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
  if (sitegen && !options.skip.has("edge")) await edgePart(options, results, sitegenOuts, log);
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
  if (sitegen && largest && !options.skip.has("search"))
    await searchPart(options, results, largest.posts, log);
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
