/**
 * A render worker: parses the chunks of post files it is given, then renders
 * and writes chunks of posts into the staging folder (render-posts.ts).
 */
import { parentPort } from "node:worker_threads";
import { parsePostsHere } from "./content/load.ts";
import { SitegenError, SitegenErrors } from "./errors.ts";
import { renderPostChunk, type ChunkReply, type PostContext } from "./render-posts.ts";
import { loadTemplates } from "./templates.ts";
import { toWire, type WorkerRequest } from "./render-protocol.ts";

let context: Promise<PostContext> | undefined;

parentPort!.on("message", (request: WorkerRequest) => {
  handle(request).then(
    (reply) => parentPort!.postMessage({ id: request.id, ok: true, reply }, transferable(reply)),
    (error: unknown) => {
      const errors = error instanceof SitegenErrors ? error.errors : error instanceof SitegenError ? [error] : undefined;
      parentPort!.postMessage({ id: request.id, ok: false, errors: errors?.map(toWire), message: errors ? undefined : String((error as Error)?.stack ?? error) });
    },
  );
});

/** A chunk's llms-full bytes move to the main thread instead of being copied. */
function transferable(reply: unknown): ArrayBuffer[] {
  const bytes = (reply as Partial<ChunkReply> | undefined)?.llmsFull;
  return bytes ? [bytes.buffer as ArrayBuffer] : [];
}

async function handle(request: WorkerRequest): Promise<unknown> {
  if (request.kind === "parse") {
    const { posts, errors } = await parsePostsHere(request.entries);
    // Bodies stay on disk until rendering: the main thread needs only the metadata.
    return { posts: posts.map((post) => ({ ...post, body: "" })), errors: errors.map(toWire) };
  }
  if (request.kind === "setup") {
    const { manifest, targets, stagingDir, templatesDir, headExtra } = request;
    context = loadTemplates(templatesDir).then(({ templates }) => ({ manifest, targets: new Set(targets), templates, stagingDir, headExtra }));
    await context;
    return undefined;
  }
  return renderPostChunk(await context!, request.posts);
}
