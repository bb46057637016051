/** `sitegen build`. */
import type { Command } from "commander";
import { HOSTS, type HostName } from "../../content/types.ts";
import { DEFAULT_CACHE } from "../../write/cache-folder.ts";
import type { BuildOptions } from "../../build.ts";
import { baseUrlFrom, buildTime, deployContext, usage, workersFrom, type Io } from "../io.ts";

interface BuildFlags {
  content: string;
  templates: string;
  out: string;
  /** A folder, false for `--no-cache`, undefined for the default. */
  cache?: string | false;
  baseUrl?: string;
  host?: string;
  quiet?: boolean;
  json?: boolean;
  strict?: boolean;
  drafts?: boolean;
}

export function registerBuild(program: Command, io: Io, exit: { code: number }): void {
  program
    .command("build")
    .description(
      "compile the content tree into the output folder (atomically: a failed build leaves the old one)",
    )
    .option("--content <dir>", "content folder", "content")
    .option("--templates <dir>", "templates folder", "templates")
    .option("--out <dir>", "output folder", "dist")
    .option(
      "--cache <dir>",
      `build cache folder (default: ${DEFAULT_CACHE}): posts unchanged since the build that filled it are not rendered again, nor code highlighted or covers resized again (keep it between CI builds)`,
    )
    .option("--no-cache", "build without the cache, neither reading nor writing it")
    .option(
      "--base-url <url>",
      "site origin, overriding content/site.yaml (on Netlify, the URL variable does)",
    )
    .option(
      "--host <host>",
      `the CDN to deploy to, overriding content/site.yaml's \`host\`: ${HOSTS.join(" or ")} (rules files in its dialect)`,
    )
    .option(
      "--drafts",
      "show the drafts too, marked and indexed nowhere, for a preview (on Netlify, deploy previews and branch deploys do); never in a production build",
    )
    .option(
      "--strict",
      "fail on warnings too (the docs' Findings page lists which findings are warnings); the output folder is left as it was",
    )
    .option("-q, --quiet", "print nothing on success")
    .option("--json", "print the result as JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  $ sitegen build\n  $ SOURCE_DATE_EPOCH=1767225600 sitegen build --out public\n  $ sitegen build --cache .sitegen-cache\n  $ sitegen build --no-cache\n  $ sitegen build --base-url https://preview.example --json\n  $ sitegen build --host cloudflare\n  $ sitegen build --drafts\n  $ sitegen build --strict",
    )
    .action(async (flags: BuildFlags) => {
      if (flags.host !== undefined && !HOSTS.includes(flags.host as HostName))
        throw usage(`--host must be ${HOSTS.join(" or ")}, not ${flags.host}`);
      // The options are read here, so that a usage error is the main thread's own to throw.
      const options: BuildOptions = {
        contentDir: flags.content,
        templatesDir: flags.templates,
        outDir: flags.out,
        cache: cacheFolder(flags.cache),
        baseUrl: baseUrlFrom(flags.baseUrl, io.env),
        host: flags.host as HostName | undefined,
        generated: buildTime(io.env),
        workers: workersFrom(io.env),
        cwd: io.cwd,
        strict: flags.strict,
        ...draftsAndProduction(flags.drafts, io.env),
      };
      const { build } = await import("../build-thread.ts");
      exit.code = await build(
        options,
        { out: flags.out, quiet: flags.quiet, json: flags.json, strict: flags.strict },
        io,
      );
    });
}

/** The cache folder the flags choose: the one named, none for `--no-cache`, or the default one. */
export function cacheFolder(
  flag: string | false | undefined,
): { dir: string; implied?: boolean } | undefined {
  if (flag === false) return undefined;
  return flag === undefined ? { dir: DEFAULT_CACHE, implied: true } : { dir: flag };
}

/** Drafts where the flag or the deploy (a Netlify preview) asks for them, and whether the build is production's, which never has them. */
export function draftsAndProduction(
  flag: boolean | undefined,
  env: NodeJS.ProcessEnv,
): { drafts: boolean; production?: string } {
  const context = deployContext(env);
  return {
    drafts: Boolean(flag) || context.drafts,
    ...(context.production ? { production: context.production } : {}),
  };
}
