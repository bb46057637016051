/**
 * A build cache object put in place in the staging folder by a hard link,
 * no byte of it copied: at 10,000 posts, 20,000 links where 256 MB were
 * written. The object was opened without following a link, read and hashed
 * first (cache-objects.ts), and what is published must be the very file
 * that was hashed. Its identity (device, inode, size, modification time to
 * the nanosecond), taken from the open file that was hashed, is checked on
 * the link once it is made: an object swapped for another file between the
 * hash and the link is not the file linked, and the build stops rather than
 * publish it. Where no link can be made (another file system, a file of
 * another owner under protected_hardlinks), the object is opened again
 * without following a link and copied, once it is known to be that file.
 *
 * The disk thread (disk-thread.ts) links as `linkChecked` does, in its own
 * code; a staging folder without one calls `linkChecked` itself.
 */
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  lstatSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  type BigIntStats,
} from "node:fs";
import { SitegenError } from "../errors.ts";

/** What tells a file from any other put under its name: device, inode, size and modification time (a link changes neither). */
export function identityOf(stat: BigIntStats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}`;
}

/** Links `from` at `to`, and keeps the link only when it is the file of `identity`; a copy of that file where no link can be made. */
export function linkChecked(from: string, to: string, identity: string): void {
  try {
    linkSync(from, to);
  } catch {
    writeFileSync(to, readChecked(from, identity), { flag: "wx" });
    return;
  }
  if (identityOf(lstatSync(to, { bigint: true })) !== identity) {
    rmSync(to, { force: true });
    throw changed(from);
  }
}

/** The bytes of `from`, opened without following a link, when it is still the file of `identity`. */
export function readChecked(from: string, identity: string): Buffer {
  let fd: number;
  try {
    fd = openSync(from, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    throw changed(from, error);
  }
  try {
    if (identityOf(fstatSync(fd, { bigint: true })) !== identity) throw changed(from);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Why the build stops when an object it checked is not the file it links. */
export function changed(from: string, cause?: unknown): SitegenError {
  return new SitegenError("E_IO", `${from} was changed while this build read it`, {
    hint: "something else wrote into the build cache during the build: build again",
    ...(cause === undefined ? {} : { cause }),
  });
}
