/**
 * `sitegen serve --cloudflare`: the project as Cloudflare serves it, through
 * Cloudflare's own runtime offline: `wrangler dev` runs the worker in
 * `workerd` with the static assets, `_headers` and `_redirects` of the build
 * folder its configuration names. What it answers is what a deploy answers,
 * as far as anything offline can tell.
 *
 * Wrangler is a development dependency of a site, not of sitegen's runtime:
 * it is found in the project's own node_modules, and its absence is a usage
 * error that says what to install.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { SitegenError } from "../../errors.ts";
import { WRANGLER_INSTALL } from "./config.ts";
import { endGroup, freePort, recentOutput, stop, type RecentOutput } from "./process.ts";

export interface CloudflarePreviewOptions {
  /** The folder holding the Wrangler configuration. */
  projectRoot: string;
  host: string;
  port: number;
}

export interface CloudflarePreview {
  url: string;
  /** The assets folder the configuration names, which the runtime serves. */
  publishDir: string;
  /** Resolves if Wrangler ends on its own while serving: how it ended, with the last it printed. */
  ended: Promise<SitegenError>;
  /**
   * The runtime's answer to `request`, asked at its own address as a proxy
   * in front of it asks (`serve --watch --cloudflare`): redirects are passed
   * on, not followed, and the body comes as sent, uncompressed.
   */
  answer(request: Request): Promise<Response>;
  /**
   * Called before the assets folder changes; what it returns resolves once
   * Wrangler has reloaded the changed folder, or after RELOAD_WAIT_MS.
   */
  changing(): () => Promise<void>;
  close(): Promise<void>;
}

/** A project served through Cloudflare's runtime: its configuration, the folder that holds the assets, and Wrangler. */
export interface CloudflareProject {
  config: string;
  publishDir: string;
  wrangler: string;
}

const CONFIG_FILES = ["wrangler.jsonc", "wrangler.json"];
/** How long Wrangler may take to bundle the worker and start workerd. */
const START_TIMEOUT_MS = 60_000;
/** The longest a change waits for Wrangler's reload: past it, requests go on to what Wrangler serves. */
const RELOAD_WAIT_MS = 10_000;
/** How often the runtime's address is tried while serving, and how many refusals in a row mean it is gone. */
const LIVENESS_EVERY_MS = 1_000;
const REFUSALS_TO_END = 3;

/** The project in `root` as Cloudflare's runtime serves it; a usage error, saying what to add, where it cannot. */
export function cloudflareProject(root: string): CloudflareProject {
  const projectRoot = resolve(root);
  const config = CONFIG_FILES.map((name) => join(projectRoot, name)).find((path) => existsSync(path));
  if (!config) {
    throw new SitegenError("E_USAGE", `no ${CONFIG_FILES.join(" or ")} in ${root}`, {
      hint: "run `sitegen serve --cloudflare` in the folder that holds the site's wrangler.jsonc (`sitegen host add cloudflare` writes one)",
    });
  }
  return {
    config,
    publishDir: resolve(projectRoot, assetsDirectory(config)),
    wrangler: wranglerBin(projectRoot),
  };
}

export async function startCloudflarePreview(options: CloudflarePreviewOptions): Promise<CloudflarePreview> {
  const projectRoot = resolve(options.projectRoot);
  const { config, publishDir, wrangler } = cloudflareProject(options.projectRoot);
  const port = options.port === 0 ? await freePort(options.host) : options.port;
  // Wrangler's devtools port is 9229 unless told: a debugger of the user's, or a second `serve --cloudflare`
  // starting at the same moment, holding it made workerd fail to start ("Address already in use").
  const inspectorPort = await freePort("127.0.0.1");
  const child = spawn(
    process.execPath,
    [
      wrangler,
      "dev",
      "--config",
      config,
      "--ip",
      options.host,
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--show-interactive-dev-session=false",
    ],
    {
      cwd: projectRoot,
      stdio: ["ignore", "pipe", "pipe"],
      // A process group of its own: what Wrangler starts (workerd, an esbuild service) ends with it (`endGroup`).
      detached: true,
      // Offline: no usage report, no update check, no colours in what is read.
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: "false",
        WRANGLER_HIDE_BANNER: "true",
        NO_COLOR: "1",
        FORCE_COLOR: "0",
        CI: "1",
      },
    },
  );
  const output = recentOutput(child);
  child.once("exit", () => endGroup(child));
  await ready(child, `http://${options.host}:${port}`, output);
  let stopping = false;
  // Wrangler 4's runtime can die under sustained load (a worker with no sitegen code dies the same way), and
  // nothing would then answer: say so, rather than leave the command waiting on a dead server.
  const hint =
    "nothing answers at the address any more: run `sitegen serve --cloudflare` again (`sitegen serve` answers the same requests without wrangler)";
  let stopWatching = () => {};
  const ended = new Promise<SitegenError>((done) => {
    child.once("exit", (code, signal) => {
      stopWatching();
      if (stopping) return;
      const how = signal ? `it was ended by the signal ${signal}` : `it exited with code ${code}`;
      done(
        new SitegenError(
          "E_IO",
          `Cloudflare's runtime stopped while serving: wrangler ${how}; its last output:`,
          { detail: output.text(), hint },
        ),
      );
    });
    // workerd can die with Wrangler still running, which then says nothing and leaves the address refusing every request.
    stopWatching = watchAddress(options.host, port, () => {
      if (stopping) return;
      done(
        new SitegenError(
          "E_IO",
          `Cloudflare's runtime stopped while serving: workerd no longer accepts connections at ${options.host}:${port}, though wrangler runs on; wrangler's last output:`,
          { detail: output.text(), hint },
        ),
      );
      endGroup(child);
    });
  });
  const origin = `http://${options.host}:${port}`;
  return {
    url: `${origin}/`,
    publishDir,
    ended,
    answer: (request) => askAt(origin, request),
    changing() {
      const seen = output.reloads();
      return () => output.reloaded(seen, RELOAD_WAIT_MS);
    },
    close: () => {
      stopping = true;
      stopWatching();
      return stop(child);
    },
  };
}

