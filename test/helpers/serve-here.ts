import { delimiter, dirname } from "node:path";
import { PassThrough } from "node:stream";
import { cliEnv, cloudflareProject, DENO, netlifyProject, ROOT, type Running } from "./dist.ts";
import { scaled } from "./processes.ts";

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
