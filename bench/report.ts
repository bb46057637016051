/** BENCHMARKS.md from a run's results: the targets first, then every measurement. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { agentFileTable } from "./agent-files.ts";
import { FIXED_PAGE_COUNT } from "./builds.ts";
import { cacheReport } from "./cache.ts";
import { edgeReport } from "./edge-report.ts";
import { fmtInt, fmtMB, fmtMs, fmtRatio, fmtSeconds } from "./format.ts";
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
import { buildSections } from "./report-builds.ts";
import { targetRows } from "./report-targets.ts";
import { watchReport } from "./watch-report.ts";

export function renderReport(results: Results): string {
  const lines: string[] = [];
  const push = (...more: string[]): void => void lines.push(...more);
  const synthetic = results.builds.filter((b) => !b.real);
  const sizes = [...new Set(synthetic.map((b) => b.posts))].sort((a, b) => a - b);
  const largest = sizes.at(-1);

  push(
    "# Benchmarks",
    "",
    `Written by \`npm run bench\` on ${results.date.slice(0, 10)}. Synthetic content (seed ${results.seed}): posts of about 1,200 words with headings, lists, a table, a fenced code block, a blockquote and internal and external links, one in five in Vietnamese, plus the ${FIXED_PAGE_COUNT} fixed pages. ${results.runs} round${results.runs > 1 ? "s" : ""} of pairs: in each pair sitegen and one other tool built one after the other (the order alternating from round to round), and a ratio is the median of the pairs' ratios; the load was recorded around each pair, and a pair taken under load was measured again (see Load). Each run builds into a new folder; outputs are deleted only after all builds, and the page cache is flushed (\`sync\`) before each run, because ${isExt4WithoutJournal(results.outputFilesystem) ? "on this machine's ext4 without a journal" : "on ext4 without a journal"}, creating files soon after many were deleted costs several times more (the allocator skips recently deleted inodes), which would charge one run for the previous run's cleanup.`,
    "",
  );

  // Targets first: what a reader wants to know.
  push("## Targets", "", ...targetRows(results, sizes), "");

  push(...buildSections(results, sizes));

  if (results.agentFiles?.length) {
    push(
      "## Agent files",
      "",
      "Sizes of sitegen's agent files at each size, within the budgets of the size policy (docs: The size policy), and the Markdown 404 of a few misses as a host that has read nothing yet answers them, with what it read.",
      "",
    );
    for (const sizes of results.agentFiles) push(agentFileTable(sizes), "");
  }

  // What each change bought is kept by hand beside the bench; the measured tables above are this run's.
  const changes = join(ROOT, "bench/what-each-change-bought.md");
  if (existsSync(changes)) push(readFileSync(changes, "utf8").trimEnd(), "");

  push("## The real site", "");
  if (!results.real) push("Not measured in this run.", "");
  else {
    const r = results.real;
    push(
      `\`content/\` (${r.posts} post files). Medians of ${results.runs}.`,
      "",
      "| step | wall (median) | wall (min–max) | CPU | peak RSS |",
      "|---|---|---|---|---|",
    );
    const row = (name: string, m?: { wallMs: Stats; cpuMs: Stats; peakRssBytes: Stats }): void =>
      void push(
        m
          ? `| ${name} | ${fmtSeconds(m.wallMs.median)} | ${fmtSeconds(m.wallMs.min)}–${fmtSeconds(m.wallMs.max)} | ${fmtSeconds(m.cpuMs.median)} | ${fmtMB(m.peakRssBytes.median)} |`
          : `| ${name} | failed | | | |`,
      );
    row("full build (new output folder, a new cache folder)", r.fullBuild);
    row("no-change rebuild (same output folder, warm: the cache the full build filled)", r.rebuild);
    row("`sitegen check` (content, manifest and the built folder)", r.check);
    if (r.problems.length > 0) push("", ...r.problems.map((p) => `- ${p}`));
    push("");
  }

  const part = <T extends object>(
    heading: string,
    result: T | { error: string } | undefined,
    render: (result: T) => string[],
  ): void => {
    push(heading, "");
    if (!result) push("Not measured in this run.", "");
    else if ("error" in result) push(`Not measured: ${result.error}`, "");
    else push(...render(result));
  };
  part("## Start-up", results.startup, startupReport);
  part(
    `## Rebuild while writing${results.watch && "posts" in results.watch ? ` (${fmtInt(results.watch.posts)} posts)` : ""}`,
    results.watch,
    watchReport,
  );
  part("## Rebuild while writing (the real site)", results.realWatch, watchReport);
  part(
    `## One very large blog${results.large && "posts" in results.large ? ` (${fmtInt(results.large.posts)} posts)` : ""}`,
    results.large,
    largeReport,
  );
  part(
    `## Warm CI builds${results.cache && "posts" in results.cache ? ` (${fmtInt(results.cache.posts)} posts)` : ""}`,
    results.cache,
    cacheReport,
  );
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
      ...p.byFunction.map(
        (spot) => `| \`${spot.name}\` | ${fmtInt(spot.ms)} | ${(spot.share * 100).toFixed(1)} % |`,
      ),
      "",
      "| inclusive time, functions under src/ | ms | share |",
      "|---|---|---|",
      ...p.inclusive.map(
        (spot) => `| \`${spot.name}\` | ${fmtInt(spot.ms)} | ${(spot.share * 100).toFixed(1)} % |`,
      ),
      "",
    );
  }

  part("## Negotiation", results.negotiation, (n) => negotiationReport(n, largest));

  part("## Preview server", results.serve, serveReport);

  part("## The edge function on Netlify's emulator", results.edge, edgeReport);
  part(
    `## Search (/mcp${results.search && "posts" in results.search ? ` at ${fmtInt(results.search.posts)} posts` : ""})`,
    results.search,
    searchReport,
  );

  push("## What is compared", "");
  for (const tool of results.tools)
    push(
      `- **${tool.label}** ${tool.version}: ${tool.available ? tool.does : `unavailable (${tool.reason})`}.`,
    );
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
  push(
    `| load average (1 min) at start, end | ${results.load.start.toFixed(2)}, ${results.load.end.toFixed(2)} |`,
  );
  push("", "## Command", "", "```sh", results.command, "```", "");
  if (results.failures.length > 0) push("## Problems", "", ...results.failures.map((f) => `- ${f}`), "");
  return lines.join("\n");
}

function negotiationReport(n: NegotiationResult, largest: number | undefined): string[] {
  return [
    `\`decide()\` from src/negotiation/decide.ts over the negotiation table of the ${largest !== undefined ? fmtInt(largest) : ""}-post build (${fmtInt(n.pages)} pages, ${fmtInt(n.files)} files), against the floor: \`new Negotiator({ headers: { accept } }).mediaTypes(["text/html", "text/markdown"])\` on the same Accept headers. One thread, ${n.roundMs} ms rounds, median of ${n.mixes[0]?.core.rounds.length ?? 0}.`,
    "",
    "| mix | core, decisions/s | negotiator, calls/s | core time / negotiator time |",
    "|---|---|---|---|",
    ...n.mixes.map(
      (m) =>
        `| ${m.mix === "realistic" ? "realistic (browsers, crawlers, curl, agents; posts, pages, `.md`, files, 404s)" : "every Accept value distinct (no cache can help)"} | ${fmtInt(m.core.perSecond)} | ${fmtInt(m.floor.perSecond)} | ${fmtRatio(m.slowdown)} |`,
    ),
    "",
    `Decisions in the realistic mix: ${Object.entries(n.decisionKinds)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}.`,
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
      for (const r of x.rounds)
        for (const [k, c] of Object.entries(r.statusCounts)) statuses[k] = (statuses[k] ?? 0) + c;
      return `| ${x.name} | ${fmtInt(x.requestsPerSecond)} | ${fmtMs(x.latencyP50Ms)} | ${fmtMs(x.latencyP99Ms)} | ${Object.entries(
        statuses,
      )
        .map(([k, c]) => `${k}: ${fmtInt(c)}`)
        .join(", ")} | ${x.valid ? "yes" : `no: ${x.problems.join("; ")}`} |`;
    }),
    "",
    `sitegen / plain: ${fmtRatio(v.ratio)}.`,
    "",
  ];
}
