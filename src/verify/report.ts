/** How a run is reported: one line per check grouped by spec section, or JSON. */
import type { CheckResult } from "./checks/index.ts";
import { SECTION_TITLES } from "./checks/index.ts";

export interface VerifyReport {
  readonly target: string;
  readonly siteBase: string;
  readonly userAgent: string;
  readonly requests: number;
  readonly passed: boolean;
  readonly summary: { readonly checks: number; readonly passed: number; readonly failed: number };
  readonly checks: readonly CheckResult[];
}

export function buildReport(options: {
  target: string;
  siteBase: string;
  userAgent: string;
  requests: number;
  results: readonly CheckResult[];
}): VerifyReport {
  const passed = options.results.filter((result) => result.passed).length;
  return {
    target: options.target,
    siteBase: options.siteBase,
    userAgent: options.userAgent,
    requests: options.requests,
    passed: passed === options.results.length,
    summary: { checks: options.results.length, passed, failed: options.results.length - passed },
    checks: options.results,
  };
}

export function formatJson(report: VerifyReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** Failure lines shown per check; --json has them all. */
const SHOWN_FAILURES = 10;

export function formatHuman(report: VerifyReport, options: { color: boolean }): string {
  const paint = (code: number) => (text: string) =>
    options.color ? `\u001b[${code}m${text}\u001b[0m` : text;
  const green = paint(32);
  const red = paint(31);
  const bold = paint(1);
  const dim = paint(2);
  const width = Math.max(...report.checks.map((check) => check.id.length));

  const origin = report.siteBase === report.target ? "" : ` (the site calls itself ${report.siteBase})`;
  const lines = [`Verifying ${report.target}${origin} against the surface spec: ${report.requests} requests`];
  let section: string | undefined;
  for (const check of report.checks) {
    if (check.section !== section) {
      section = check.section;
      lines.push("", bold(`§${section} ${SECTION_TITLES[section] ?? ""}`.trimEnd()));
    }
    const counted = check.passed
      ? `${check.checked} checked`
      : `${check.failures.length} of ${check.checked} failed`;
    lines.push(
      `  ${check.passed ? green("pass") : red("FAIL")}  ${check.id.padEnd(width)}  ${check.title} ${dim(`(${counted})`)}`,
    );
    for (const failure of check.failures.slice(0, SHOWN_FAILURES))
      lines.push(`        ${failure.subject}: ${failure.fault}`);
    if (check.failures.length > SHOWN_FAILURES)
      lines.push(dim(`        … and ${check.failures.length - SHOWN_FAILURES} more (--json lists them all)`));
  }
  const { checks, passed, failed } = report.summary;
  const verdict =
    failed === 0 ? green(`all ${checks} checks passed`) : red(`${failed} of ${checks} checks failed`);
  lines.push("", `${bold("Summary:")} ${verdict} (${passed} passed, ${failed} failed)`);
  return `${lines.join("\n")}\n`;
}
