/** How a command reports a failed build or check: one formatter for text and `--json`. */
import { SitegenError } from "../errors.ts";
import { describeFailure, findingsOfThrown } from "../findings.ts";
import { EXIT, printers, type Io } from "./io.ts";

/**
 * Prints what went wrong and returns the exit code. A usage error is thrown
 * on (the CLI prints it and exits 2); an error that is none of ours is a bug
 * and is thrown on too.
 */
export function reportFailure(error: unknown, options: { io: Io; json: boolean; summary: (count: number) => string }): number {
  if (error instanceof SitegenError && error.code === "E_USAGE") throw error;
  const findings = findingsOfThrown(error);
  const { print, printError } = printers(options.io);
  if (options.json) print(JSON.stringify({ ok: false, findings }, null, 2));
  else {
    printError(describeFailure(error));
    printError(options.summary(findings.length));
  }
  return EXIT.content;
}
