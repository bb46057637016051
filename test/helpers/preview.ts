/**
 * The real CLI's server (`sitegen serve …`) as a child process, with what it
 * prints: for tests that read its output (form submissions, watch-mode
 * rebuilds) as well as its URL.
 */
import { spawn } from "node:child_process";
import { get, type IncomingMessage } from "node:http";
import { CLI, stopChild } from "./dist.ts";
import { endTree, scaled } from "./processes.ts";

export interface PrintingServer {
  url: string;
  /** Everything printed so far, standard output and error together. */
  output(): string;
  /** Resolves with what was printed after `from` once `pattern` shows in it. */
  waitFor(pattern: RegExp, from?: number, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
  /** Whether the server's process is still running. */
  running(): boolean;
}

export async function startServing(args: string[], cwd?: string): Promise<PrintingServer> {
  const child = spawn(process.execPath, [CLI, "serve", ...args], {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const waitFor = async (pattern: RegExp, from = 0, timeoutMs = scaled(30_000)): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output.slice(from))) {
      if (child.exitCode !== null)
        throw new Error(`sitegen serve ${args.join(" ")} exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline)
        throw new Error(
          `no ${pattern} from sitegen serve ${args.join(" ")} within ${timeoutMs} ms:\n${output.slice(from)}`,
        );
      await new Promise((done) => setTimeout(done, 20));
    }
    return output.slice(from);
  };
  // A server that never says where it is is ended with all it started, not left running.
  const shown = await waitFor(/http:\/\/127\.0\.0\.1:\d+\//).catch((error: unknown) => {
    endTree(child.pid!);
    throw error;
  });
  const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(shown)![1];
  return {
    url,
    output: () => output,
    waitFor,
    stop: () => stopChild(child),
    running: () => child.exitCode === null && child.signalCode === null,
  };
}

/** An open EventSource-style connection (a watch session's reload channel), collecting what the server sends. */
export function listenToEvents(
  url: string,
): Promise<{ response: IncomingMessage; text: () => string; close: () => void }> {
  return new Promise((done, fail) => {
    let text = "";
    const request = get(url, { headers: { accept: "text/event-stream" } }, (response) => {
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("error", () => {});
      done({ response, text: () => text, close: () => request.destroy() });
    });
    request.on("error", fail);
  });
}
