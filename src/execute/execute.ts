/**
 * The executor: runs a plan's jobs stage by stage and hands their files to a
 * writer. Serially, in this thread, into any writer (a staging folder, the
 * watch session's patch, or memory in tests); or with the posts' pages
 * spread over a pool of render lanes that write into the same staging
 * folder. The two give the same bytes (test/render-workers.test.ts). A post
 * page whose earlier result can stand in for it (`Reuse`) is not rendered.
 */
import { errorsOf, SitegenErrors } from "../errors.ts";
import { linkablePaths, type PageRoute } from "../manifest/manifest.ts";
import { postShell } from "../manifest/post-shell.ts";
import type { Job, Plan } from "../plan/plan.ts";
import type { PageFacts } from "../write/page-facts.ts";
import { linkTargets } from "../render/liquid/links.ts";
import type { RenderContext } from "../render/render-context.ts";
import { renderJob } from "../render/render-job.ts";
import type { DiskChannel } from "../write/disk-thread.ts";
import type { FileWriter } from "../write/output.ts";
import type { RenderPool } from "./pool.ts";
import type { PostRecord } from "../write/post-records.ts";

/** The render context without what the executor supplies (the files written so far). */
export type JobContext = Omit<RenderContext, "written">;

export interface Lanes {
  pool: RenderPool;
  /** The staging folder the lanes write into: the writer's folder. */
  stagingDir: string;
  templatesDir: string;
  /** The folder the templates folder is named from. */
  cwd: string;
  /** A channel to the staging folder's disk thread for each lane, when it has one. */
  diskChannel?(): DiskChannel | undefined;
  /** The build cache's folder of highlighted blocks, when the build has a cache. */
  highlights?: string;
}

/** Earlier results of post pages, and how to put their files in place. */
export interface Reuse {
  /** A post page's earlier record, when neither its file nor anything else it is made from has changed. */
  recordFor(route: PageRoute): PostRecord | undefined;
  /** Puts the record's files in place in the output; false when they cannot be had (the page is rendered instead). */
  restore(record: PostRecord): boolean;
}

interface Run {
  /** The records of the post pages taken from earlier results, by route. */
  restored: Map<PageRoute, PostRecord>;
  context: RenderContext;
  /** The context a post page renders in: the manifest without the other routes (`postShell`). */
  postContext: RenderContext;
  writer: FileWriter;
  facts: Map<string, PageFacts>;
  reuse?: Reuse;
}

/** Runs every job of `plan`; returns each page's facts, by path, for the link check, and the records of the post pages taken from earlier results, by route. */
export async function executePlan(
  plan: Plan,
  options: { context: JobContext; writer: FileWriter; lanes?: Lanes; reuse?: Reuse },
): Promise<{ facts: Map<string, PageFacts>; restored: ReadonlyMap<PageRoute, PostRecord> }> {
  const { writer } = options;
  // A post is rendered with the manifest's shell: what its link tags may name is given with it.
  const context: RenderContext = {
    ...options.context,
    linkTargets: linkTargets(plan.manifest),
    written: { facts: writer.written, read: (file) => writer.read(file) },
  };
  const run: Run = {
    restored: new Map(),
    context,
    postContext: { ...context, manifest: postShell(plan.manifest) },
    writer,
    facts: new Map(),
    reuse: options.reuse,
  };
  const [first, ...later] = plan.stages;
  if (options.lanes) await runOnLanes(first, options.lanes, plan, run);
  else for (const job of first) runHere(job, run);
  // Later stages read what the first wrote (llms-full.txt is made of the .md siblings): once it can be read back, not
  // once every link from the build cache is made, which the disk thread finishes meanwhile.
  await writer.flush?.();
  for (const stage of later) for (const job of stage) runHere(job, run);
  await writer.settle?.();
  return { facts: run.facts, restored: run.restored };
}

/** A job in this thread: a post page taken from its earlier result when it can be, anything else rendered. Returns whether it rendered. */
function runHere(job: Job, run: Run): boolean {
  const post = isPostPage(job);
  const record = post && run.reuse?.recordFor(job.route);
  if (record && run.reuse!.restore(record)) {
    run.facts.set(record.facts.path, record.facts);
    run.restored.set(job.route, record);
    return false;
  }
  const rendered = renderJob(job, post ? run.postContext : run.context);
  for (const { file, body } of rendered.files) run.writer.write(file, body);
  if (rendered.facts) run.facts.set(rendered.facts.path, rendered.facts);
  return true;
}

function isPostPage(job: Job): job is Extract<Job, { kind: "page" }> {
  return job.kind === "page" && job.route.kind === "post";
}

/**
 * The posts' pages that must be rendered go to the lanes in chunks; the rest
 * of the first stage runs here meanwhile, earlier results put in place
 * included. A post page needs no other post, so a lane is given only the
 * manifest's shell; fixed pages (the blog page lists every post) stay here.
 */
async function runOnLanes(jobs: Job[], lanes: Lanes, plan: Plan, run: Run): Promise<void> {
  // Post pages to render go to the lanes; those taken from the build cache are linked here (the disk thread makes the links).
  const onLanes = new Set(jobs.filter((job) => isPostPage(job) && !run.reuse?.recordFor(job.route)));
  const here = jobs.filter((job) => !onLanes.has(job));
  const errors: unknown[] = [];
  await lanes.pool
    .run([...onLanes], {
      setup: {
        manifest: run.postContext.manifest,
        targets: linkablePaths(plan.manifest),
        linkTargets: run.context.linkTargets!,
        stagingDir: lanes.stagingDir,
        templatesDir: lanes.templatesDir,
        cwd: lanes.cwd,
        headExtra: run.context.headExtra,
        diskChannel: lanes.diskChannel,
        highlights: lanes.highlights,
      },
      onChunk(reply) {
        for (const [file, written] of reply.written) run.writer.written.set(file, written);
        for (const facts of reply.facts) run.facts.set(facts.path, facts);
      },
      async alongside() {
        let restored = 0;
        for (const job of here) {
          let rendered = true;
          try {
            rendered = runHere(job, run);
          } catch (error) {
            // Go on: the lanes' errors and these are reported together.
            errors.push(error);
          }
          // Yielding after each render, and now and then between restores, lets the lanes' replies in while this thread works.
          if (rendered || ++restored % 64 === 0) await new Promise(setImmediate);
        }
      },
    })
    .catch((error: unknown) => errors.push(error));
  if (errors.length > 0) throw combine(errors);
}

/** Several failures as one: content errors together, anything else as it is. */
function combine(errors: unknown[]): unknown {
  const located = errors.map(errorsOf);
  if (located.every((list) => list !== undefined))
    return new SitegenErrors(located.flat() as NonNullable<(typeof located)[number]>);
  return errors.find((_, index) => located[index] === undefined);
}
