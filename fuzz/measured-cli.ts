/**
 * The CLI run as the content fuzz runs it (content.ts): in a site's folder,
 * at the fixed build time, killed after a bound, its time and peak memory
 * taken by GNU time where the machine has it. Its own module because the
 * measure is what the fuzz's bounds are held to, and reading GNU time's
 * line out of the CLI's own output is a job apart from making inputs.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { CLI, EPOCH } from "../test/helpers/dist.ts";

export interface CommandRun {
  status: number;
  stderr: string;
  stdout: string;
  seconds: number;
  peakRssBytes: number;
}

const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

/** The CLI in `cwd`, its time and peak memory taken by GNU time where the machine has it; killed after `timeoutMs`. */
export function runCli(cwd: string, args: string[], timeoutMs: number): Promise<CommandRun> {
  const { NETLIFY: _n, URL: _u, ...env } = process.env;
  const command = TIME ?? process.execPath;
  const commandArgs = TIME
    ? ["-f", "\nsitegen-fuzz-measure %e %M", process.execPath, CLI, ...args]
    : [CLI, ...args];
  const started = performance.now();
  return new Promise((done) => {
    execFile(
      command,
      commandArgs,
      {
        cwd,
        env: { ...env, SOURCE_DATE_EPOCH: EPOCH, NO_COLOR: "1" },
        encoding: "utf8",
        timeout: timeoutMs,
        maxBuffer: 256 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const measure = /\nsitegen-fuzz-measure ([\d.]+) (\d+)\s*$/.exec(stderr);
        // GNU time reports the child's exit as its own, and says so in a line of its own when the child failed.
        const clean = (measure ? stderr.slice(0, measure.index) : stderr).replace(
          /(^|\n)Command exited with non-zero status \d+\s*$/,
          "$1",
        );
        const status = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        done({
          status,
          stdout,
          stderr: clean,
          seconds: measure ? Number(measure[1]) : (performance.now() - started) / 1000,
          peakRssBytes: measure ? Number(measure[2]) * 1024 : 0,
        });
      },
    );
  });
}
