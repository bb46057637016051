#!/usr/bin/env node
// Entry point: runs the compiled CLI (lib/, built by scripts/compile.mjs when
// the package is prepared) with this process's streams, environment and
// working folder, and sets the exit code. Only this file touches process.exitCode.
// V8 first interprets a regular expression, and compiles it only once it has
// run; highlight.js builds a few large ones per language and runs each many
// times, so compiling at once is cheaper (30 ms of the real site's 0.29 s
// build, none lost at 10,000 posts). The flag is read when a regular
// expression first runs, and covers the render workers too.
import { setFlagsFromString } from "node:v8";
setFlagsFromString("--no-regexp-tier-up");
let cli;
try {
  cli = await import("../lib/cli.js");
} catch (error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes("lib/cli.js")) throw error;
  process.stderr.write("error: sitegen is not compiled (lib/cli.js is missing)\n  hint: run `npm run compile` in the sitegen folder\n");
  process.exit(2);
}
const stopped = () => new Promise((resolve) => ["SIGINT", "SIGTERM"].forEach((signal) => process.once(signal, resolve)));
process.exitCode = await cli.run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(), stopped });
