/**
 * The pipeline end to end: content → manifest → plan → jobs run into a
 * staging folder → link check and size budgets, every finding judged by
 * src/policy.ts at the end. `sitegen build` then swaps the staging folder
 * into place, only when nothing failed; `sitegen check` runs the same
 * pipeline into a folder it discards.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { assertReplaceable, cacheStores, openCache } from "./build-folders.ts";
import { listPostFiles, readContent, type SourceEntry } from "./content/load.ts";
import type { Listing } from "./content/tree.ts";
import { errorsOf, type SitegenError } from "./errors.ts";
import { executePlan } from "./execute/execute.ts";
import { readPostBody } from "./execute/lane.ts";
import { RenderPool, workerCount } from "./execute/pool.ts";
import { pageFingerprint, recordOf, unchanged } from "./execute/reuse.ts";
import {
  keyPath,
  recordKey,
  type PostRecord,
  type PostRecords,
  type ReuseStore,
} from "./write/post-records.ts";
import { parseSources, type ParsedSources } from "./execute/sources.ts";
import type { HostName, PostSource } from "./content/types.ts";
import { judge, type Finding } from "./findings.ts";
import { Collector } from "./collector.ts";
import { PLANNED_CHECKS, RENDERED_CHECKS, runChecks, type PlannedBuild } from "./checks/index.ts";
import { buildManifest, type Manifest, type PageRoute } from "./manifest/manifest.ts";
import { planSite } from "./plan/plan.ts";
import { highlighterId, useHighlightStore } from "./render/media/highlight.ts";
import { linkTargets } from "./render/liquid/links.ts";
import type { RenderMemo } from "./render/render-context.ts";
import { resizeImages } from "./render/media/resize-images.ts";
import type { ResizeStore } from "./write/image-store.ts";
import { prepareTemplates, readTemplates } from "./render/page/templates.ts";
import type { BuildCache } from "./write/cache.ts";
import { HighlightFiles } from "./write/highlight-store.ts";
import type { Written } from "./write/output.ts";
import type { PatchWriter } from "./write/patch.ts";
import { StagingFolder } from "./write/staging.ts";
import { StageClock, type StageTimes } from "./stage-times.ts";

/**
 * From this many posts on, the files are written by a disk thread
 * (src/write/disk-thread.ts) while the pages render; below, starting it
 * costs more than the writes it takes over (the real site's 14 posts
 * built in 0.30 s with it and 0.28 s without).
 */
const DISK_THREAD_FROM = 100;

/** Up to this many posts, the bodies read while parsing are kept for rendering (about 25 MB); beyond, each is read again. */
const KEEP_BODIES_UP_TO = 3000;

export interface PipelineOptions {
  contentDir: string;
  templatesDir: string;
  baseUrl?: string;
  /** The CDN the build is for, overriding site.yaml's `host`. */
  host?: HostName;
  /** The time the build stands for: SOURCE_DATE_EPOCH, or now. */
  generated: Date;
  /** Markup added to every page's <head>: the watch-mode reload script. */
  headExtra?: string;
  /** Render worker threads; by default one per core beyond the first, for a large blog. */
  workers?: number;
  /** The folder messages name files relative to (the user's working folder). */
  cwd: string;
  /** What renderers keep between the rebuilds of a watch session. */
  memo?: RenderMemo;
  /** Return every post's record (the build cache and watch sessions keep them); without, none are made. */
  records?: boolean;
  /** Lists the post files: a watch session gives the last listing again while only files in it have changed. */
  postFiles?: (list: () => Listing) => Listing;
  /** `--strict`: a warning fails the run too (src/policy.ts). */
  strict?: boolean;
  /** Show the drafts, marked and indexed nowhere (`--drafts`, `serve --watch`, a deploy preview); never in a production build. */
  drafts?: boolean;
  /** Why this is a production deploy's build, if it is (src/cli/io.ts `deployContext`): no drafts, and a placeholder is an error. */
  production?: string;
  /** `sitegen check`: a placeholder origin is a warning there, which a local build leaves unsaid. */
  checking?: boolean;
  /** The folder of this highlighter's blocks in the build cache (src/write/highlight-store.ts): a block highlighted by an earlier build is taken from it. */
  highlights?: string;
  /** The build cache's narrower copies of images (src/write/image-store.ts): a copy made by an earlier build is taken from it. */
  images?: ResizeStore;
  /** Where the run's time goes, by stage (src/stage-times.ts). */
  clock?: StageClock;
}

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

