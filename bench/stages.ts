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
import { mkdtempSync, rmSync } from "node:fs";
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
    const out = execFileSync(process.execPath, [join(ROOT, "bin/sitegen.js"), "build", "--json", "--no-cache", "--content", content, "--templates", templates, "--out", join(work, "dist")], {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, SOURCE_DATE_EPOCH: process.env.SOURCE_DATE_EPOCH ?? "1767225600" },
    });
    const report = JSON.parse(out) as StageRun;
    return { milliseconds: report.milliseconds, stages: report.stages };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The table's header and one row of medians over `runs` builds. */
export function stageTable(label: string, runs: StageRun[]): string {
  const head = `| content | build | ${STAGES.join(" | ")} |\n|---|${"---|".repeat(STAGES.length + 1)}\n`;
  const cells = STAGES.map((stage) => `${median(runs.map((run) => run.stages[stage]))} ms`);
  return `${head}| ${label} (median of ${runs.length}) | ${median(runs.map((run) => run.milliseconds))} ms | ${cells.join(" | ")} |\n`;
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
