/**
 * Render workers for a large blog. On a machine with several cores, parsing
 * and rendering posts (YAML, markdown-it, templates) dominate a build; workers
 * spread them over the cores. Small sites build in one thread: starting a
 * worker costs more than it saves.
 */
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { build } from "esbuild";
import type { PostParser, SourceEntry } from "./content/load.ts";
import type { PostSource } from "./content/types.ts";
import { SitegenErrors } from "./errors.ts";
import { linkablePaths, type Manifest } from "./manifest.ts";
import type { PageFacts } from "./plan.ts";
import { fromWire, type RenderReply, type WireError, type WorkerRequest } from "./render-protocol.ts";
import type { StagingFolder } from "./write.ts";

/** From this many posts on, a build uses workers. */
export const WORKER_THRESHOLD = 300;

/** How many workers: `SITEGEN_WORKERS` decides when set (0 = none); else one per core for a large blog. */
export function workerCount(posts: number, env: NodeJS.ProcessEnv = process.env): number {
  const forced = env.SITEGEN_WORKERS;
  if (forced !== undefined && /^\d+$/.test(forced)) return Number(forced);
  const cores = availableParallelism();
  return posts >= WORKER_THRESHOLD && cores > 1 ? cores : 0;
}

type Reply = { id: number; ok: true; reply: unknown } | { id: number; ok: false; errors?: WireError[]; message?: string };

export class RenderPool {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  private nextId = 0;

  private constructor(private readonly workers: Worker[]) {
    for (const worker of workers) {
      worker.on("message", (message: Reply) => {
        const waiting = this.pending.get(message.id)!;
        this.pending.delete(message.id);
        if (message.ok) waiting.resolve(message.reply);
        else waiting.reject(message.errors ? new SitegenErrors(message.errors.map(fromWire)) : new Error(message.message));
      });
      worker.on("error", (error) => {
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
      });
    }
  }

  /**
   * Starts the workers from one bundle of the worker's sources, built with
   * esbuild (which runs tsx already). A worker started from the TypeScript
   * files would need tsx's loader, which runs one more thread per worker and
   * transforms every module again: slower to start and twice the memory.
   */
  static async start(count: number): Promise<RenderPool> {
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL("./render-worker.ts", import.meta.url))],
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      write: false,
      logLevel: "silent",
    });
    const code = bundle.outputFiles[0].text;
    return new RenderPool(Array.from({ length: count }, () => new Worker(code, { eval: true })));
  }

  /** A PostParser that spreads the files over the workers in contiguous shares. */
  readonly parsePosts: PostParser = async (entries: SourceEntry[]) => {
    const shares = split(entries, this.workers.length, "contiguous");
    const replies = (await Promise.all(shares.map((share, i) => this.ask(i, { kind: "parse", entries: share })))) as { posts: PostSource[]; errors: WireError[] }[];
    return { posts: replies.flatMap((r) => r.posts), errors: replies.flatMap((r) => r.errors.map(fromWire)) };
  };

  /** Renders every post of the manifest into the staging folder, recording written files and link facts. */
  async renderPosts(manifest: Manifest, options: { staging: StagingFolder; templatesDir: string; headExtra?: string; facts: PageFacts }): Promise<void> {
    // Interleaved shares: posts of similar age (and size) spread evenly.
    const shares = split(manifest.posts, this.workers.length, "interleaved");
    // Each worker gets the manifest with only its own posts, and the link targets as a list:
    // a post page needs no other route, and copying all of them to every worker costs memory.
    const linkable = [...linkablePaths(manifest)];
    const replies = (await Promise.all(
      shares.map((posts, i) =>
        this.ask(i, {
          kind: "render",
          manifest: { ...manifest, pages: [], routes: [], posts },
          linkable,
          stagingDir: options.staging.path,
          templatesDir: options.templatesDir,
          headExtra: options.headExtra,
        }),
      ),
    )) as RenderReply[];
    const byPath = new Map(manifest.routes.map((route) => [route.path, route]));
    for (const reply of replies) {
      for (const [file, written] of reply.written) options.staging.written.set(file, written);
      for (const [path, ids] of reply.ids) options.facts.ids.set(path, new Set(ids));
      for (const link of reply.links) options.facts.links.push({ route: byPath.get(link.path)!, href: link.href, line: link.line, location: link.location });
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private ask(index: number, request: WithoutId<WorkerRequest>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.workers[index].postMessage({ ...request, id });
    });
  }
}

function split<T>(items: T[], parts: number, how: "contiguous" | "interleaved"): T[][] {
  const shares: T[][] = Array.from({ length: parts }, () => []);
  const size = Math.ceil(items.length / parts);
  items.forEach((item, i) => shares[how === "contiguous" ? Math.floor(i / size) : i % parts].push(item));
  return shares;
}


/** `Omit` for each member of a union, not for the union as a whole. */
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
