/**
 * The build cache's objects checked ahead, on a thread of their own: as soon
 * as the index is read, every object a record names is opened without
 * following a link, held to the size its record says, read and hashed,
 * while the build reads and parses its posts. At 10,000 posts that is
 * 20,000 files and 256 MB hashed off the thread that builds; by the time a
 * page is taken from the cache, its object is known good or why not.
 *
 * What the check gives for a good object is the identity of the very file
 * hashed (object-links.ts): the page is put in place by a hard link that
 * must be that file, so nothing put under the object's name after the check
 * is published. Like the disk thread, the thread is a few lines of plain
 * JavaScript with Node's built-ins alone, so it starts in a few
 * milliseconds and needs no bundle of its own. A thread that fails checks
 * nothing: every page is built again, a slower build, never a wrong one.
 */
import { Worker } from "node:worker_threads";
import type { Written } from "./output.ts";

/** A good object: the identity of the file hashed, and whether it may be linked as it is (not with a mode a page is never written with: executable, set-id, sticky). */
export type CheckedObject = { identity: string; link: boolean };

/** The thread's code: each object opened, its size held to its record's, its bytes hashed a chunk at a time, its result a line of text. */
const CHECKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { closeSync, constants, fstatSync, openSync, readSync } = require("node:fs");
const { createHash } = require("node:crypto");
const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const chunk = Buffer.allocUnsafe(1 << 20);
parentPort.once("message", ({ folder, ids, sizes, etags }) =>
  parentPort.postMessage(ids.map((id, index) => check(folder + "/" + id, sizes[index], etags[index]))));
function check(path, size, etag) {
  let fd;
  try {
    fd = openSync(path, FLAGS);
  } catch (error) {
    return "C:" + (error.code || "EIO");
  }
  try {
    const stat = fstatSync(fd, { bigint: true });
    if (!stat.isFile()) return "C:NOTFILE";
    if (stat.size !== BigInt(size)) return "C:SIZE:" + stat.size;
    const hash = createHash("sha256");
    for (let at = 0; at < size; ) {
      const read = readSync(fd, chunk, 0, Math.min(chunk.length, size - at), at);
      if (read === 0) return "C:CUT";
      hash.update(chunk.subarray(0, read));
      at += read;
    }
    if ('"' + hash.digest("base64url").slice(0, 22) + '"' !== etag) return "C:HASH";
    const identity = stat.dev + ":" + stat.ino + ":" + stat.size + ":" + stat.mtimeNs;
    return ((Number(stat.mode) & 0o7111) === 0 ? "L:" : "M:") + identity;
  } catch (error) {
    return "C:" + (error.code || "EIO");
  } finally {
    closeSync(fd);
  }
}
`;

export class ObjectChecks {
  private readonly results = new Map<string, string>();
  private readonly worker: Worker;
  /** Settles once every object is checked, or the thread failed (`failure` then says why). */
  private readonly done: Promise<void>;
  private failure?: string;

  /** Starts checking `objects` (by id: what each record says of it) in the folder `folder`. */
  constructor(folder: string, objects: ReadonlyMap<string, Written>) {
    this.worker = new Worker(CHECKER_SOURCE, { eval: true });
    // A build that failed before it took a page from the cache must not be kept alive by this thread.
    this.worker.unref();
    const ids = [...objects.keys()];
    this.done = new Promise<void>((resolve) => {
      const settle = (results: string[] | undefined, failure: string) => {
        if (results) ids.forEach((id, index) => this.results.set(id, results[index]));
        else this.failure ??= failure;
        resolve();
      };
      this.worker.once("message", (results: string[]) => settle(results, ""));
      this.worker.once("error", (error) =>
        settle(undefined, `the thread checking them failed: ${error.message}`),
      );
      this.worker.once("exit", () => settle(undefined, "the thread checking them stopped"));
    }).finally(() => void this.worker.terminate());
    const written = [...objects.values()];
    this.worker.postMessage({
      folder,
      ids,
      sizes: written.map(({ bytes }) => bytes),
      etags: written.map(({ etag }) => etag),
    });
  }

  /** Resolves once every object is checked. */
  ready(): Promise<void> {
    // Waited for now: the thread keeps the process alive until it answers.
    this.worker.ref();
    return this.done;
  }

  /** The object `id` (`name` in messages, of `bytes` by its record) as checked; else why it cannot be used. */
  result(id: string, name: string, bytes: number): CheckedObject | string {
    const result = this.results.get(id);
    if (result === undefined) return `${name} was not checked (${this.failure ?? "no record named it"})`;
    const [kind, code, detail] = [result.slice(0, 1), ...result.slice(2).split(":", 2)];
    if (kind !== "C") {
      const identity = result.slice(2);
      // Checked at the size the first record naming it says: another record may say another.
      const size = identity.split(":")[2];
      if (size !== String(bytes)) return `${name} holds ${size} bytes, not the ${bytes} its record says`;
      return { identity, link: kind === "L" };
    }
    if (code === "ENOENT") return `${name} is missing`;
    if (code === "ELOOP") return `${name} is a link, not a file of the cache`;
    if (code === "NOTFILE") return `${name} is not a file of the cache`;
    if (code === "SIZE") return `${name} holds ${detail} bytes, not the ${bytes} its record says`;
    if (code === "CUT") return `${name} was cut short while it was read`;
    if (code === "HASH") return `${name} does not match its hash (edited, or damaged)`;
    return `${name} cannot be read (${code})`;
  }

  close(): void {
    void this.worker.terminate();
  }
}
