/**
 * A temporary copy of the real content and templates, for tests that create,
 * edit or break files, and the real CLI run inside it, so messages name files
 * as a user in that folder sees them (`content/blog/x.md:5:7`).
 */
import { execFile } from "node:child_process";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { CLI, cliEnv, EPOCH, ROOT, tempDir, type CliResult } from "./dist.ts";

/** What a run of the CLI gave: its exit status and what it printed. */
export type CliRun = CliResult;

/** A command as a user types it in `cwd`: npm and npx from PATH, the test's environment without a Netlify build's or an npm script's. */
export function shell(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<CliRun> {
  const {
    NETLIFY: _n,
    URL: _u,
    CONTEXT: _c,
    CF_PAGES: _cf,
    WORKERS_CI: _w,
    npm_execpath: _e,
    npm_config_prefix: _p,
    ...inherited
  } = process.env;
  return new Promise((done) => {
    execFile(
      command,
      args,
      {
        cwd,
        env: { ...inherited, SOURCE_DATE_EPOCH: EPOCH, NO_COLOR: "1", ...env },
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        done({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** A folder holding `content/` and `templates/` copied from the project. */
export function tempProject(): string {
  const dir = tempDir("sitegen-project-");
  for (const part of ["content", "templates"]) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  return dir;
}

/**
 * `node bin/sitegen.js …` in `cwd`, stdout and stderr not a terminal, time fixed to 2026-12-01. With `timeoutMs`,
 * a run still going then is killed and reported as status -1: a bound on a hang, never a measure of speed.
 */
export function sitegenIn(
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  options: { timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd, env: cliEnv(env), encoding: "utf8", timeout: options.timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        done({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}
