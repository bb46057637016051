/**
 * `sitegen build`: the pipeline (pipeline.ts) run into a staging folder,
 * swapped into place only when nothing failed, with the build cache opened
 * before it and saved after. Its own module because the folders are the
 * command's, not the pipeline's: `sitegen check` and a watch session run the
 * same pipeline into folders of their own.
 */
import { resolve } from "node:path";
import { assertReplaceable, cacheStores, openCache } from "./build-folders.ts";
import { stage, type PipelineOptions, type Staged } from "./pipeline.ts";
import type { PostRecords } from "./write/post-records.ts";
import { highlighterId } from "./render/media/highlight.ts";
import type { BuildCache } from "./write/cache.ts";
import { HighlightFiles } from "./write/highlight-store.ts";
import type { Written } from "./write/output.ts";
import { StagingFolder } from "./write/staging.ts";
import { StageClock, type StageTimes } from "./stage-times.ts";

export interface BuildOptions extends PipelineOptions {
  outDir: string;
  /**
   * The build cache folder (src/write/cache.ts): unchanged posts are taken
   * from it, and this build's are kept in it. `implied` when the user did not
   * name it (the default folder): where it cannot be used, the build goes
   * without it and says why, where a folder named would be an error.
   */
  cache?: { dir: string; implied?: boolean };
  /** How the new folder is swapped in: a watch session's server holds its requests meanwhile. */
  swap?: (commit: () => Promise<void>) => Promise<void>;
}

export interface BuildResult extends Staged {
  pages: number;
  files: number;
  bytes: number;
  milliseconds: number;
  /** Every file written, as the negotiation data records it. */
  written: Map<string, Written>;
  /** The build cache, when the build had one: its folder as given, and why its contents were not used or it was not saved, if so. */
  cache?: { dir: string; note?: string };
  /** Where the build's time went, by stage (src/stage-times.ts). */
  stages: StageTimes;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const clock = new StageClock();
  await assertReplaceable(options);
  const { cache, unused } = openCache(options);
  try {
    const staging = await StagingFolder.create(resolve(options.cwd, options.outDir));
    try {
      const stores = cacheStores(cache);
      const staged = await stage({ ...options, ...stores, clock }, staging, cache);
      const unsaved = cache && saved(cache, staged.records, staging);
      if (cache) HighlightFiles.prune(cache.highlights, highlighterId());
      stores.images?.prune();
      await (options.swap ? options.swap(() => staging.commit()) : staging.commit());
      clock.lap("write");
      let bytes = 0;
      for (const { bytes: size } of staging.written.values()) bytes += size;
      const note = [
        unused && `not used: ${unused}`,
        cache?.dropped(),
        unsaved
          ? `not saved: ${unsaved}; the next build will be cold`
          : cache && unused && "it now holds this build",
      ]
        .filter(Boolean)
        .join("; ");
      const reported = options.cache && { dir: options.cache.dir, ...(note ? { note } : {}) };
      return {
        ...staged,
        pages: staged.manifest.routes.length,
        files: staging.written.size,
        bytes,
        milliseconds: Math.round(performance.now() - started),
        written: staging.written,
        stages: clock.times(),
        ...(reported ? { cache: reported } : {}),
      };
    } catch (error) {
      await staging.discard();
      throw error;
    }
  } finally {
    cache?.close();
  }
}

/** Keeps this build in the cache; undefined when it did, else why not: a cache that cannot be written is a note, never a failed build. */
function saved(cache: BuildCache, records: PostRecords, staging: StagingFolder): string | undefined {
  try {
    cache.save(records, staging);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}
