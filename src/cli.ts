/**
 * The command line. `run(argv)` returns the exit code and never exits itself:
 * 0 ok, 1 content or check error, 2 usage error.
 */
import packageJson from "../package.json" with { type: "json" };
import { relative } from "node:path";
import { Command, CommanderError, Option } from "commander";
import { build } from "./build.ts";
import { check } from "./check.ts";
import { formatError, SitegenError, SitegenErrors } from "./errors.ts";
import { findingsOfThrown, formatFinding, type Finding } from "./findings.ts";
import { FIXED_PAGES } from "./content/load.ts";
import type { Lang } from "./content/types.ts";
import { calendarDate, createNew, LANGS, siteLanguage, type NewRequest } from "./new.ts";
import { startPreview } from "./serve/server.ts";
import { startNetlifyPreview } from "./hosts/netlify/emulator.ts";
import { startWatch } from "./serve/watch.ts";

export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export const EXIT = { ok: 0, content: 1, usage: 2 } as const;

const VERSION = packageJson.version;

export async function run(argv: string[], io: Io = { stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
  let exitCode: number = EXIT.ok;
  const print = (text: string) => io.stdout.write(`${text}\n`);
  const printError = (text: string) => io.stderr.write(`${text}\n`);

  const program = new Command("sitegen")
    .description("Compile a content tree into a static site with HTML and Markdown on every URL, an agent index, OpenAPI, sitemap and Netlify CDN rules.")
    .version(VERSION, "-v, --version")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .showHelpAfterError("(run with --help for usage)");

  program
    .command("build")
    .description("compile the content tree into the output folder (atomically: a failed build leaves the old one)")
    .option("--content <dir>", "content folder", "content")
    .option("--templates <dir>", "templates folder", "templates")
    .option("--out <dir>", "output folder", "dist")
    .option("--base-url <url>", "site origin, overriding content/site.yaml (on Netlify, the URL variable does)")
    .option("-q, --quiet", "print nothing on success")
    .option("--json", "print the result as JSON")
    .addHelpText("after", "\nExamples:\n  $ sitegen build\n  $ SOURCE_DATE_EPOCH=1767225600 sitegen build --out public\n  $ sitegen build --base-url https://preview.example --json")
    .action(async (options: { content: string; templates: string; out: string; baseUrl?: string; quiet?: boolean; json?: boolean }) => {
      try {
        const result = await build({
          contentDir: options.content,
          templatesDir: options.templates,
          outDir: options.out,
          baseUrl: baseUrlFrom(options.baseUrl, io.env),
          generated: buildTime(io.env),
          workers: workersFrom(io.env),
        });
        if (options.json) {
          print(JSON.stringify({ ok: true, out: options.out, pages: result.pages, files: result.files, bytes: result.bytes, milliseconds: result.milliseconds, findings: result.warnings }, null, 2));
        } else {
          for (const warning of result.warnings) if (!options.quiet) printError(formatFinding(warning));
          if (!options.quiet) print(`Built ${result.pages} pages, ${result.files} files, ${formatBytes(result.bytes)} in ${result.milliseconds} ms → ${options.out}/`);
        }
      } catch (error) {
        exitCode = reportFailure(error, Boolean(options.json), print, printError);
      }
    });

  program
    .command("check")
    .description("validate the content and the manifest without writing; cross-check a built folder if there is one")
    .option("--content <dir>", "content folder", "content")
    .option("--templates <dir>", "templates folder", "templates")
    .option("--dist <dir>", "built folder to cross-check (skipped if it holds no build)", "dist")
    .option("--base-url <url>", "site origin, as for build (on Netlify, the URL variable); robots.txt's size depends on it")
    .option("--json", "print findings as JSON")
    .addHelpText("after", "\nExamples:\n  $ sitegen check\n  $ sitegen check --json | jq '.findings[] | select(.level == \"error\")'")
    .action(async (options: { content: string; templates: string; dist: string; baseUrl?: string; json?: boolean }) => {
      const result = await check({ contentDir: options.content, templatesDir: options.templates, distDir: options.dist, baseUrl: baseUrlFrom(options.baseUrl, io.env) });
      const errors = result.findings.filter((f) => f.level === "error");
      if (options.json) print(JSON.stringify({ ok: errors.length === 0, checked: result.checked, findings: result.findings }, null, 2));
      else {
        for (const finding of result.findings) printError(formatFinding(finding));
        const warnings = result.findings.length - errors.length;
        const scope = `${result.checked.pages} pages, ${result.checked.posts} published posts${result.checked.dist ? `, and ${options.dist}/` : ""}`;
        (errors.length ? printError : print)(`${errors.length ? "✗" : "✓"} checked ${scope}: ${errors.length} error(s), ${warnings} warning(s)`);
      }
      if (errors.length > 0) exitCode = EXIT.content;
    });

  const newCommand = program
    .command("new")
    .description("create a draft post, or a missing fixed page, with frontmatter that passes `sitegen check`")
    .addHelpText("after", `\nExamples:\n  $ sitegen new post "Idempotency keys in practice"\n  $ sitegen new post "Thử lại và hàng đợi thư chết" --lang vi\n  $ sitegen new page privacy\n`);
  const createWith = async (request: NewRequest, contentDir: string) => {
    try {
      print(await createNew(request, { contentDir }));
      printError(request.kind === "post" ? `created a draft in ${request.lang === "vi" ? "Vietnamese" : "English"}: write the description, tags and body, then set \`status: published\`` : "created the page: write its description and body");
    } catch (error) {
      if (!(error instanceof SitegenError) || error.code === "E_USAGE") throw error;
      printError(`error: ${formatError(error)}`);
      exitCode = EXIT.content;
    }
  };
  const today = () => calendarDate(buildTime(io.env), { utc: Boolean(io.env.SOURCE_DATE_EPOCH) });
  const langOption = () => new Option("--lang <lang>", "language of the text (default: the site's language)").choices(LANGS);
  newCommand
    .command("post")
    .description("create content/blog/<slug>.md, the slug made from the title; never overwrites")
    .argument("<title>", "the post's title, in quotes")
    .addOption(langOption())
    .option("--content <dir>", "content folder", "content")
    .addHelpText("after", `\nThe post starts as a draft dated today (SOURCE_DATE_EPOCH if set); the build leaves drafts out.\n\nExamples:\n  $ sitegen new post "Idempotency keys in practice"\n  $ sitegen new post "Tiến hoá schema sự kiện" --lang vi\n  $ $EDITOR "$(sitegen new post 'Sagas in practice')"\n`)
    .action(async (title: string, options: { lang?: Lang; content: string }) => {
      const lang = options.lang ?? (await siteLanguage(options.content));
      await createWith({ kind: "post", title, lang, date: today() }, options.content);
    });
  newCommand
    .command("page")
    .description(`create a missing fixed page in content/pages/ (the set is closed: ${FIXED_PAGES.join(", ")})`)
    .argument("<name>", "one of the fixed pages")
    .addOption(langOption())
    .option("--content <dir>", "content folder", "content")
    .addHelpText("after", "\nExamples:\n  $ sitegen new page privacy\n  $ sitegen new page about --lang vi\n")
    .action(async (name: string, options: { lang?: Lang; content: string }) => {
      await createWith({ kind: "page", name, lang: options.lang, date: today() }, options.content);
    });

  program
    .command("serve")
    .description("serve a built folder locally through the same negotiation code as the edge function")
    .option("--dir <dir>", "built folder to serve", "dist")
    .option("--port <port>", "port (0 picks a free one)", "8080")
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option("--watch", "build into --dir first, rebuild when the content or templates change, and reload open pages")
    .option("--netlify", "serve the project as Netlify does, through Netlify's emulator (@netlify/dev): netlify.toml's publish folder and edge function")
    .option("--content <dir>", "content folder to build and watch (with --watch)", "content")
    .option("--templates <dir>", "templates folder to build and watch (with --watch)", "templates")
    .addHelpText("after", "\nExamples:\n  $ sitegen serve\n  $ sitegen serve --watch --port 3000\n  $ sitegen serve --netlify\n  $ curl -H 'Accept: text/markdown' http://127.0.0.1:8080/about/\n")
    .action(async (options: { dir: string; port: string; host: string; watch?: boolean; netlify?: boolean; content: string; templates: string }) => {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw usage(`--port must be a number from 0 to 65535, not ${options.port}`);
      if (options.netlify && options.watch) throw usage("--netlify serves a finished build: run `sitegen build`, then `sitegen serve --netlify`");
      let preview: { close(): Promise<void> };
      if (options.netlify) {
        const netlify = await startNetlifyPreview({ projectRoot: ".", host: options.host, port });
        preview = netlify;
        print(`Serving ${relativeOrAbsolute(netlify.publishDir)}/ through Netlify's emulator at ${netlify.url} (Ctrl+C to stop)`);
      } else if (options.watch) {
        preview = await startWatch({ contentDir: options.content, templatesDir: options.templates, outDir: options.dir, host: options.host, port, generated: () => buildTime(io.env), workers: workersFrom(io.env), log: print, logError: printError });
      } else {
        const server = await startPreview({ dir: options.dir, host: options.host, port, log: print });
        preview = server;
        print(`Serving ${options.dir}/ at ${server.url} (Ctrl+C to stop)`);
      }
      await new Promise<void>((done) => {
        const stop = () => preview.close().then(done);
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
    });

  program
    .command("verify")
    .description("audit a deployed site (or the preview server) against the surface spec")
    .argument("<base-url>", "origin of the deployment, e.g. https://example.com")
    .option("--json", "print results as JSON")
    .addOption(new Option("--concurrency <n>", "requests in flight at once").default("8"))
    .addOption(new Option("--timeout <ms>", "per-request timeout in milliseconds").default("10000"))
    .addHelpText("after", "\nExamples:\n  $ sitegen verify https://example.com\n  $ sitegen verify http://127.0.0.1:8080 --json")
    .action(async (baseUrl: string, options: { json?: boolean; concurrency: string; timeout: string }) => {
      const { runVerify } = await import("./verify/index.ts");
      exitCode = await runVerify({
        baseUrl,
        json: Boolean(options.json),
        concurrency: Number(options.concurrency),
        timeoutMs: Number(options.timeout),
        color: Boolean(io.stdout.isTTY) && !io.env.NO_COLOR,
        stdout: io.stdout,
        stderr: io.stderr,
      });
    });

  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with code 0 after printing.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof SitegenError && error.code === "E_USAGE") {
      printError(`error: ${formatError(error)}`);
      return EXIT.usage;
    }
    throw error;
  }
  return exitCode;
}

function reportFailure(error: unknown, json: boolean, print: (s: string) => void, printError: (s: string) => void): number {
  if (error instanceof SitegenError && error.code === "E_USAGE") throw error;
  const findings: Finding[] = findingsOfThrown(error);
  if (json) print(JSON.stringify({ ok: false, findings }, null, 2));
  else {
    const sources = error instanceof SitegenErrors ? error.errors : [error as SitegenError];
    sources.forEach((source, i) => printError(formatFinding(findings[i], source)));
    printError(`✗ build failed with ${findings.length} error(s); the output folder was left as it was`);
  }
  return EXIT.content;
}

function usage(message: string): SitegenError {
  return new SitegenError("E_USAGE", message);
}

/** SOURCE_DATE_EPOCH (reproducible-builds.org) fixes the build time; without it, now. */
export function buildTime(env: NodeJS.ProcessEnv): Date {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === "") return new Date();
  if (!/^\d+$/.test(epoch)) throw usage(`SOURCE_DATE_EPOCH must be a whole number of seconds, not ${JSON.stringify(epoch)}`);
  return new Date(Number(epoch) * 1000);
}

/** `SITEGEN_WORKERS=N` sets the number of render worker threads (0: render in the build's own thread). */
function workersFrom(env: NodeJS.ProcessEnv): number | undefined {
  const value = env.SITEGEN_WORKERS;
  if (value === undefined || value === "") return undefined;
  if (!/^\d+$/.test(value)) throw usage(`SITEGEN_WORKERS must be a whole number of worker threads, not ${JSON.stringify(value)}`);
  return Number(value);
}

/** --base-url wins; on Netlify the deploy's URL variable; else content/site.yaml. */
function baseUrlFrom(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const value = flag ?? (env.NETLIFY === "true" ? env.URL : undefined);
  if (value === undefined) return undefined;
  if (!/^https?:\/\/[^/?#\s]+\/?$/.test(value)) throw usage(`the base URL must be an origin such as https://example.com, not ${JSON.stringify(value)}`);
  return value.replace(/\/$/, "");
}

function relativeOrAbsolute(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === "" ? "." : rel.startsWith("..") ? path : rel;
}

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
