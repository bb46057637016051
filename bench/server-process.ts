/**
 * A server the bench starts as a child process and always stops: it runs in a
 * process group of its own, so that stopping it also ends what it started
 * (the Deno of Netlify's emulator, a watch build's workers), and waiting for
 * it is bounded.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

export interface ServerProcess {
  child: ChildProcess;
  /** The loopback origin it printed, without a trailing slash. */
  origin: string;
  /** Everything it printed so far (the last 64 kB). */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Give up after this long without the URL line. */
  timeoutMs: number;
  /** Finds the port in what the server prints; the first group is the port. */
  ready?: RegExp;
}

const KEEP_BYTES = 64_000;
const LOOPBACK_URL = /http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):(\d+)\//;

/**
 * Process groups of servers still running. Being groups of their own, they
 * would outlive a bench stopped with Ctrl+C or killed: they are ended with it.
 */
const live = new Set<number>();
let cleanupInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  const killAll = (): void => {
    for (const pid of live) killGroup(pid, "SIGKILL");
    live.clear();
  };
  process.once("exit", killAll);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      killAll();
      // Then die of the signal as if nothing had caught it.
      process.kill(process.pid, signal);
    });
  }
}

/** Starts a server and waits for the line that names its loopback URL. */
export function startServer(options: StartOptions): Promise<ServerProcess> {
  installCleanup();
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  if (child.pid !== undefined) live.add(child.pid);
  let output = "";
  const collect = (chunk: Buffer): void => {
    output = (output + chunk.toString("utf8")).slice(-KEEP_BYTES);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const stop = (): Promise<void> => stopGroup(child);
  return new Promise((done, fail) => {
    const pattern = options.ready ?? LOOPBACK_URL;
    const timer = setTimeout(
      () =>
        give(
          new Error(
            `no URL within ${Math.round(options.timeoutMs / 1000)} s from ${options.command} ${options.args.join(" ")}:\n${output.slice(-2000)}`,
          ),
        ),
      options.timeoutMs,
    );
    const poll = setInterval(() => {
      const port = pattern.exec(output)?.[1];
      if (port === undefined) return;
      clearTimeout(timer);
      clearInterval(poll);
      child.off("exit", exited);
      done({ child, origin: `http://127.0.0.1:${port}`, output: () => output, stop });
    }, 20);
    const give = (error: Error): void => {
      clearTimeout(timer);
      clearInterval(poll);
      void stop().then(() => fail(error));
    };
    const exited = (code: number | null): void =>
      give(new Error(`${options.command} exited (${code}) before serving:\n${output.slice(-2000)}`));
    child.once("exit", exited);
    child.once("error", give);
  });
}

/** SIGTERM to the process group, SIGKILL after 5 s; resolves when the process has exited. */
function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    const pid = child.pid;
    if (pid === undefined) return done();
    const finish = (): void => {
      // Anything the server started and left behind goes too.
      killGroup(pid, "SIGKILL");
      live.delete(pid);
      done();
    };
    if (child.exitCode !== null || child.signalCode !== null) return finish();
    const force = setTimeout(() => killGroup(pid, "SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(force);
      finish();
    });
    killGroup(pid, "SIGTERM");
  });
}

/** A free loopback port, for a server that cannot be asked for port 0. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === "object" ? done(address.port) : fail(new Error("no port")),
      );
    });
  });
}

/** Polls `check` every `intervalMs` until it returns true or `deadline` (performance.now()) passes; true if it did. */
export async function pollUntil(
  check: () => Promise<boolean>,
  deadline: number,
  intervalMs: number,
): Promise<boolean> {
  while (performance.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((done) => setTimeout(done, intervalMs));
  }
  return false;
}
