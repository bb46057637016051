/**
 * `npm install` in a site, with the npm that runs sitegen when there is
 * one (`npx` and npm scripts name it in npm_execpath), else the one on PATH.
 * Its output goes to the caller's error stream: standard output is left to
 * what the command prints for scripts. When it fails, what npm said decides
 * the message: sitegen not on the registry, the registry out of reach, or
 * another failure, each with what to do.
 */
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import packageJson from "../../package.json" with { type: "json" };
import { SitegenError } from "../errors.ts";
import { packageFolder } from "./package-folder.ts";

/** How much of npm's output is kept to read why it failed: its last lines. */
const KEPT_OUTPUT_CHARACTERS = 16_000;

export function npmInstall(
  dir: string,
  options: { packages: string[]; env: NodeJS.ProcessEnv; output: NodeJS.WritableStream },
): Promise<void> {
  const npmCli = options.env.npm_execpath;
  const [command, prefix] =
    npmCli && /\.c?js$/.test(npmCli)
      ? [process.execPath, [npmCli]]
      : [process.platform === "win32" ? "npm.cmd" : "npm", []];
  const args = [...prefix, "install", "--no-audit", "--no-fund", ...options.packages];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: dir, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let said = "";
    const keep = (chunk: Buffer) => void (said = (said + chunk.toString()).slice(-KEPT_OUTPUT_CHARACTERS));
    child.stdout.on("data", keep).pipe(options.output, { end: false });
    child.stderr.on("data", keep).pipe(options.output, { end: false });
    child.on("error", (error) =>
      reject(
        new SitegenError("E_IO", `cannot run npm: ${error.message}`, {
          hint: `install Node.js with npm, then run \`npm install\` in ${dir}`,
          cause: error,
        }),
      ),
    );
    child.on("close", (code) => (code === 0 ? resolve() : reject(installFailure(dir, code, said))));
  });
}

/** Where a site keeps the package of sitegen it was made from, until sitegen is on the registry. */
export const KEPT_PACKAGE_FOLDER = "vendor/sitegen";

/**
 * What `npm install` in the site is given for `--install-from <spec>`: a
 * package file is copied into the site (vendor/sitegen/) and named from
 * there, so package.json depends on `file:vendor/sitegen/<file>` and a clone
 * of the site's own repository installs it with `npm ci` on any machine (a
 * path outside the site, `file:../sitegen/…`, is on the author's machine
 * only); a folder is named by its absolute path; anything else is a registry
 * spec, given as it is (undefined).
 */
export function keptPackage(site: string, spec: string): string | undefined {
  if (!existsSync(spec)) return undefined;
  if (!statSync(spec).isFile()) return spec;
  const name = basename(spec);
  mkdirSync(join(site, KEPT_PACKAGE_FOLDER), { recursive: true });
  copyFileSync(spec, join(site, KEPT_PACKAGE_FOLDER, name));
  return `./${KEPT_PACKAGE_FOLDER}/${name}`;
}

/** The npm error codes of a registry out of reach (npm's own, and Node's for the connection). */
const UNREACHABLE =
  /\bcode (?:ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET_TIMEOUT)\b/;

/** Why `npm install` failed in the new site `dir`, as npm's output says, and what to do. */
export function installFailure(dir: string, code: number | null, said: string): SitegenError {
  const written = `the site in ${dir} is written`;
  if (/\bcode E404\b/.test(said) && said.includes(packageJson.name.replace("/", "%2f"))) {
    return new SitegenError(
      "E_IO",
      `npm could not install sitegen in ${dir}: ${packageJson.name} is not on the npm registry (E404), as it is not published yet`,
      {
        hint: `${written}; install sitegen from a package of it instead: ${packFrom()}, then in ${dir} run \`npm install <that .tgz file>\` (next time, \`sitegen init <dir> --install-from <that .tgz file>\` does it)`,
      },
    );
  }
  const unreachable = UNREACHABLE.exec(said);
  if (unreachable) {
    return new SitegenError(
      "E_IO",
      `npm could not reach its registry (${unreachable[0].replace(/^code /, "")}) to install sitegen in ${dir}`,
      {
        hint: `${written}; run \`npm install\` there once the registry can be reached (\`npm config get registry\` says which it is)`,
      },
    );
  }
  return new SitegenError(
    "E_IO",
    `npm install failed in ${dir} (exit code ${code}); what npm said is above`,
    { hint: `${written}; fix what npm says, then run \`npm install\` there` },
  );
}

/** How to make a package of the sitegen that is running: `npm pack` in its folder, named when it is a clone. */
function packFrom(): string {
  const root = packageFolder();
  const file = `${packageJson.name.replace(/^@/, "").replace("/", "-")}-${packageJson.version}.tgz`;
  return existsSync(join(root, ".git")) || existsSync(join(root, "src"))
    ? `run \`npm pack\` in ${root} (it writes ${file})`
    : `run \`npm pack\` in a clone of sitegen's repository (it writes ${file})`;
}
