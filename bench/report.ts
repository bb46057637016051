/** BENCHMARKS.md from a run's results: the targets first, then every measurement. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { agentFileTable } from "./agent-files.ts";
import { FIXED_PAGE_COUNT, type BuildResult } from "./builds.ts";
import { cacheReport } from "./cache.ts";
import { assetRatio, edgeReport, latencyRatio } from "./edge-report.ts";
import { fmtInt, fmtMB, fmtMs, fmtRatio, fmtSeconds, mark } from "./format.ts";
import { largeReport } from "./large.ts";
import { describeFilesystem, isExt4WithoutJournal } from "./machine.ts";
import { ROOT } from "./options.ts";
import type { NegotiationResult } from "./negotiation.ts";
import type { Results } from "./results.ts";
import type { ServeResult } from "./serve.ts";
import { searchReport } from "./search-report.ts";
import { stagesReport } from "./stages.ts";
import { startupReport } from "./startup.ts";
import type { Stats } from "./stats.ts";
import type { ToolId } from "./tools.ts";
import { watchReport } from "./watch-report.ts";

export function renderReport(results: Results): string {
  const lines: string[] = [];
  const push = (...more: string[]): void => void lines.push(...more);
  const synthetic = results.builds.filter((b) => !b.real);
  const sizes = [...new Set(synthetic.map((b) => b.posts))].sort((a, b) => a - b);
  const largest = sizes.at(-1);
  const find = (tool: ToolId, posts: number | undefined): BuildResult | undefined => synthetic.find((b) => b.tool === tool && b.posts === posts && b.ok);

  push(
    "# Benchmarks",
    "",
    `Written by \`npm run bench\` on ${results.date.slice(0, 10)}. Synthetic content (seed ${results.seed}): posts of about 1,200 words with headings, lists, a table, a fenced code block, a blockquote and internal and external links, one in five in Vietnamese, plus the ${FIXED_PAGE_COUNT} fixed pages. ${results.runs} round${results.runs > 1 ? "s" : ""} of pairs: in each pair sitegen and one other tool built one after the other (the order alternating from round to round), and a ratio is the median of the pairs' ratios; the load was recorded around each pair, and a pair taken under load was measured again (see Load). Each run builds into a new folder; outputs are deleted only after all builds, and the page cache is flushed (\`sync\`) before each run, because ${isExt4WithoutJournal(results.outputFilesystem) ? "on this machine's ext4 without a journal" : "on ext4 without a journal"}, creating files soon after many were deleted costs several times more (the allocator skips recently deleted inodes), which would charge one run for the previous run's cleanup.`,
    "",
  );

  // Targets first: what a reader wants to know.
  push("## Targets", "", ...targetRows(results, sizes), "");

  push("## Build", "");
  push("Wall time is the median with min–max; CPU is user + system time of the whole process tree (median); ms per page is the median wall time divided by the source pages (posts + 7 fixed pages; the bare script renders the posts only, but is divided alike so that the column compares). sitegen / tool is the median over the rounds of sitegen's wall time over the tool's in the same pair (for sitegen's warm build, warm / tool against Hugo's default): under 1, sitegen is faster. sitegen ran once in each pair, so it has more runs than the others. Other CPU is the CPU time the rest of the machine used during the kept runs (median, max): near zero means the tool had both cores to itself; the last column counts the runs measured again because their pair was taken under load (see Load).", "");
  const realBuilds = results.builds.filter((b) => b.real);
  const groups: [heading: string, builds: BuildResult[]][] = [
    ...(realBuilds.length > 0 ? [[`### The real site (${fmtInt(realBuilds[0].posts)} posts)`, realBuilds] as [string, BuildResult[]]] : []),
    ...sizes.map((posts): [string, BuildResult[]] => [`### ${fmtInt(posts)} posts`, synthetic.filter((x) => x.posts === posts)]),
  ];
  for (const [heading, builds] of groups) {
    const posts = builds[0].posts;
    push(heading, "", "| tool | wall (median) | wall (min–max) | CPU | peak RSS | ms per page | sitegen / tool | other CPU | measured again |", "|---|---|---|---|---|---|---|---|---|");
    for (const b of builds) {
      if (!b.ok) {
        push(`| ${b.label} | failed | | | | | | | |`);
        continue;
      }
      const ratio = b.tool === "sitegen" || b.tool === "sitegen-warm" ? "" : fmtRatio(pairRatio(results, "sitegen", b.tool, b));
      push(`| ${b.label} | ${fmtSeconds(b.wallMs.median)} | ${fmtSeconds(b.wallMs.min)}–${fmtSeconds(b.wallMs.max)} | ${fmtSeconds(b.cpuMs.median)} | ${fmtMB(b.peakRssBytes.median)} | ${fmtMs(b.msPerPage)} | ${ratio} | ${fmtSeconds(b.foreignCpuMs.median)}, ${fmtSeconds(b.foreignCpuMs.max)} | ${b.repeated} |`);
    }
    const content = builds[0].real ? undefined : results.content.find((c) => c.posts === posts);
    if (content) push("", `Content: ${fmtInt(content.words)} words in posts, ${fmtMB(content.bytes)} of Markdown, ${fmtInt(content.vietnamese)} posts in Vietnamese.`);
    push("");
  }
  push("## Load", "", ...loadReport(results), "");

  const failures = results.builds.filter((b) => !b.ok);
  if (failures.length > 0) push("Failed builds:", "", ...failures.map((b) => `- ${b.label}, ${b.real ? "the real site" : `${fmtInt(b.posts)} posts`}: ${b.problems.join("; ")}`), "");

  if (sizes.length > 1) {
    push(`## Linearity (${fmtInt(sizes[0])} → ${fmtInt(largest!)} posts)`, "");
    push("Linear means the time grows no faster than the number of posts, within 20 % (two sizes, each a median of a few runs: a narrower band would report noise). The marginal cost is the extra time per extra post, without start-up.", "");
    push("| tool | wall, small | wall, large | time ratio | post ratio | ms per page, small → large | marginal ms per post | |", "|---|---|---|---|---|---|---|---|");
    for (const tool of results.tools) {
      const a = find(tool.id, sizes[0]);
      const b = find(tool.id, largest);
      if (!a || !b) continue;
      const l = linearity(a, b);
      push(`| ${tool.label} | ${fmtSeconds(a.wallMs.median)} | ${fmtSeconds(b.wallMs.median)} | ${fmtRatio(l.wallRatio)} | ${fmtRatio(l.postRatio)} | ${fmtMs(a.msPerPage)} → ${fmtMs(b.msPerPage)} | ${fmtMs(l.marginalMs)} | ${l.linear ? "linear" : "**super-linear**"} |`);
    }
    push("");
  }

  if (results.agentFiles?.length) {
    push("## Agent files", "", "Sizes of sitegen's agent files at each size, within the budgets of the size policy (docs: The size policy), and the Markdown 404 of a few misses as a host that has read nothing yet answers them, with what it read.", "");
    for (const sizes of results.agentFiles) push(agentFileTable(sizes), "");
  }

  // What each change bought is kept by hand beside the bench; the measured tables above are this run's.
  const changes = join(ROOT, "bench/what-each-change-bought.md");
  if (existsSync(changes)) push(readFileSync(changes, "utf8").trimEnd(), "");

  push("## The real site", "");
  if (!results.real) push("Not measured in this run.", "");
  else {
    const r = results.real;
    push(`\`content/\` (${r.posts} post files). Medians of ${results.runs}.`, "", "| step | wall (median) | wall (min–max) | CPU | peak RSS |", "|---|---|---|---|---|");
    const row = (name: string, m?: { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats }): void =>
      void push(m ? `| ${name} | ${fmtSeconds(m.wallMs.median)} | ${fmtSeconds(m.wallMs.min)}–${fmtSeconds(m.wallMs.max)} | ${fmtSeconds(m.cpuMs.median)} | ${fmtMB(m.peakRssBytes.median)} |` : `| ${name} | failed | | | |`);
    row("full build (new output folder, a new cache folder)", r.fullBuild);
    row("no-change rebuild (same output folder, warm: the cache the full build filled)", r.rebuild);
    row("`sitegen check` (content, manifest and the built folder)", r.check);
    if (r.problems.length > 0) push("", ...r.problems.map((p) => `- ${p}`));
    push("");
  }

  const part = <T extends object>(heading: string, result: T | { error: string } | undefined, render: (result: T) => string[]): void => {
    push(heading, "");
    if (!result) push("Not measured in this run.", "");
    else if ("error" in result) push(`Not measured: ${result.error}`, "");
    else push(...render(result));
  };
  part("## Start-up", results.startup, startupReport);
  part(`## Rebuild while writing${results.watch && "posts" in results.watch ? ` (${fmtInt(results.watch.posts)} posts)` : ""}`, results.watch, watchReport);
  part("## Rebuild while writing (the real site)", results.realWatch, watchReport);
  part(`## One very large blog${results.large && "posts" in results.large ? ` (${fmtInt(results.large.posts)} posts)` : ""}`, results.large, largeReport);
  part(`## Warm CI builds${results.cache && "posts" in results.cache ? ` (${fmtInt(results.cache.posts)} posts)` : ""}`, results.cache, cacheReport);
  part("## Stages", results.stages, stagesReport);

  push("## Where sitegen spends its time", "");
  if (!results.profile) push("Not profiled in this run.", "");
  else if ("error" in results.profile) push(`Not profiled: ${results.profile.error}`, "");
  else {
    const p = results.profile;
    push(
      `One more build of the ${fmtInt(p.posts)}-post site under \`node --cpu-prof\` (${p.threads} thread${p.threads === 1 ? "" : "s"}, ${fmtSeconds(p.sampledMs)} of CPU sampled, idle left out; \`bench/profile.ts\` prints the same from any profile). Self time is spent in the function itself; inclusive time also counts what it calls.`,
      "",
      "| self time, by file or package | ms | share |",
      "|---|---|---|",
      ...p.byFile.map((spot) => `| ${spot.name} | ${fmtInt(spot.ms)} | ${(spot.share * 100).toFixed(1)} % |`),
      "",
      "| self time, by function | ms | share |",
      "|---|---|---|",
      ...p.byFunction.map((spot) => `| \`${spot.name}\` | ${fmtInt(spot.ms)} | ${(spot.share * 100).toFixed(1)} % |`),
      "",
      "| inclusive time, functions under src/ | ms | share |",
      "|---|---|---|",
      ...p.inclusive.map((spot) => `| \`${spot.name}\` | ${fmtInt(spot.ms)} | ${(spot.share * 100).toFixed(1)} % |`),
      "",
    );
  }

  part("## Negotiation", results.negotiation, (n) => negotiationReport(n, largest));

  part("## Preview server", results.serve, serveReport);

  part("## The edge function on Netlify's emulator", results.edge, edgeReport);
  part(`## Search (/mcp${results.search && "posts" in results.search ? ` at ${fmtInt(results.search.posts)} posts` : ""})`, results.search, searchReport);

  push("## What is compared", "");
  for (const tool of results.tools) push(`- **${tool.label}** ${tool.version}: ${tool.available ? tool.does : `unavailable (${tool.reason})`}.`);
  push(
    results.sitegenHighlights
      ? "- sitegen's pages highlight code (its code blocks have markup inside), so the like-with-like comparison is with Hugo's default, which highlights with Chroma; Hugo without highlighting is listed too."
      : "- sitegen's pages do not highlight code (no markup inside their code blocks), so the like-with-like comparison is with Hugo's highlighting off (`markup.highlight.codeFences = false`); Hugo's default is listed for reference. The bench tells from sitegen's own output, so the comparison follows if sitegen starts highlighting.",
    "- The bare script is the floor, not a competitor: one thread, the same parser and renderer, no templates, checks or agent files. sitegen at or under its time means the rest of the job and the second core pay for themselves.",
    "- The machine may be shared. Before each pair the bench waits (up to `--idle-wait` seconds) for a one-second window with less than 0.15 cores busy, samples the load (the one-minute load average and the tasks runnable, from /proc/loadavg; the machine's busy and steal time, from /proc/stat) before and after the pair, and measures a pair again (up to `--retries` times) when it was taken under load: other processes used more than 0.5 s and a tenth of a core of CPU while it ran, or the hypervisor took more than a twentieth of a core (steal). The least loaded attempt is kept; one still under load is marked in the Load table, and the ratios are those of pairs, which drift of the machine moves far less than either time.",
    "- Each tool renders the same Markdown files to the same paths, `/blog/<slug>/index.html`; after each tool's first build the bench checks that every post's page is there.",
    `- Measured with ${results.method === "gnu-time" ? "GNU time (`/usr/bin/time -f`): CPU time and peak RSS are the kernel's rusage of the command (all threads, and every child it waited for; peak RSS is the largest single process's high-water mark, no sampling)" : "/proc sampling every 25 ms (GNU time was unavailable): VmHWM and utime/stime of the command's process; short-lived children are not counted"}; wall time with a monotonic clock around the child process. MB are 10⁶ bytes.`,
    "",
  );

  push("## Machine and versions", "", "| | |", "|---|---|");
  for (const [k, v] of Object.entries(results.machine)) push(`| ${k} | ${v} |`);
  push(`| output filesystem | ${describeFilesystem(results.outputFilesystem)} |`);
  for (const [k, v] of Object.entries(results.versions)) push(`| ${k} | ${v} |`);
  push(`| load average (1 min) at start, end | ${results.load.start.toFixed(2)}, ${results.load.end.toFixed(2)} |`);
  push("", "## Command", "", "```sh", results.command, "```", "");
  if (results.failures.length > 0) push("## Problems", "", ...results.failures.map((f) => `- ${f}`), "");
  return lines.join("\n");
}

/** The targets table: each row names the size it was measured at. */
function targetRows(results: Results, sizes: number[]): string[] {
  const rows = ["| target | measured | |", "|---|---|---|"];
  const row = (target: string, measured: string, ok: boolean | undefined): void => void rows.push(`| ${target} | ${measured} | ${mark(ok)} |`);
  const find = (tool: ToolId, posts: number | undefined): BuildResult | undefined => results.builds.find((b) => b.tool === tool && b.posts === posts && !b.real && b.ok);
  const findReal = (tool: ToolId): BuildResult | undefined => results.builds.find((b) => b.tool === tool && b.real && b.ok);
  const ratio = (a: BuildResult | undefined, b: BuildResult | undefined): number => (a && b ? a.wallMs.median / b.wallMs.median : NaN);
  const largest = sizes.at(-1);
  const posts = (n: number | undefined): string => (n === undefined ? "no build" : `${fmtInt(n)} posts`);

  const paired = (subject: ToolId, baseline: ToolId, posts?: number): { ratio: number; note: string } => {
    const summary = results.pairs.find((p) => p.subject === subject && p.baseline === baseline && (posts === undefined ? p.real : !p.real && p.posts === posts));
    if (!summary) return { ratio: NaN, note: "not measured" };
    const loaded = summary.pairs.filter((pair) => pair.underLoad).length;
    return { ratio: summary.ratio.median, note: `${fmtRatio(summary.ratio.median)} (${fmtRatio(summary.ratio.min)}–${fmtRatio(summary.ratio.max)}, ${summary.pairs.length} pairs${loaded ? `, ${loaded} still under load` : ""})` };
  };
  const within = (value: number, bound: number): boolean | undefined => (Number.isFinite(value) ? value <= bound : undefined);
  const trees: [name: string, posts: number | undefined][] = [...(results.builds.some((b) => b.real) ? [["the real site", undefined] as [string, undefined]] : []), ...sizes.map((n): [string, number] => [posts(n), n])];
  for (const [name, size] of trees) {
    const bound = size === undefined ? 2 : 1;
    const cold = paired("sitegen", "hugo-default", size);
    row(`a cold build at most ${bound}× Hugo's (default, highlighting code as sitegen does), ${name}`, `sitegen / Hugo = ${cold.note}; without highlighting: ${paired("sitegen", "hugo", size).note}`, within(cold.ratio, bound));
    const bare = paired("sitegen", "bare", size);
    if (size !== undefined) row(`a cold build at most the bare one-thread script's time, ${name}`, `sitegen / bare = ${bare.note}`, within(bare.ratio, 1));
    const warm = paired("sitegen-warm", "hugo-default", size);
    const warmBound = size === undefined ? 1 : 0.5;
    if (size === undefined || size <= results.warmUpTo) row(`a warm build (the default: one post changed, the cache restored) at most ${warmBound}× Hugo's, ${name}`, `sitegen warm / Hugo = ${warm.note}`, within(warm.ratio, warmBound));
  }
  const s = find("sitegen", largest);
  const eleventy = paired("sitegen", "eleventy", largest);
  rows.push(`| Eleventy, a named baseline (no target), ${posts(largest)} | sitegen / Eleventy = ${eleventy.note} | baseline |`);
  row(`sitegen peak RSS at most 250 MB, ${posts(largest)} (cold, its default cache filled)`, s ? `${fmtMB(s.peakRssBytes.median)} (${fmtMB(s.peakRssBytes.min)}–${fmtMB(s.peakRssBytes.max)})` : "–", s ? s.peakRssBytes.median <= 250e6 : undefined);
  const small = find("sitegen", sizes[0]);
  const linear = s && small && sizes.length > 1 ? linearity(small, s) : undefined;
  row(`build time linear in posts (${sizes.length > 1 ? `${fmtInt(sizes[0])} → ${fmtInt(largest!)}` : "needs two sizes"})`, linear ? `${fmtRatio(linear.wallRatio)}× the time for ${fmtRatio(linear.postRatio)}× the posts` : "–", linear?.linear);

  const large = measured(results.large);
  const sitemapsWithin = large && large.sitemaps.length > 0 ? large.sitemaps.every((s) => s.entries <= 50_000 && s.bytes <= 50 * 1024 * 1024) : undefined;
  row(
    `every sitemap file within 50,000 URLs and 50 MB (sitemaps.org), ${posts(large?.posts)}`,
    large ? `${large.sitemaps.map((s) => `\`${s.file}\` ${fmtInt(s.entries)} ${s.index ? "files" : "URLs"}, ${s.bytes < 1e6 ? `${fmtInt(s.bytes)} bytes` : fmtMB(s.bytes)}`).join("; ")} (build: ${fmtSeconds(large.wallMs)}, ${fmtMB(large.peakRssBytes)} peak RSS)` : "–",
    sitemapsWithin,
  );

  const startup = measured(results.startup);
  const hugoVersion = startup?.commands.find((c) => !c.sitegen);
  for (const command of startup?.commands.filter((c) => c.sitegen) ?? []) {
    row(`\`${command.name}\` under 100 ms`, `${fmtMs(command.wallMs.median)}${hugoVersion ? ` (\`${hugoVersion.name}\`: ${fmtMs(hugoVersion.wallMs.median)})` : ""}`, Number.isFinite(command.wallMs.median) ? command.wallMs.median < 100 : undefined);
  }
  if (!startup) row("`sitegen --version` and `--help` under 100 ms", "–", undefined);

  for (const [result, withinMs, where] of [[results.watch, 300, undefined], [results.realWatch, 50, "on the real site"]] as const) {
    const watch = measured(result);
    const watching = watch?.servers.find((x) => x.name.startsWith("sitegen"));
    const hugoServer = watch?.servers.find((x) => x.name.startsWith("hugo"));
    row(
      `a post edit served by \`sitegen serve --watch\` within ${withinMs} ms, ${where ?? posts(watch?.posts)}`,
      watching ? `${fmtMs(watching.postEditMs.median)} (median of ${watching.postEdits.filter((x) => x.ok).length}; \`hugo server\`: ${fmtMs(hugoServer?.postEditMs.median ?? NaN)})` : "–",
      watching && Number.isFinite(watching.postEditMs.median) ? watching.postEditMs.median <= withinMs && watching.postEdits.every((x) => x.ok) : undefined,
    );
  }

  const cache = measured(results.cache);
  if (cache && !cache.available) row(`a warm CI build (one post changed) at most 0.2 of a cold build, ${posts(cache.posts)}`, `not available: ${cache.reason}`, undefined);
  else row(`a warm CI build (one post changed) at most 0.2 of a cold build, ${posts(cache?.posts)}`, cache ? `warm / cold = ${fmtRatio(cache.ratio.median)} (${fmtRatio(cache.ratio.min)}–${fmtRatio(cache.ratio.max)}); peak RSS cold ${fmtMB(cache.cold.peakRssBytes.median)}, warm ${fmtMB(cache.warm.peakRssBytes.median)}` : "–", cache && Number.isFinite(cache.ratio.median) ? cache.ratio.median <= 0.2 : undefined);

  const edge = measured(results.edge);
  const real = edge?.sites.find((x) => x.posts === undefined);
  const biggest = edge?.sites.filter((x) => x.posts !== undefined).at(-1);
  row(
    `edge function module load at most 10 ms, ${posts(biggest?.posts)}`,
    biggest?.load ? `${fmtMs(biggest.load.importMs.median)} (the real site: ${fmtMs(real?.load?.importMs.median ?? NaN)})` : "–",
    biggest?.load ? biggest.load.importMs.median <= 10 : undefined,
  );
  row(
    `edge function bundle does not grow with the posts (${posts(biggest?.posts)} against the real site)`,
    real?.bundleBytes !== undefined && biggest?.bundleBytes !== undefined ? `${fmtInt(biggest.bundleBytes)} bytes against ${fmtInt(real.bundleBytes)}` : "–",
    real?.bundleBytes !== undefined && biggest?.bundleBytes !== undefined ? biggest.bundleBytes <= real.bundleBytes * 1.01 : undefined,
  );
  const latency = edge && biggest ? latencyRatio(edge, biggest) : NaN;
  row(`edge request latency through Netlify's emulator within 1.5× the real site's, ${posts(biggest?.posts)}`, Number.isFinite(latency) ? `${fmtRatio(latency)}× (${fmtMs(biggest!.latency!.sequentialMs.median)} against ${fmtMs(real!.latency!.sequentialMs.median)}; an asset, which skips the function: ${fmtRatio(assetRatio(edge!, biggest!))}×)` : "–", Number.isFinite(latency) ? latency <= 1.5 : undefined);

  const nego = measured(results.negotiation)?.mixes.find((m) => m.mix === "realistic");
  const serve = measured(results.serve);
  row("negotiation at least 500,000 decisions/s", nego ? `${fmtInt(nego.core.perSecond)}/s` : "–", nego ? nego.core.perSecond >= 500_000 : undefined);
  row("negotiation within 2× of bare negotiator", nego ? `${fmtRatio(nego.slowdown)}× its time` : "–", nego ? nego.slowdown <= 2 : undefined);
  row("preview server at least 0.8× a plain static server", serve ? `${fmtRatio(serve.ratio)}×` : "–", serve ? serve.ratio >= 0.8 && serve.servers.every((x) => x.valid) : undefined);
  return rows;
}

