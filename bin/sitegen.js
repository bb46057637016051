#!/usr/bin/env node
// Entry point: runs the compiled CLI (lib/, built by scripts/compile.mjs when
// the package is prepared) with this process's streams, environment and
// working folder, and sets the exit code. Only this file touches process.exitCode.
// No V8 flag is set here: Node calls setting one after start undefined
// behaviour, and `--no-regexp-tier-up` set so made Netlify's emulator, run
// in this process by `serve --netlify`, crash now and then as it started.
import module from "node:module";

// V8's code cache for the modules loaded next (Node 22.1 and later; on an
// older Node the call does not exist and nothing changes). A second run
// reads the compiled code instead of compiling lib/ again; NODE_COMPILE_CACHE
// names the folder and NODE_DISABLE_COMPILE_CACHE=1 turns it off, as Node
// documents. The render workers inherit it through the environment.
module.enableCompileCache?.();
// A reader that stops early (`sitegen build --help | head -3`) closes the
// pipe: what is left to print has no one to read it, which is no fault. Any
// other failure to write is left to end the run as it would.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error?.code !== "EPIPE") throw error;
    process.exit(process.exitCode ?? 0);
  });
}
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
