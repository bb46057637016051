/**
 * What the site's descriptions say of `/mcp` when it serves it
 * (`agents.mcp`): its OpenAPI operations, as far as OpenAPI can describe a
 * JSON-RPC endpoint (one POST with a JSON body, and the server card's GETs),
 * and its lines in /agent-instructions.md and /llms.txt. Nothing at all when
 * it does not, so a site without it keeps its files byte for byte.
 */
import type { Manifest } from "../../manifest/manifest.ts";
import { MAX_BODY_BYTES } from "../../negotiation/mcp/respond.ts";
import { MODERN_VERSION, SUPPORTED_VERSIONS } from "../../negotiation/mcp/versions.ts";
import { TOOLS } from "../../negotiation/mcp/tool-schemas.ts";

export function servesMcp(manifest: Manifest): boolean {
  return Boolean(manifest.site.agents?.mcp);
}

/** OpenAPI's tag for the operations below. */
export function mcpTags(manifest: Manifest): { name: string; description: string }[] {
  return servesMcp(manifest)
    ? [{ name: "mcp", description: "The site's read-only MCP server: /mcp and its server card" }]
    : [];
}

/** A sentence for OpenAPI's description, whose other operations are all GETs. */
export function mcpNote(manifest: Manifest): string {
  return servesMcp(manifest)
    ? " One operation is a POST: /mcp, the site's read-only MCP server, which takes a JSON-RPC message."
    : "";
}

/** `/mcp` as one POST whose body is a JSON-RPC request, and the server card at both its addresses. */
export function mcpPaths(manifest: Manifest): Record<string, object> {
  if (!servesMcp(manifest)) return {};
  const card = (operationId: string) => ({
    get: {
      operationId,
      tags: ["mcp"],
      summary: "The MCP server card: the server's name, and /mcp's address and protocol versions",
      responses: {
        "200": {
          description: "An MCP Server Card (SEP-2127)",
          content: { "application/mcp-server-card+json": { schema: { type: "object" } } },
        },
      },
    },
  });
  return {
    "/mcp": {
      post: {
        operationId: "callMcp",
        tags: ["mcp"],
        summary: "A JSON-RPC request to the site's read-only MCP server",
        description: `MCP over Streamable HTTP, ${MODERN_VERSION} (stateless: the request names its version in \`params._meta\` and in \`MCP-Protocol-Version\`, with \`Mcp-Method\` and, for tools/call and resources/read, \`Mcp-Name\`), and the stateless requests of ${SUPPORTED_VERSIONS.slice(1).join(", ")} (initialize is answered; no session). Methods: server/discover, initialize, ping, tools/list, tools/call, resources/list, resources/templates/list, resources/read. Tools: ${TOOLS.map((tool) => tool.name).join(", ")}. Every page and post is a resource at its URL, as Markdown. The answer is one JSON object, never a stream: GET and DELETE answer 405. A body over ${MAX_BODY_BYTES} bytes answers 413; an Origin other than the site's, 403.`,
        parameters: [
          {
            name: "MCP-Protocol-Version",
            in: "header",
            required: false,
            schema: { type: "string", enum: SUPPORTED_VERSIONS },
          },
          { name: "Mcp-Method", in: "header", required: false, schema: { type: "string" } },
          { name: "Mcp-Name", in: "header", required: false, schema: { type: "string" } },
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["jsonrpc", "method"],
                properties: {
                  jsonrpc: { const: "2.0" },
                  id: { type: ["string", "integer"] },
                  method: { type: "string" },
                  params: { type: "object" },
                },
              },
            },
          },
        },
        responses: {
          "200": {
            description: "A JSON-RPC response: a result, or an error such as -32602 for an unknown tool",
            content: { "application/json": { schema: { type: "object" } } },
          },
          "202": { description: "A notification, taken" },
          "400": {
            description:
              "A body that is not a JSON-RPC request (-32700, -32600), headers that disagree with it (-32020), or a protocol version the server does not speak (-32022)",
            content: { "application/json": { schema: { type: "object" } } },
          },
          "403": { description: "An Origin other than the site's" },
          "404": {
            description: "A method the server does not have (-32601)",
            content: { "application/json": { schema: { type: "object" } } },
          },
          "413": { description: `A body over ${MAX_BODY_BYTES} bytes` },
          "415": { description: "A body that is not application/json" },
        },
      },
    },
    "/mcp/server-card": card("getMcpServerCard"),
    "/.well-known/mcp/server-card.json": card("getMcpServerCardWellKnown"),
  };
}

/** /agent-instructions.md's lines about `/mcp`, after "How to call"'s first. */
export function mcpInstructions(manifest: Manifest): string[] {
  if (!servesMcp(manifest)) return [];
  const base = manifest.baseUrl;
  return [
    `- ${base}/mcp is a read-only MCP server (Streamable HTTP; protocol ${MODERN_VERSION}, stateless, and ${SUPPORTED_VERSIONS[1]} clients too): \`search\` finds pages and posts by words (a page's exact title first), \`get_page\` returns one as Markdown, \`list_posts\` lists posts by tag, language and date, \`list_pages\` the pages; every page is also a resource at its URL. Its server card is ${base}/.well-known/mcp/server-card.json.`,
  ];
}

/**
 * /llms.txt's line for `/mcp`, in its machine-readable section. Its link is
 * the server card, which a GET reads (a reader follows every link of the
 * file with one, and `/mcp` answers a GET 405); the card names `/mcp`.
 */
export function mcpLinks(manifest: Manifest): string[] {
  if (!servesMcp(manifest)) return [];
  return [
    `- [MCP server](${manifest.baseUrl}/.well-known/mcp/server-card.json): ${manifest.baseUrl}/mcp, read-only, over Streamable HTTP (POST): search, get_page, list_posts, list_pages`,
  ];
}
