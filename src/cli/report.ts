/** How `build` and `check` report what a run found: one formatter for text and `--json`. */
import { SitegenError } from "../errors.ts";
import { countByKind, countsByKind, findingsOfThrown, formatFindings, type Finding } from "../findings.ts";
import type { Level } from "../policy.ts";
import { EXIT, printers, type Io } from "./io.ts";

/**
 * Prints what went wrong and returns the exit code. A usage error is thrown
 * on (the CLI prints it and exits 2); an error that is none of ours is a bug
 * and is thrown on too.
 */
export function reportFailure(error: unknown, options: { io: Io; json: boolean; strict?: boolean; summary: (counts: string) => string }): number {
  if (error instanceof SitegenError && error.code === "E_USAGE") throw error;
  const findings = findingsOfThrown(error, { strict: options.strict }).filter((finding) => finding.level !== "note");
  const { print, printError } = printers(options.io);
  if (options.json) print(JSON.stringify({ ok: false, counts: countByKind(findings), findings }, null, 2));
  else {
    for (const line of formatFindings(findings)) printError(line);
    printError(options.summary(tally(findings)));
  }
  return EXIT.content;
}

/** `2 error(s) (frontmatter 1, no-title 1), 95 warning(s) (broken-link 83 (to 12 targets), …)`: a run's findings counted by level and kind. */
export function tally(findings: Finding[], levels: Level[] = ["error", "warning"]): string {
  return levels
    .map((level) => {
      const count = findings.filter((finding) => finding.level === level).length;
      return `${count} ${level}(s)${count > 0 ? ` (${countsByKind(findings, level)})` : ""}`;
    })
    .join(", ");
}

/**
 * What a summary line says of the build cache: the posts taken from it, and
 * why its contents were not used, if so. A note, not a warning: the run is
 * the cold one, and the next is warm again; in the summary it explains, which
 * stays one line.
 */
export function cacheSummary(cache: { dir: string; reused: number; note?: string } | undefined): string {
  if (!cache) return "";
  const note = cache.note ? `; note: the build cache ${cache.dir}/ was ${cache.note}` : "";
  return ` (${cache.reused} ${cache.reused === 1 ? "post" : "posts"} from the cache${note})`;
}
