/**
 * What a watch session prints of its findings. The first build prints them
 * all; a rebuild prints only what the save changed, the findings it added in
 * full and those it made go one line each, then one line that counts them:
 * a site with a hundred warnings printed all hundred again on every save,
 * burying the one the save made.
 *
 * A finding is the same one from build to build by its level, kind, file,
 * message and target, not its line: a line added above it moves it, and
 * that is no news. Several alike in one file are counted.
 */
import { formatLocation } from "../../errors.ts";
import { formatFindings, type Finding } from "../../findings.ts";
import { visible } from "../../text/visible.ts";

const SHOWN = ["error", "warning"] as const;

export class ToldFindings {
  /** What the last build that got to its end found, by what makes a finding the same one; none before the first. */
  #told?: Map<string, { finding: Finding; count: number }>;

  /** What a build that succeeded prints: the first, all it found, as `sitegen build` prints them; a rebuild, what it changed. */
  succeeded(findings: Finding[]): string[] {
    if (this.#told) return this.#changed(findings, this.#told);
    this.#told = tally(findings);
    return formatFindings(findings, [...SHOWN]);
  }

  /** What a rebuild changed: the findings it added, in full; those it made go, one line each; then their count. */
  #changed(findings: Finding[], told: Map<string, { finding: Finding; count: number }>): string[] {
    const now = tally(findings);
    const added = fresh(findings, told);
    const gone: string[] = [];
    let goneCount = 0;
    for (const [key, { finding, count }] of told) {
      const left = count - (now.get(key)?.count ?? 0);
      if (left <= 0) continue;
      goneCount += left;
      gone.push(`fixed: ${where(finding)}${visible(finding.message)}${left > 1 ? ` (×${left})` : ""}`);
    }
    this.#told = now;
    // A build that succeeded has no error: what it found are warnings.
    const total = shown(findings).length;
    if (added.length === 0 && goneCount === 0 && total === 0) return [];
    return [
      ...formatFindings(added, [...SHOWN]),
      ...gone,
      `${total > 0 ? "!" : "✓"} ${count(total)} in all: ${added.length} new, ${goneCount} gone`,
    ];
  }

  /**
   * What a failed rebuild prints: its errors in full, and the warnings it
   * added. The stages after the one that failed did not run, so what it did
   * not find is not gone, and what was told stays as it was.
   */
  failed(findings: Finding[]): string[] {
    const errors = findings.filter((finding) => finding.level === "error");
    const warnings = fresh(
      findings.filter((finding) => finding.level === "warning"),
      this.#told ?? new Map(),
    );
    return formatFindings([...errors, ...warnings], [...SHOWN]);
  }
}

/** The findings of `findings` beyond as many alike as were told: each alike one told before is no news. */
function fresh(findings: Finding[], told: Map<string, { count: number }>): Finding[] {
  const seen = new Map<string, number>();
  const added: Finding[] = [];
  for (const finding of shown(findings)) {
    const key = keyOf(finding);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > (told.get(key)?.count ?? 0)) added.push(finding);
  }
  return added;
}

function tally(findings: Finding[]): Map<string, { finding: Finding; count: number }> {
  const counts = new Map<string, { finding: Finding; count: number }>();
  for (const finding of shown(findings)) {
    const key = keyOf(finding);
    const known = counts.get(key);
    if (known) known.count++;
    else counts.set(key, { finding, count: 1 });
  }
  return counts;
}

function shown(findings: Finding[]): Finding[] {
  return findings.filter((finding) => finding.level !== "note");
}

function keyOf(finding: Finding): string {
  return [finding.level, finding.kind, finding.file ?? "", finding.message, finding.target ?? ""].join("\0");
}

function where(finding: Finding): string {
  return finding.file ? `${formatLocation({ file: finding.file, line: finding.line || undefined })}: ` : "";
}

function count(n: number): string {
  return `${n} warning${n === 1 ? "" : "s"}`;
}
