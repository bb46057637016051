/** `sitegen import <source> <dir>`: a Jekyll, Hugo, Eleventy or Astro site moved into a sitegen site and built, with a report. */
import type { Command } from "commander";
import { join, relative } from "node:path";
import { buildTime, printers, type Io } from "../io.ts";
import { reportFailure } from "../report.ts";

interface ImportFlags {
  json?: boolean;
  acceptLoss?: boolean;
  build?: boolean;
  oldSite?: string;
}

export function registerImport(program: Command, io: Io, exit: { code: number }): void {
  program
    .command("import")
    .description(
      "move a Jekyll, Hugo, Eleventy or Astro site into a sitegen site and build it: posts, pages, translations, bundles and files, every old URL kept",
    )
    .argument(
      "<source>",
      "the site to move: the folder with its _config.yml, hugo.toml (or config/_default/), eleventy.config.js or astro.config.mjs",
    )
    .argument(
      "<dir>",
      "a new folder (it gets the starter first), or a sitegen site to add to (nothing in it is overwritten)",
    )
    .option("--json", "print the report as JSON")
    .option("--no-build", "move the files only; build later with `npx sitegen build` in <dir>")
    .option(
      "--old-site <folder>",
      "the old site as its generator built it (_site/, public/, dist/): its addresses and pages are the reference the move is held to, page by page",
    )
    .option(
      "--accept-loss",
      "move the site even where a post of the source would not arrive (each is named in the report); without it, such a post is an error and nothing is written",
    )
    .addHelpText(
      "after",
      "\nThen:\n  $ cd <dir> && npm install && npx sitegen serve\n\nExamples:\n  $ sitegen import ../my-jekyll-blog my-site\n  $ sitegen import ../hugo-site . --json\n",
    )
    .action(async (source: string, dir: string, flags: ImportFlags) => {
      const { importSite } = await import("../../import/index.ts");
      const { buildReport, importReport } = await import("../../import/report.ts");
      const { calendarDate } = await import("../../content/new.ts");
      const { print } = printers(io);
      const now = buildTime(io.env);
      const date = calendarDate(now, { utc: Boolean(io.env.SOURCE_DATE_EPOCH) });
      let result: Awaited<ReturnType<typeof importSite>>;
      try {
        result = await importSite({
          source,
          dir,
          cwd: io.cwd,
          date,
          now,
          acceptLoss: Boolean(flags.acceptLoss),
          oldSite: flags.oldSite,
          env: io.env,
        });
      } catch (error) {
        exit.code = reportFailure(error, {
          io,
          json: Boolean(flags.json),
          summary: (counts) => `✗ import failed with ${counts}; nothing was written`,
        });
        return;
      }
      const report = importReport(result, { source, dir });
      const outcome = flags.build === false ? undefined : await buildImported(dir, io);
      if (outcome && !outcome.ok) exit.code = 1;
      const proof = outcome?.ok && result.built ? await proofOf(result, dir, io) : undefined;
      if (flags.json) {
        print(
          JSON.stringify(
            {
              ...report.json,
              ...(outcome
                ? {
                    build: {
                      ok: outcome.ok,
                      pages: outcome.pages,
                      files: outcome.files,
                      errors: outcome.errors,
                      warnings: outcome.warnings,
                    },
                  }
                : {}),
              ...(proof ? { proof: proof.json } : {}),
            },
            null,
            2,
          ),
        );
        return;
      }
      print(report.text);
      if (proof) print(proof.text);
      print(
        outcome
          ? buildReport(outcome, dir)
          : `next: cd ${dir}${result.created ? " && npm install" : ""} && npx sitegen build`,
      );
    });
}

/** The moved site built as `sitegen build` in it would build it: its content and templates, into its dist/. */
async function buildImported(dir: string, io: Io): Promise<import("../../import/report.ts").BuildOutcome> {
  const { build } = await import("../../build.ts");
  const { findingsOfThrown } = await import("../../findings.ts");
  const { resolve } = await import("node:path");
  const site = relative(io.cwd, resolve(io.cwd, dir)) || ".";
  try {
    const result = await build({
      contentDir: join(site, "content"),
      templatesDir: join(site, "templates"),
      outDir: join(site, "dist"),
      generated: buildTime(io.env),
      cwd: io.cwd,
    });
    return {
      ok: true,
      pages: result.pages,
      files: result.files,
      warnings: result.findings.filter((finding) => finding.level === "warning"),
      errors: [],
    };
  } catch (error) {
    const findings = findingsOfThrown(error);
    return {
      ok: false,
      warnings: findings.filter((finding) => finding.level === "warning"),
      errors: findings.filter((finding) => finding.level === "error"),
    };
  }
}

/** The move held to the old site's built folder, page by page, in what the build wrote. */
async function proofOf(
  result: import("../../import/index.ts").ImportResult,
  dir: string,
  io: Io,
): Promise<{ text: string; json: unknown }> {
  const { proveMove, proofLines } = await import("../../import/published/proof.ts");
  const { resolve } = await import("node:path");
  const proof = proveMove({
    built: result.built!,
    dist: resolve(io.cwd, dir, "dist"),
    moved: result.moved,
    oldPages: result.oldPages,
    origin: result.site.origin,
  });
  const text = ["Held to the old site's built folder:", ...proofLines(proof)].join("\n");
  return { text, json: { answered: proof.answered, totals: proof.totals, pages: proof.pages } };
}
