/**
 * `/mcp`: a read-only MCP server over Streamable HTTP, one pure Request →
 * Response function that the Netlify edge, the Cloudflare worker and the
 * preview server reach through the negotiation core (../respond.ts).
 *
 * It speaks MCP 2026-07-28, which is stateless (no handshake, no session:
 * each request names its protocol version in `_meta` and in the
 * `MCP-Protocol-Version` header, and `server/discover` says what the server
 * is), and answers the stateless part of 2025-11-25 and the two revisions
 * before it: `initialize` gets a valid answer and no `Mcp-Session-Id`, and
 * every other request works without one. Nothing is streamed: each POST is
 * answered with one JSON object, which the transport allows, and GET (which
 * would open a stream) is 405. No `node:` imports.
 *
 * This module is the transport: the origin, the method, the body's type and
 * size, and the discovery files. Which revision a request speaks is
 * versions.ts's, and what each method answers, methods.ts's.
 */
import { baseHeaders, CACHE, type HeaderPolicy } from "../headers.ts";
import type { SiteData } from "../site-data.ts";
import type { McpSite } from "./data.ts";
import { CODE, errorBody, parseMessage, resultBody, type Id, type RpcError } from "./jsonrpc.ts";
import type { McpContext } from "./documents.ts";
import { catalog, serverCard, SERVER_CARD_TYPE } from "./server-card.ts";
import { dispatch } from "./methods.ts";
import { checkModern, isModern, LEGACY_VERSIONS, SUPPORTED_VERSIONS, unsupported } from "./versions.ts";

/** The endpoint, and the discovery files beside it. */
export const MCP_PATH = "/mcp";
export const SERVER_CARD_PATHS = ["/.well-known/mcp/server-card.json", "/mcp/server-card"] as const;
export const CATALOG_PATH = "/.well-known/mcp/catalog.json";

/**
 * The largest request body read: 64 KiB. Every request this server takes is
 * a few hundred bytes (a query, a URL); a larger one is refused before it is
 * parsed, with 413, so no request costs the edge more than this.
 */
export const MAX_BODY_BYTES = 64 * 1024;

export function isMcpPath(pathname: string): boolean {
  return (
    pathname === MCP_PATH ||
    pathname === CATALOG_PATH ||
    (SERVER_CARD_PATHS as readonly string[]).includes(pathname)
  );
}

