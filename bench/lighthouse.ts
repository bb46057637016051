/**
 * `npm run bench:lighthouse`: Lighthouse's performance score (mobile, as
 * test/lighthouse.test.ts runs it) on every audited page, as the median
 * of five runs, Lighthouse's advice against run-to-run variance. The score is
 * computed from simulated load times, so it is a figure to read, not a test:
 * the test asserts what the score is made of (requests, bytes, render-blocking,
 * chains, layout shift). The median run's report goes to
 * test-output/lighthouse/<page>.performance-median.report.html.
 *
 *   npm run bench:lighthouse [-- --runs 5] [-- --page home]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "../test/helpers/dist.ts";
import {
  AUDITED_PAGES,
  runLighthouse,
  score,
  startAuditedSites,
  startChromium,
  type LighthouseRun,
} from "../test/helpers/lighthouse.ts";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, page: { type: "string", multiple: true } },
});
const RUNS = Number(values.runs);
const REPORTS = join(ROOT, "test-output/lighthouse");
mkdirSync(REPORTS, { recursive: true });

const pages = AUDITED_PAGES.filter((page) => values.page === undefined || values.page.includes(page.name));
const { servers, stop } = await startAuditedSites();
try {
  for (const { name, path, site } of pages) {
    const runs: LighthouseRun[] = [];
    // A browser of its own for each page, as in the test.
    const chromium = await startChromium();
    try {
      for (let index = 0; index < RUNS; index++) {
        runs.push(
          await runLighthouse(new URL(path, servers[site].url).href, {
            port: chromium.port,
            categories: ["performance"],
            notFound: name === "404",
            note: (text) => console.error(text),
          }),
        );
      }
    } finally {
      await chromium.stop();
    }
    const scores = runs.map((run) => score(run.lhr, "performance"));
    const sorted = [...scores].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    writeFileSync(
      join(REPORTS, `${name}.performance-median.report.html`),
      runs[scores.indexOf(median)].reports[0],
    );
    const row = `${name.padEnd(14)} ${path.padEnd(60)} median ${String(median).padStart(3)}  runs ${scores.join(", ")}`;
    console.log(row);
  }
} finally {
  await stop();
}
console.log(
  `\nLighthouse ${RUNS} run(s) a page, mobile, performance only; reports in test-output/lighthouse/.`,
);
