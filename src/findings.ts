/**
 * Findings: what a run found, each at the level src/policy.ts gives its
 * kind, as `build`, `check` and `--json` report them. A run collects every
 * finding of every stage that could run, then fails if any is an error, so
 * one run shows them all.
 */
import { errorsOf, formatError, formatLocation, type SitegenError, SitegenErrors } from "./errors.ts";
import { visible } from "./text/visible.ts";
import { levelOf, type FindingKind, type Level } from "./policy.ts";

export interface Finding {
  /** From the policy: an error fails the run, a warning is reported, a note is what `check` tells besides. */
  level: Level;
  kind: FindingKind;
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
  /** What findings of its kind are counted by: a broken link's target. */
  target?: string;
}

export interface JudgeOptions {
  /** `--strict`: warnings fail too (src/policy.ts). */
  strict?: boolean;
}

/** The error each finding came from, so text output can show its source line and caret; JSON stays as it is. */
const sources = new WeakMap<Finding, SitegenError>();

export function findingOf(error: SitegenError, options: JudgeOptions = {}): Finding {
  const finding: Finding = {
    level: levelOf(error.kind, options),
    kind: error.kind,
    code: error.code,
    message: error.message,
    file: error.location?.file,
    line: error.location?.line,
    column: error.location?.column,
    hint: error.hint,
    ...(error.target !== undefined ? { target: error.target } : {}),
  };
  sources.set(finding, error);
  return finding;
}

/** A run that found errors: every finding it made, errors and warnings alike, and how much it could check. */
export class FailedRun extends SitegenErrors {
  readonly findings: Finding[];
  readonly checked?: { pages: number; posts: number };
  constructor(findings: Finding[], checked?: { pages: number; posts: number }) {
    super(findings.filter((finding) => finding.level === "error").map((finding) => sources.get(finding)!));
    this.name = "FailedRun";
    this.findings = findings;
    this.checked = checked;
  }
}

/**
 * What a run reported, judged by the policy, in the order a reader fixes
 * them: by level, then kind, then file and line. Throws a FailedRun when any
 * is an error; else returns them.
 */
export function judge(
  reported: Iterable<SitegenError>,
  options: JudgeOptions & { checked?: { pages: number; posts: number } } = {},
): Finding[] {
  const findings = sortFindings(Array.from(reported, (error) => findingOf(error, options)));
  if (findings.some((finding) => finding.level === "error")) throw new FailedRun(findings, options.checked);
  return findings;
}

const LEVELS: Level[] = ["error", "warning", "note"];

/** By level, kind, target, file, line and column, field by field: a run may sort a million, so no key is made per comparison. */
function byPlace(a: Finding, b: Finding): number {
  return (
    LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) ||
    order(a.kind, b.kind) ||
    order(a.target ?? "", b.target ?? "") ||
    order(a.file ?? "", b.file ?? "") ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0)
  );
}