/** The answer for one of `isMcpPath`'s paths, on a site that serves `/mcp` (`info` its `site.json`). */
export async function respondMcp(
  request: Request,
  site: SiteData,
  info: McpSite,
  policy: HeaderPolicy,
): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  if (url.pathname !== MCP_PATH) return discoveryFile(url.pathname, method, info, policy);
  // Streamable HTTP §Security: an Origin that is not the site's is refused, against DNS rebinding. The origin the
  // request came to (a preview server, a deploy preview) is the site's too.
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== url.origin && origin !== new URL(info.origin).origin) {
    return rpcError(
      403,
      undefined,
      {
        code: CODE.invalidRequest,
        message: `Forbidden: requests from the origin ${origin} are not served; ${info.origin} serves its own pages`,
      },
      policy,
    );
  }
  if (method === "OPTIONS")
    return new Response(null, {
      status: 204,
      headers: {
        ...baseHeaders(policy),
        Allow: "POST, OPTIONS",
        "Access-Control-Allow-Methods": "POST",
        "Access-Control-Allow-Headers": "Content-Type, Accept, MCP-Protocol-Version, Mcp-Method, Mcp-Name",
        "Cache-Control": CACHE.never,
      },
    });
  // No stream is offered: a GET (2025-11-25's server-sent events) and a DELETE (its session's end) are 405 (2026-07-28 §Backward Compatibility).
  if (method !== "POST")
    return new Response(null, {
      status: 405,
      headers: { ...baseHeaders(policy), Allow: "POST, OPTIONS", "Cache-Control": CACHE.never },
    });
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    return rpcError(
      415,
      undefined,
      {
        code: CODE.invalidRequest,
        message: "Unsupported Media Type: POST a JSON-RPC message as application/json",
      },
      policy,
    );
  }
  const text = await bodyText(request);
  if (text === undefined)
    return rpcError(
      413,
      undefined,
      {
        code: CODE.invalidRequest,
        message: `Request body larger than ${MAX_BODY_BYTES} bytes: one JSON-RPC message is a few hundred`,
      },
      policy,
    );
  const parsed = parseMessage(text);
  if (!parsed.ok) return rpcError(400, undefined, parsed.error, policy);
  const { message } = parsed;
  // A notification (notifications/initialized from a 2025 client) is taken and needs no answer.
  if (message.id === undefined)
    return new Response(null, {
      status: 202,
      headers: { ...baseHeaders(policy), "Cache-Control": CACHE.never },
    });
  const context: McpContext = { site, info, requestOrigin: url.origin };
  const modern = isModern(message, request.headers);
  if (modern) {
    const wrong = checkModern(message, request.headers);
    if (wrong) return rpcError(400, message.id, wrong, policy);
  } else if (message.method !== "initialize") {
    // 2025-06-18 on: a request names its version in the header; one without is read as 2025-03-26 (2025-11-25 transports §Protocol Version Header).
    const version = request.headers.get("mcp-protocol-version");
    if (version !== null && !(LEGACY_VERSIONS as readonly string[]).includes(version))
      return rpcError(400, message.id, unsupported(version), policy);
  }
  const answer = await dispatch(message, context, modern);
  if ("error" in answer) return rpcError(answer.status, message.id, answer.error, policy);
  return new Response(resultBody(message.id, answer.result), { status: 200, headers: jsonHeaders(policy) });
}

/** The body as text, or undefined past `MAX_BODY_BYTES`: read no further than the limit, whatever Content-Length says. */
async function bodyText(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length"));
  // Left unread, not cancelled: the host drops what it has not read, and on workerd a cancelled body took the answer with it.
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return undefined;
  // A body of no declared length (chunked) is read as it comes; past the limit, the rest is read and dropped, so that
  // memory stays at the limit and the answer goes on a connection that has read the whole request. Cancelled there,
  // it was answered 503 ("worker restarted mid-request") or not at all on workerd, and on the preview server the
  // connection was closed with the rest unread, which reset it under the answer (RFC 9112 §9.6).
  if (!request.body) return "";
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      while (!(await reader.read()).done);
      return undefined;
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function jsonHeaders(policy: HeaderPolicy): Record<string, string> {
  return { ...baseHeaders(policy), "Content-Type": "application/json", "Cache-Control": CACHE.never };
}

function rpcError(status: number, id: Id | undefined, error: RpcError, policy: HeaderPolicy): Response {
  return new Response(errorBody(id, error), { status, headers: jsonHeaders(policy) });
}

/** The server card (both of its addresses) and the catalog that names it: GET and HEAD, like any file of the site. */
function discoveryFile(pathname: string, method: string, info: McpSite, policy: HeaderPolicy): Response {
  if (method === "OPTIONS")
    return new Response(null, {
      status: 204,
      headers: {
        ...baseHeaders(policy),
        Allow: "GET, HEAD, OPTIONS",
        "Access-Control-Allow-Methods": "GET, HEAD",
        "Cache-Control": CACHE.never,
      },
    });
  if (method !== "GET" && method !== "HEAD")
    return new Response(null, {
      status: 405,
      headers: { ...baseHeaders(policy), Allow: "GET, HEAD, OPTIONS", "Cache-Control": CACHE.never },
    });
  const [body, type] =
    pathname === CATALOG_PATH
      ? [catalog(info), "application/json"]
      : [serverCard(info, SUPPORTED_VERSIONS), SERVER_CARD_TYPE];
  return new Response(method === "HEAD" ? null : `${JSON.stringify(body, null, 2)}\n`, {
    status: 200,
    headers: { ...baseHeaders(policy), "Content-Type": type, "Cache-Control": CACHE.revalidate },
  });
}
