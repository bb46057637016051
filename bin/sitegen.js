#!/usr/bin/env node
// Entry point: loads the CLI (see load-cli.js) and sets the exit code.
// Only this file touches process.exitCode.
import { loadCli } from "./load-cli.js";

const run = await loadCli();
process.exitCode = await run(process.argv.slice(2));
