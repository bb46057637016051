/**
 * What a render lane does with a request: parse a chunk of post files, learn
 * what every chunk shares, or render a chunk of posts (render-posts.ts). A
 * lane runs in a worker thread (render-worker.ts) or in the build's own
 * thread (render-pool.ts); the replies are the same either way.
 */
import { parsePostsHere } from "./content/load.ts";
import { SitegenError, SitegenErrors } from "./errors.ts";
import { renderPostChunk, type PostContext } from "./render-posts.ts";
import { toWire, type WireError, type WorkerRequest } from "./render-protocol.ts";
import { loadTemplates } from "./templates.ts";

export type LaneReply = { id: number; ok: true; reply: unknown } | { id: number; ok: false; errors?: WireError[]; message?: string };

export class RenderLane {
  private context: Promise<PostContext> | undefined;

  /** Handles a request; a failure becomes a reply too, with errors that can cross threads. */
  answer(request: WorkerRequest): Promise<LaneReply> {
    return this.handle(request).then(
      (reply): LaneReply => ({ id: request.id, ok: true, reply }),
      (error: unknown): LaneReply => {
        const errors = error instanceof SitegenErrors ? error.errors : error instanceof SitegenError ? [error] : undefined;
        return { id: request.id, ok: false, errors: errors?.map(toWire), message: errors ? undefined : String((error as Error)?.stack ?? error) };
      },
    );
  }

  private async handle(request: WorkerRequest): Promise<unknown> {
    if (request.kind === "parse") {
      // Bodies stay on disk until rendering: the build needs only the metadata.
      const { posts, errors } = await parsePostsHere(request.entries, { bodies: false });
      return { posts, errors: errors.map(toWire) };
    }
    if (request.kind === "setup") {
      const { manifest, targets, stagingDir, templatesDir, headExtra, llmsPart } = request;
      this.context = loadTemplates(templatesDir).then(({ templates }) => ({ manifest, targets: new Set(targets), templates, stagingDir, headExtra, llmsPart: { file: llmsPart, bytes: 0 } }));
      await this.context;
      return undefined;
    }
    return renderPostChunk(await this.context!, request.posts);
  }
}
