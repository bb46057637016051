/**
 * `npm install` in a new site, with the npm that runs sitegen when there is
 * one (`npx` and npm scripts name it in npm_execpath), else the one on PATH.
 * Its output goes to the caller's error stream: standard output is left to
 * what the command prints for scripts.
 */
import { spawn } from "node:child_process";
import { SitegenError } from "../errors.ts";

export function npmInstall(dir: string, options: { packages: string[]; env: NodeJS.ProcessEnv; output: NodeJS.WritableStream }): Promise<void> {
  const npmCli = options.env.npm_execpath;
  const [command, prefix] = npmCli && /\.c?js$/.test(npmCli) ? [process.execPath, [npmCli]] : [process.platform === "win32" ? "npm.cmd" : "npm", []];
  const args = [...prefix, "install", "--no-audit", "--no-fund", ...options.packages];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: dir, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(options.output, { end: false });
    child.stderr.pipe(options.output, { end: false });
    child.on("error", (error) => reject(new SitegenError("E_IO", `cannot run npm: ${error.message}`, { hint: `install Node.js with npm, then run \`npm install\` in ${dir}`, cause: error })));
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new SitegenError("E_IO", `npm install failed in ${dir} (exit code ${code})`, { hint: `the site is written; run \`npm install\` in ${dir} once npm can reach its registry` }));
    });
  });
}