function negotiationReport(n: NegotiationResult, largest: number | undefined): string[] {
  return [
    `\`decide()\` from src/negotiation/decide.ts over the negotiation table of the ${largest !== undefined ? fmtInt(largest) : ""}-post build (${fmtInt(n.pages)} pages, ${fmtInt(n.files)} files), against the floor: \`new Negotiator({ headers: { accept } }).mediaTypes(["text/html", "text/markdown"])\` on the same Accept headers. One thread, ${n.roundMs} ms rounds, median of ${n.mixes[0]?.core.rounds.length ?? 0}.`,
    "",
    "| mix | core, decisions/s | negotiator, calls/s | core time / negotiator time |",
    "|---|---|---|---|",
    ...n.mixes.map((m) => `| ${m.mix === "realistic" ? "realistic (browsers, crawlers, curl, agents; posts, pages, `.md`, files, 404s)" : "every Accept value distinct (no cache can help)"} | ${fmtInt(m.core.perSecond)} | ${fmtInt(m.floor.perSecond)} | ${fmtRatio(m.slowdown)} |`),
    "",
    `Decisions in the realistic mix: ${Object.entries(n.decisionKinds).sort().map(([k, v]) => `${k} ${v}`).join(", ")}.`,
    "",
  ];
}

function serveReport(v: ServeResult): string[] {
  return [
    `autocannon on loopback, ${v.connections} connections, ${fmtInt(v.requestsPerRound)} requests a round, servers alternating, median of ${v.servers[0]?.rounds.length ?? 0} rounds after a warm-up. Mix of ${v.mix.html + v.mix.markdown + v.mix.notFound} requests over ${v.mix.distinctPaths} paths: ${v.mix.html} HTML, ${v.mix.markdown} Markdown (\`Accept: text/markdown\` on the page for sitegen, the \`.md\` file's path for the plain server, which cannot negotiate), ${v.mix.notFound} unknown paths (404).`,
    "",
    "| server | requests/s | latency p50 | latency p99 | statuses (all rounds) | valid |",
    "|---|---|---|---|---|---|",
    ...v.servers.map((x) => {
      const statuses: Record<string, number> = {};
      for (const r of x.rounds) for (const [k, c] of Object.entries(r.statusCounts)) statuses[k] = (statuses[k] ?? 0) + c;
      return `| ${x.name} | ${fmtInt(x.requestsPerSecond)} | ${fmtMs(x.latencyP50Ms)} | ${fmtMs(x.latencyP99Ms)} | ${Object.entries(statuses).map(([k, c]) => `${k}: ${fmtInt(c)}`).join(", ")} | ${x.valid ? "yes" : `no: ${x.problems.join("; ")}`} |`;
    }),
    "",
    `sitegen / plain: ${fmtRatio(v.ratio)}.`,
    "",
  ];
}

