/**
 * `sitegen serve` run in this process, as `sitegenHere` runs a build: `run()`
 * from src/cli.ts, the code the binary runs, with the same arguments and
 * working folder, answering until `stop`. Netlify's emulator (@netlify/dev) is
 * most of what a host's start costs: loading its modules took two CPU seconds
 * of every start in a process of its own, and a process loads them once. A
 * file that starts the hosts for many sites starts them here; a test of the
 * server's process itself (a crash, a signal, what it leaves running) starts
 * the binary (test/helpers/dist.ts).
 */
import { cpSync, readFileSync, renameSync, rmSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { cliEnv, cloudflareProject, DENO, netlifyProject, ROOT, type Running } from "./dist.ts";
import { scaled } from "./processes.ts";
import type { CloudflarePreview } from "../../src/hosts/cloudflare/wrangler.ts";

/** The built folder served by the preview server, started in this process. */
export function startPreviewHere(dir: string): Promise<Running> {
  return serveHere(["--dir", dir], ROOT);
}

/** The built folder served through Netlify's emulator, started in this process. */
export function startNetlifyHere(dir: string): Promise<Running> {
  // `serve --netlify` puts the project's Deno first on PATH, for the emulator to find when it starts its edge functions,
  // which it does after the address is printed: the folder stays there, as it does in the command's own process. Taken
  // away again, the emulator would look for Deno in vain and answer without its edge functions.
  const bin = dirname(DENO);
  if (!(process.env.PATH ?? "").split(delimiter).includes(bin))
    process.env.PATH = `${bin}${delimiter}${process.env.PATH ?? ""}`;
  return withEdgeFunction(serveHere(["--netlify"], netlifyProject(dir)));
}

/**
 * The emulator once its edge function answers: where it cannot start Deno it says so on its log alone and serves the
 * static files without the function, which would hold the tests to less than Netlify's host.
 */
async function withEdgeFunction(starting: Promise<Running>): Promise<Running> {
  const host = await starting;
  const home = await fetch(host.url, { method: "HEAD", headers: { accept: "text/markdown" } });
  if (/negotiate/.test(home.headers.get("x-nf-edge-functions") ?? "")) return host;
  await host.stop();
  throw new Error(`Netlify's emulator answered / without its edge function:\n${host.output!()}`);
}

/** The built folder served through Cloudflare's runtime, its `sitegen serve` started in this process. */
export async function startCloudflareHere(dir: string): Promise<Running> {
  return serveHere(["--cloudflare"], await cloudflareProject(dir));
}

/**
 * One Cloudflare runtime for the built folders of many sites, each served in turn: the first started as `sitegen serve
 * --cloudflare` starts it (startCloudflarePreview), each next swapped in for the one before as `serve --watch
 * --cloudflare` swaps in a new build (copied beside the served folder, then renamed in its place), answered once
 * Wrangler says it has reloaded the folder, its `_headers` and `_redirects` with it. A start of Wrangler cost two CPU
 * seconds; a reload, a tenth of that. A site's `stop` leaves the runtime to the next; `stop` here ends it.
 */
export function cloudflareInTurn(): { serve(dir: string): Promise<Running>; stop(): Promise<void> } {
  let project = "";
  let runtime: Promise<CloudflarePreview> | undefined;
  return {
    async serve(dir) {
      if (runtime === undefined) {
        const { startCloudflarePreview } = await import("../../src/hosts/cloudflare/wrangler.ts");
        project = await cloudflareProject(dir);
        runtime = startCloudflarePreview({ projectRoot: project, host: "127.0.0.1", port: 0 });
        // A runtime that did not start is started again by the next site, in a project of its own.
        runtime.catch(() => (runtime = undefined));
      } else {
        const running = await runtime;
        const taken = running.changing();
        const [served, next, old] = ["dist", "dist-next", "dist-old"].map((name) => join(project, name));
        cpSync(dir, next, { recursive: true });
        renameSync(served, old);
        renameSync(next, served);
        await taken();
        rmSync(old, { recursive: true, force: true });
        // `changing` waits for Wrangler's reload a while at most: the runtime must answer with the new folder's sitemap.
        const sitemap = readFileSync(join(dir, "sitemap.xml"));
        const limit = Date.now() + scaled(30_000);
        const answers = async () =>
          Buffer.from(await (await fetch(new URL("sitemap.xml", running.url))).arrayBuffer()).equals(sitemap);
        while (!(await answers())) {
          if (Date.now() > limit)
            throw new Error(`Cloudflare's runtime does not answer with ${dir}/sitemap.xml after the swap`);
          await new Promise((done) => setTimeout(done, 200));
        }
      }
      const running = await runtime;
      let ended = false;
      void running.ended.then(() => (ended = true));
      return { url: running.url, stop: async () => {}, running: () => !ended };
    },
    stop: async () => (await runtime?.catch(() => undefined))?.close(),
  };
}

/** `sitegen serve <args> --port 0` in `cwd`, once it has printed the address it answers at. */
export async function serveHere(args: string[], cwd: string): Promise<Running> {
  const { run } = await import("../../src/cli.ts");
  let output = "";
  const printed = new PassThrough();
  printed.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let stop = () => {};
  const stopped = new Promise<void>((done) => (stop = done));
  let ended = false;
  const command = ["serve", ...args, "--port", "0"];
  const exited = run(command, {
    stdout: printed,
    stderr: printed,
    env: cliEnv(),
    cwd,
    stopped: () => stopped,
  }).finally(() => (ended = true));
  const url = await new Promise<string>((done, fail) => {
    const limit = scaled(60_000);
    const timer = setTimeout(() => {
      stop();
      fail(new Error(`no URL from sitegen ${command.join(" ")} within ${limit / 1000} s:\n${output}`));
    }, limit);
    printed.on("data", () => {
      const match = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      done(match[1]);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`sitegen ${command.join(" ")} ended with ${code}:\n${output}`));
    });
  });
  return {
    url,
    stop: async () => {
      stop();
      await exited;
    },
    running: () => !ended,
    output: () => output,
  };
}
