/**
 * Rendering posts in chunks: what a render lane (render-lane.ts) does with
 * each chunk it is given, in a worker or in the build's own thread. A chunk's
 * reply carries what the build needs afterwards (written files, heading ids,
 * links that may fail the check) and where its part of llms-full.txt is, so
 * no thread holds the whole blog in memory.
 */
import { bodyAt } from "./content/frontmatter.ts";
import { readTextSync } from "./content/load.ts";
import { llmsFullEntry } from "./emit/llms.ts";
import type { Written } from "./emit/negotiation-table.ts";
import { isExternal, splitFragment } from "./links.ts";
import type { Manifest, PageRoute } from "./manifest.ts";
import { hasHeadingId, routeOutputs, type LinkFact, type PageFacts } from "./plan.ts";
import type { TemplateSet } from "./template.ts";
import { appendPiece, StagingFolder, type Piece } from "./write.ts";

/** What every chunk of one build shares. `manifest.posts` is not read: a post page needs no other post. */
export interface PostContext {
  manifest: Manifest;
  /** Every path a link may target. */
  targets: Set<string>;
  templates: TemplateSet;
  stagingDir: string;
  headExtra?: string;
  /** This lane's scratch file for its parts of llms-full.txt (`appendPiece`), and how much it holds. */
  llmsPart: { file: string; bytes: number };
}

export interface ChunkReply {
  written: [string, Written][];
  /** Per post path, its heading ids (`headingIds`). */
  ids: [string, string][];
  /** Only the links that may fail the link check. */
  links: { path: string; href: string; line: number }[];
  /**
   * Where the chunk's entries of llms-full.txt are, in order: a lane appends
   * them to a scratch file rather than sending tens of MB through memory.
   */
  llmsFull: Piece;
}

/** Renders and writes the posts of one chunk; each body is read from its source now, not kept. */
export function renderPostChunk(context: PostContext, posts: PageRoute[]): ChunkReply {
  const staging = StagingFolder.attach(context.stagingDir);
  const facts: PageFacts = { ids: new Map(), links: [] };
  const reply: Omit<ChunkReply, "llmsFull"> = { written: [], ids: [], links: [] };
  let llmsFull = "";
  for (const stub of posts) {
    const route = { ...stub, body: bodyAt(readTextSync(stub.source, stub.source), stub.bodyLine) };
    const [html, markdown] = routeOutputs(context.manifest, context.templates, route, facts, { headExtra: context.headExtra });
    staging.write(html);
    let text = "";
    staging.write({ ...markdown, render: () => (text = markdown.render() as string) });
    llmsFull += llmsFullEntry(text);
    reply.links.push(...linksThatMayFail(route, facts.links, context.targets, facts.ids.get(route.path)!));
    facts.links.length = 0;
  }
  const part = context.llmsPart;
  const piece = appendPiece(context.stagingDir, part.file, part.bytes, llmsFull);
  part.bytes += piece.bytes;
  reply.ids.push(...facts.ids);
  for (const [file, written] of staging.written) reply.written.push([file, written]);
  return { ...reply, llmsFull: piece };
}

/**
 * The links the check must look at again: relative or unknown targets, and
 * anchors on other pages. The rest are known good here, anchors on the page
 * itself included.
 */
function linksThatMayFail(route: PageRoute, links: LinkFact[], targets: Set<string>, ownIds: string): ChunkReply["links"] {
  const found: ChunkReply["links"] = [];
  for (const link of links) {
    if (isExternal(link.href)) continue;
    const [path, fragment] = splitFragment(link.href);
    if (path !== "" && targets.has(path) && fragment === undefined) continue;
    if ((path === "" || path === route.path) && fragment !== undefined && hasHeadingId(ownIds, fragment)) continue;
    found.push({ path: route.path, href: link.href, line: link.line });
  }
  return found;
}
