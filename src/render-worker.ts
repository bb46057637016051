/**
 * A render worker: parses a share of the posts, then renders and writes a
 * share of them into the staging folder. Each post's body is read again for
 * rendering rather than kept, so no thread holds the whole blog in memory.
 */
import { parentPort } from "node:worker_threads";
import { bodyFrom, sourceLines } from "./content/frontmatter.ts";
import { parsePostsHere, readTextSync } from "./content/load.ts";
import { SitegenError, SitegenErrors } from "./errors.ts";
import type { Manifest } from "./manifest.ts";
import { isExternal, locateLink, splitFragment } from "./links.ts";
import { routeOutputs, type PageFacts } from "./plan.ts";
import { loadTemplates } from "./templates.ts";
import { StagingFolder } from "./write.ts";
import { toWire, type RenderReply, type WorkerRequest } from "./render-protocol.ts";

let templates: Awaited<ReturnType<typeof loadTemplates>>["templates"] | undefined;

parentPort!.on("message", (request: WorkerRequest) => {
  handle(request).then(
    (reply) => parentPort!.postMessage({ id: request.id, ok: true, reply }),
    (error: unknown) => {
      const errors = error instanceof SitegenErrors ? error.errors : error instanceof SitegenError ? [error] : undefined;
      parentPort!.postMessage({ id: request.id, ok: false, errors: errors?.map(toWire), message: errors ? undefined : String((error as Error)?.stack ?? error) });
    },
  );
});

async function handle(request: WorkerRequest): Promise<unknown> {
  if (request.kind === "parse") {
    const { posts, errors } = await parsePostsHere(request.entries);
    // Bodies stay on disk until rendering: the main thread needs only the metadata.
    return { posts: posts.map((post) => ({ ...post, body: "" })), errors: errors.map(toWire) };
  }
  templates ??= (await loadTemplates(request.templatesDir)).templates;
  return render(request.manifest, new Set(request.linkable), request.stagingDir, request.headExtra);
}

async function render(manifest: Manifest, targets: Set<string>, stagingDir: string, headExtra?: string): Promise<RenderReply> {
  const staging = StagingFolder.attach(stagingDir);
  const facts: PageFacts = { ids: new Map(), links: [] };
  const reply: RenderReply = { written: [], ids: [], links: [] };
  for (const stub of manifest.posts) {
    const route = { ...stub, body: bodyFrom(sourceLines(readTextSync(stub.source, stub.source)), stub.bodyLine) };
    await staging.writeAll(routeOutputs(manifest, templates!, route, facts, { headExtra }));
    // Links that may fail the check are located here, where the body is at hand.
    const seen = new Map<string, number>();
    for (const link of facts.links) {
      const key = `${link.line}\0${link.href}`;
      const occurrence = seen.get(key) ?? 0;
      seen.set(key, occurrence + 1);
      if (isExternal(link.href)) continue;
      const [path, fragment] = splitFragment(link.href);
      if (path !== "" && targets.has(path) && fragment === undefined) continue;
      reply.links.push({ path: route.path, href: link.href, line: link.line, location: locateLink(route, link.href, link.line, occurrence) });
    }
    facts.links.length = 0;
  }
  for (const [path, ids] of facts.ids) reply.ids.push([path, [...ids]]);
  for (const [file, written] of staging.written) reply.written.push([file, written]);
  return reply;
}

