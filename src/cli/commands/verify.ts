/** `sitegen verify`: audits a deployment against the surface spec. */
import { Option, type Command } from "commander";
import type { Io } from "../io.ts";

export function registerVerify(program: Command, io: Io, exit: { code: number }): void {
  program
    .command("verify")
    .description("audit a deployed site (or the preview server) against the surface spec")
    .argument("<base-url>", "origin of the deployment, e.g. https://example.com")
    .option("--json", "print results as JSON")
    .addOption(new Option("--concurrency <n>", "requests in flight at once").default("8"))
    .addOption(new Option("--timeout <ms>", "per-request timeout in milliseconds").default("10000"))
    .addOption(
      new Option(
        "--max-body <MB>",
        "the most megabytes a response's body may have, as sent and decoded",
      ).default("50"),
    )
    .addHelpText(
      "after",
      "\nExamples:\n  $ sitegen verify https://example.com\n  $ sitegen verify http://127.0.0.1:8080 --json",
    )
    .action(
      async (
        baseUrl: string,
        flags: { json?: boolean; concurrency: string; timeout: string; maxBody: string },
      ) => {
        const { runVerify } = await import("../../verify/index.ts");
        exit.code = await runVerify({
          baseUrl,
          json: Boolean(flags.json),
          concurrency: Number(flags.concurrency),
          timeoutMs: Number(flags.timeout),
          maxBodyMegabytes: Number(flags.maxBody),
          env: io.env,
          stdout: io.stdout,
          stderr: io.stderr,
        });
      },
    );
}
