/**
 * A large blog's build runs in a thread of its own, whose heap is fitted to
 * the blog. Node cannot cap the main thread's old generation once it has
 * started (a V8 flag set then is undefined behaviour, bin/sitegen.js says),
 * and uncapped, V8 lets a long build's heap grow far past what it keeps
 * alive: at 10,000 posts the process peaked at 350 MB with 80 MB of the main
 * thread's heap live. A thread takes `resourceLimits`; the cap makes V8
 * collect before the heap outgrows the blog, and the small young generation
 * keeps the garbage of each chunk small.
 *
 * A small blog builds in the main thread: it never comes near the memory a
 * thread saves, and starting one would cost each of its builds a new isolate.
 */
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import type { BuildOptions } from "../build.ts";
import { threadScript } from "../execute/thread-script.ts";
import { buildAndReport, type ReportFlags } from "./build-report.ts";
import { rethrown, type BuildThreadData, type ThreadMessage } from "./build-thread-wire.ts";
import type { Io } from "./io.ts";
import { removeOwnStaging } from "../write/staging-leftovers.ts";

/** From this many post files on, a build runs in a thread of its own. */
export const BUILD_THREAD_FROM = 1000;

/**
 * The build thread's heap for a blog of `posts` posts. What the build keeps
 * alive grows with the blog: at its peak, the end of rendering, 90 to 105 MB
 * at 10,000 posts of 1,200 words and 305 MB at 50,000 (whose heap grew to
 * 435 MB under a cap of 439). The old generation's cap is that with room to
 * spare: V8 starts a heap's collections at half its cap and lets it grow only
 * towards it, where the main thread's uncapped heap grew to 165 MB at 10,000
 * posts with 80 MB alive. A young generation of 4 MB collects each chunk's
 * garbage in small steps. At 10,000 posts without the cache (a cap of 162 MB)
 * the process peaked at 257 MB where it had at 353 MB, for 3 % more CPU time.
 * A warm build holds the cache's records besides: under that cap it took 30 %
 * more CPU time in collections, under one of 220 MB 9 %.
 */
const BASE_MB = 64;
const PER_POST_KB = 10;
/** With the build cache, each post's record and its line of the cache's index (18.6 MB at 10,000 posts) besides. */
const PER_CACHED_POST_KB = 16;
const YOUNG_MB = 4;

export function buildThreadLimits(
  posts: number,
  cached: boolean,
): {
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
} {
  return {
    maxOldGenerationSizeMb: BASE_MB + Math.ceil((posts * (cached ? PER_CACHED_POST_KB : PER_POST_KB)) / 1024),
    maxYoungGenerationSizeMb: YOUNG_MB,
  };
}

/**
 * The post files under the content folder's blog/, counted without reading
 * them: one listing for a flat blog, one more for each folder in it.
 */
export function countPostFiles(folder: string): number {
  let count = 0;
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    // Hidden files are passed over, as the build passes them over (src/content/tree.ts).
    if (entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) count += countPostFiles(join(folder, entry.name));
    else if (/\.(?:md|markdown|mdx|html?)$/i.test(entry.name)) count++;
  }
  return count;
}

/** Builds and reports as buildAndReport does, in a thread of its own for a large blog. */
export async function build(options: BuildOptions, flags: ReportFlags, io: Io): Promise<number> {
  const posts = countPostFiles(join(resolve(options.cwd, options.contentDir), "blog"));
  if (posts < BUILD_THREAD_FROM) return buildAndReport(options, flags, io);
  const data: BuildThreadData = {
    options,
    flags,
    tty: { stdout: Boolean(io.stdout.isTTY), stderr: Boolean(io.stderr.isTTY) },
  };
  const { script, eval: evaluate } = threadScript(
    new URL("./build-thread.js", import.meta.url),
    new URL("./build-thread-main.ts", import.meta.url),
  );
  const worker = new Worker(script, {
    eval: evaluate,
    workerData: data,
    env: io.env,
    resourceLimits: buildThreadLimits(posts, options.cache !== undefined),
  });
  return new Promise<number>((settle, fail) => {
    let done = false;
    worker.on("message", (message: ThreadMessage) => {
      if (message.kind === "write") io[message.stream].write(message.text);
      else {
        done = true;
        void worker.terminate();
        if (message.kind === "done") settle(message.code);
        else fail(rethrown(message.thrown));
      }
    });
    worker.on("error", (error: Error & { code?: string }) => {
      done = true;
      // A blog whose posts are far longer than most (one of 4.8 MB among 1,000 short ones) outgrew the heap
      // fitted to their number: it builds again here, uncapped, once the thread's staging folder is gone.
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY")
        settle(
          removeOwnStaging(resolve(options.cwd, options.outDir)).then(() =>
            buildAndReport(options, flags, io),
          ),
        );
      else fail(error);
    });
    worker.on("exit", (code) => {
      if (!done) fail(new Error(`the build's thread stopped with exit code ${code} before the build ended`));
    });
  });
}
