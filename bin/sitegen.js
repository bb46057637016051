#!/usr/bin/env node
// Entry point: loads the TypeScript sources through tsx and sets the exit code.
// Only this file touches process.exitCode.
import { register } from "tsx/esm/api";

register();
const { run } = await import("../src/cli.ts");
process.exitCode = await run(process.argv.slice(2));
