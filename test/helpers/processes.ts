/**
 * Processes as Linux shows them in /proc: a server's descendants (Wrangler's
 * runtime, Deno under Netlify's emulator) and the memory they hold together,
 * for tests that kill one of them or bound what they use; and the one
 * setting that scales every wall-clock limit of the tests' helpers.
 */
import { readdirSync, readFileSync } from "node:fs";

/**
 * The tests' wall-clock limits (a server's start, a verify request, a
 * browser's DevTools port) are bounds on a hang, never measures of speed; on
 * a loaded machine they were met by a start that was only slow (a full run
 * failed 12 tests so). SITEGEN_TEST_TIME_SCALE multiplies every one of them:
 * `SITEGEN_TEST_TIME_SCALE=3 npm test` allows three times as long.
 */
export function scaled(ms: number): number {
  const written = process.env.SITEGEN_TEST_TIME_SCALE;
  const scale = written === undefined || written.trim() === "" ? 1 : Number(written);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`SITEGEN_TEST_TIME_SCALE is ${JSON.stringify(written)}: write a positive number, e.g. 2`);
  return Math.round(ms * scale);
}

/**
 * Ends `root` and everything it started, deepest first: a server killed
 * alone leaves what it started running (Deno under Netlify's emulator,
 * workerd under Wrangler), which keeps the test process from ending.
 */
export function endTree(root: number): void {
  for (const each of descendants(root).reverse()) killQuietly(each.pid);
  killQuietly(root);
}

/** A process's descendants, each with its pid and command line. */
export function descendants(root: number): { pid: number; command: string }[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc").filter((each) => /^\d+$/.test(each))) {
    try {
      const parent = Number(statFields(Number(name))[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: { pid: number; command: string }[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      let command = "";
      try {
        command = readFileSync(`/proc/${child}/cmdline`, "utf8").replace(/\0/g, " ");
      } catch {
        // gone meanwhile
      }
      found.push({ pid: child, command });
      visit(child);
    }
  };
  visit(root);
  return found;
}

/** The resident memory of a process and all its descendants, in bytes (0 for one that has gone). */
export function treeRss(root: number): number {
  return [root, ...descendants(root).map((each) => each.pid)].reduce((sum, pid) => sum + rssOf(pid), 0);
}

function rssOf(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? 0 : Number(kb) * 1024;
  } catch {
    return 0;
  }
}

/** Whether a process is there and not a zombie waiting to be reaped. */
export function running(pid: number): boolean {
  try {
    return statFields(pid)[0] !== "Z";
  } catch {
    return false;
  }
}

/** A process's /proc/<pid>/stat after its command's name (which may hold spaces and parentheses): its state, its parent, …; throws when it is gone. */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** Ends a process, if it is still there. */
export function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}
