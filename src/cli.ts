/**
 * The command line. `run(argv, io)` returns the exit code and never exits
 * itself: 0 ok, 1 content or check error, 2 usage error. Each command lives in
 * commands/ and loads what it needs only when it runs, so `--version` and
 * `--help` start at once.
 */
import packageJson from "../package.json" with { type: "json" };
import { Command, CommanderError } from "commander";
import { formatError, SitegenError } from "./errors.ts";
import { faultLine } from "./findings.ts";
import { visibleLines } from "./text/visible.ts";
import { registerBuild } from "./cli/commands/build.ts";
import { registerCheck } from "./cli/commands/check.ts";
import { registerCompare } from "./cli/commands/compare.ts";
import { registerHost } from "./cli/commands/host.ts";
import { registerImport } from "./cli/commands/import.ts";
import { registerInit } from "./cli/commands/init.ts";
import { registerNew } from "./cli/commands/new.ts";
import { registerServe } from "./cli/commands/serve.ts";
import { registerVerify } from "./cli/commands/verify.ts";
import { EXIT, printers, type Io } from "./cli/io.ts";

export { EXIT, type Io } from "./cli/io.ts";

export async function run(argv: string[], io: Io): Promise<number> {
  const exit = { code: EXIT.ok as number };
  const program = new Command("sitegen")
    .description("Compile a content tree into a static site with HTML and Markdown on every URL, an agent index, OpenAPI, sitemap and the rules of Netlify or Cloudflare.")
    .version(packageJson.version, "-v, --version")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(visibleLines(s)) })
    .showHelpAfterError("(run with --help for usage)");
  registerBuild(program, io, exit);
  registerCheck(program, io, exit);
  registerCompare(program, io, exit);
  registerHost(program, io, exit);
  registerImport(program, io, exit);
  registerInit(program, io, exit);
  registerNew(program, io, exit);
  registerServe(program, io, exit);
  registerVerify(program, io, exit);

  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    // --help and --version end with code 0 after printing.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof SitegenError && error.code === "E_USAGE") {
      printers(io).printError(`error: ${formatError(error)}`);
      return EXIT.usage;
    }
    printers(io).printError(ownFault(error, io.env.SITEGEN_DEBUG === "1"));
    return EXIT.content;
  }
  return exit.code;
}

/**
 * An error that is none of the content's nor of the command line's: a fault
 * of sitegen itself. It says so in one line, with where it arose, instead of
 * ending in a stack trace; SITEGEN_DEBUG=1 prints the trace too. What the run
 * wrote stays as a failure leaves it: a build's output folder as it was.
 */
function ownFault(error: unknown, debug: boolean): string {
  const hint = debug ? `\n${error instanceof Error ? error.stack : String(error)}` : "\n  hint: this is a fault of sitegen, not of the content: please report it with the command you ran; SITEGEN_DEBUG=1 shows where it arose in full";
  return `error: sitegen stopped on a fault of its own: ${faultLine(error)}${hint}`;
}
