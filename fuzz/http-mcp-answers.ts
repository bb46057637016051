/**
 * What an answer from `/mcp` must be, by MCP's Streamable HTTP transport and
 * JSON-RPC 2.0, for the HTTP fuzz's requests to it (http-mcp.ts); and what
 * the fuzz counts those requests by.
 */
import type { RawAnswer, RawRequest } from "../test/helpers/raw-http.ts";
import { LIMIT } from "./http-mcp.ts";
import { MODERN } from "./http-mcp-messages.ts";

/** Whether a request is one of `/mcp`'s (not its discovery files'): the endpoint the answers below are asked of. */
export function isMcpEndpoint(request: RawRequest): boolean {
  return /^\/mcp(?:\?|$)/.test(request.target);
}

/** What the fuzz counts of a request to /mcp: how its body and headers were formed. */
export function mcpKinds(request: RawRequest): string[] {
  if (!request.target.includes("mcp")) return [];
  if (!isMcpEndpoint(request)) return ["/mcp's discovery files and near misses"];
  const kinds = ["/mcp"];
  const origin = request.headers?.Origin;
  if (origin !== undefined) kinds.push("/mcp: another Origin");
  const body = bodyOf(request);
  if (body === undefined) return [...kinds, `/mcp: ${request.method}`];
  if (body.length > LIMIT) return [...kinds, "/mcp: a body past 64 KiB"];
  const parsed = readJson(body.toString());
  if (parsed === undefined) return [...kinds, "/mcp: not JSON"];
  if (Array.isArray(parsed)) return [...kinds, "/mcp: a batch"];
  const version = request.headers?.["MCP-Protocol-Version"];
  return [
    ...kinds,
    `/mcp: JSON-RPC ${typeof parsed === "object" && parsed !== null && "id" in parsed ? "request" : "notification or other"}`,
    `/mcp: version header ${version === undefined ? "none" : version === MODERN || version.startsWith("2025-") ? version : "unknown"}`,
  ];
}

/** The body as sent, its chunked framing undone. */
function bodyOf(request: RawRequest): Buffer | undefined {
  if (request.body === undefined) return undefined;
  const bytes = Buffer.from(request.body);
  if (request.headers?.["Transfer-Encoding"] !== "chunked") return bytes;
  const lineEnd = bytes.indexOf("\r\n");
  return bytes.subarray(lineEnd + 2, lineEnd + 2 + parseInt(bytes.subarray(0, lineEnd).toString(), 16));
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The statuses MCP's Streamable HTTP transport and this server's refusals give (docs: /mcp and search). */
const STATUSES = new Set([200, 202, 204, 400, 403, 404, 405, 413, 415]);
/** JSON-RPC 2.0 §5.1's codes, and MCP 2026-07-28's for a header mismatch and an unsupported version. */
const CODES = new Set([-32700, -32600, -32601, -32602, -32603, -32020, -32022]);

/**
 * What an answer from `/mcp` got wrong by the specification, or undefined:
 * a status the transport does not give, a 405 without `Allow`, a JSON-RPC
 * answer that is not one (no `"jsonrpc": "2.0"`, both or neither of result
 * and error, a code no specification names), an answer to another request's
 * id, a result with no id, a 202 to a request that was not a notification.
 * A 5xx is the fuzz's own rule's (http.ts), not this one's.
 */
export function mcpFault(request: RawRequest, answer: RawAnswer): string | undefined {
  if (!isMcpEndpoint(request) || answer.status >= 500) return undefined;
  if (!STATUSES.has(answer.status)) return `status ${answer.status}, which /mcp never gives`;
  if (answer.status === 405)
    return answer.headers.allow === "POST, OPTIONS"
      ? undefined
      : `405 with Allow ${JSON.stringify(answer.headers.allow)}, not "POST, OPTIONS"`;
  if (answer.status === 204 || request.method === "HEAD")
    return answer.body.length === 0 ? undefined : `${answer.status} with a body`;
  const body = bodyOf(request);
  const sent = body === undefined ? undefined : readJson(body.toString());
  const sentId =
    typeof sent === "object" && sent !== null && !Array.isArray(sent)
      ? (sent as { id?: unknown }).id
      : undefined;
  if (answer.status === 202)
    return answer.body.length === 0 && sentId === undefined
      ? undefined
      : `202 to a request with the id ${JSON.stringify(sentId)}, or with a body`;
  if (!/^application\/json\b/.test(answer.headers["content-type"] ?? ""))
    return `${answer.status} as ${JSON.stringify(answer.headers["content-type"])}, not JSON`;
  const got = readJson(answer.body.toString());
  if (typeof got !== "object" || got === null || Array.isArray(got))
    return `${answer.status} whose body is no JSON object: ${answer.body.subarray(0, 120).toString()}`;
  const reply = got as {
    jsonrpc?: unknown;
    id?: unknown;
    result?: unknown;
    error?: { code?: unknown; message?: unknown };
  };
  if (reply.jsonrpc !== "2.0") return `an answer without "jsonrpc": "2.0"`;
  if ("result" in reply === "error" in reply) return "an answer with both or neither of result and error";
  if ("id" in reply && reply.id !== sentId)
    return `the answer's id ${JSON.stringify(reply.id)} is not the request's ${JSON.stringify(sentId)}`;
  if ("result" in reply) {
    if (answer.status !== 200) return `a result with status ${answer.status}`;
    if (!("id" in reply)) return "a result without the request's id";
    return typeof reply.result === "object" && reply.result !== null
      ? undefined
      : "a result that is no object";
  }
  if (!CODES.has(reply.error?.code as number))
    return `the error code ${JSON.stringify(reply.error?.code)}, which no specification names`;
  return typeof reply.error?.message === "string" ? undefined : "an error without a message";
}
