/**
 * The executor: runs a plan's jobs stage by stage and hands their files to a
 * writer. Serially, in this thread, into any writer (a staging folder, or
 * memory in tests); or with the posts' pages spread over a pool of render
 * lanes that write into the same staging folder. The two give the same bytes
 * (test/render-workers.test.ts).
 */
import { errorsOf, SitegenErrors } from "../errors.ts";
import { linkablePaths } from "../manifest/manifest.ts";
import type { Job, Plan } from "../plan/plan.ts";
import type { PageFacts } from "../render/links.ts";
import { renderJob, type RenderContext } from "../render/render-job.ts";
import type { FileWriter } from "../write/output.ts";
import type { RenderPool } from "./pool.ts";

/** The render context without what the executor supplies (the files written so far). */
export type JobContext = Omit<RenderContext, "written">;

export interface Lanes {
  pool: RenderPool;
  /** The staging folder the lanes write into: the writer's folder. */
  stagingDir: string;
  templatesDir: string;
  /** The folder the templates folder is named from. */
  cwd: string;
}

/** Runs every job of `plan`; returns each page's facts, by path, for the link check. */
export async function executePlan(plan: Plan, options: { context: JobContext; writer: FileWriter; lanes?: Lanes }): Promise<Map<string, PageFacts>> {
  const { writer } = options;
  const context: RenderContext = { ...options.context, written: { facts: writer.written, read: (file) => writer.read(file) } };
  const facts = new Map<string, PageFacts>();
  const runHere = (job: Job) => {
    const rendered = renderJob(job, context);
    for (const { file, body } of rendered.files) writer.write(file, body);
    if (rendered.facts) facts.set(rendered.facts.path, rendered.facts);
  };
  const [first, ...later] = plan.stages;
  if (options.lanes) await runOnLanes(first, options.lanes, { plan, context, writer, facts, runHere });
  else first.forEach(runHere);
  for (const stage of later) stage.forEach(runHere);
  return facts;
}

/**
 * The posts' pages go to the lanes in chunks; everything else of the first
 * stage runs here meanwhile. A post page needs no other post, so a lane is
 * given the manifest without its routes; fixed pages (the blog page lists
 * every post) stay here.
 */
async function runOnLanes(jobs: Job[], lanes: Lanes, run: { plan: Plan; context: RenderContext; writer: FileWriter; facts: Map<string, PageFacts>; runHere(job: Job): void }): Promise<void> {
  const onLanes = jobs.filter((job) => job.kind === "page" && job.route.kind === "post");
  const here = jobs.filter((job) => !onLanes.includes(job));
  const errors: unknown[] = [];
  await lanes.pool.run(onLanes, {
    setup: { manifest: run.plan.manifest, targets: linkablePaths(run.plan.manifest), stagingDir: lanes.stagingDir, templatesDir: lanes.templatesDir, cwd: lanes.cwd, headExtra: run.context.headExtra },
    onChunk(reply) {
      for (const [file, written] of reply.written) run.writer.written.set(file, written);
      for (const facts of reply.facts) run.facts.set(facts.path, facts);
    },
    async alongside() {
      for (const job of here) {
        try {
          run.runHere(job);
        } catch (error) {
          // Go on: the lanes' errors and these are reported together.
          errors.push(error);
        }
        // Yielding between jobs lets the lanes' replies in while this thread works.
        await new Promise(setImmediate);
      }
    },
  }).catch((error: unknown) => errors.push(error));
  if (errors.length > 0) throw combine(errors);
}

/** Several failures as one: content errors together, anything else as it is. */
function combine(errors: unknown[]): unknown {
  const located = errors.map(errorsOf);
  if (located.every((list) => list !== undefined)) return new SitegenErrors(located.flat() as NonNullable<(typeof located)[number]>);
  return errors.find((_, index) => located[index] === undefined);
}
