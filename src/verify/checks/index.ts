/** Every check, in the order of the spec's sections. */
import { authChecks } from "./auth.ts";
import type { Check } from "./check.ts";
import { endpointChecks } from "./endpoints.ts";
import { errorChecks } from "./errors.ts";
import { eventChecks } from "./events.ts";
import { limitChecks } from "./limits.ts";
import { negotiationChecks } from "./negotiation.ts";
import { resourceChecks } from "./resources.ts";
import { serviceChecks } from "./service.ts";
import { versioningChecks } from "./versioning.ts";

export const ALL_CHECKS: readonly Check[] = [
  ...serviceChecks,
  ...resourceChecks,
  ...endpointChecks,
  ...negotiationChecks,
  ...authChecks,
  ...eventChecks,
  ...errorChecks,
  ...limitChecks,
  ...versioningChecks,
];

/** The spec's section titles, for grouping the report. */
export const SECTION_TITLES: Readonly<Record<string, string>> = {
  "1": "What the service does",
  "2": "Resources and their fields",
  "4": "Endpoints",
  "4.1": "Content negotiation",
  "5": "Authentication",
  "6": "Events",
  "7": "Errors",
  "8": "Limits",
  "9": "Versioning",
};

export { runChecks, type Check, type CheckContext, type CheckResult, type Outcome } from "./check.ts";
