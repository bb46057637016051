/** `sitegen serve`: the preview server, watch mode, or the site through Netlify's emulator or Cloudflare's runtime. */
import { relative, resolve } from "node:path";
import type { Command } from "commander";
import { formatError, type SitegenError } from "../../errors.ts";
import type { WatchOptions } from "../../hosts/preview/watch.ts";
import { buildTime, EXIT, printers, usage, workersFrom, type Io } from "../io.ts";

interface ServeFlags {
  dir: string;
  port: string;
  host: string;
  watch?: boolean;
  netlify?: boolean;
  cloudflare?: boolean;
  content: string;
  templates: string;
  drafts?: boolean;
}

export function registerServe(program: Command, io: Io, exit: { code: number }): void {
  program
    .command("serve")
    .description("serve a built folder locally through the same negotiation code as the edge function")
    .option("--dir <dir>", "built folder to serve", "dist")
    .option("--port <port>", "port (0 picks a free one)", "8080")
    .option("--host <host>", "interface to listen on", "127.0.0.1")
    .option(
      "--watch",
      "build into --dir first, rebuild when the content or templates change, and reload open pages (with --cloudflare: through Cloudflare's runtime)",
    )
    .option(
      "--netlify",
      "serve the project as Netlify does, through Netlify's emulator (@netlify/dev): netlify.toml's publish folder and edge function",
    )
    .option(
      "--cloudflare",
      "serve the project as Cloudflare does, through Cloudflare's runtime (wrangler dev): wrangler.jsonc's assets folder and worker",
    )
    .option("--drafts", "build with the drafts and watch, as --watch does (it shows them unless --no-drafts)")
    .option("--no-drafts", "with --watch: leave the drafts out, as a production build does")
    .option("--content <dir>", "content folder to build and watch (with --watch)", "content")
    .option("--templates <dir>", "templates folder to build and watch (with --watch)", "templates")
    .addHelpText(
      "after",
      "\nExamples:\n  $ sitegen serve\n  $ sitegen serve --watch --port 3000\n  $ sitegen serve --netlify\n  $ sitegen serve --cloudflare\n  $ sitegen serve --watch --cloudflare\n  $ curl -H 'Accept: text/markdown' http://127.0.0.1:8080/about/\n",
    )
    .action(async (flags: ServeFlags) => {
      const port = Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw usage(`--port must be a number from 0 to 65535, not ${flags.port}`);
      if (flags.netlify && flags.cloudflare)
        throw usage("--netlify and --cloudflare name two hosts", "choose one");
      if (flags.netlify && flags.drafts)
        throw usage(
          "--netlify serves a finished build",
          "build it with the drafts first: `sitegen build --drafts`, then `sitegen serve --netlify`",
        );
      // Drafts are built: `serve --drafts` watches, as `serve --watch` does.
      if (flags.drafts) flags.watch = true;
      if (flags.netlify && flags.watch)
        throw usage(
          "--netlify serves a finished build",
          "run `sitegen build`, then `sitegen serve --netlify`; `sitegen serve --watch` rebuilds as you write, and so does `sitegen serve --watch --cloudflare` through Cloudflare's runtime",
        );
      const running: { close(): Promise<void>; ended?: Promise<SitegenError> } = flags.netlify
        ? await serveNetlify(io, flags.host, port)
        : flags.watch
          ? await serveWatching(io, flags, port)
          : flags.cloudflare
            ? await serveCloudflare(io, flags.host, port)
            : await servePreview(io, flags, port);
      // Until the user stops the server, or the host under it ends on its own.
      const ended = await Promise.race([
        io.stopped().then(() => undefined),
        running.ended ?? new Promise<never>(() => {}),
      ]);
      await running.close();
      if (ended) {
        printers(io).printError(`error: ${formatError(ended)}`);
        exit.code = EXIT.content;
      }
    });
}

async function servePreview(io: Io, flags: ServeFlags, port: number) {
  const { startPreview } = await import("../../hosts/preview/server.ts");
  const { print } = printers(io);
  const server = await startPreview({ dir: resolve(io.cwd, flags.dir), host: flags.host, port, log: print });
  print(`Serving ${flags.dir}/ at ${server.url} (Ctrl+C to stop)`);
  return server;
}

async function serveWatching(io: Io, flags: ServeFlags, port: number) {
  const { startWatch } = await import("../../hosts/preview/watch.ts");
  const { print, printError } = printers(io);
  const cloudflare = flags.cloudflare ? await cloudflareUpstream(io, flags) : undefined;
  return startWatch({
    ...cloudflare,
    contentDir: flags.content,
    templatesDir: flags.templates,
    outDir: flags.dir,
    cwd: io.cwd,
    host: flags.host,
    port,
    generated: () => buildTime(io.env),
    workers: workersFrom(io.env),
    // A preview while writing: the drafts are shown, marked, unless asked not to be.
    drafts: flags.drafts ?? true,
    log: print,
    logError: printError,
  });
}

/**
 * What `serve --watch --cloudflare` puts behind the watch session's server:
 * Cloudflare's runtime, on a port of its own, serving the folder the watch
 * builds for Cloudflare into. Its configuration and Wrangler are looked for
 * before the first build.
 */
async function cloudflareUpstream(
  io: Io,
  flags: ServeFlags,
): Promise<Pick<WatchOptions, "cdn" | "upstream">> {
  const { cloudflareProject, startCloudflarePreview } = await import("../../hosts/cloudflare/wrangler.ts");
  const { publishDir } = cloudflareProject(io.cwd);
  if (publishDir !== resolve(io.cwd, flags.dir)) {
    throw usage(
      `wrangler.jsonc serves ${relative(io.cwd, publishDir) || "."}/, and --dir is ${flags.dir}`,
      `watch into the folder Cloudflare's runtime serves: --dir ${relative(io.cwd, publishDir) || "."}`,
    );
  }
  return {
    cdn: "cloudflare",
    async upstream() {
      const runtime = await startCloudflarePreview({ projectRoot: io.cwd, host: "127.0.0.1", port: 0 });
      return {
        name: "Cloudflare's runtime (wrangler)",
        answer: runtime.answer,
        changing: runtime.changing,
        ended: runtime.ended,
        close: runtime.close,
      };
    },
  };
}

async function serveNetlify(io: Io, host: string, port: number) {
  const { startNetlifyPreview } = await import("../../hosts/netlify/emulator.ts");
  return announced(io, await startNetlifyPreview({ projectRoot: io.cwd, host, port }), "Netlify's emulator");
}

async function serveCloudflare(io: Io, host: string, port: number) {
  const { startCloudflarePreview } = await import("../../hosts/cloudflare/wrangler.ts");
  return announced(
    io,
    await startCloudflarePreview({ projectRoot: io.cwd, host, port }),
    "Cloudflare's runtime (wrangler)",
  );
}

function announced<T extends { url: string; publishDir: string }>(io: Io, running: T, through: string): T {
  const shown = relative(io.cwd, running.publishDir);
  printers(io).print(
    `Serving ${shown.startsWith("..") ? running.publishDir : shown || "."}/ through ${through} at ${running.url} (Ctrl+C to stop)`,
  );
  return running;
}