function order(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

function sortFindings(findings: Finding[]): Finding[] {
  // Stable: findings of one place keep the order their check found them in.
  return findings.slice().sort(byPlace);
}

/** The findings of a thrown value: a failed run's, or the errors thrown by a step that could not go on; anything else is a bug and is rethrown. */
export function findingsOfThrown(error: unknown, options: JudgeOptions = {}): Finding[] {
  if (error instanceof FailedRun) return error.findings;
  const located = errorsOf(error);
  if (!located) throw error;
  return sortFindings(located.map((e) => findingOf(e, options)));
}

/**
 * A failed run as the terminal shows it: its findings grouped by kind, each
 * error with its file, line, caret and hint. Anything not ours is shown
 * whole: a bug, or the system refusing.
 */
export function describeFailure(error: unknown): string {
  // A fault of sitegen's own is one line, as the CLI says it (src/cli.ts): `serve --watch` printed its stack trace, in the terminal and the page's overlay.
  if (!(error instanceof FailedRun) && !errorsOf(error))
    return `error: a fault of sitegen's own: ${faultLine(error)}\n  hint: this is a fault of sitegen, not of the content: please report it with what you saved; SITEGEN_DEBUG=1 sitegen build shows where it arose in full`;
  return formatFindings(findingsOfThrown(error)).join("\n");
}

/** A fault of sitegen's own in one line: its name, its message and where it arose (`TypeError: x is not a function (at lib/chunk.js:12)`). */
export function faultLine(error: unknown): string {
  const thrown = error instanceof Error ? error : new Error(String(error));
  const where = /\n\s+at (?:.*?\()?(?:file:\/\/)?([^()\s]+?:\d+):\d+\)?/.exec(thrown.stack ?? "")?.[1];
  return `${thrown.name}: ${visible(thrown.message)}${where ? ` (at ${where})` : ""}`;
}

export function formatFinding(
  finding: Finding,
  source: SitegenError | undefined = sources.get(finding),
): string {
  if (source) return `${finding.level}: ${formatError(source)}`;
  const where = finding.file
    ? `${formatLocation({ file: finding.file, line: finding.line || undefined, column: finding.column })}: `
    : "";
  return `${finding.level}: ${where}${visible(finding.message)}${finding.hint ? `\n  hint: ${visible(finding.hint)}` : ""}`;
}

/**
 * Findings as text, a heading for each kind with its count (and, for links,
 * the targets they name, most named first), then each finding of the kind.
 * `levels`: which to show (a build shows no notes).
 */
export function formatFindings(findings: Finding[], levels: Level[] = LEVELS): string[] {
  const shown = findings.filter((finding) => levels.includes(finding.level));
  const lines: string[] = [];
  for (const group of groups(shown)) {
    lines.push(
      `${group.level === "note" ? "·" : group.level === "error" ? "✗" : "!"} ${group.kind}: ${count(group.findings.length, group.level)}${targetsOf(group.findings)}`,
    );
    for (const finding of group.findings) lines.push(formatFinding(finding));
  }
  return lines;
}

/** `12 warnings`, `broken-link 83 (to 12 targets)`: the counts by kind, for a summary line. */
export function countsByKind(findings: Finding[], level: Level): string {
  return groups(findings.filter((finding) => finding.level === level))
    .map((group) => {
      const targets = new Set(
        group.findings.flatMap((finding) => (finding.target === undefined ? [] : [finding.target])),
      ).size;
      return `${group.kind} ${group.findings.length}${targets > 0 ? ` (to ${targets} target${targets === 1 ? "" : "s"})` : ""}`;
    })
    .join(", ");
}

/** For `--json`: the number of findings of each kind. */
export function countByKind(findings: Finding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const finding of findings) counts[finding.kind] = (counts[finding.kind] ?? 0) + 1;
  return counts;
}

interface Group {
  level: Level;
  kind: FindingKind;
  findings: Finding[];
}

/** Findings grouped by level and kind, in the order they are sorted in. */
function groups(findings: Finding[]): Group[] {
  const byKey = new Map<string, Group>();
  for (const finding of findings) {
    const key = `${finding.level}\0${finding.kind}`;
    const group = byKey.get(key) ?? { level: finding.level, kind: finding.kind, findings: [] };
    group.findings.push(finding);
    byKey.set(key, group);
  }
  return [...byKey.values()];
}

function count(n: number, level: Level): string {
  return `${n} ${level}${n === 1 ? "" : "s"}`;
}

/** `, to 12 targets: /about/ ×41, /x/ ×12, …` for findings counted by their target. */
function targetsOf(findings: Finding[]): string {
  const counts = new Map<string, number>();
  for (const finding of findings)
    if (finding.target !== undefined) counts.set(finding.target, (counts.get(finding.target) ?? 0) + 1);
  if (counts.size === 0) return "";
  const ranked = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  const named = ranked.slice(0, 10).map(([target, n]) => `${target} ×${n}`);
  return `, to ${counts.size} target${counts.size === 1 ? "" : "s"}: ${named.join(", ")}${ranked.length > 10 ? `, and ${ranked.length - 10} more` : ""}`;
}
