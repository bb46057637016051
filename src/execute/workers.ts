/**
 * How many worker threads a build starts, and how one is started. Its own
 * module because it is the one place that weighs a worker's cost against
 * what it saves, and knows where the worker's code is (compiled or the
 * TypeScript sources); the pool (pool.ts) only hands chunks to the lanes it
 * is given.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { threadScript } from "./thread-script.ts";

/**
 * From this many posts on, a build uses workers. A worker loads the render
 * code again and warms up markdown-it and highlight.js in an isolate of its
 * own, and the two lanes slow each other down (two builds at once on this
 * machine's two cores each take 1.3× their time alone); with the writes on
 * the disk thread, a single lane keeps up below this: on two cores, 2,000
 * posts took 1.68 s in one lane and 1.71 s with a worker, 5,000 took 3.37 s
 * and 3.34 s (with 50 MB more memory), 10,000 took 6.8 s and 5.9 s.
 */
export const WORKER_THRESHOLD = 5000;

/**
 * A worker's heap. A chunk's garbage dies young, and a young generation of
 * 8 MB collects it often and cheaply: at 10,000 posts the process peaked at
 * 257 MB with it and at 268 MB with 24 MB (3 builds each, alternating with
 * the same build before the build thread, medians), in no more CPU time than
 * those builds could tell. What a worker keeps stays small whatever the size of
 * the blog; the old generation's cap is only there so that one very long post
 * (5 MB, the most a post may be) still renders: at 128 MB the peak was a few
 * MB lower, and such a post would stop the build.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 512 };

/** How many worker threads: `requested` when given (0 = none); else one per core beyond the first, for a large blog. */
export function workerCount(posts: number, requested?: number): number {
  if (requested !== undefined) return requested;
  return posts >= WORKER_THRESHOLD ? availableParallelism() - 1 : 0;
}

/** Starts `count` render workers, each with the heap above. */
export function startWorkers(count: number): Worker[] {
  // The compiled CLI starts lib/render-worker.js beside it (scripts/compile.mjs).
  const { script, eval: evaluate } = threadScript(
    new URL("./render-worker.js", import.meta.url),
    new URL("./worker.ts", import.meta.url),
  );
  return Array.from(
    { length: count },
    () => new Worker(script, { eval: evaluate, resourceLimits: WORKER_LIMITS }),
  );
}
