/**
 * The command line. `run(argv, io)` returns the exit code and never exits
 * itself: 0 ok, 1 content or check error, 2 usage error. Each command lives in
 * commands/ and loads what it needs only when it runs, so `--version` and
 * `--help` start at once.
 */
import packageJson from "../package.json" with { type: "json" };
import { formatError, SitegenError } from "./errors.ts";
import { faultLine } from "./findings.ts";
import { visibleLines } from "./text/visible.ts";
import { EXIT, printers, type Io } from "./cli/io.ts";

export { EXIT, type Io } from "./cli/io.ts";

export async function run(argv: string[], io: Io): Promise<number> {
  // The version alone, as commander would print it, without loading commander and the commands: a third of what `sitegen --version` took beyond Node's own start.
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
    io.stdout.write(`${packageJson.version}\n`);
    return EXIT.ok;
  }
  const { Command, CommanderError, registerCommands } = await import("./cli/program.ts");
  const exit = { code: EXIT.ok as number };
  const program = new Command("sitegen")
    .description(
      "Compile a content tree into a static site with HTML and Markdown on every URL, an agent index, OpenAPI, sitemap and the rules of Netlify or Cloudflare.",
    )
    .version(packageJson.version, "-v, --version")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(visibleLines(s)),
    })
    .showHelpAfterError("(run with --help for usage)");
  registerCommands(program, io, exit);

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
  const hint = debug
    ? `\n${error instanceof Error ? error.stack : String(error)}`
    : "\n  hint: this is a fault of sitegen, not of the content: please report it with the command you ran; SITEGEN_DEBUG=1 shows where it arose in full";
  return `error: sitegen stopped on a fault of its own: ${faultLine(error)}${hint}`;
}
