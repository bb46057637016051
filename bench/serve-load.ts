/**
 * Loading a server for the preview-server bench: its process started until it
 * names its loopback URL, and stopped whatever happens; one round of
 * autocannon against it, bounded by a time limit; the median of the rounds.
 */
import { spawn, type ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import type { RoundResult } from "./serve.ts";

export interface Started {
  child: ChildProcess;
  url: string;
}

/** Starts a server and waits for the line that names its loopback URL. */
export function startServer(command: string, args: string[], cwd: string): Promise<Started> {
  return new Promise((resolveStart, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const timer = setTimeout(
      () => fail(new Error(`no URL printed within 30 s by ${command} ${args.join(" ")}:\n${output}`)),
      30_000,
    );
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.kill("SIGTERM");
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      output += chunk.toString("utf8");
      const match = /http:\/\/(127\.0\.0\.1|localhost|\[::1\]):(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolveStart({ child, url: `http://127.0.0.1:${match[2]}` });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.on("error", fail);
    child.on("exit", (code) => fail(new Error(`${command} exited (${code}) before serving:\n${output}`)));
  });
}

export function stopServer(started: Started): Promise<void> {
  return new Promise((done) => {
    if (started.child.exitCode !== null) return done();
    started.child.removeAllListeners("exit");
    started.child.once("exit", () => done());
    started.child.kill("SIGTERM");
    setTimeout(() => {
      if (started.child.exitCode === null) started.child.kill("SIGKILL");
    }, 3000).unref();
  });
}

export function round(
  url: string,
  requests: { path: string; headers: Record<string, string> }[],
  amount: number,
  connections: number,
  maxSeconds: number,
): Promise<RoundResult> {
  return new Promise((done, reject) => {
    const started = process.hrtime.bigint();
    const instance = autocannon(
      { url, connections, amount, requests, timeout: 10, pipelining: 1 },
      (error: Error | null, result: autocannon.Result) => {
        clearTimeout(limit);
        if (error) return reject(error);
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const statusCounts: Record<string, number> = {};
        for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {}))
          statusCounts[status] = Number(count);
        const total = Object.values(statusCounts).reduce((sum, count) => sum + count, 0);
        const badStatus = Object.keys(statusCounts).some((status) => !/^[24]\d\d$/.test(status));
        done({
          requestsPerSecond: total / seconds,
          requests: total,
          seconds,
          latencyP50Ms: result.latency.p50,
          latencyP99Ms: result.latency.p99,
          errors: result.errors,
          timeouts: result.timeouts,
          statusCounts,
          valid: result.errors === 0 && result.timeouts === 0 && !badStatus && total > 0,
        });
      },
    );
    const limit = setTimeout(() => instance.stop(), maxSeconds * 1000);
  });
}

export const median = (values: number[]): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
