/**
 * What builds leave beside their output when they stop before the end: a
 * staging folder (staging.ts) and an output set aside while a new one was
 * swapped in. Each is named by its build's process, so that a later build
 * removes those of processes that are gone, and a build run again in the same
 * process removes its own.
 */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

export const STAGING_PREFIX = ".sitegen-tmp-";
export const OLD_INFIX = ".sitegen-old-";

/** `<pid>-<random>`: whose build a folder belongs to, so a later build can tell an abandoned one. */
export function ownTag(): string {
  return `${process.pid}-${createHash("sha256").update(`${Date.now()}${Math.random()}`).digest("hex").slice(0, 8)}`;
}

/**
 * Staging folders and set-aside outputs of builds of `target` whose process is
 * gone (killed, or the machine stopped), so that they do not pile up. A folder
 * of a build still running is left alone.
 */
export async function removeAbandoned(target: string): Promise<void> {
  await removeLeftovers(target, (pid) => !running(pid));
}

/**
 * This process's staging folders for `target`: a build that stopped inside
 * it (a build thread out of heap) left one, and the build run again in its
 * place would otherwise leave it until a build in another process.
 */
export async function removeOwnStaging(target: string): Promise<void> {
  await removeLeftovers(resolve(target), (pid) => pid === process.pid, false);
}

async function removeLeftovers(
  target: string,
  abandoned: (pid: number) => boolean,
  setAside = true,
): Promise<void> {
  const parent = dirname(target);
  const name = basename(target);
  const ours = new RegExp(
    `^(?:${escape(STAGING_PREFIX + name)}-${setAside ? `|${escape(name + OLD_INFIX)}` : ""})(\\d+)-[0-9a-f]{8}$`,
  );
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return; // no parent yet: nothing to clear
  }
  for (const entry of entries) {
    const pid = ours.exec(entry)?.[1];
    if (pid !== undefined && abandoned(Number(pid)))
      await rm(join(parent, entry), { recursive: true, force: true });
  }
}

function running(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
