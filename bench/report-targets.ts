/** BENCHMARKS.md's targets table: each target, what was measured against it, and whether it was met. */
import type { BuildResult } from "./builds.ts";
import { assetRatio, latencyRatio } from "./edge-report.ts";
import { fmtInt, fmtMB, fmtMs, fmtRatio, fmtSeconds, mark } from "./format.ts";
import type { Results } from "./results.ts";
import type { ToolId } from "./tools.ts";

/** The targets table: each row names the size it was measured at. */
export function targetRows(results: Results, sizes: number[]): string[] {
  const rows = ["| target | measured | |", "|---|---|---|"];
  const row = (target: string, measured: string, ok: boolean | undefined): void =>
    void rows.push(`| ${target} | ${measured} | ${mark(ok)} |`);
  const find = (tool: ToolId, posts: number | undefined): BuildResult | undefined =>
    results.builds.find((b) => b.tool === tool && b.posts === posts && !b.real && b.ok);
  const largest = sizes.at(-1);
  const posts = (n: number | undefined): string => (n === undefined ? "no build" : `${fmtInt(n)} posts`);

  const paired = (subject: ToolId, baseline: ToolId, posts?: number): { ratio: number; note: string } => {
    const summary = results.pairs.find(
      (p) =>
        p.subject === subject &&
        p.baseline === baseline &&
        (posts === undefined ? p.real : !p.real && p.posts === posts),
    );
    if (!summary) return { ratio: NaN, note: "not measured" };
    const loaded = summary.pairs.filter((pair) => pair.underLoad).length;
    return {
      ratio: summary.ratio.median,
      note: `${fmtRatio(summary.ratio.median)} (${fmtRatio(summary.ratio.min)}–${fmtRatio(summary.ratio.max)}, ${summary.pairs.length} pairs${loaded ? `, ${loaded} still under load` : ""})`,
    };
  };
  const within = (value: number, bound: number): boolean | undefined =>
    Number.isFinite(value) ? value <= bound : undefined;
  const trees: [name: string, posts: number | undefined][] = [
    ...(results.builds.some((b) => b.real) ? [["the real site", undefined] as [string, undefined]] : []),
    ...sizes.map((n): [string, number] => [posts(n), n]),
  ];
  for (const [name, size] of trees) {
    const bound = size === undefined ? 2 : 1;
    const cold = paired("sitegen", "hugo-default", size);
    row(
      `a cold build at most ${bound}× Hugo's (default, highlighting code as sitegen does), ${name}`,
      `sitegen / Hugo = ${cold.note}; without highlighting: ${paired("sitegen", "hugo", size).note}`,
      within(cold.ratio, bound),
    );
    const bare = paired("sitegen", "bare", size);
    if (size !== undefined)
      row(
        `a cold build at most 1.15× the bare one-thread script's time, ${name}`,
        `sitegen / bare = ${bare.note}`,
        within(bare.ratio, 1.15),
      );
    const warm = paired("sitegen-warm", "hugo-default", size);
    const warmBound = size === undefined ? 1 : 0.5;
    if (size === undefined || size <= results.warmUpTo)
      row(
        `a warm build (the default: one post changed, the cache restored) at most ${warmBound}× Hugo's, ${name}`,
        `sitegen warm / Hugo = ${warm.note}`,
        within(warm.ratio, warmBound),
      );
  }
  const s = find("sitegen", largest);
  const eleventy = paired("sitegen", "eleventy", largest);
  row(
    `a cold build at most 0.6× Eleventy's, ${posts(largest)}`,
    `sitegen / Eleventy = ${eleventy.note}`,
    within(eleventy.ratio, 0.6),
  );
  row(
    `sitegen peak RSS at most 250 MB, ${posts(largest)} (cold, its default cache filled)`,
    s ? `${fmtMB(s.peakRssBytes.median)} (${fmtMB(s.peakRssBytes.min)}–${fmtMB(s.peakRssBytes.max)})` : "–",
    s ? s.peakRssBytes.median <= 250e6 : undefined,
  );
  const small = find("sitegen", sizes[0]);
  const linear = s && small && sizes.length > 1 ? linearity(small, s) : undefined;
  row(
    `build time linear in posts (${sizes.length > 1 ? `${fmtInt(sizes[0])} → ${fmtInt(largest!)}` : "needs two sizes"})`,
    linear ? `${fmtRatio(linear.wallRatio)}× the time for ${fmtRatio(linear.postRatio)}× the posts` : "–",
    linear?.linear,
  );

  const large = measured(results.large);
  const sitemapsWithin =
    large && large.sitemaps.length > 0
      ? large.sitemaps.every((s) => s.entries <= 50_000 && s.bytes <= 50 * 1024 * 1024)
      : undefined;
  row(
    `a build of ${posts(large?.posts ?? 50_000)}`,
    large ? `built in ${fmtSeconds(large.wallMs)}, ${fmtMB(large.peakRssBytes)} peak RSS` : "–",
    large ? true : undefined,
  );
  row(
    `every sitemap file within 50,000 URLs and 50 MB (sitemaps.org), ${posts(large?.posts)}`,
    large
      ? `${large.sitemaps.map((s) => `\`${s.file}\` ${fmtInt(s.entries)} ${s.index ? "files" : "URLs"}, ${s.bytes < 1e6 ? `${fmtInt(s.bytes)} bytes` : fmtMB(s.bytes)}`).join("; ")} (build: ${fmtSeconds(large.wallMs)}, ${fmtMB(large.peakRssBytes)} peak RSS)`
      : "–",
    sitemapsWithin,
  );

  const startup = measured(results.startup);
  const node = startup?.commands.find((c) => c.name === "node -e 0");
  const version = startup?.commands.find((c) => c.name === "sitegen --version");
  row(
    "`sitegen --version` within 1.3× a bare `node -e 0`",
    version?.overNode && node
      ? `${fmtRatio(version.overNode.median)}× (${fmtRatio(version.overNode.min)}–${fmtRatio(version.overNode.max)}): ${fmtMs(version.wallMs.median)} against ${fmtMs(node.wallMs.median)}`
      : "–",
    version?.overNode ? within(version.overNode.median, 1.3) : undefined,
  );

  for (const [result, withinMs, where] of [
    [results.watch, 250, undefined],
    [results.realWatch, 50, "on the real site"],
  ] as const) {
    const watch = measured(result);
    const watching = watch?.servers.find((x) => x.name.startsWith("sitegen"));
    const hugoServer = watch?.servers.find((x) => x.name.startsWith("hugo"));
    row(
      `a post edit served by \`sitegen serve --watch\` within ${withinMs} ms, ${where ?? posts(watch?.posts)}`,
      watching
        ? `${fmtMs(watching.postEditMs.median)} (median of ${watching.postEdits.filter((x) => x.ok).length}; \`hugo server\`: ${fmtMs(hugoServer?.postEditMs.median ?? NaN)})`
        : "–",
      watching && Number.isFinite(watching.postEditMs.median)
        ? watching.postEditMs.median <= withinMs && watching.postEdits.every((x) => x.ok)
        : undefined,
    );
  }

  const cache = measured(results.cache);
  if (cache && !cache.available)
    row(
      `a warm CI build (one post changed) at most 0.15 of a cold build, ${posts(cache.posts)}`,
      `not available: ${cache.reason}`,
      undefined,
    );
  else
    row(
      `a warm CI build (one post changed) at most 0.15 of a cold build, ${posts(cache?.posts)}`,
      cache
        ? `warm / cold = ${fmtRatio(cache.ratio.median)} (${fmtRatio(cache.ratio.min)}–${fmtRatio(cache.ratio.max)}); peak RSS cold ${fmtMB(cache.cold.peakRssBytes.median)}, warm ${fmtMB(cache.warm.peakRssBytes.median)}`
        : "–",
      cache && Number.isFinite(cache.ratio.median) ? cache.ratio.median <= 0.15 : undefined,
    );

  const edge = measured(results.edge);
  const real = edge?.sites.find((x) => x.posts === undefined);
  const biggest = edge?.sites.filter((x) => x.posts !== undefined).at(-1);
  row(
    `edge function module load at most 10 ms, ${posts(biggest?.posts)}`,
    biggest?.load
      ? `${fmtMs(biggest.load.importMs.median)} (the real site: ${fmtMs(real?.load?.importMs.median ?? NaN)})`
      : "–",
    biggest?.load ? biggest.load.importMs.median <= 10 : undefined,
  );
  row(
    `edge function bundle does not grow with the posts (${posts(biggest?.posts)} against the real site)`,
    real?.bundleBytes !== undefined && biggest?.bundleBytes !== undefined
      ? `${fmtInt(biggest.bundleBytes)} bytes against ${fmtInt(real.bundleBytes)}`
      : "–",
    real?.bundleBytes !== undefined && biggest?.bundleBytes !== undefined
      ? biggest.bundleBytes <= real.bundleBytes * 1.01
      : undefined,
  );
  const latency = edge && biggest ? latencyRatio(edge, biggest) : NaN;
  row(
    `edge request latency through Netlify's emulator within 1.5× the real site's, ${posts(biggest?.posts)}`,
    Number.isFinite(latency)
      ? `${fmtRatio(latency)}× (${fmtMs(biggest!.latency!.sequentialMs.median)} against ${fmtMs(real!.latency!.sequentialMs.median)}; an asset, which skips the function: ${fmtRatio(assetRatio(edge!, biggest!))}×)`
      : "–",
    Number.isFinite(latency) ? latency <= 1.5 : undefined,
  );

  const nego = measured(results.negotiation)?.mixes.find((m) => m.mix === "realistic");
  const serve = measured(results.serve);
  row(
    "negotiation at least 500,000 decisions/s",
    nego ? `${fmtInt(nego.core.perSecond)}/s` : "–",
    nego ? nego.core.perSecond >= 500_000 : undefined,
  );
  row(
    "negotiation within 2× of bare negotiator",
    nego ? `${fmtRatio(nego.slowdown)}× its time` : "–",
    nego ? nego.slowdown <= 2 : undefined,
  );
  row(
    "preview server at least 0.8× a plain static server",
    serve ? `${fmtRatio(serve.ratio)}×` : "–",
    serve ? serve.ratio >= 0.8 && serve.servers.every((x) => x.valid) : undefined,
  );
  return rows;
}

/** A measurement's result, unless it was not made or failed. */
function measured<T extends object>(result: T | { error: string } | undefined): T | undefined {
  return result && !("error" in result) ? result : undefined;
}

/** How a tool's build time grows from the smaller tree to the larger: linear when the time grows at most 1.2× as fast as the pages. */
export function linearity(
  small: BuildResult,
  large: BuildResult,
): { wallRatio: number; postRatio: number; marginalMs: number; linear: boolean } {
  const wallRatio = large.wallMs.median / small.wallMs.median;
  const postRatio = large.pages / small.pages;
  const marginalMs = (large.wallMs.median - small.wallMs.median) / (large.pages - small.pages);
  return { wallRatio, postRatio, marginalMs, linear: wallRatio <= postRatio * 1.2 };
}
