/**
 * Where builds write, and when: every build into a folder of its own, no
 * output deleted until every measurement is done (see `removeOutputs`), the
 * page cache written back and the machine quiet before each measurement.
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fmtSeconds } from "./format.ts";
import { waitForIdle } from "./measure.ts";
import type { BenchOptions } from "./options.ts";
import { generateContent, type SyntheticTree } from "./synthetic.ts";

/**
 * ext4 without a journal skips inodes deleted in the last 60 s when it
 * allocates new ones (fs/ext4/ialloc.c, recently_deleted; 360 s while their
 * inode-table block is dirty, hence a `sync` first); a little more for margin.
 */
const RECENT_DELETION_MS = 65_000;

/** Waits for the machine to be quiet before a measurement, and says so when it never was. */
async function quiet(options: BenchOptions, log: (line: string) => void): Promise<void> {
  if (options.idleWaitSeconds === 0) return;
  const { busyCores, waitedMs } = await waitForIdle({ timeoutMs: options.idleWaitSeconds * 1000 });
  if (waitedMs > 5000)
    log(`waited ${fmtSeconds(waitedMs)} for a quiet machine (${busyCores.toFixed(2)} cores busy at the end)`);
}

/**
 * Before a measurement: writes back the page cache, so that no run pays for
 * the writeback of the previous tool's output, then waits for a quiet machine.
 */
export async function settle(options: BenchOptions, log: (line: string) => void): Promise<void> {
  spawnSync("sync");
  await quiet(options, log);
}

/** The folder every build output goes into, one sub-folder per build. */
export const outputsOf = (options: BenchOptions): string => join(options.work, "out");

/** Its modification time is when this or an earlier bench last deleted a large tree in the work folder. */
const deletionMarkerOf = (options: BenchOptions): string => join(options.work, "outputs-deleted-at");

async function markDeletion(options: BenchOptions): Promise<void> {
  await writeFile(deletionMarkerOf(options), `${new Date().toISOString()}\n`);
}

/**
 * On ext4 without a journal, creating files soon after many were deleted costs
 * several times more (the allocator skips recently deleted inodes), so a build
 * that follows a deletion pays for it. Hence no output is deleted between
 * builds: outputs of an earlier bench are removed before the first build, and
 * this bench's only after the last measurement, so that the disk does not fill.
 */
export async function removeOutputs(
  options: BenchOptions,
  log: (line: string) => void,
  whose: string,
): Promise<void> {
  const outputs = outputsOf(options);
  if (!existsSync(outputs)) return;
  log(`removing the outputs of ${whose} (${relative(process.cwd(), outputs) || outputs})`);
  await rm(outputs, { recursive: true, force: true });
  await markDeletion(options);
}

/** Waits until deletions in the work folder, by this bench or the one before, can no longer slow down file creation. */
export async function waitOutDeletions(options: BenchOptions, log: (line: string) => void): Promise<void> {
  spawnSync("sync");
  const deletedAt = statSync(deletionMarkerOf(options), { throwIfNoEntry: false })?.mtimeMs;
  if (deletedAt === undefined) return;
  const remaining = deletedAt + RECENT_DELETION_MS - Date.now();
  if (remaining <= 0) return;
  log(
    `waiting ${fmtSeconds(remaining)} before the first build: files were deleted ${fmtSeconds(Date.now() - deletedAt)} ago, and ext4 without a journal skips inodes deleted in the last 60 s, which makes creating files slower`,
  );
  await sleep(remaining);
}

/** Inode and birth time: tells a folder from one deleted and made again at the same path. */
function folderIdentity(dir: string): string | undefined {
  const stat = statSync(dir, { throwIfNoEntry: false });
  return stat && `${stat.ino}:${stat.birthtimeMs}`;
}

/** The synthetic tree of `posts` posts, made or reused; an outdated tree is deleted and made again, which counts as a deletion. */
export async function contentTree(
  options: BenchOptions,
  posts: number,
): Promise<{ tree: SyntheticTree; generateMs: number }> {
  const dir = join(options.work, `content-${posts}`);
  const before = folderIdentity(dir);
  const started = performance.now();
  const tree = await generateContent({ dir, posts, seed: options.seed });
  const generateMs = performance.now() - started;
  if (before !== undefined && before !== folderIdentity(dir)) await markDeletion(options);
  return { tree, generateMs };
}
