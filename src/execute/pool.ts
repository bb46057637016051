/**
 * Parsing posts and running jobs spread over lanes: the build's own thread, and
 * for a large blog one worker thread per further core. YAML, markdown-it and
 * templates dominate a build; the build's own thread has little else to do,
 * so it takes chunks too instead of leaving a core to a third thread. A small
 * site has no workers: starting one costs more than it saves (workers.ts
 * says how many a build starts, lane-events.ts tells who answered what).
 *
 * Work goes out in chunks to whichever lane is free, a worker two chunks
 * ahead so it never waits for this thread between chunks, and no lane is left
 * with the slow end of the blog.
 */
import type { Worker } from "node:worker_threads";
import type { PostParser, SourceEntry } from "../content/load.ts";
import { SitegenErrors } from "../errors.ts";
import type { Manifest } from "../manifest/manifest.ts";
import type { Job } from "../plan/plan.ts";
import type { LinkTargets } from "../render/liquid/links.ts";
import type { DiskChannel } from "../write/disk-thread.ts";
import { RenderLane, type LaneReply } from "./lane.ts";
import {
  fromWire,
  type ChunkReply,
  type LaneRequest,
  type QueuedRequest,
  type WireError,
} from "./protocol.ts";
import { LANE_EVENTS, laneEvent } from "./lane-events.ts";
import { startWorkers } from "./workers.ts";
import type { ParsedSources } from "./sources.ts";
import type { KnownSource } from "../write/post-records.ts";

/** Jobs per chunk: small enough to balance the lanes, large enough that messages cost little. */
const JOBS_PER_CHUNK = 50;
/** Post files per parse chunk: parsing a file costs a fraction of rendering it. */
const FILES_PER_CHUNK = 250;
/**
 * Chunks queued at a worker beyond the one it is working on. While this
 * thread is busy with work of its own, replies wait, so the queue is deeper.
 */
const AHEAD = 1;
const AHEAD_WHILE_BUSY = 12;

interface Pending {
  request: QueuedRequest;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** What every chunk of one run shares; sent to each lane once. */
export interface LaneSetup {
  manifest: Manifest;
  /** Every path a link may target. */
  targets: Set<string>;
  /** What the posts' Jekyll link tags may name. */
  linkTargets: LinkTargets;
  stagingDir: string;
  templatesDir: string;
  cwd: string;
  headExtra?: string;
  /** The build cache's folder of this highlighter's blocks (src/write/highlight-store.ts), when the build has a cache. */
  highlights?: string;
  /** A new channel to the staging folder's disk thread, one for each lane, when it has one. */
  diskChannel?(): DiskChannel | undefined;
}

export class RenderPool {
  private readonly pending = new Map<number, Pending>();
  private readonly queue: Pending[] = [];
  /** Requests in flight per lane: the workers, then this thread's lane last. */
  private readonly busy: number[];
  private readonly local = new RenderLane();
  private nextId = 0;
  private ahead = AHEAD;
  private closed = false;

  private constructor(private readonly workers: Worker[]) {
    this.busy = [...workers.map(() => 0), 0];
    workers.forEach((worker, index) => {
      worker.on("message", (reply: LaneReply) => this.settle(index, reply));
      worker.on("error", (error) => {
        for (const job of [...this.pending.values(), ...this.queue]) job.reject(error);
        this.pending.clear();
        this.queue.length = 0;
      });
    });
  }

  /** Starts `workers` worker threads; 0 runs every lane here. */
  static async start(workers: number): Promise<RenderPool> {
    return new RenderPool(workers === 0 ? [] : startWorkers(workers));
  }

  /**
   * A PostParser that spreads the files over the lanes (`parseSources`);
   * posts come back in the order of the files, their content hashes into
   * `hashes`.
   */
  postParser(
    known: ReadonlyMap<string, KnownSource>,
    hashes: Map<string, string>,
    keepBodies: boolean,
  ): PostParser {
    return async (entries: SourceEntry[]) => {
      const chunks = chunksOf(entries, FILES_PER_CHUNK).map((chunk) => {
        const knownHere = chunk.flatMap((entry): [string, KnownSource][] =>
          known.has(entry.path) ? [[entry.path, known.get(entry.path)!]] : [],
        );
        return this.queued({ kind: "parse", entries: chunk, known: knownHere, keepBodies });
      });
      const replies = (await Promise.all(chunks)) as (Omit<ParsedSources, "errors"> & {
        errors: WireError[];
      })[];
      for (const reply of replies) for (const [path, hash] of reply.hashes) hashes.set(path, hash);
      return {
        posts: replies.flatMap((r) => r.posts),
        errors: replies.flatMap((r) => r.errors.map(fromWire)),
      };
    };
  }

