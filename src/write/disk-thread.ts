/**
 * One thread that makes a build's folders and writes its files (or links
 * them from the build cache), for every render lane, while the lanes render
 * the next pages. Creating a file costs
 * far more than its bytes suggest (on ext4, `mkdir` and `open` take most of
 * it), and lanes that create files in the same folder at once wait on that
 * folder's lock in the kernel, spinning: one thread creating them in turn
 * spends a fraction of the time. A small blog renders in one lane, and the
 * writes run on the core it leaves idle.
 *
 * Each lane talks to the thread through a channel of its own (`DiskWriter`):
 * files go over in batches, their bytes moved, not copied; `flush` resolves
 * once every file the lane sent before it is on disk, or rejects naming the
 * first that could not be written. The thread's own code, and the layout
 * of the channels both sides read, are disk-thread-code.ts.
 */
import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";
import { SitegenError } from "../errors.ts";
import { changed } from "./object-links.ts";
import { BATCH_FILES, CHANGED, DONE, FAILED, SLOT_BYTES, SLOTS, THREAD_SOURCE } from "./disk-thread-code.ts";

/** A lane's end of a channel to the disk thread: what crosses to a render worker. */
export interface DiskChannel {
  port: MessagePort;
  /** SLOTS slots of SLOT_BYTES, shared with the thread. */
  slots: SharedArrayBuffer;
  /** Two Int32s: how many files the thread has taken from the slots, and 1 once a file could not be written (until the next flush). */
  counters: SharedArrayBuffer;
}

export class DiskThread {
  private readonly worker = new Worker(THREAD_SOURCE, { eval: true });

  constructor() {
    // A build that failed before it flushed must not be kept alive by this thread.
    this.worker.unref();
  }

  /** A new channel to the thread, for one lane (transfer its port to a worker). */
  channel(): DiskChannel {
    const { port1, port2 } = new MessageChannel();
    const slots = new SharedArrayBuffer(SLOTS * SLOT_BYTES);
    const counters = new SharedArrayBuffer(8);
    this.worker.postMessage({ port: port2, slots, counters }, [port2]);
    return { port: port1, slots, counters };
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** `Atomics.waitAsync` (Node 16 on; TypeScript declares it from ES2024's library, newer than this project's target). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { value: Promise<string> | string };
  }
).waitAsync;

interface Flushed {
  flushed: number;
  failure?: { path: string; message: string; code?: string };
}

/** A lane's writer through its channel: `take` a slot, fill it, `send` it; or `link` a file that exists. */
export class DiskWriter {
  private readonly port: MessagePort;
  private readonly slots: Buffer;
  /** The channel's counters, shared with the thread (DONE, FAILED). */
  private readonly counters: Int32Array;
  /** Files sent, ever; the next one goes in slot `sent % SLOTS`. */
  private sent = 0;
  private paths: string[] = [];
  private lengths: number[] = [];
  /** Each file's slot, or -1 for a link. */
  private slotsOf: number[] = [];
  /** Each link's existing file, or null for a slot's file. */
  private from: (string | null)[] = [];
  /** The identity each link's file must have (object-links.ts), or null for any. */
  private identities: (string | null)[] = [];
  private flushes = 0;
  private readonly waiting = new Map<number, (reply: Flushed) => void>();

  constructor(channel: DiskChannel) {
    this.port = channel.port;
    this.slots = Buffer.from(channel.slots);
    this.counters = new Int32Array(channel.counters);
    this.port.on("message", (reply: Flushed) => {
      const settle = this.waiting.get(reply.flushed);
      this.waiting.delete(reply.flushed);
      settle?.(reply);
    });
    this.port.unref();
  }

  /** The most bytes a slot holds. */
  static readonly slotBytes = SLOT_BYTES;

  /** The next free slot to fill, waiting while the thread has every slot. */
  take(): Buffer {
    // Files in the current batch are not with the thread yet: send them before waiting for it.
    if (this.sent - Atomics.load(this.counters, DONE) >= SLOTS) this.sendBatch();
    for (
      let waits = 0, done = Atomics.load(this.counters, DONE);
      this.sent - done >= SLOTS;
      done = Atomics.load(this.counters, DONE)
    ) {
      if (Atomics.wait(this.counters, DONE, done, 1000) === "timed-out" && ++waits === 60)
        throw new SitegenError("E_IO", "the thread writing the output stopped answering");
    }
    const at = (this.sent % SLOTS) * SLOT_BYTES;
    return this.slots.subarray(at, at + SLOT_BYTES);
  }

  /** Writes the slot `take` gave, filled with `length` bytes, to `path` (its folder made first). */
  send(path: string, length: number): void {
    this.queue(path, length, this.sent % SLOTS, null);
    this.sent++;
  }

  /**
   * Puts the file `from` in place at `path` too: a hard link (no bytes are
   * copied), or a copy where the two are on different file systems. Given
   * an `identity`, only that file (object-links.ts): else the flush fails.
   */
  link(from: string, path: string, identity?: string): void {
    this.queue(path, 0, -1, from, identity ?? null);
  }

  private queue(
    path: string,
    length: number,
    slot: number,
    from: string | null,
    identity: string | null = null,
  ): void {
    this.paths.push(path);
    this.lengths.push(length);
    this.slotsOf.push(slot);
    this.from.push(from);
    this.identities.push(identity);
    if (this.paths.length >= BATCH_FILES) this.sendBatch();
  }

  /** Whether a file sent from a slot is still waiting for the thread (links aside). */
  get slotsInFlight(): boolean {
    return this.paths.length > 0 || Atomics.load(this.counters, DONE) < this.sent;
  }

  /**
   * Resolves when every file sent from a slot so far has been written (or
   * failed: `flush` names it), however many links are still queued: the
   * thread takes files in order, and counts each slot's as it is done.
   */
  async slotsWritten(): Promise<void> {
    this.sendBatch();
    // Waiting on memory holds no handle: the port, referenced meanwhile, keeps the process alive for the answer.
    this.port.ref();
    try {
      for (
        let done = Atomics.load(this.counters, DONE);
        done < this.sent;
        done = Atomics.load(this.counters, DONE)
      )
        await waitAsync(this.counters, DONE, done).value;
    } finally {
      this.port.unref();
    }
    // A file that could not be written: the flush names it.
    if (Atomics.load(this.counters, FAILED) === 1) await this.flush();
  }

  /** Resolves when every file sent so far is on disk; rejects with the first that failed. */
  async flush(): Promise<void> {
    this.sendBatch();
    const id = this.flushes++;
    this.port.ref();
    const reply = await new Promise<Flushed>((resolve) => {
      this.waiting.set(id, resolve);
      this.port.postMessage({ flush: id });
    }).finally(() => this.port.unref());
    if (reply.failure) {
      const { path, message, code } = reply.failure;
      if (code === CHANGED) throw changed(path);
      throw new SitegenError("E_IO", `cannot write ${path}: ${message}`, {
        hint: code === "ENOSPC" ? "the disk is full" : "check that the output folder's disk is writable",
      });
    }
  }

  close(): void {
    this.port.close();
  }

  private sendBatch(): void {
    if (this.paths.length === 0) return;
    this.port.postMessage({
      paths: this.paths,
      lengths: this.lengths,
      slotsOf: this.slotsOf,
      from: this.from,
      identities: this.identities,
    });
    this.paths = [];
    this.lengths = [];
    this.slotsOf = [];
    this.from = [];
    this.identities = [];
  }
}
