/**
 * What `/mcp`'s tools answer, read-only: each from the files the build wrote
 * (data.ts, search-index.ts) and the pages' own Markdown, read through the
 * host's store (documents.ts). The tools' list and their arguments' schemas
 * are tool-schemas.ts's. No `node:` imports.
 */
import { DOCS_PER_CHUNK, docChunkPath, type DocRecord } from "./data.ts";
import { cursorOf, docAt, readPage, type McpContext } from "./documents.ts";
import { rank, searchShardPath, type SearchShard } from "./search-index.ts";
import { checkArguments, type ToolName } from "./tool-schemas.ts";

/** A tool's result (MCP `CallToolResult`): its JSON as text, and as structured content. */
export interface ToolResult {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: true;
}

/** A tool's answer to `args`; what an agent can correct comes back as a tool error (`isError`), which it reads. */
export async function callTool(
  name: ToolName,
  args: Record<string, unknown>,
  context: McpContext,
): Promise<ToolResult> {
  const wrong = checkArguments(name, args);
  if (wrong) return toolError(wrong);
  switch (name) {
    case "search":
      return structured(
        await search(args as { query: string; language?: string; tag?: string; limit?: number }, context),
      );
    case "get_page": {
      const page = await readPage(String(args.url), context);
      if (!page)
        return toolError(
          `no page of this site is at ${String(args.url)}: list_pages and search name its pages`,
        );
      return { content: [{ type: "text", text: page.markdown }] };
    }
    case "list_posts":
      return listPosts(
        args as {
          tag?: string;
          language?: string;
          since?: string;
          until?: string;
          cursor?: string;
          limit?: number;
        },
        context,
      );
    case "list_pages":
      return listPages(args as { cursor?: string; limit?: number }, context);
  }
}

async function search(
  args: { query: string; language?: string; tag?: string; limit?: number },
  context: McpContext,
): Promise<Record<string, unknown>> {
  const limit = args.limit ?? 10;
  const hits = await rank(args.query, context.info.searchShards, (index) =>
    context.site.data<SearchShard>(searchShardPath(index)),
  );
  const results: Record<string, unknown>[] = [];
  // A filter reads the records of the best hits until the answer is full; a bounded number, whatever the site's size.
  for (const hit of hits.slice(0, args.language || args.tag ? 200 : limit)) {
    const doc = await docAt(hit.doc, context);
    if (args.language && doc.lang !== args.language) continue;
    if (args.tag && !doc.tags?.includes(args.tag)) continue;
    results.push(answerOf(doc));
    if (results.length === limit) break;
  }
  return { query: args.query, results };
}

async function listPosts(
  args: { tag?: string; language?: string; since?: string; until?: string; cursor?: string; limit?: number },
  context: McpContext,
): Promise<ToolResult> {
  const { pages, posts, chunkDays } = context.info;
  const start = cursorOf(args.cursor, posts);
  if (start === undefined)
    return toolError(`"cursor" ${String(args.cursor)} is not one this tool gave: start again without it`);
  const limit = args.limit ?? 20;
  const found: Record<string, unknown>[] = [];
  // A page's search reads at most this many chunks, so a rare tag on a large site answers in bounded time, with a cursor to go on.
  let chunksRead = 0;
  let post = start;
  while (post < posts && found.length < limit && chunksRead < 32) {
    const chunk = Math.floor((pages + post) / DOCS_PER_CHUNK);
    const end = Math.min(posts, (chunk + 1) * DOCS_PER_CHUNK - pages);
    const days = chunkDays[chunk];
    // Posts are newest first: a chunk wholly after `until` is passed over, and one wholly before `since` ends the list.
    if (days && args.since && days[0] < args.since) {
      post = posts;
      break;
    }
    if (days && args.until && days[1] > args.until) {
      post = end;
      continue;
    }
    chunksRead++;
    const records = await context.site.data<DocRecord[]>(docChunkPath(chunk));
    for (; post < end && found.length < limit; post++) {
      const doc = records[(pages + post) % DOCS_PER_CHUNK];
      if (args.since && doc.date! < args.since) {
        post = posts;
        break;
      }
      if (args.until && doc.date! > args.until) continue;
      if (args.language && doc.lang !== args.language) continue;
      if (args.tag && !doc.tags?.includes(args.tag)) continue;
      found.push(answerOf(doc));
    }
  }
  return structured({ posts: found, ...(post < posts ? { nextCursor: String(post) } : {}) });
}

async function listPages(
  args: { cursor?: string; limit?: number },
  context: McpContext,
): Promise<ToolResult> {
  const { pages } = context.info;
  const start = cursorOf(args.cursor, pages);
  if (start === undefined)
    return toolError(`"cursor" ${String(args.cursor)} is not one this tool gave: start again without it`);
  const end = Math.min(pages, start + (args.limit ?? 50));
  const found: Record<string, unknown>[] = [];
  for (let page = start; page < end; page++) found.push(answerOf(await docAt(page, context)));
  return structured({ pages: found, ...(end < pages ? { nextCursor: String(end) } : {}) });
}

/** A document as a tool answers with it. */
function answerOf(doc: DocRecord): Record<string, unknown> {
  return {
    title: doc.title,
    url: doc.url,
    markdownUrl: doc.markdownUrl,
    lang: doc.lang,
    ...(doc.date ? { date: doc.date, tags: doc.tags } : {}),
    snippet: doc.snippet,
  };
}

/** MCP 2025-06-18 on: structured content, and its JSON as text for clients that read only text. */
function structured(value: Record<string, unknown>): ToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

function toolError(message: string): ToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
