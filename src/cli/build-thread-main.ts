/**
 * The build's thread (build-thread.ts starts it): runs the build and prints
 * its outcome through the main thread, which writes to the terminal. What the
 * build throws past its report (a usage error, a fault of sitegen's own) goes
 * to the main thread as data, which throws it again as it was.
 */
import { parentPort, workerData } from "node:worker_threads";
import { buildAndReport } from "./build-report.ts";
import { wireThrown, type BuildThreadData, type ThreadMessage } from "./build-thread-wire.ts";
import type { Io } from "./io.ts";

const data = workerData as BuildThreadData;
const send = (message: ThreadMessage) => parentPort!.postMessage(message);

/** A stream whose writes the main thread makes, in the order they were made here. */
function relay(stream: "stdout" | "stderr", isTTY: boolean): Io["stdout"] {
  const write = (text: string | Uint8Array) => {
    send({ kind: "write", stream, text: typeof text === "string" ? text : Buffer.from(text).toString() });
    return true;
  };
  return { isTTY, write } as unknown as Io["stdout"];
}

const io: Io = {
  stdout: relay("stdout", data.tty.stdout),
  stderr: relay("stderr", data.tty.stderr),
  env: process.env,
  cwd: data.options.cwd,
  // A build is not a long-running command: nothing waits for the user to stop it.
  stopped: () => new Promise(() => undefined),
};

try {
  send({ kind: "done", code: await buildAndReport(data.options, data.flags, io) });
} catch (error) {
  send({ kind: "thrown", thrown: wireThrown(error) });
}
