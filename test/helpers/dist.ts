/**
 * Shared test helpers: build the real site once per test run, and start the
 * real preview server or the real edge function under Deno as child processes.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { createServer, type AddressInfo } from "node:net";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { PassThrough } from "node:stream";
import { endTree, scaled } from "./processes.ts";
import { onceForTheRun } from "./run-once.ts";

export const ROOT = resolve(import.meta.dirname, "../..");
export const CLI = join(ROOT, "bin/sitegen.js");
export const DENO = join(ROOT, "node_modules/.bin/deno");
/** The files of spec §2.6 with the media type each must answer with (written out, not read from src/). */
export const SURFACE_FILES: [path: string, type: string][] = [
  ["/llms.txt", "text/plain; charset=utf-8"],
  ["/llms-full.txt", "text/plain; charset=utf-8"],
  ["/agent-instructions.md", "text/markdown; charset=utf-8"],
  ["/blog-index.json", "application/json; charset=utf-8"],
  ["/sitemap.xml", "application/xml; charset=utf-8"],
  ["/robots.txt", "text/plain; charset=utf-8"],
  ["/openapi.json", "application/json; charset=utf-8"],
];

/** 2026-12-01T00:00:00Z: every test build stands for the same moment, after the newest post of the site. */
export const EPOCH = "1796083200";

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment a test's run of the CLI sees: this one's, without what a deploy sets (a Netlify build's URL would
 * override the base URL every test expects, and a deploy's context, Netlify's or Cloudflare's, would make every build a
 * production or preview one), the time fixed and no colour (whatever the shell running the tests forces); then `env`.
 */
export function cliEnv(env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const {
    NETLIFY: _netlify,
    URL: _url,
    CONTEXT: _context,
    CF_PAGES: _pages,
    WORKERS_CI: _workers,
    FORCE_COLOR: _colour,
    ...inherited
  } = process.env;
  return { ...inherited, SOURCE_DATE_EPOCH: EPOCH, NO_COLOR: "1", ...env };
}

