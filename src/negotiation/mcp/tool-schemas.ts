/**
 * `/mcp`'s tools as `tools/list` names them, and the arguments each takes,
 * held to the tool's own input schema. Its own module because the list is
 * the server's published contract (the build writes it into the site's MCP
 * description, src/render/emit/mcp-surface.ts), apart from how each tool
 * answers (tools.ts). No `node:` imports.
 */

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

/** What is wrong with `args` for the tool, as its input schema says, or undefined. */
export function checkArguments(name: ToolName, args: Record<string, unknown>): string | undefined {
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
