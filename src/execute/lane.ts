/**
 * What a render lane does with a request: parse a chunk of post files, learn
 * what every chunk shares, or run a chunk of jobs into the staging folder. A
 * lane runs in a worker thread (worker.ts) or in the build's own thread
 * (pool.ts); the replies are the same either way.
 */
import { bodyAt } from "../content/frontmatter.ts";
import { readTextSync } from "../content/read-files.ts";
import { errorsOf } from "../errors.ts";
import type { PageRoute } from "../manifest/manifest.ts";
import type { Job } from "../plan/plan.ts";
import { useHighlightStore } from "../render/media/highlight.ts";
import { linksThatMayFail } from "../render/checks/link-targets.ts";
import type { RenderContext } from "../render/render-context.ts";
import { renderPage } from "../render/page/render-page.ts";
import { loadTemplates } from "../render/page/templates.ts";
import { HighlightFiles } from "../write/highlight-store.ts";
import { StagingFolder } from "../write/staging.ts";
import { toWire, type ChunkReply, type LaneRequest, type WireError } from "./protocol.ts";
import { parseSources } from "./sources.ts";

export type LaneReply =
  | { id: number; ok: true; reply: unknown }
  | { id: number; ok: false; errors?: WireError[]; message?: string };

interface LaneContext {
  render: RenderContext;
  writer: StagingFolder;
  targets: Set<string>;
}

export class RenderLane {
  private context: Promise<LaneContext> | undefined;

  /** Handles a request; a failure becomes a reply too, with errors that can cross threads. */
  answer(request: LaneRequest): Promise<LaneReply> {
    return this.handle(request).then(
      (reply): LaneReply => ({ id: request.id, ok: true, reply }),
      (error: unknown): LaneReply => {
        const errors = errorsOf(error);
        return {
          id: request.id,
          ok: false,
          errors: errors?.map(toWire),
          message: errors ? undefined : String((error as Error)?.stack ?? error),
        };
      },
    );
  }

  private async handle(request: LaneRequest): Promise<unknown> {
    if (request.kind === "parse") {
      const { errors, ...parsed } = parseSources(request.entries, {
        known: new Map(request.known),
        keepBodies: request.keepBodies,
      });
      return { ...parsed, errors: errors.map(toWire) };
    }
    if (request.kind === "setup") {
      const { manifest, targets, linkTargets, stagingDir, templatesDir, cwd, headExtra, disk, highlights } =
        request;
      useHighlightStore(highlights === undefined ? undefined : new HighlightFiles(highlights));
      this.context = loadTemplates(templatesDir, cwd, { theme: manifest.site.theme }).then(
        ({ templates, assets }) => ({
          render: { manifest, linkTargets, templates, assets, headExtra, bodyOf: readPostBody },
          writer: StagingFolder.attach(stagingDir, disk),
          targets: new Set(targets),
        }),
      );
      await this.context;
      return undefined;
    }
    return runChunk(await this.context!, request.jobs);
  }
}

/**
 * Runs a chunk of jobs, writing their files; the reply names what was
 * written and what may fail the link check, and comes once those files are
 * on disk (the build reads some of them back).
 */
async function runChunk(context: LaneContext, jobs: Job[]): Promise<ChunkReply> {
  const reply: ChunkReply = { written: [], facts: [] };
  for (const job of jobs) {
    // Lanes are given post pages only.
    if (job.kind !== "page") throw new Error(`a render lane was given a ${job.kind} job`);
    const rendered = renderPage(job.route, context.render);
    for (const { file, body } of rendered.files) {
      context.writer.write(file, body);
      reply.written.push([file, context.writer.written.get(file)!]);
    }
    if (rendered.facts)
      reply.facts.push({ ...rendered.facts, links: linksThatMayFail(rendered.facts, context.targets) });
  }
  context.writer.written.clear();
  await context.writer.flush();
  return reply;
}

/** A page's body: a post's is read from its file when it renders, since a build keeps no post bodies in memory. */
export function readPostBody(route: PageRoute): string {
  if (route.body !== "" || route.kind !== "post") return route.body;
  return bodyAt(readTextSync(route.sourcePath, route.source), route.bodyLine, route.source);
}
