/** `sitegen verify` in this process against a served site: the checks that failed (a few failures each, or up to `perCheck`) and the exit code. */
import { Writable } from "node:stream";
import { runVerify } from "../../src/verify/index.ts";
import type { VerifyReport } from "../../src/verify/report.ts";
import { scaled } from "./processes.ts";

export async function verifyFailures(
  baseUrl: string,
  options: { concurrency?: number; perCheck?: number } = {},
): Promise<{ code: number; failures: { id: string; failures: { subject: string; fault: string }[] }[] }> {
  let output = "";
  const stdout = new Writable({
    write(chunk, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  const { perCheck = 5, ...verifyOptions } = options;
  const code = await runVerify({
    baseUrl,
    json: true,
    stdout,
    stderr: stdout,
    timeoutMs: scaled(10_000),
    ...verifyOptions,
  });
  const report = JSON.parse(output) as VerifyReport;
  return {
    code,
    failures: report.checks
      .filter((check) => !check.passed)
      .map((check) => ({ id: check.id, failures: check.failures.slice(0, perCheck) })),
  };
}
