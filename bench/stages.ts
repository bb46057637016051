/**
 * Where a build's time goes, by stage: `build --json`'s `stages`
 * (src/stage-times.ts) over a few cold builds of one content tree, each
 * into a new folder without the cache, and the median of each stage as a
 * Markdown table row, so that a regression shows which stage grew.
 *
 *   node --import tsx bench/stages.ts <content-dir> [templates-dir] [runs]
 *
 * The synthetic blogs are made with bench/synthetic.ts (`npm run bench`
 * leaves them in bench/.work). Times are wall clock as the build's own
 * thread sees them: on a shared machine, quote the medians with the load.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ROOT } from "./options.ts";
import { STAGES, type StageTimes } from "../src/stage-times.ts";

interface StageRun {
  milliseconds: number;
  stages: StageTimes;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** One cold build of `content`, as `build --json` reports it. */
export function stageRun(content: string, templates: string): StageRun {
  const work = mkdtempSync(join(tmpdir(), "sitegen-stages-"));
  try {
    const out = execFileSync(
      process.execPath,
      [
        join(ROOT, "bin/sitegen.js"),
        "build",
        "--json",
        "--no-cache",
        "--content",
        content,
        "--templates",
        templates,
        "--out",
        join(work, "dist"),
      ],
      {
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
        env: { ...process.env, SOURCE_DATE_EPOCH: process.env.SOURCE_DATE_EPOCH ?? "1767225600" },
      },
    );
    const report = JSON.parse(out) as StageRun;
    return { milliseconds: report.milliseconds, stages: report.stages };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Each content tree's medians, as `npm run bench` measures and reports them. */
export interface StagesResult {
  date: string;
  /** The one-minute load average before the first build and after the last. */
  load: { start: number; end: number };
  rows: { label: string; runs: number; milliseconds: number; stages: StageTimes }[];
}

/** The medians of `runs` builds of one tree. */
export function stageRow(label: string, runs: StageRun[]): StagesResult["rows"][number] {
  const stages = Object.fromEntries(
    STAGES.map((stage) => [stage, median(runs.map((run) => run.stages[stage]))]),
  ) as StageTimes;
  return { label, runs: runs.length, milliseconds: median(runs.map((run) => run.milliseconds)), stages };
}

/** `runs` cold builds of each tree, one tree after the other. */
export async function benchStages(
  trees: { label: string; content: string; templates: string }[],
  runs: number,
  settle: () => Promise<void>,
): Promise<StagesResult> {
  const start = loadAverage();
  const rows: StagesResult["rows"] = [];
  for (const tree of trees) {
    const measured: StageRun[] = [];
    for (let run = 0; run < runs; run++) {
      await settle();
      measured.push(stageRun(tree.content, tree.templates));
    }
    rows.push(stageRow(tree.label, measured));
  }
  return { date: new Date().toISOString(), load: { start, end: loadAverage() }, rows };
}

function loadAverage(): number {
  return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
}

/** The report's section: what each stage is, and the medians of each tree. */
export function stagesReport(result: StagesResult): string[] {
  return [
    `Where a cold build's time goes, from \`build --json\`'s \`stages\` (src/stage-times.ts): each build \`--no-cache\` into a new folder, medians, wall clock of the build's own thread, measured on ${result.date.slice(0, 10)} (load average ${result.load.start.toFixed(2)} before, ${result.load.end.toFixed(2)} after; \`node --import tsx bench/stages.ts <content> [templates] [runs]\` gives one row by hand). read: content and templates read, templates prepared; parse: front matter and Markdown; assemble: the manifest, the plan and its checks, covers resized; render: every page rendered and written into the new folder; check: the checks of what was written; write: the cache saved and the folder swapped in.`,
    "",
    ...TABLE_HEAD,
    ...result.rows.map(rowLine),
    "",
  ];
}

const TABLE_HEAD = [
  `| content | build | ${STAGES.join(" | ")} |`,
  `|---|${"---|".repeat(STAGES.length + 1)}`,
];

function rowLine(row: StagesResult["rows"][number]): string {
  return `| ${row.label} (median of ${row.runs}) | ${row.milliseconds} ms | ${STAGES.map((stage) => `${row.stages[stage]} ms`).join(" | ")} |`;
}

/** The table's header and one row of medians over `runs` builds. */
export function stageTable(label: string, runs: StageRun[]): string {
  return `${[...TABLE_HEAD, rowLine(stageRow(label, runs))].join("\n")}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [content, templates = join(ROOT, "templates"), count = "5"] = process.argv.slice(2);
  if (!content) {
    console.error("usage: node --import tsx bench/stages.ts <content-dir> [templates-dir] [runs]");
    process.exit(2);
  }
  const runs = Array.from({ length: Number(count) }, () => stageRun(resolve(content), resolve(templates)));
  process.stdout.write(stageTable(content, runs));
}
