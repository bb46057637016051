/**
 * `/mcp`'s tools and resources, read-only: each answers from the files the
 * build wrote (data.ts, search-index.ts) and the pages' own Markdown, read
 * through the host's store. No `node:` imports.
 */
import { normalizePath } from "../decide.ts";
import type { SiteData } from "../site-data.ts";
import { DOCS_PER_CHUNK, docChunkPath, type DocRecord, type McpSite } from "./data.ts";
import { rank, searchShardPath, type SearchShard } from "./search-index.ts";

/** What a tool reads: the site's files and `site.json`. */
export interface McpContext {
  site: SiteData;
  info: McpSite;
  /** The origin the request came to (the preview server's, a deploy preview's): its URLs are the site's too. */
  requestOrigin: string;
}

/** A tool's result (MCP `CallToolResult`): its JSON as text, and as structured content. */
export interface ToolResult {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: true;
}

const LANGUAGE = { type: "string", description: "A BCP 47 language tag of the site's, e.g. en" };
const TAG = { type: "string", description: "A tag, as posts are tagged, e.g. kafka" };
const CURSOR = { type: "string", description: "The nextCursor of the previous answer, to continue" };

/** The tools, as `tools/list` names them: the same list for every client, so clients may cache it. */
export const TOOLS = [
  {
    name: "search",
    title: "Search the site",
    description:
      "Find the site's pages and posts by words, best match first: a page's exact title finds it first, and the last word also matches as a prefix. Answers each page's title, URL, Markdown URL and a snippet; read a page with get_page.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words to find", minLength: 1 },
        language: LANGUAGE,
        tag: TAG,
        limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
      },
      required: ["query"],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: "get_page",
    title: "Read a page as Markdown",
    description:
      "A page or post of this site as Markdown, by its URL or its path (/about/, /blog/some-post/).",
    inputSchema: {
      type: "object",
      properties: { url: { type: "string", description: "The page's URL or path", minLength: 1 } },
      required: ["url"],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: "list_posts",
    title: "List posts",
    description:
      "The site's posts, newest first, with their title, URL, date, tags and snippet; by tag, language and date range, a page at a time.",
    inputSchema: {
      type: "object",
      properties: {
        tag: TAG,
        language: LANGUAGE,
        since: { type: "string", format: "date", description: "The earliest day, YYYY-MM-DD, included" },
        until: { type: "string", format: "date", description: "The latest day, YYYY-MM-DD, included" },
        cursor: CURSOR,
        limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
      },
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: "list_pages",
    title: "List pages",
    description:
      "The site's pages (not its posts), in the site's order, with their title, URL and snippet, a page at a time.",
    inputSchema: {
      type: "object",
      properties: { cursor: CURSOR, limit: { type: "integer", minimum: 1, maximum: 100, default: 50 } },
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
] as const;

export type ToolName = (typeof TOOLS)[number]["name"];

export function isTool(name: unknown): name is ToolName {
  return TOOLS.some((tool) => tool.name === name);
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

/** What is wrong with `args` for the tool, as its input schema says, or undefined. */
function checkArguments(name: ToolName, args: Record<string, unknown>): string | undefined {
  const schema = TOOLS.find((tool) => tool.name === name)!.inputSchema as {
    properties: Record<
      string,
      { type: string; minimum?: number; maximum?: number; format?: string; minLength?: number }
    >;
    required?: readonly string[];
  };
  for (const field of schema.required ?? []) if (args[field] === undefined) return `${name} needs "${field}"`;
  for (const [field, value] of Object.entries(args)) {
    const rule = schema.properties[field];
    if (!rule) return `${name} takes no "${field}"; it takes ${Object.keys(schema.properties).join(", ")}`;
    if (
      rule.type === "integer" &&
      !(
        Number.isInteger(value) &&
        (value as number) >= (rule.minimum ?? -Infinity) &&
        (value as number) <= (rule.maximum ?? Infinity)
      )
    )
      return `"${field}" must be an integer from ${rule.minimum} to ${rule.maximum}`;
    if (rule.type === "string" && (typeof value !== "string" || value.length < (rule.minLength ?? 0)))
      return `"${field}" must be a string${rule.minLength ? " that is not empty" : ""}`;
    if (rule.format === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(value as string))
      return `"${field}" must be a day, YYYY-MM-DD`;
  }
  return undefined;
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

/** Resources: every page and post, by its canonical URL, as Markdown; `resources/list` a page at a time. */
export async function listResources(
  cursor: unknown,
  context: McpContext,
): Promise<{ resources: Record<string, unknown>[]; nextCursor?: string } | undefined> {
  const total = context.info.pages + context.info.posts;
  const start = cursorOf(cursor, total);
  if (start === undefined) return undefined;
  const end = Math.min(total, start + RESOURCES_PER_PAGE);
  const resources: Record<string, unknown>[] = [];
  for (let number = start; number < end; number++) {
    const doc = await docAt(number, context);
    resources.push({
      uri: doc.url,
      name: doc.path,
      title: doc.title,
      description: doc.snippet,
      mimeType: "text/markdown",
    });
  }
  return { resources, ...(end < total ? { nextCursor: String(end) } : {}) };
}

const RESOURCES_PER_PAGE = 100;

/** A page's Markdown by its URL or path, and its canonical URL; undefined when the site has no such page. */
export async function readPage(
  target: string,
  context: McpContext,
): Promise<{ url: string; markdown: string } | undefined> {
  let path = target;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return undefined;
    }
    // Another site's URL names nothing here.
    if (url.origin !== new URL(context.info.origin).origin && url.origin !== context.requestOrigin)
      return undefined;
    path = url.pathname;
  } else if (!target.startsWith("/")) path = `/${target}`;
  const normal = normalizePath(path.split(/[?#]/)[0]);
  const { pages, files } = await context.site.routesFor(normal);
  // A page's `.md` sibling names the page too.
  const sibling = Object.hasOwn(files, normal) ? files[normal] : undefined;
  const page = Object.hasOwn(pages, normal) ? pages[normal] : undefined;
  if (page) return { url: page.url, markdown: await context.site.text(page.markdown.file) };
  if (sibling?.canonical) return { url: sibling.canonical, markdown: await context.site.text(sibling.file) };
  const canonical = await context.site.canonicalFor(normal);
  if (!canonical) return undefined;
  const { pages: near } = await context.site.routesFor(canonical.path);
  return { url: canonical.url, markdown: await context.site.text(near[canonical.path].markdown.file) };
}

async function docAt(number: number, context: McpContext): Promise<DocRecord> {
  const records = await context.site.data<DocRecord[]>(docChunkPath(Math.floor(number / DOCS_PER_CHUNK)));
  return records[number % DOCS_PER_CHUNK];
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

/** A cursor this server gave (a number below `total`), or 0 for none; undefined for any other. */
function cursorOf(cursor: unknown, total: number): number | undefined {
  if (cursor === undefined) return 0;
  if (typeof cursor !== "string" || !/^(0|[1-9]\d{0,8})$/.test(cursor)) return undefined;
  const at = Number(cursor);
  return at <= total ? at : undefined;
}

/** MCP 2025-06-18 on: structured content, and its JSON as text for clients that read only text. */
function structured(value: Record<string, unknown>): ToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

function toolError(message: string): ToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
