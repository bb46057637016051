/**
 * The build cache folder's lock (src/write/cache.ts): two builds never share
 * the folder at once, and the second goes without it.
 */
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

/** The lock file, in the cache folder: the machine and the process of the build holding it. */
export const LOCK = "lock";

/**
 * Takes the folder for this process: its lock file names the machine and the
 * process. A lock of a process that is gone (a build killed), of another
 * machine (a folder a CI restored), or older than a day is taken over.
 * Undefined when held, else why the build must go without the folder.
 */
export function hold(dir: string): string | undefined {
  const lock = join(dir, LOCK);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, "wx");
      writeSync(fd, `${hostname()}\n${process.pid}\n`);
      closeSync(fd);
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST")
        return `it cannot be made or written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
      const holder = holderOf(lock);
      if (holder !== undefined) return `another build (process ${holder}) is using it`;
      rmSync(lock, { force: true });
    }
  }
  return "its lock could not be taken";
}

const DAY = 24 * 60 * 60 * 1000;

/** The process holding a lock, if it runs on this machine and took it within the day. */
function holderOf(lock: string): number | undefined {
  try {
    const [host, pid] = readFileSync(lock, "utf8").split("\n");
    const holder = Number(pid);
    if (
      host !== hostname() ||
      !Number.isInteger(holder) ||
      holder <= 0 ||
      Date.now() - statSync(lock).mtimeMs > DAY
    )
      return undefined;
    return running(holder) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process of this id runs (signal 0 tests without sending). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
