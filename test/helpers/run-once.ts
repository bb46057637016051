/**
 * A folder made once for the whole test run and read by every test file that asks for it. `node --test` starts each
 * file in a process of its own, and two dozen of them built the same example site (and seven the same new site), each
 * paying again for Node, the CLI and the build. The folder is the run's (named by the runner's process id and start time), so no run reads
 * another's build, and it is made under a lock: the first file to ask makes it in a folder of its own and renames it
 * into place, and the others wait for it. A file run without the runner makes its own, as before. What is made is only
 * ever read: a test that changes a build changes a copy of it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scaled } from "./processes.ts";

const PREFIX = "sitegen-run-";

/** `<pid>-<start time>` of a process, from /proc; undefined where it cannot be read. */
function processKey(pid: number): string | undefined {
  try {
    // The fields after the command's name, which closes with ") ": the start time is the 22nd field of all.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)!.split(" ");
    return `${pid}-${fields[19]}`;
  } catch {
    return undefined;
  }
}

/** The test run this process is a file of: its runner's key, where `node --test` started it. */
function runKey(): string | undefined {
  if (process.env.NODE_TEST_CONTEXT !== "child-v8") return undefined;
  return processKey(process.ppid);
}

/** Removes the folders of runs whose runner has ended (a run cannot remove its own: no file knows it is the last). */
function removeEnded(own: string): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX) || name === own) continue;
    const key = name.slice(PREFIX.length);
    if (processKey(Number(key.split("-")[0])) !== key)
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A folder filled by `make(folder)` once for the run under `name`; or, outside a run, once for this process, in the
 * folder `fallback` gives.
 */
export function onceForTheRun(name: string, fallback: () => string, make: (folder: string) => void): string {
  const run = runKey();
  if (run === undefined) {
    const folder = fallback();
    make(folder);
    return folder;
  }
  const root = join(tmpdir(), `${PREFIX}${run}`);
  if (!existsSync(root)) {
    mkdirSync(root, { recursive: true });
    removeEnded(`${PREFIX}${run}`);
  }
  const done = join(root, name);
  const lock = join(root, `${name}.lock`);
  const until = Date.now() + scaled(300_000);
  while (!existsSync(done)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another file is making it; a maker that ended without making it leaves its lock, taken away here.
      let holder = 0;
      try {
        holder = Number(readFileSync(join(lock, "pid"), "utf8"));
      } catch {
        // Taken a moment ago, its process id not written yet; or given back already.
      }
      if (holder > 0 && !alive(holder)) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > until)
        throw new Error(`${name}: not made within ${scaled(300_000) / 1000} s by ${holder}`);
      pause(50);
      continue;
    }
    writeFileSync(join(lock, "pid"), String(process.pid));
    try {
      const making = join(root, `${name}.making`);
      rmSync(making, { recursive: true, force: true });
      mkdirSync(making);
      make(making);
      renameSync(making, done);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return done;
}
