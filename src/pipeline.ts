/**
 * The pipeline end to end: content → manifest → plan → jobs run into a
 * writer → link check and size budgets, every finding judged by
 * src/policy.ts at the end. Its own module because what it writes into is
 * the caller's: `sitegen build` (build.ts) gives it a staging folder it then
 * swaps into place, `sitegen check` one it discards, and a watch session the
 * patch of its folder.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { listPostFiles, readContent } from "./content/load.ts";
import type { Listing } from "./content/tree.ts";
import { errorsOf, type SitegenError } from "./errors.ts";
import { executePlan } from "./execute/execute.ts";
import { readPostBody } from "./execute/lane.ts";
import { postParsing } from "./execute/post-parsing.ts";
import { RenderPool } from "./execute/pool.ts";
import { workerCount } from "./execute/workers.ts";
import { pageFingerprint, recordOf, unchanged } from "./execute/reuse.ts";
import { recordKey, type PostRecord, type PostRecords, type ReuseStore } from "./write/post-records.ts";
import type { HostName } from "./content/types.ts";
import { judge, type Finding } from "./findings.ts";
import { Collector } from "./collector.ts";
import { PLANNED_CHECKS, RENDERED_CHECKS, runChecks, type PlannedBuild } from "./checks/index.ts";
import { buildManifest, type Manifest, type PageRoute } from "./manifest/manifest.ts";
import { planSite } from "./plan/plan.ts";
import { useHighlightStore } from "./render/media/highlight.ts";
import { linkTargets } from "./render/liquid/links.ts";
import { excerptOf } from "./render/markdown/excerpt.ts";
import type { RenderMemo } from "./render/render-context.ts";
import { resizeImages } from "./render/media/resize-images.ts";
import type { ResizeStore } from "./write/image-store.ts";
import { prepareTemplates, readTemplates } from "./render/page/templates.ts";
import { HighlightFiles } from "./write/highlight-store.ts";
import type { PatchWriter } from "./write/patch.ts";
import { StagingFolder } from "./write/staging.ts";
import type { StageClock } from "./stage-times.ts";

/**
 * From this many posts on, the files are written by a disk thread
 * (src/write/disk-thread.ts) while the pages render; below, starting it
 * costs more than the writes it takes over (the real site's 14 posts
 * built in 0.30 s with it and 0.28 s without).
 */
const DISK_THREAD_FROM = 100;

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
    const { clock } = options;
    const { parsePosts, hashes, asParsed } = postParsing({
      pool,
      contentRoot,
      count: posts.length,
      store,
      // Stat data from this run's own listing only: a listing given again (a watch session's) may be older than the files.
      stats: options.postFiles ? undefined : postFiles.stats,
      timed: clock && ((parse) => clock.time("parse", parse, "read")),
    });
    const [read, templateSources] = await Promise.all([
      readContent(options.contentDir, {
        parsePosts,
        postFiles,
        cwd: options.cwd,
        found: reported,
        excerptOf,
      }),
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
    // Asked of each post twice (how many pages are left for the lanes, then the page itself): found once.
    const found = new Map<PageRoute, PostRecord | undefined>();
    const reuse = store && {
      recordFor: (route: PageRoute) => {
        if (!found.has(route))
          found.set(
            route,
            unchanged(store.records, keyOf(route), hashes.get(route.sourcePath), inputs, route),
          );
        return found.get(route);
      },
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
      listings: store?.listings,
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
    // The build cache's objects were checked on a thread of their own while the posts were read: wait for the last.
    await store?.ready?.();
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