/** Runs the real CLI synchronously; `node`: options for Node itself, before the CLI (a module to preload). */
export function sitegen(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; node?: string[] } = {},
): CliResult {
  const result = spawnSync(process.execPath, [...(options.node ?? []), CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    env: cliEnv(options.env),
    encoding: "utf8",
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The CLI as `sitegen` runs it, in this process: `run(argv, io)` from src/cli.ts, the code the binary runs, with the
 * same arguments, working folder and environment, and streams that are not terminals. Starting Node for a run cost
 * more than most builds of a small site; a test of what a command makes and says runs it here, a test of the process
 * itself (a crash, a hang, a signal, what the binary does before `run`) starts the binary.
 */
export function sitegenHere(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  // One run at a time: a build sets where this process keeps its highlighted blocks, as the binary's one build does.
  const result = runsHere.then(() => runHere(args, options));
  runsHere = result.catch(() => {});
  return result;
}
let runsHere: Promise<unknown> = Promise.resolve();

/**
 * `sitegenHere`, and what the run published on the diagnostics channel `channel` while it ran, as `tracedSitegen` has
 * it from a process of its own: only this thread's events are heard, so a channel a worker thread publishes on is
 * traced with SITEGEN_WORKERS=0.
 */
export function tracedSitegenHere<E>(
  channel: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult & { events: E[] }> {
  const result = runsHere.then(async () => {
    const events: E[] = [];
    const heard = (event: unknown) => events.push(event as E);
    subscribe(channel, heard);
    try {
      return { ...(await runHere(args, options)), events };
    } finally {
      unsubscribe(channel, heard);
    }
  });
  runsHere = result.catch(() => {});
  return result;
}

async function runHere(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
): Promise<CliResult> {
  const { run } = await import("../../src/cli.ts");
  const capture = () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
  };
  const [stdout, stderr] = [capture(), capture()];
  const status = await run(args, {
    stdout: stdout.stream,
    stderr: stderr.stream,
    env: cliEnv(options.env),
    cwd: options.cwd ?? ROOT,
    stopped: () => new Promise(() => {}),
  });
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}

const temporary: string[] = [];
process.once("exit", () => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder, removed when the test process exits. */
export function tempDir(prefix = "sitegen-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** A temporary folder holding `files` (by their `/`-separated paths), removed with the others when the run ends. */
export function writtenTree(prefix: string, files: Record<string, string>): string {
  const root = tempDir(prefix);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/**
 * The negotiation data of a build with every route shard merged: the table a
 * host never loads whole, for tests to list and look up every route.
 */
export function routeTable(dist: string) {
  const read = (file: string) => JSON.parse(readFileSync(join(dist, "_sitegen", file), "utf8"));
  const data = read("negotiation.json");
  const table = { ...data, pages: {} as Record<string, any>, files: {} as Record<string, any> };
  for (let index = 0; index < data.shards; index++) {
    const shard = read(`routes/${index}.json`);
    Object.assign(table.pages, shard.pages);
    Object.assign(table.files, shard.files);
  }
  return table;
}

/**
 * `sitegen` with `args`, and what it published on the diagnostics channel
 * `channel` (test/helpers/channel-trace.mjs): which lane rendered, where a
 * highlighted block came from, which post files were parsed.
 */
export function tracedSitegen<E>(
  channel: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): CliResult & { events: E[] } {
  const trace = join(tempDir("sitegen-trace-"), "events.json");
  const run = sitegen(args, {
    cwd: options.cwd,
    node: ["--import", join(import.meta.dirname, "channel-trace.mjs")],
    env: { ...options.env, SITEGEN_TEST_TRACE_CHANNEL: channel, SITEGEN_TEST_TRACE: trace },
  });
  return { ...run, events: existsSync(trace) ? (JSON.parse(readFileSync(trace, "utf8")) as E[]) : [] };
}

let built: string | undefined;

/** The real content built once into a temporary folder, once for the whole run (test/helpers/run-once.ts). */
export function builtSite(): string {
  built ??= join(
    onceForTheRun("example-site", tempDir, (folder) => {
      const result = sitegen(["build", "--out", join(folder, "dist"), "--quiet"]);
      if (result.status !== 0) throw new Error(`build failed:\n${result.stderr}`);
    }),
    "dist",
  );
  return built;
}

export interface Running {
  url: string;
  stop(): Promise<void>;
  /** Whether the process is still running. */
  running(): boolean;
  /** The process's id, and everything it has printed (standard output and error together). */
  pid?: number;
  output?(): string;
}

/** Asks `child` to stop (SIGTERM) and resolves once it has exited; at once if it already has. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((stopped) => {
    if (child.exitCode !== null || child.signalCode !== null) return stopped();
    child.once("exit", () => stopped());
    child.kill("SIGTERM");
  });
}

/** Starts a child process and waits for the `http://…/` URL it prints. */
export function startPrinting(command: string, args: string[], cwd: string): Promise<Running> {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  let output = "";
  return new Promise((done, fail) => {
    // A server that does not start in time is ended with all it started: left running, it would keep the test process from ending.
    const limit = scaled(60_000);
    const timer = setTimeout(() => {
      endTree(child.pid!);
      fail(
        new Error(
          `no URL from ${command} ${args.join(" ")} within ${limit / 1000} s (SITEGEN_TEST_TIME_SCALE scales it):\n${output}`,
        ),
      );
    }, limit);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done({
          url: match[1],
          stop: () => stopChild(child),
          running: () => child.exitCode === null && child.signalCode === null,
          pid: child.pid,
          output: () => output,
        });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`${command} exited with ${code}:\n${output}`));
    });
  });
}

/** The real preview server over a built folder, on `port` (by default a free one). */
export function startPreviewServer(dir: string, port = 0): Promise<Running> {
  return startPrinting(process.execPath, [CLI, "serve", "--dir", dir, "--port", String(port)], ROOT);
}

/** A TCP port free on 127.0.0.1 a moment ago: for a server whose address must be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

/**
 * A Netlify project around a built folder, as a deploy sees it: netlify.toml,
 * the edge function and the compiled handler it imports (lib/), and the build as the publish
 * folder (`dist/`, as netlify.toml names it). Without `dir`, the project has no `dist/` yet:
 * the caller builds into it (a large build is cheaper to make there than to copy there).
 */
export function netlifyProject(dir?: string): string {
  const project = tempDir("sitegen-netlify-");
  for (const part of ["rules", "lib", "package.json", "netlify.toml"])
    cpSync(join(ROOT, part), join(project, part), { recursive: true });
  if (dir !== undefined) cpSync(dir, join(project, "dist"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(project, "node_modules"));
  return project;
}

/**
 * The built folder served through Netlify's own emulator (`sitegen serve
 * --netlify`): static files, `_headers`, `_redirects` and the edge function in
 * Deno under Netlify's edge bootstrap.
 */
export function startNetlifyEmulator(dir: string): Promise<Running> {
  return startNetlifyProject(netlifyProject(dir));
}

/** A project made by `netlifyProject` served through Netlify's emulator. */
export function startNetlifyProject(project: string): Promise<Running> {
  return startPrinting(process.execPath, [CLI, "serve", "--netlify", "--port", "0"], project);
}

/**
 * A Cloudflare project around a built folder, as a deploy sees it: the
 * Wrangler configuration `sitegen init --host cloudflare` writes, its worker
 * being the compiled one (lib/cloudflare.js), and the build as its assets.
 */
export async function cloudflareProject(dir: string): Promise<string> {
  const { wranglerConfig } = await import("../../src/hosts/cloudflare/config.ts");
  const project = tempDir("sitegen-cloudflare-");
  for (const part of ["lib", "package.json"])
    cpSync(join(ROOT, part), join(project, part), { recursive: true });
  cpSync(dir, join(project, "dist"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(project, "node_modules"));
  writeFileSync(
    join(project, "wrangler.jsonc"),
    wranglerConfig({ name: "sitegen-test", main: "lib/cloudflare.js", assets: "dist" }),
  );
  return project;
}

/** Whether Cloudflare's runtime is installed (a development dependency), and the command that installs it. */
export const WRANGLER = {
  present: existsSync(join(ROOT, "node_modules/wrangler/package.json")),
  install: "npm install --save-dev wrangler@4",
};

/**
 * The built folder served through Cloudflare's own runtime (`sitegen serve
 * --cloudflare`): `wrangler dev` running the worker in workerd with the
 * static assets, `_headers` and `_redirects`.
 */
export async function startCloudflareRuntime(dir: string): Promise<Running> {
  return startPrinting(
    process.execPath,
    [CLI, "serve", "--cloudflare", "--port", "0"],
    await cloudflareProject(dir),
  );
}

/** The preview server and a CDN host of a built folder, started at once; both stopped if either fails. */
export async function startWithPreview(
  dir: string,
  startHost: (dir: string) => Promise<Running>,
): Promise<{ preview: Running; host: Running; stop(): Promise<void> }> {
  const [preview, host] = await Promise.allSettled([startPreviewServer(dir), startHost(dir)]);
  const started = [preview, host].flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stop = async () => void (await Promise.all(started.map((each) => each.stop())));
  if (preview.status === "rejected" || host.status === "rejected") {
    await stop();
    throw preview.status === "rejected" ? preview.reason : (host as PromiseRejectedResult).reason;
  }
  return { preview: preview.value, host: host.value, stop };
}

/** Both hosts of a built folder: the preview server and Netlify's emulator, started at once. */
export interface BothHosts {
  preview: Running;
  netlify: Running;
  stop(): Promise<void>;
}

export async function startBothHosts(dir: string): Promise<BothHosts> {
  const { preview, host, stop } = await startWithPreview(dir, startNetlifyEmulator);
  return { preview, netlify: host, stop };
}

/** One `_headers` rule as Netlify reads it. */
export interface NetlifyHeaderRule {
  for: string;
  forRegExp: RegExp;
  values: Record<string, string>;
}

/** A `_headers` file read by Netlify's own parser (the one its build and `@netlify/dev` use); throws on the errors it reports. */
export async function netlifyHeaderRules(file: string): Promise<NetlifyHeaderRule[]> {
  const { parseAllHeaders } = await import("@netlify/headers-parser");
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [file],
    configHeaders: [],
    minimal: false,
  });
  if (errors.length > 0) throw new Error(`${file}: ${errors.map((error) => error.message).join("; ")}`);
  return headers as NetlifyHeaderRule[];
}

/**
 * The headers Netlify gives a static file at `path`, and the names two
 * matching rules both set (Netlify joins those with commas, `@netlify/dev`
 * keeps the last: a build must have none).
 */
export function netlifyHeadersFor(
  rules: NetlifyHeaderRule[],
  path: string,
): { headers: Map<string, string>; repeated: string[] } {
  const headers = new Map<string, string>();
  const repeated: string[] = [];
  for (const rule of rules.filter((each) => each.forRegExp.test(path))) {
    for (const [name, value] of Object.entries(rule.values)) {
      if (headers.has(name.toLowerCase())) repeated.push(name);
      headers.set(name.toLowerCase(), value);
    }
  }
  return { headers, repeated };
}