/** A measurement's result, unless it was not made or failed. */
function measured<T extends object>(result: T | { error: string } | undefined): T | undefined {
  return result && !("error" in result) ? result : undefined;
}

function linearity(small: BuildResult, large: BuildResult): { wallRatio: number; postRatio: number; marginalMs: number; linear: boolean } {
  const wallRatio = large.wallMs.median / small.wallMs.median;
  const postRatio = large.pages / small.pages;
  const marginalMs = (large.wallMs.median - small.wallMs.median) / (large.pages - small.pages);
  return { wallRatio, postRatio, marginalMs, linear: wallRatio <= postRatio * 1.2 };
}

/** sitegen's (or its warm build's) median pair ratio against `baseline` on the tree of `build`. */
function pairRatio(results: Results, subject: ToolId, baseline: ToolId, build: BuildResult): number {
  const summary = results.pairs.find((p) => p.subject === subject && p.baseline === baseline && Boolean(p.real) === Boolean(build.real) && p.posts === build.posts);
  return summary?.ratio.median ?? NaN;
}

/** Every pair with the load around it. */
function loadReport(results: Results): string[] {
  const pairs = results.pairs.flatMap((summary) => summary.pairs.map((pair) => ({ ...pair, tree: summary.real ? "the real site" : `${fmtInt(summary.posts)} posts` })));
  if (pairs.length === 0) return ["No pairs were measured."];
  const label = (id: ToolId) => results.tools.find((tool) => tool.id === id)?.label ?? id;
  const again = pairs.filter((pair) => pair.attempts > 1).length;
  const loaded = pairs.filter((pair) => pair.underLoad).length;
  const loads = pairs.flatMap((pair) => pair.load.loadavg).filter(Number.isFinite);
  return [
    `Each pair with the load around it: the one-minute load average before → after, the tasks runnable before → after, the CPU time other processes used and the steal time while the pair ran, how often it was measured, and whether the kept attempt was still under load. ${again} of ${pairs.length} pairs were measured again; ${loaded} were under load in every attempt, and their ratios are in the medians above as taken. The load average ranged ${fmtRatio(Math.min(...loads))}–${fmtRatio(Math.max(...loads))} on ${results.machine["CPU"] ? "this machine's" : "the"} cores.`,
    "",
    "| tree | pair | round | ratio | load average | runnable | other CPU | steal | measured | under load |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...pairs.map((pair) => `| ${pair.tree} | ${label(pair.subject)} / ${label(pair.baseline)} | ${pair.round} | ${fmtRatio(pair.ratio)} | ${fmtRatio(pair.load.loadavg[0])} → ${fmtRatio(pair.load.loadavg[1])} | ${pair.load.running[0]} → ${pair.load.running[1]} | ${fmtSeconds(pair.load.foreignCpuMs)} | ${fmtSeconds(pair.load.stealMs)} | ${pair.attempts}× | ${pair.underLoad ? "**yes**" : "no"} |`),
  ];
}
