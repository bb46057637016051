#!/usr/bin/env node
// Entry point: runs the compiled CLI (lib/, built by scripts/compile.mjs when
// the package is prepared) and sets the exit code. Only this file touches
// process.exitCode.
let cli;
try {
  cli = await import("../lib/cli.js");
} catch (error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes("lib/cli.js")) throw error;
  process.stderr.write("error: sitegen is not compiled (lib/cli.js is missing)\n  hint: run `npm run compile` in the sitegen folder\n");
  process.exit(2);
}
process.exitCode = await cli.run(process.argv.slice(2));
