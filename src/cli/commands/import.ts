/** `sitegen import <source> <dir>`: a Jekyll, Hugo or Eleventy site moved into a sitegen site, with a report. */
import type { Command } from "commander";
import { buildTime, printers, type Io } from "../io.ts";

interface ImportFlags {
  json?: boolean;
}

export function registerImport(program: Command, io: Io): void {
  program
    .command("import")
    .description("move a Jekyll, Hugo or Eleventy site into a sitegen site: posts, pages, bundles and files, every old URL kept as an alias")
    .argument("<source>", "the site to move: the folder with its _config.yml, hugo.toml or eleventy.config.js")
    .argument("<dir>", "a new folder (it gets the starter first), or a sitegen site to add to (nothing in it is overwritten)")
    .option("--json", "print the report as JSON")
    .addHelpText("after", "\nThen:\n  $ cd <dir> && npm install && npx sitegen build\n\nExamples:\n  $ sitegen import ../my-jekyll-blog my-site\n  $ sitegen import ../hugo-site . --json\n")
    .action(async (source: string, dir: string, flags: ImportFlags) => {
      const { importSite } = await import("../../import/index.ts");
      const { importReport } = await import("../../import/report.ts");
      const { calendarDate } = await import("../../content/new.ts");
      const { print } = printers(io);
      const date = calendarDate(buildTime(io.env), { utc: Boolean(io.env.SOURCE_DATE_EPOCH) });
      const result = await importSite({ source, dir, cwd: io.cwd, date });
      print(flags.json ? JSON.stringify(importReport(result, { source, dir }).json, null, 2) : importReport(result, { source, dir }).text);
    });
}
