/** `sitegen check`. */
import type { Command } from "commander";
import { baseUrlFrom, buildTime, EXIT, printers, workersFrom, type Io } from "../io.ts";
import { cacheFolder, draftsAndProduction } from "./build.ts";
import { DEFAULT_CACHE } from "../../write/cache-folder.ts";

interface CheckFlags {
  content: string;
  templates: string;
  dist: string;
  baseUrl?: string;
  json?: boolean;
  strict?: boolean;
  drafts?: boolean;
  /** A folder, false for `--no-cache`, undefined for the default. */
  cache?: string | false;
}

export function registerCheck(program: Command, io: Io, exit: { code: number }): void {
  program
    .command("check")
    .description(
      "find what a build would fail or warn on, without writing it; cross-check a built folder if there is one",
    )
    .option("--content <dir>", "content folder", "content")
    .option("--templates <dir>", "templates folder", "templates")
    .option("--dist <dir>", "built folder to cross-check (skipped if it holds no build)", "dist")
    .option(
      "--base-url <url>",
      "site origin, as for build (on Netlify, the URL variable); robots.txt's size depends on it",
    )
    .option(
      "--strict",
      "fail on warnings too, as `build --strict` does (the docs' Findings page lists which findings are warnings)",
    )
    .option(
      "--drafts",
      "check the drafts too, as `build --drafts` builds them (on Netlify, deploy previews and branch deploys do)",
    )
    .option(
      "--cache <dir>",
      `build cache folder to read (default: ${DEFAULT_CACHE}): posts unchanged since the build that filled it are not rendered again (check adds code and images to it, never its index)`,
    )
    .option("--no-cache", "check without the cache")
    .option("--json", "print findings as JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  $ sitegen check\n  $ sitegen check --strict\n  $ sitegen check --no-cache\n  $ sitegen check --json | jq '.counts'",
    )
    .action(async (flags: CheckFlags) => {
      const { check } = await import("../../check.ts");
      const { countByKind, formatFindings } = await import("../../findings.ts");
      const { cacheSummary, counted, printJson, tally } = await import("../report.ts");
      const { print, printError } = printers(io);
      const result = await check({
        contentDir: flags.content,
        templatesDir: flags.templates,
        distDir: flags.dist,
        baseUrl: baseUrlFrom(flags.baseUrl, io.env),
        generated: buildTime(io.env),
        workers: workersFrom(io.env),
        cwd: io.cwd,
        strict: flags.strict,
        cache: cacheFolder(flags.cache),
        ...draftsAndProduction(flags.drafts, io.env),
      });
      const errors = result.findings.filter((f) => f.level === "error");
      if (flags.json)
        printJson(io, {
          ok: errors.length === 0,
          checked: result.checked,
          ...(result.cache ? { cache: result.cache } : {}),
          counts: countByKind(result.findings),
          findings: result.findings,
        });
      else {
        for (const line of formatFindings(result.findings)) printError(line);
        const scope = `${counted(result.checked.pages, "page")}, ${counted(result.checked.posts, "published post")}${result.checked.dist ? `, and ${flags.dist}/` : ""}`;
        (errors.length ? printError : print)(
          `${errors.length ? "✗" : "✓"} checked ${scope}: ${tally(result.findings)}${cacheSummary(result.cache)}`,
        );
      }
      if (errors.length > 0) exit.code = EXIT.content;
    });
}
