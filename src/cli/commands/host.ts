/** `sitegen host add <host>`: a host's files added to a site that has none of them, never over the site's own. */
import type { Command } from "commander";
import { HOSTS, type HostName } from "../../content/types.ts";
import { formatError, SitegenError } from "../../errors.ts";
import { EXIT, printers, usage, type Io } from "../io.ts";

const FILES: Record<HostName, string> = {
  netlify: "netlify.toml and netlify/edge-functions/negotiate.js",
  cloudflare: "wrangler.jsonc and worker.js, with wrangler as a development dependency",
};

export function registerHost(program: Command, io: Io, exit: { code: number }): void {
  const host = program
    .command("host")
    .description("the CDN hosts a site deploys to")
    .addHelpText("after", "\nExamples:\n  $ sitegen host add cloudflare\n  $ sitegen host add netlify\n");
  host
    .command("add")
    .description(
      `add a host's files to the site in this folder: ${HOSTS.map((name) => `${name}: ${FILES[name]}`).join("; ")}; a file the site has is kept as it is`,
    )
    .argument("<host>", HOSTS.join(" or "))
    .option("--no-install", "write the files only; run `npm install` later")
    .addHelpText(
      "after",
      "\nThe site's own files are never overwritten: package.json gains a development dependency and .gitignore a line, nothing else.\n\nExamples:\n  $ sitegen host add cloudflare\n  $ sitegen host add netlify --no-install\n",
    )
    .action(async (name: string, flags: { install: boolean }) => {
      if (!HOSTS.includes(name as HostName))
        throw usage(`the host must be ${HOSTS.join(" or ")}, not ${name}`);
      const chosen = name as HostName;
      const { addHost, notInstalled } = await import("../../init/host.ts");
      const { readStarter } = await import("../../init/init.ts");
      const { print, printError } = printers(io);
      try {
        const plan = await addHost(io.cwd, chosen, await readStarter());
        for (const file of plan.write) print(file.path);
        if (plan.kept.length > 0)
          printError(
            `kept ${plan.kept.join(", ")} as ${plan.kept.length === 1 ? "it was" : "they were"}: the site's own`,
          );
        if (plan.added.length > 0)
          printError(`added ${plan.added.join(", ")} to package.json's devDependencies`);
        const missing = notInstalled(io.cwd, chosen);
        if (flags.install && missing.length > 0) {
          const { npmInstall } = await import("../../init/install.ts");
          printError(`installing ${missing.join(", ")} (npm install)…`);
          await npmInstall(io.cwd, { packages: [], env: io.env, output: io.stderr });
        }
        printError(await nextSteps(io.cwd, chosen));
      } catch (error) {
        if (!(error instanceof SitegenError) || error.code === "E_USAGE") throw error;
        printError(`error: ${formatError(error)}`);
        exit.code = EXIT.content;
      }
    });
}

/** How to build and serve for the host now, and whether site.yaml's `host` already chooses it. */
async function nextSteps(dir: string, host: HostName): Promise<string> {
  const { notInstalled, siteHost } = await import("../../init/host.ts");
  const { host: built, written } = await siteHost(dir);
  const install = notInstalled(dir, host).length > 0 ? "npm install && " : "";
  const serve = host === "cloudflare" ? "npx sitegen serve --cloudflare" : "npx sitegen serve --netlify";
  if (built === host) return `next: ${install}npx sitegen build && ${serve}`;
  const chosen = written
    ? `site.yaml's \`host\` is ${built}`
    : `site.yaml names no \`host\`, so a build is for ${built}`;
  const name = host === "cloudflare" ? "Cloudflare" : "Netlify";
  return `next: ${install}npx sitegen build --host ${host} && ${serve} (${chosen}: set \`host: ${host}\` there to build for ${name} without --host)`;
}
