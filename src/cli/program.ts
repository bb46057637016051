/**
 * The commands, each registered on the program: loaded by `run` only when
 * the command line is more than `--version`, since commander and the
 * commands' options are most of the CLI's own code.
 */
import type { Command } from "commander";
import { registerBuild } from "./commands/build.ts";
import { registerCheck } from "./commands/check.ts";
import { registerCompare } from "./commands/compare.ts";
import { registerHost } from "./commands/host.ts";
import { registerImport } from "./commands/import.ts";
import { registerInit } from "./commands/init.ts";
import { registerNew } from "./commands/new.ts";
import { registerServe } from "./commands/serve.ts";
import { registerVerify } from "./commands/verify.ts";
import type { Io } from "./io.ts";

export { Command, CommanderError } from "commander";

export function registerCommands(program: Command, io: Io, exit: { code: number }): void {
  registerBuild(program, io, exit);
  registerCheck(program, io, exit);
  registerCompare(program, io, exit);
  registerHost(program, io, exit);
  registerImport(program, io, exit);
  registerInit(program, io, exit);
  registerNew(program, io, exit);
  registerServe(program, io, exit);
  registerVerify(program, io, exit);
}
