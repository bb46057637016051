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
 * Each measurement lives in a module of its own, and sequence.ts runs them in
 * turn; report.ts writes BENCHMARKS.md. This file reads the options and writes
 * the report and the JSON results.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, UsageError, type BenchOptions } from "./options.ts";
import { renderReport } from "./report.ts";
import { bench } from "./sequence.ts";

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
