/**
 * Rendering posts in chunks: what a render worker does with each chunk it is
 * given, and what a small build does in its own thread. A chunk's reply
 * carries what the build needs afterwards (written files, heading ids, links
 * that may fail the check) and the chunk's part of llms-full.txt, so no thread
 * holds the whole blog in memory.
 */
import { bodyAt } from "./content/frontmatter.ts";
import { readTextSync } from "./content/load.ts";
import { llmsFullEntry } from "./emit/llms.ts";
import type { Written } from "./emit/negotiation-table.ts";
import { isExternal, locateLink, splitFragment } from "./links.ts";
import type { Manifest, PageRoute } from "./manifest.ts";
import { routeOutputs, type LinkFact, type PageFacts } from "./plan.ts";
import type { TemplateSet } from "./template.ts";
import { StagingFolder } from "./write.ts";

/** What every chunk of one build shares. `manifest.posts` is not read: a post page needs no other post. */
export interface PostContext {
  manifest: Manifest;
  /** Every path a link may target. */
  targets: Set<string>;
  templates: TemplateSet;
  stagingDir: string;
  headExtra?: string;
}

export interface ChunkReply {
  written: [string, Written][];
  ids: [string, string[]][];
  /** Only the links that may fail the link check, already located. */
  links: { path: string; href: string; line: number; location: NonNullable<LinkFact["location"]> }[];
  /**
   * The chunk's entries of llms-full.txt, in order, as UTF-8: a worker hands
   * the bytes over rather than copying a string into the main thread's heap.
   */
  llmsFull: Uint8Array;
}

/** Renders and writes the posts of one chunk; each body is read from its source now, not kept. */
export function renderPostChunk(context: PostContext, posts: PageRoute[]): ChunkReply {
  const staging = StagingFolder.attach(context.stagingDir);
  const facts: PageFacts = { ids: new Map(), links: [] };
  const reply: ChunkReply = { written: [], ids: [], links: [], llmsFull: new Uint8Array() };
  let llmsFull = "";
  for (const stub of posts) {
    const route = { ...stub, body: bodyAt(readTextSync(stub.source, stub.source), stub.bodyLine) };
    const [html, markdown] = routeOutputs(context.manifest, context.templates, route, facts, { headExtra: context.headExtra });
    staging.write(html);
    let text = "";
    staging.write({ ...markdown, render: () => (text = markdown.render() as string) });
    llmsFull += llmsFullEntry(text);
    reply.links.push(...linksThatMayFail(route, facts.links, context.targets));
    facts.links.length = 0;
  }
  reply.llmsFull = new TextEncoder().encode(llmsFull);
  for (const [path, ids] of facts.ids) reply.ids.push([path, [...ids]]);
  for (const [file, written] of staging.written) reply.written.push([file, written]);
  return reply;
}

/** Links that may fail the check, located here, where the body is at hand. */
function linksThatMayFail(route: PageRoute, links: LinkFact[], targets: Set<string>): ChunkReply["links"] {
  const found: ChunkReply["links"] = [];
  const seen = new Map<string, number>();
  for (const link of links) {
    const key = `${link.line}\0${link.href}`;
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    if (isExternal(link.href)) continue;
    const [path, fragment] = splitFragment(link.href);
    if (path !== "" && targets.has(path) && fragment === undefined) continue;
    found.push({ path: route.path, href: link.href, line: link.line, location: locateLink(route, link.href, link.line, occurrence) });
  }
  return found;
}

/** Posts per chunk: small enough to balance the workers, large enough that messages cost little. */
export const POSTS_PER_CHUNK = 50;

/** Splits a list into chunks of `size`, the last one shorter. */
export function chunksOf<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}
