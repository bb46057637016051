/**
 * What each JSON-RPC method of `/mcp` answers, apart from how the request
 * came: respond.ts reads it off HTTP and checks its revision (versions.ts),
 * and gives this module the message alone. Its own module because the
 * methods are the server's meaning (what it is, its tools, its pages as
 * resources) and the transport is plumbing around them. No `node:` imports.
 */
import type { McpSite } from "./data.ts";
import { CODE, type RpcError, type RpcRequest } from "./jsonrpc.ts";
import { serverName } from "./server-card.ts";
import { listResources, readPage, type McpContext } from "./documents.ts";
import { isTool, TOOLS } from "./tool-schemas.ts";
import { callTool } from "./tools.ts";
import { LEGACY_VERSIONS, SUPPORTED_VERSIONS } from "./versions.ts";

/** How long a client may keep `server/discover`, `tools/list` and the resource answers: the site changes only with a deploy. */
const TTL_MS = 300_000;

export type Answer = { result: Record<string, unknown> } | { status: number; error: RpcError };

/** The answer to one request (`modern`: of 2026-07-28 on), its result or its error with the HTTP status it goes with. */
export async function dispatch(message: RpcRequest, context: McpContext, modern: boolean): Promise<Answer> {
  const { params } = message;
  // What 2026-07-28 adds to every result: its type, and for the cacheable ones how long a client may keep it.
  const complete = (result: Record<string, unknown>, cacheable = false): Answer => ({
    result: modern
      ? { ...result, resultType: "complete", ...(cacheable ? { ttlMs: TTL_MS, cacheScope: "public" } : {}) }
      : result,
  });
  switch (message.method) {
    case "initialize": {
      const asked = typeof params.protocolVersion === "string" ? params.protocolVersion : "";
      // 2025-11-25 lifecycle §Version Negotiation: the client's version if the server speaks it, else the latest it does.
      const protocolVersion = (LEGACY_VERSIONS as readonly string[]).includes(asked)
        ? asked
        : LEGACY_VERSIONS[0];
      return {
        result: {
          protocolVersion,
          capabilities: CAPABILITIES,
          serverInfo: serverInfo(context.info),
          instructions: instructions(context.info),
        },
      };
    }
    case "server/discover":
      return complete(
        {
          supportedVersions: SUPPORTED_VERSIONS,
          capabilities: CAPABILITIES,
          _meta: { "io.modelcontextprotocol/serverInfo": serverInfo(context.info) },
          instructions: instructions(context.info),
        },
        true,
      );
    case "ping":
      return complete({});
    case "tools/list":
      return complete({ tools: TOOLS }, true);
    case "tools/call": {
      if (!isTool(params.name))
        return {
          status: 200,
          error: {
            code: CODE.invalidParams,
            message: `Unknown tool: ${String(params.name)}; the tools are ${TOOLS.map((tool) => tool.name).join(", ")}`,
          },
        };
      const args = params.arguments === undefined ? {} : params.arguments;
      if (typeof args !== "object" || args === null || Array.isArray(args))
        return { status: 200, error: { code: CODE.invalidParams, message: '"arguments" must be an object' } };
      return complete({ ...(await callTool(params.name, args as Record<string, unknown>, context)) });
    }
    case "resources/list": {
      const listed = await listResources(params.cursor, context);
      if (!listed)
        return {
          status: 200,
          error: {
            code: CODE.invalidParams,
            message: `Invalid cursor: ${String(params.cursor)}; start again without one`,
          },
        };
      return complete(listed, true);
    }
    case "resources/templates/list":
      return complete({ resourceTemplates: [] }, true);
    case "resources/read": {
      const page = typeof params.uri === "string" ? await readPage(params.uri, context) : undefined;
      // 2026-07-28 resources §Error Handling: a resource that does not exist is -32602, never an empty `contents`.
      if (!page)
        return {
          status: 200,
          error: { code: CODE.invalidParams, message: "Resource not found", data: { uri: params.uri } },
        };
      return complete(
        { contents: [{ uri: page.url, mimeType: "text/markdown", text: page.markdown }] },
        true,
      );
    }
    default:
      // 2026-07-28 transports §Protocol Version Header: an unknown method is 404 with -32601, which tells this
      // endpoint from a legacy server's 404.
      return {
        status: modern ? 404 : 200,
        error: {
          code: CODE.methodNotFound,
          message: `Method not found: ${message.method}; this read-only server answers ${METHODS.join(", ")}`,
        },
      };
  }
}

const METHODS = [
  "server/discover",
  "initialize",
  "ping",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/templates/list",
  "resources/read",
];

const CAPABILITIES = { tools: {}, resources: {} };

function serverInfo(info: McpSite): { name: string; title: string; version: string } {
  return { name: serverName(info), title: info.name, version: info.generated.slice(0, 10) };
}

function instructions(info: McpSite): string {
  return `${info.summary} This server reads the site ${info.origin}: search finds its pages and posts, get_page returns one as Markdown, list_posts and list_pages list them; each page is also a resource at its URL. It is read-only.`;
}