export interface Staged {
  manifest: Manifest;
  /** What the run found that fails nothing (warnings, and what `check` tells besides), judged by src/policy.ts. */
  findings: Finding[];
  /** Every published post's record, for the next build (src/execute/reuse.ts), when asked for. */
  records: PostRecords;
  /** How many post pages were taken from earlier results instead of rendered. */
  reused: number;
  /** How many narrower copies of images sharp made, and how many were taken from earlier results instead. */
  images: { made: number; reused: number };
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

/**
 * Runs the pipeline into `writer` (a staging folder, or the watch session's
 * patch of its folder): every planned file written, every link and budget
 * checked. Every stage that can run does, each collecting what it finds, and
 * src/policy.ts judges them all at the end: a run with an error throws a
 * FailedRun holding every finding, so one run reports every problem. With a
 * `store` of earlier results, unchanged posts are neither parsed nor
 * rendered again.
 */
export async function stage<W extends StagingFolder | PatchWriter>(
  options: PipelineOptions,
  writer: W,
  store?: ReuseStore<W>,
): Promise<Staged> {
  const contentRoot = resolve(options.cwd, options.contentDir);
  // Listed once: the number of posts decides the render lanes, and the listing is what readContent reads.
  const list = () => listPostFiles(options.contentDir, options.cwd);
  const postFiles = options.postFiles ? options.postFiles(list) : list();
  const posts = postFiles.entries;
  if (writer instanceof StagingFolder && posts.length >= DISK_THREAD_FROM) writer.startDiskThread();
  // Given earlier results, most posts are neither parsed nor rendered: render lanes wait until the build knows how many pages are left.
  const laneless = !(writer instanceof StagingFolder) || (store?.records.size ?? 0) > 0;
  let pool = await RenderPool.start(laneless ? 0 : workerCount(posts.length, options.workers));
  useHighlightStore(options.highlights === undefined ? undefined : new HighlightFiles(options.highlights));
  // Every stage reports into this one collector: a blog of many posts can find a million things.
  const reported = new Collector();
  /** A step's result, or undefined with what it threw collected: the steps that need it do not run. */
  const collected = async <T>(step: () => T | Promise<T>): Promise<T | undefined> => {
    try {
      return await step();
    } catch (error) {
      const located = errorsOf(error);
      if (!located) throw error;
      reported.addAll(located);
      return undefined;
    }
  };
  let checked: { pages: number; posts: number } | undefined;
  const judged = () => judge(reported, { strict: options.strict, checked });
  try {
    const known = new Map(
      [...(store?.records ?? [])].map(([key, record]) => [keyPath(contentRoot, key), record]),
    );
    const hashes = new Map<string, string>();
    const vouched = (path: string, entry: SourceEntry) => store?.vouches?.(path, entry) ?? false;
    // A body read to parse its file is kept for its page, unless the blog is so large that its bodies would crowd memory.
    const keepBodies = posts.length <= KEEP_BODIES_UP_TO;
    const parseOnLanes =
      pool.threads > 0
        ? pool.postParser(known, hashes, keepBodies)
        : async (entries: SourceEntry[]) =>
            collect(parseSources(entries, { known, vouched, keepBodies }), hashes);
    // Each post as its file alone reads, before the posts are held to each other (two on one slug): what a record keeps, so
    // that the next build, taking the parse from it, finds the same clashes and says so again.
    const asParsed = new Map<string, PostSource>();
    const parsePosts = async (entries: SourceEntry[]) => {
      const parsed = await (options.clock
        ? options.clock.time("parse", () => parseOnLanes(entries), "read")
        : parseOnLanes(entries));
      for (const post of parsed.posts) asParsed.set(post.path, post);
      return parsed;
    };
    const [read, templateSources] = await Promise.all([
      readContent(options.contentDir, { parsePosts, postFiles, cwd: options.cwd, found: reported }),
      collected(() => readTemplates(options.templatesDir, options.cwd)),
    ]);
    const { content } = read;
    const prepared =
      templateSources &&
      (await collected(() => prepareTemplates(templateSources, { theme: content?.site.theme })));
    options.clock?.lap("read");
    if (!content || !prepared) return unreachable(judged());
    const { templates, assets, fingerprint, themeProblems } = prepared;
    const drafts = options.drafts && !options.production;
    const report = (problem: SitegenError) => reported.add(problem);
    const { baseUrl, host, generated } = options;
    const manifest = buildManifest(content, { baseUrl, host, generated, drafts, report });
    checked = { pages: manifest.pages.length, posts: manifest.posts.length };
    const site = {
      file: content.siteFile,
      text: readFileSync(resolve(options.cwd, content.siteFile), "utf8"),
    };
    const planned: PlannedBuild = { manifest, templates, templateSources, themeProblems, site, options };
    runChecks(PLANNED_CHECKS, planned, reported);
    const shell = pageFingerprint(manifest, { fingerprint }, options.headExtra);
    const keyOf = (route: PageRoute) => recordKey(contentRoot, route.sourcePath);
    const inputs = { shell, targets: linkTargets(manifest) };
    const reuse = store && {
      recordFor: (route: PageRoute) =>
        unchanged(store.records, keyOf(route), hashes.get(route.sourcePath), inputs, route),
      restore: (record: PostRecord) => store.restore(record, writer),
    };
    if (writer instanceof StagingFolder && reuse && laneless)
      pool = await RenderPool.start(
        workerCount(manifest.listed.filter((route) => !reuse.recordFor(route)).length, options.workers),
      );
    const plan = await collected(() => planSite(manifest, { assets: [...assets.keys()] }));
    if (!plan) return unreachable(judged());
    const resized = await collected(() =>
      resizeImages(manifest.published, { memo: options.memo?.resized, store: options.images }),
    );
    if (!resized) return unreachable(judged());
    options.clock?.lap("assemble");
    const context = {
      manifest,
      templates,
      assets,
      resized: resized.images,
      headExtra: options.headExtra,
      bodyOf: readPostBody,
      memo: options.memo,
    };
    const lanes =
      pool.threads > 0 && writer instanceof StagingFolder
        ? {
            pool,
            stagingDir: writer.path,
            templatesDir: options.templatesDir,
            cwd: options.cwd,
            diskChannel: () => writer.diskChannel(),
            highlights: options.highlights,
          }
        : undefined;
    const executed = await collected(() => executePlan(plan, { context, writer, lanes, reuse }));
    // The workers' heaps are freed before the checks take memory of their own.
    await pool.close();
    options.clock?.lap("render");
    if (!executed) return unreachable(judged());
    const { facts, restored } = executed;
    // Post bodies were not kept: one is read again only to locate a broken link.
    const { written } = writer;
    const rendered = {
      ...planned,
      facts,
      written,
      assets: assets.keys(),
      bodyOf: readPostBody,
      parts: options.memo?.parts,
    };
    runChecks(RENDERED_CHECKS, rendered, reported);
    const findings = judged();
    options.clock?.lap("check");
    // A page taken from its record keeps that record, the same object: what a watch session keeps by post stays valid.
    const recordFor = (route: PageRoute): PostRecord =>
      restored.get(route) ??
      recordOf(
        asParsed.get(route.sourcePath)!,
        route,
        hashes.get(route.sourcePath)!,
        shell,
        writer.written,
        facts.get(route.path)!,
      );
    const records: PostRecords = new Map(
      store || options.records ? manifest.listed.map((route) => [keyOf(route), recordFor(route)]) : [],
    );
    return {
      manifest,
      findings,
      records,
      reused: restored.size,
      images: { made: resized.made, reused: resized.reused },
    };
  } finally {
    useHighlightStore(undefined);
    // Stop the workers before the caller removes a folder one may still be writing into.
    await pool.close();
  }
}

/** A step that could not run has reported an error, so judging the run has thrown; nothing comes back here. */
function unreachable(findings: Finding[]): never {
  throw new Error(
    `a step of the build could not run, yet no error was reported (${findings.length} findings)`,
  );
}

/** Parsed sources as loadContent takes them, their hashes kept aside. */
function collect(
  parsed: ParsedSources,
  hashes: Map<string, string>,
): { posts: ParsedSources["posts"]; errors: ParsedSources["errors"] } {
  for (const [path, hash] of parsed.hashes) hashes.set(path, hash);
  return { posts: parsed.posts, errors: parsed.errors };
}
