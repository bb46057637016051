/**
 * Render workers for a large blog. On a machine with several cores, parsing
 * and rendering posts (YAML, markdown-it, templates) dominate a build; workers
 * spread them over the cores. Small sites build in one thread: starting a
 * worker costs more than it saves.
 *
 * Work goes out in chunks to whichever worker is free, two chunks ahead, so a
 * worker never waits for the main thread between chunks and no worker is left
 * with the slow end of the blog.
 */
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { PostParser, SourceEntry } from "./content/load.ts";
import type { PostSource } from "./content/types.ts";
import { SitegenErrors } from "./errors.ts";
import type { Manifest } from "./manifest.ts";
import { chunksOf, POSTS_PER_CHUNK, type ChunkReply } from "./render-posts.ts";
import { fromWire, type WireError, type WorkerRequest } from "./render-protocol.ts";

/** From this many posts on, a build uses workers. */
export const WORKER_THRESHOLD = 300;

/** Post files per parse chunk: parsing a file costs a fraction of rendering it. */
const FILES_PER_CHUNK = 250;
/**
 * Chunks queued at a worker beyond the one it is working on. While this
 * thread is busy with work of its own, replies wait, so the queue is deeper.
 */
const AHEAD = 1;
const AHEAD_WHILE_BUSY = 6;

/**
 * A worker's heap: a chunk's garbage is short-lived, so a small young
 * generation and old generation keep each worker's memory flat on a blog of
 * any size, at the cost of more frequent (cheap) collections.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 96 };

/** How many workers: `SITEGEN_WORKERS` decides when set (0 = none); else one per core for a large blog. */
export function workerCount(posts: number, env: NodeJS.ProcessEnv = process.env): number {
  const forced = env.SITEGEN_WORKERS;
  if (forced !== undefined && /^\d+$/.test(forced)) return Number(forced);
  const cores = availableParallelism();
  return posts >= WORKER_THRESHOLD && cores > 1 ? cores : 0;
}

type Reply = { id: number; ok: true; reply: unknown } | { id: number; ok: false; errors?: WireError[]; message?: string };
type Request = WithoutId<WorkerRequest>;

interface Job {
  request: Request;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class RenderPool {
  private readonly pending = new Map<number, Job & { worker: number }>();
  private readonly queue: Job[] = [];
  private readonly busy: number[];
  private nextId = 0;
  private ahead = AHEAD;
  private closed = false;

  private constructor(private readonly workers: Worker[]) {
    this.busy = workers.map(() => 0);
    workers.forEach((worker, index) => {
      worker.on("message", (message: Reply) => {
        // A reply that was on its way when the build failed has nowhere to go.
        if (this.closed) return;
        const job = this.pending.get(message.id)!;
        this.pending.delete(message.id);
        this.busy[index]--;
        this.dispatch();
        if (message.ok) job.resolve(message.reply);
        else job.reject(message.errors ? new SitegenErrors(message.errors.map(fromWire)) : new Error(message.message));
      });
      worker.on("error", (error) => {
        for (const job of [...this.pending.values(), ...this.queue]) job.reject(error);
        this.pending.clear();
        this.queue.length = 0;
      });
    });
  }

  /** Starts the workers from one bundle of the worker's sources. */
  static async start(count: number): Promise<RenderPool> {
    const code = await workerBundle();
    return new RenderPool(Array.from({ length: count }, () => new Worker(code, { eval: true, resourceLimits: WORKER_LIMITS })));
  }

  /** A PostParser that spreads the files over the workers; posts come back in the order of the files. */
  readonly parsePosts: PostParser = async (entries: SourceEntry[]) => {
    const replies = (await Promise.all(chunksOf(entries, FILES_PER_CHUNK).map((chunk) => this.run({ kind: "parse", entries: chunk })))) as { posts: PostSource[]; errors: WireError[] }[];
    return { posts: replies.flatMap((r) => r.posts), errors: replies.flatMap((r) => r.errors.map(fromWire)) };
  };

  /**
   * Renders every post of the manifest into the staging folder. `onChunk`
   * receives each chunk's reply in the order of `manifest.posts`, whatever
   * order the workers finish in, so llms-full.txt can be written as it comes.
   * `alongside` is this thread's own work meanwhile; it should yield to the
   * event loop now and then, so that replies are taken and chunks sent.
   */
  async renderPosts(
    manifest: Manifest,
    options: { stagingDir: string; templatesDir: string; headExtra?: string; targets: Set<string>; onChunk(reply: ChunkReply): void; alongside(): Promise<void> },
  ): Promise<void> {
    // Every worker learns once what all chunks share; the posts travel only in their chunk.
    const setup: Request = { kind: "setup", manifest: { ...manifest, pages: [], routes: [], posts: [] }, targets: [...options.targets], stagingDir: options.stagingDir, templatesDir: options.templatesDir, headExtra: options.headExtra };
    const setups = this.workers.map((_, index) => this.send(index, setup));
    const inOrder = new OrderedDelivery(options.onChunk);
    this.ahead = AHEAD_WHILE_BUSY;
    const chunks = chunksOf(manifest.posts, POSTS_PER_CHUNK).map((posts, index) => this.run({ kind: "render", posts }).then((reply) => inOrder.deliver(index, reply as ChunkReply)));
    const alongside = options.alongside().finally(() => (this.ahead = AHEAD));
    try {
      await Promise.all([...setups, ...chunks, alongside]);
    } catch (error) {
      // The caller removes the staging folder next: this thread's own writes must have stopped.
      await alongside.catch(() => undefined);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  /** Queues a request for the next free worker. */
  private run(request: Request): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  /** Sends a request to one worker, ahead of anything queued. */
  private send(worker: number, request: Request): Promise<unknown> {
    return new Promise((resolve, reject) => this.post(worker, { request, resolve, reject }));
  }

  private dispatch(): void {
    for (let worker = 0; worker < this.workers.length && this.queue.length > 0; worker++) {
      while (this.busy[worker] <= this.ahead && this.queue.length > 0) this.post(worker, this.queue.shift()!);
    }
  }

  private post(worker: number, job: Job): void {
    const id = this.nextId++;
    this.pending.set(id, { ...job, worker });
    this.busy[worker]++;
    this.workers[worker].postMessage({ ...job.request, id });
  }
}

/** Hands replies on in the order of their index, holding back those that come early. */
class OrderedDelivery<T> {
  private readonly early = new Map<number, T>();
  private next = 0;

  constructor(private readonly deliverInOrder: (item: T) => void) {}

  deliver(index: number, item: T): void {
    this.early.set(index, item);
    while (this.early.has(this.next)) {
      const ready = this.early.get(this.next)!;
      this.early.delete(this.next++);
      this.deliverInOrder(ready);
    }
  }
}

/**
 * The CLI bundle (bin/load-cli.js) carries the worker's bundle as a constant.
 * Running from the sources, it is bundled now: a worker started from the
 * TypeScript files would need tsx's loader, which runs one more thread per
 * worker and transforms every module again.
 */
declare const SITEGEN_WORKER_BUNDLE: string | undefined;

async function workerBundle(): Promise<string> {
  if (typeof SITEGEN_WORKER_BUNDLE === "string") return SITEGEN_WORKER_BUNDLE;
  const { build } = await import("esbuild");
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL("./render-worker.ts", import.meta.url))],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    write: false,
    logLevel: "silent",
  });
  return bundle.outputFiles[0].text;
}

/** `Omit` for each member of a union, not for the union as a whole. */
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