  /**
   * Runs `jobs` on the lanes, writing into the staging folder; `onChunk`
   * receives each chunk's reply as it comes. `alongside` is this thread's own
   * work meanwhile; it should yield to the event loop now and then, so that
   * replies are taken and chunks sent.
   */
  async run(
    jobs: Job[],
    options: { setup: LaneSetup; onChunk(reply: ChunkReply): void; alongside(): Promise<void> },
  ): Promise<void> {
    // Every lane learns once what all chunks share; the routes travel only in their chunk.
    const { manifest, targets, diskChannel, ...rest } = options.setup;
    const shared = {
      manifest: { ...manifest, pages: [], routes: [], posts: [] },
      targets: [...targets],
      ...rest,
    };
    const setups = this.busy.map((_, lane) =>
      this.send(lane, { kind: "setup", ...shared, disk: diskChannel?.() }),
    );
    this.ahead = AHEAD_WHILE_BUSY;
    const chunks = chunksOf(jobs, JOBS_PER_CHUNK).map((chunk) =>
      this.queued({ kind: "render", jobs: chunk }).then((reply) => options.onChunk(reply as ChunkReply)),
    );
    const alongside = options.alongside().finally(() => (this.ahead = AHEAD));
    try {
      await Promise.all([...setups, ...chunks, alongside]);
    } catch (error) {
      // The caller removes the staging folder next: this thread's own writes must have stopped.
      await alongside.catch(() => undefined);
      throw error;
    }
  }

  /** Worker threads besides this thread's own lane. */
  get threads(): number {
    return this.workers.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  /** Queues a request for the next free lane. */
  private queued(request: QueuedRequest): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  /** Sends a request to one lane, ahead of anything queued. */
  private send(lane: number, request: QueuedRequest): Promise<unknown> {
    return new Promise((resolve, reject) => this.post(lane, { request, resolve, reject }));
  }

  /**
   * Hands each queued chunk to the lane with the fewest in flight that has room (the first such,
   * on a tie): chunks are queued one at a time, so filling the first worker up to its `ahead`
   * would leave a short queue, a small blog's, to it alone.
   */
  private dispatch(): void {
    while (this.queue.length > 0) {
      let chosen = -1;
      for (let lane = 0; lane < this.busy.length; lane++) {
        // This thread's lane takes one chunk at a time: it has replies and writes of its own to see to between chunks.
        const limit = lane === this.workers.length ? 1 : this.ahead + 1;
        if (this.busy[lane] < limit && (chosen === -1 || this.busy[lane] < this.busy[chosen])) chosen = lane;
      }
      if (chosen === -1) return;
      this.post(chosen, this.queue.shift()!);
    }
  }

  private post(lane: number, job: Pending): void {
    const id = this.nextId++;
    this.pending.set(id, job);
    this.busy[lane]++;
    const request = { ...job.request, id } as LaneRequest;
    // A lane's channel to the disk thread moves to its worker.
    if (lane < this.workers.length)
      this.workers[lane].postMessage(
        request,
        request.kind === "setup" && request.disk ? [request.disk.port] : [],
      );
    // This thread's lane runs after whatever else is waiting on the event loop.
    else
      setImmediate(
        () => void (this.closed || this.local.answer(request).then((reply) => this.settle(lane, reply))),
      );
  }

  private settle(lane: number, reply: LaneReply): void {
    // A reply that was on its way when the build failed has nowhere to go.
    if (this.closed) return;
    const job = this.pending.get(reply.id)!;
    this.pending.delete(reply.id);
    this.busy[lane]--;
    this.dispatch();
    if (LANE_EVENTS.hasSubscribers)
      LANE_EVENTS.publish(
        laneEvent(lane === this.workers.length ? "build thread" : `worker ${lane + 1}`, job.request, reply),
      );
    if (reply.ok) job.resolve(reply.reply);
    else job.reject(reply.errors ? new SitegenErrors(reply.errors.map(fromWire)) : new Error(reply.message));
  }
}

/** Splits a list into chunks of `size`, the last one shorter. */
function chunksOf<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}
