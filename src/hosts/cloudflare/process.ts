/**
 * Wrangler's process as `sitegen serve --cloudflare` runs it (wrangler.ts):
 * its output as it comes, with the reloads it announces; its end, with what
 * it leaves behind; and a free port to give it.
 */
import type { ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";

/** How much of Wrangler's output is kept, to show when it ends: its last lines. */
const KEPT_OUTPUT_CHARACTERS = 4_000;
/** What Wrangler prints when it has reloaded the worker and its assets after a change. */
const RELOADED = "Local server updated and ready";

export interface RecentOutput {
  text(): string;
  onData(listener: (all: string) => void): void;
  /** How many reloads Wrangler has announced so far. */
  reloads(): number;
  /** Resolves once Wrangler has announced more than `seen` reloads, or after `timeoutMs`. */
  reloaded(seen: number, timeoutMs: number): Promise<void>;
}

/** Wrangler's output as it comes, keeping the last few thousand characters, and counting its reloads. */
export function recentOutput(child: ChildProcess): RecentOutput {
  let kept = "";
  // The end of what came before, too short to hold an announcement itself: one split between two chunks is found whole.
  let tail = "";
  let reloads = 0;
  const listeners = new Set<(all: string) => void>();
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    kept = (kept + text).slice(-KEPT_OUTPUT_CHARACTERS);
    const scanned = tail + text;
    reloads += scanned.split(RELOADED).length - 1;
    tail = scanned.slice(-(RELOADED.length - 1));
    for (const listener of listeners) listener(kept);
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  return {
    text: () => kept,
    onData: (listener) => listeners.add(listener),
    reloads: () => reloads,
    reloaded(seen, timeoutMs) {
      return new Promise((done) => {
        const finish = () => {
          clearTimeout(deadline);
          listeners.delete(check);
          done();
        };
        const check = () => {
          if (reloads > seen) finish();
        };
        const deadline = setTimeout(finish, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}

/**
 * Ends what is left of Wrangler's process group once Wrangler has exited.
 * Wrangler killed outright leaves workerd running, at full speed on a core,
 * and its esbuild service, which holds Wrangler's output open: this process
 * would wait on that output for ever instead of saying what happened and
 * exiting. What they had written is still read; then the output is let go.
 */
export function endGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // The group is gone already.
  }
  setTimeout(() => {
    child.stdout?.destroy();
    child.stderr?.destroy();
  }, 1_000).unref();
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((stopped) => {
    if (child.exitCode !== null || child.signalCode !== null) return stopped();
    child.once("exit", () => stopped());
    child.kill("SIGTERM");
  });
}

export function freePort(host: string): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}
