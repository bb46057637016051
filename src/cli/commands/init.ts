/** `sitegen init <dir>`: a new site that builds and passes `check` as it is. */
import { resolve } from "node:path";
import type { Command } from "commander";
import { formatError, SitegenError } from "../../errors.ts";
import { HOSTS, type HostName } from "../../content/types.ts";
import { buildTime, EXIT, printers, usage, type Io } from "../io.ts";

interface InitFlags {
  host: string;
  install: boolean;
  installFrom?: string;
}

export function registerInit(program: Command, io: Io, exit: { code: number }): void {
  program
    .command("init")
    .description(
      "create a new site in <dir>: content, templates, and the CDN's files (netlify.toml and the edge function, or wrangler.jsonc and the worker), with sitegen as its dependency",
    )
    .argument(
      "<dir>",
      "a folder that does not exist yet, is empty, or holds only .git, .gitignore, a README or a licence",
    )
    .option("--host <host>", `the CDN the site deploys to: ${HOSTS.join(" or ")}`, "netlify")
    .option("--no-install", "write the files only; run `npm install` in the folder later")
    .option(
      "--install-from <spec>",
      "install sitegen from this npm spec instead of the registry; a package file (.tgz) is kept in the site, under vendor/sitegen/, so the site's repository installs it as it is",
    )
    .addHelpText(
      "after",
      "\nsitegen is not on the npm registry yet: install it from a package of it, made by `npm pack` in a clone of its repository (--install-from).\n\nThen:\n  $ cd <dir> && npx sitegen serve --watch\n\nExamples:\n  $ sitegen init my-site --install-from ../sitegen/sitegen-cli-1.0.0.tgz\n  $ sitegen init . --no-install\n  $ sitegen init my-site --host cloudflare --install-from ../sitegen/sitegen-cli-1.0.0.tgz\n",
    )
    .action(async (dir: string, flags: InitFlags) => {
      const { createSite } = await import("../../init/init.ts");
      const { calendarDate } = await import("../../content/new.ts");
      const { print, printError } = printers(io);
      const folder = resolve(io.cwd, dir);
      const shown = dir.replace(/[\\/]+$/, "") || ".";
      if (!HOSTS.includes(flags.host as HostName))
        throw usage(`--host must be ${HOSTS.join(" or ")}, not ${flags.host}`);
      const host = flags.host as HostName;
      try {
        const date = calendarDate(buildTime(io.env), { utc: Boolean(io.env.SOURCE_DATE_EPOCH) });
        const written = await createSite(folder, { date, host });
        const cdn =
          host === "cloudflare" ? "wrangler.jsonc, worker.js" : "netlify.toml, netlify/edge-functions/";
        printError(`wrote ${written.length} files: content/, templates/, ${cdn}, package.json, .gitignore`);
        if (flags.install) {
          const { npmInstall } = await import("../../init/install.ts");
          printError(`installing sitegen in ${shown}/ (npm install)…`);
          const { keptPackage } = await import("../../init/install.ts");
          await npmInstall(folder, {
            packages: flags.installFrom
              ? [keptPackage(folder, resolve(io.cwd, flags.installFrom)) ?? flags.installFrom]
              : [],
            env: io.env,
            output: io.stderr,
          });
        }
        print(shown);
        const steps = [
          ...(shown === "." ? [] : [`cd ${shown}`]),
          ...(flags.install ? [] : ["npm install"]),
          "npx sitegen serve --watch",
        ];
        // As the README's quick start: build, serve and rebuild on each save.
        printError(`next: ${steps.join(" && ")}`);
      } catch (error) {
        if (!(error instanceof SitegenError) || error.code === "E_USAGE") throw error;
        printError(`error: ${formatError(error)}`);
        exit.code = EXIT.content;
      }
    });
}
