/** How `build` and `check` report what a run found: one formatter for text and `--json`. */
import { SitegenError } from "../errors.ts";
import { countByKind, countsByKind, findingsOfThrown, formatFindings, type Finding } from "../findings.ts";
import type { Level } from "../policy.ts";
import { visibleLines } from "../text/visible.ts";
import { EXIT, printers, type Io } from "./io.ts";

/**
 * Prints what went wrong and returns the exit code. A usage error is thrown
 * on (the CLI prints it and exits 2); an error that is none of ours is a bug
 * and is thrown on too.
 */
export function reportFailure(
  error: unknown,
  options: { io: Io; json: boolean; strict?: boolean; summary: (counts: string) => string },
): number {
  if (error instanceof SitegenError && error.code === "E_USAGE") throw error;
  const findings = findingsOfThrown(error, { strict: options.strict }).filter(
    (finding) => finding.level !== "note",
  );
  const { printError } = printers(options.io);
  if (options.json) printJson(options.io, { ok: false, counts: countByKind(findings), findings });
  else {
    for (const line of formatFindings(findings)) printError(line);
    printError(options.summary(tally(findings)));
  }
  return EXIT.content;
}

/** `2 errors (frontmatter 1, no-title 1), 95 warnings (broken-link 83 (to 12 targets), …)`, `no errors, 1 warning (…)`: a run's findings counted by level and kind. */
export function tally(findings: Finding[], levels: Level[] = ["error", "warning"]): string {
  return levels
    .map((level) => {
      const count = findings.filter((finding) => finding.level === level).length;
      return count === 0 ? `no ${level}s` : `${counted(count, level)} (${countsByKind(findings, level)})`;
    })
    .join(", ");
}

/** `1 post`, `2 posts`, `0 posts`: a count and its noun, singular for one. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
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
  return ` (${counted(cache.reused, "post")} from the cache${note})`;
}

/** About how much of a JSON report is written at once. */
const JSON_CHUNK = 1 << 20;

/**
 * `JSON.stringify(report, null, 2)` and a line break, written in pieces of
 * about a megabyte, each list of the report's top level an item at a time:
 * as one string, the report of a run with a million and a half findings
 * passed the longest string V8 makes and ended in "Invalid string length".
 * The bytes are the same.
 */
export function printJson(io: Pick<Io, "stdout">, report: Record<string, unknown>): void {
  let chunk = "";
  // Shown as print() shows text: a control character a finding carries is an escape, not an act on the terminal.
  const flush = () => io.stdout.write(visibleLines(chunk));
  const write = (text: string) => {
    chunk += text;
    if (chunk.length < JSON_CHUNK) return;
    flush();
    chunk = "";
  };
  const entries = Object.entries(report).filter(
    ([, value]) => value !== undefined && typeof value !== "function",
  );
  write("{");
  entries.forEach(([key, value], index) => {
    write(`\n  ${JSON.stringify(key)}: `);
    if (Array.isArray(value) && value.length > 0) {
      write("[");
      value.forEach((item, at) =>
        write(`${at === 0 ? "" : ","}\n    ${indented(JSON.stringify(item ?? null, null, 2), "    ")}`),
      );
      write("\n  ]");
    } else write(indented(JSON.stringify(value, null, 2), "  "));
    if (index < entries.length - 1) write(",");
  });
  write(entries.length > 0 ? "\n}\n" : "}\n");
  flush();
}

function indented(json: string, indent: string): string {
  return json.includes("\n") ? json.replaceAll("\n", `\n${indent}`) : json;
}