/** `request` sent on to `origin`: the same method, path, headers and body; a redirect passed back as it came. */
async function askAt(origin: string, request: Request): Promise<Response> {
  const { pathname, search } = new URL(request.url);
  const headers = new Headers(request.headers);
  // Uncompressed: fetch would decompress a compressed body and leave its Content-Encoding on.
  headers.set("accept-encoding", "identity");
  const hasBody = request.body !== null && !["GET", "HEAD"].includes(request.method);
  const answered = await fetch(`${origin}${pathname}${search}`, {
    method: request.method,
    headers,
    redirect: "manual",
    ...(hasBody ? { body: request.body, duplex: "half" } : {}),
  } as RequestInit);
  if (!answered.headers.has("content-encoding")) return answered;
  const plain = new Headers(answered.headers);
  plain.delete("content-encoding");
  plain.delete("content-length");
  return new Response(answered.body, {
    status: answered.status,
    statusText: answered.statusText,
    headers: plain,
  });
}

/** The `assets.directory` of a JSON(C) configuration, comments allowed. */
function assetsDirectory(config: string): string {
  const text = readFileSync(config, "utf8").replace(/^\s*\/\/.*$/gm, "");
  const directory = (JSON.parse(text) as { assets?: { directory?: string } }).assets?.directory;
  if (!directory)
    throw new SitegenError("E_USAGE", `${config} names no \`assets.directory\``, {
      hint: 'set `assets.directory` to the build folder, e.g. "dist"',
    });
  return directory;
}

function wranglerBin(projectRoot: string): string {
  const require = createRequire(join(projectRoot, "package.json"));
  try {
    const manifest = require.resolve("wrangler/package.json");
    const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> };
    return join(dirname(manifest), bin.wrangler);
  } catch (error) {
    throw new SitegenError(
      "E_USAGE",
      "serving through Cloudflare's runtime needs wrangler, which this project does not have",
      { hint: WRANGLER_INSTALL, cause: error },
    );
  }
}

/**
 * Tries `host:port` every LIVENESS_EVERY_MS and calls `gone` once it has
 * refused REFUSALS_TO_END times in a row: workerd listens there itself, so a
 * refusal is a runtime that has ended (a reload keeps the socket open). A
 * connection that is accepted is closed at once. Returns what stops it.
 */
function watchAddress(host: string, port: number, gone: () => void): () => void {
  let refusals = 0;
  let trying = false;
  const timer = setInterval(() => {
    if (trying) return;
    trying = true;
    const socket = connect({ host, port });
    socket.once("connect", () => {
      refusals = 0;
      trying = false;
      socket.destroy();
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      trying = false;
      socket.destroy();
      refusals = error.code === "ECONNREFUSED" ? refusals + 1 : 0;
      if (refusals < REFUSALS_TO_END) return;
      clearInterval(timer);
      gone();
    });
  }, LIVENESS_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Resolves once Wrangler says it is ready; rejects with what it said if it exits first. */
function ready(child: ChildProcess, origin: string, output: RecentOutput): Promise<void> {
  return new Promise((done, fail) => {
    let waiting = true;
    const timer = setTimeout(() => {
      waiting = false;
      void stop(child);
      fail(
        new SitegenError(
          "E_USAGE",
          `wrangler did not start within ${START_TIMEOUT_MS / 1000} s; its output:`,
          { detail: output.text() },
        ),
      );
    }, START_TIMEOUT_MS);
    output.onData((all) => {
      if (waiting && all.includes(`Ready on ${origin}`)) {
        waiting = false;
        clearTimeout(timer);
        done();
      }
    });
    child.once("exit", (code) => {
      if (!waiting) return;
      waiting = false;
      clearTimeout(timer);
      fail(
        new SitegenError("E_USAGE", `wrangler exited with ${code} before it was ready; its output:`, {
          detail: output.text(),
        }),
      );
    });
  });
}
