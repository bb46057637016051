/**
 * The build sections of BENCHMARKS.md: a table of every tool's builds for
 * each content tree, the load around every pair, the builds that failed and
 * how the time grows from the smallest blog to the largest. The targets and
 * the other measurements are report.ts's.
 */
import type { BuildResult } from "./builds.ts";
import { fmtInt, fmtMB, fmtMs, fmtRatio, fmtSeconds } from "./format.ts";
import { linearity } from "./report-targets.ts";
import type { Results } from "./results.ts";
import type { ToolId } from "./tools.ts";

/** The Build, Load and Linearity sections, and the failed builds between them; `sizes` are the synthetic blogs' posts, smallest first. */
export function buildSections(results: Results, sizes: number[]): string[] {
  const lines: string[] = [];
  const push = (...more: string[]): void => void lines.push(...more);
  const synthetic = results.builds.filter((b) => !b.real);
  const largest = sizes.at(-1);
  const find = (tool: ToolId, posts: number | undefined): BuildResult | undefined =>
    synthetic.find((b) => b.tool === tool && b.posts === posts && b.ok);

  push("## Build", "");
  push(
    "Wall time is the median with min–max; CPU is user + system time of the whole process tree (median); ms per page is the median wall time divided by the source pages (posts + 7 fixed pages; the bare script renders the posts only, but is divided alike so that the column compares). sitegen / tool is the median over the rounds of sitegen's wall time over the tool's in the same pair (for sitegen's warm build, warm / tool against Hugo's default): under 1, sitegen is faster. sitegen ran once in each pair, so it has more runs than the others. Other CPU is the CPU time the rest of the machine used during the kept runs (median, max): near zero means the tool had both cores to itself; the last column counts the runs measured again because their pair was taken under load (see Load).",
    "",
  );
  const realBuilds = results.builds.filter((b) => b.real);
  const groups: [heading: string, builds: BuildResult[]][] = [
    ...(realBuilds.length > 0
      ? [[`### The real site (${fmtInt(realBuilds[0].posts)} posts)`, realBuilds] as [string, BuildResult[]]]
      : []),
    ...sizes.map((posts): [string, BuildResult[]] => [
      `### ${fmtInt(posts)} posts`,
      synthetic.filter((x) => x.posts === posts),
    ]),
  ];
  for (const [heading, builds] of groups) {
    const posts = builds[0].posts;
    push(
      heading,
      "",
      "| tool | wall (median) | wall (min–max) | CPU | peak RSS | ms per page | sitegen / tool | other CPU | measured again |",
      "|---|---|---|---|---|---|---|---|---|",
    );
    for (const b of builds) {
      if (!b.ok) {
        push(`| ${b.label} | failed | | | | | | | |`);
        continue;
      }
      const ratio =
        b.tool === "sitegen" || b.tool === "sitegen-warm"
          ? ""
          : fmtRatio(pairRatio(results, "sitegen", b.tool, b));
      push(
        `| ${b.label} | ${fmtSeconds(b.wallMs.median)} | ${fmtSeconds(b.wallMs.min)}–${fmtSeconds(b.wallMs.max)} | ${fmtSeconds(b.cpuMs.median)} | ${fmtMB(b.peakRssBytes.median)} | ${fmtMs(b.msPerPage)} | ${ratio} | ${fmtSeconds(b.foreignCpuMs.median)}, ${fmtSeconds(b.foreignCpuMs.max)} | ${b.repeated} |`,
      );
    }
    const content = builds[0].real ? undefined : results.content.find((c) => c.posts === posts);
    if (content)
      push(
        "",
        `Content: ${fmtInt(content.words)} words in posts, ${fmtMB(content.bytes)} of Markdown, ${fmtInt(content.vietnamese)} posts in Vietnamese.`,
      );
    push("");
  }
  push("## Load", "", ...loadReport(results), "");

  const failures = results.builds.filter((b) => !b.ok);
  if (failures.length > 0)
    push(
      "Failed builds:",
      "",
      ...failures.map(
        (b) =>
          `- ${b.label}, ${b.real ? "the real site" : `${fmtInt(b.posts)} posts`}: ${b.problems.join("; ")}`,
      ),
      "",
    );

  if (sizes.length > 1) {
    push(`## Linearity (${fmtInt(sizes[0])} → ${fmtInt(largest!)} posts)`, "");
    push(
      "Linear means the time grows no faster than the number of posts, within 20 % (two sizes, each a median of a few runs: a narrower band would report noise). The marginal cost is the extra time per extra post, without start-up.",
      "",
    );
    push(
      "| tool | wall, small | wall, large | time ratio | post ratio | ms per page, small → large | marginal ms per post | |",
      "|---|---|---|---|---|---|---|---|",
    );
    for (const tool of results.tools) {
      const a = find(tool.id, sizes[0]);
      const b = find(tool.id, largest);
      if (!a || !b) continue;
      const l = linearity(a, b);
      push(
        `| ${tool.label} | ${fmtSeconds(a.wallMs.median)} | ${fmtSeconds(b.wallMs.median)} | ${fmtRatio(l.wallRatio)} | ${fmtRatio(l.postRatio)} | ${fmtMs(a.msPerPage)} → ${fmtMs(b.msPerPage)} | ${fmtMs(l.marginalMs)} | ${l.linear ? "linear" : "**super-linear**"} |`,
      );
    }
    push("");
  }
  return lines;
}

/** sitegen's (or its warm build's) median pair ratio against `baseline` on the tree of `build`. */
function pairRatio(results: Results, subject: ToolId, baseline: ToolId, build: BuildResult): number {
  const summary = results.pairs.find(
    (p) =>
      p.subject === subject &&
      p.baseline === baseline &&
      Boolean(p.real) === Boolean(build.real) &&
      p.posts === build.posts,
  );
  return summary?.ratio.median ?? NaN;
}

/** Every pair with the load around it. */
function loadReport(results: Results): string[] {
  const pairs = results.pairs.flatMap((summary) =>
    summary.pairs.map((pair) => ({
      ...pair,
      tree: summary.real ? "the real site" : `${fmtInt(summary.posts)} posts`,
    })),
  );
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
    ...pairs.map(
      (pair) =>
        `| ${pair.tree} | ${label(pair.subject)} / ${label(pair.baseline)} | ${pair.round} | ${fmtRatio(pair.ratio)} | ${fmtRatio(pair.load.loadavg[0])} → ${fmtRatio(pair.load.loadavg[1])} | ${pair.load.running[0]} → ${pair.load.running[1]} | ${fmtSeconds(pair.load.foreignCpuMs)} | ${fmtSeconds(pair.load.stealMs)} | ${pair.attempts}× | ${pair.underLoad ? "**yes**" : "no"} |`,
    ),
  ];
}
