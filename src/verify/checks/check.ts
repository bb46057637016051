/** What a check is and what it reports. Checks are pure: observations in, outcomes out. */
import {
  describeProbe,
  describeResponse,
  type Exchange,
  type Observations,
  type Probe,
} from "../exchange.ts";
import type { Surface } from "../discover.ts";

export interface CheckContext {
  readonly surface: Surface;
  readonly observed: Observations;
}

/** One thing a check looked at; `fault` says what is wrong with it, or is absent when it is right. */
export interface Outcome {
  readonly subject: string;
  readonly fault?: string;
}

export interface Check {
  /** Stable identifier: the spec rule it enforces, then a name (`4.1.4-vary`). */
  readonly id: string;
  /** The spec section it belongs to (`4.1`). */
  readonly section: string;
  /** The rule, in a line. */
  readonly title: string;
  run(context: CheckContext): Outcome[];
}

export interface CheckResult {
  readonly id: string;
  readonly section: string;
  readonly title: string;
  readonly passed: boolean;
  /** How many subjects were looked at. */
  readonly checked: number;
  readonly failures: readonly { subject: string; fault: string }[];
}

export function runChecks(checks: readonly Check[], context: CheckContext): CheckResult[] {
  return checks.map((check) => {
    const outcomes = check.run(context);
    // A check with nothing to look at means the surface it needs is missing, which is a failure.
    const failures =
      outcomes.length === 0
        ? [{ subject: "(nothing)", fault: "nothing could be checked; see the failures above" }]
        : outcomes.flatMap((outcome) =>
            outcome.fault === undefined ? [] : [{ subject: outcome.subject, fault: outcome.fault }],
          );
    return {
      id: check.id,
      section: check.section,
      title: check.title,
      passed: failures.length === 0,
      checked: outcomes.length,
      failures,
    };
  });
}

/**
 * Judges the response to `probe`: `judge` returns the fault, or undefined when the
 * response is right. A probe that got no response is a fault in itself.
 */
export function judgeProbe(
  observed: Observations,
  probe: Probe,
  judge: (exchange: Exchange) => string | undefined,
): Outcome {
  const subject = describeProbe(probe);
  const exchange = observed.get(probe);
  if (exchange === undefined) return { subject, fault: "not requested" };
  if (exchange.status === 0) return { subject, fault: describeResponse(exchange) };
  const fault = judge(exchange);
  return fault === undefined ? { subject } : { subject, fault };
}

/** The response must have `status`; `then` judges the rest. */
export function expectStatus(
  status: number,
  then?: (exchange: Exchange) => string | undefined,
): (exchange: Exchange) => string | undefined {
  return (exchange) =>
    exchange.status !== status
      ? `answered ${describeResponse(exchange)}; expected ${status}`
      : then?.(exchange);
}

/** Outcome for a whole-document fact: `faults` empty means it holds. */
export function outcome(subject: string, faults: readonly string[]): Outcome {
  return faults.length === 0 ? { subject } : { subject, fault: faults.join("; ") };
}
