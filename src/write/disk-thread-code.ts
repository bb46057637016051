/**
 * The disk thread's own code (disk-thread.ts): a few lines of plain
 * JavaScript with only Node's built-ins, so that it starts in a few
 * milliseconds and needs no bundle of its own, and the layout of the
 * channels it serves, which both sides read.
 */

/**
 * A channel's slots: each file goes over in one, written there by the lane
 * and read by the thread, so no bytes are copied or left for a collector.
 * A file larger than a slot is written by the lane itself.
 */
export const SLOTS = 64;
export const SLOT_BYTES = 128 << 10;
/** The channel's counters: files the thread has taken from the slots, and 1 once one could not be written (until the next flush). */
export const DONE = 0;
export const FAILED = 1;
/** A failure's code when a file linked is not the one its caller checked (object-links.ts). */
export const CHANGED = "E_CHANGED";
/** Files a batch names before it is sent: one message per page would cost more than the write it saves. */
export const BATCH_FILES = 32;

/** The thread's code: it serves each channel it is sent, writing files in the order they come. */
export const THREAD_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { closeSync, constants, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } = require("node:fs");
const { dirname } = require("node:path");
const made = new Set();
parentPort.on("message", ({ port, slots, counters }) => serve(port, new Uint8Array(slots), new Int32Array(counters)));
function serve(port, slots, counters) {
  let failure;
  port.on("message", (message) => {
    if (message.flush !== undefined) {
      port.postMessage({ flushed: message.flush, failure });
      failure = undefined;
      Atomics.store(counters, FAILED, 0);
      return;
    }
    const { paths, lengths, slotsOf, from, identities } = message;
    for (let index = 0; index < paths.length; index++) {
      const slot = slotsOf[index];
      if (slot < 0) {
        if (failure === undefined) failure = make(paths[index], () => linkOrCopy(from[index], paths[index], identities[index]));
        continue;
      }
      const at = slot * ${SLOT_BYTES};
      if (failure === undefined) failure = make(paths[index], () => writeFileSync(paths[index], slots.subarray(at, at + lengths[index])));
      if (failure !== undefined) Atomics.store(counters, FAILED, 1);
      Atomics.add(counters, DONE, 1);
      Atomics.notify(counters, DONE);
    }
  });
}
const DONE = ${DONE};
const FAILED = ${FAILED};
function make(path, create) {
  try {
    const dir = dirname(path);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    create();
  } catch (error) {
    if (error && error.code === CHANGED) return { path: error.path, message: "", code: CHANGED };
    return { path, message: String(error && error.message), code: error && error.code };
  }
  return undefined;
}
// As object-links.ts's linkChecked, when the caller knows the identity of the file it checked.
function linkOrCopy(from, path, identity) {
  try {
    linkSync(from, path);
  } catch {
    writeFileSync(path, identity === null ? readFileSync(from) : readChecked(from, identity), { flag: "wx" });
    return;
  }
  if (identity !== null && identityOf(lstatSync(path, { bigint: true })) !== identity) {
    rmSync(path, { force: true });
    throw changed(from);
  }
}
function readChecked(from, identity) {
  let fd;
  try {
    fd = openSync(from, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    throw changed(from);
  }
  try {
    if (identityOf(fstatSync(fd, { bigint: true })) !== identity) throw changed(from);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
function identityOf(stat) {
  return stat.dev + ":" + stat.ino + ":" + stat.size + ":" + stat.mtimeNs;
}
function changed(from) {
  return Object.assign(new Error(from), { code: CHANGED, path: from });
}
const CHANGED = "${CHANGED}";
`;
