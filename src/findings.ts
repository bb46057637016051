/** Findings: errors and warnings as `build`, `check` and `--json` report them. */
import { errorsOf, formatError, formatLocation, SitegenError } from "./errors.ts";
import { visible } from "./text/visible.ts";

export interface Finding {
  /** A note is what `check` tells that is neither wrong nor doubtful: the slug it chose for a file. */
  level: "error" | "warning" | "note";
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
}

/** The error each finding came from, so text output can show its source line and caret; JSON stays as it is. */
const sources = new WeakMap<Finding, SitegenError>();

export function findingOf(error: SitegenError, level: Finding["level"] = "error"): Finding {
  const finding: Finding = {
    level,
    code: error.code,
    message: error.message,
    file: error.location?.file,
    line: error.location?.line,
    column: error.location?.column,
    hint: error.hint,
  };
  sources.set(finding, error);
  return finding;
}

/** Errors thrown by loading or building, as findings; anything else is a bug and is rethrown. */
export function findingsOfThrown(error: unknown): Finding[] {
  const located = errorsOf(error);
  if (!located) throw error;
  return located.map((e) => findingOf(e));
}

/**
 * A failed build as the terminal shows it: each error with its file, line,
 * caret and hint. Anything not ours is shown whole: a bug, or the system
 * refusing.
 */
export function describeFailure(error: unknown): string {
  const located = errorsOf(error);
  if (!located) return `error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  return located.map((source) => formatFinding(findingOf(source), source)).join("\n");
}

export function formatFinding(finding: Finding, source: SitegenError | undefined = sources.get(finding)): string {
  if (source) return `${finding.level}: ${formatError(source)}`;
  const where = finding.file ? `${formatLocation({ file: finding.file, line: finding.line || undefined, column: finding.column })}: ` : "";
  return `${finding.level}: ${where}${visible(finding.message)}${finding.hint ? `\n  hint: ${visible(finding.hint)}` : ""}`;
}
