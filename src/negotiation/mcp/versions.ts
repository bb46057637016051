/**
 * Which revisions of MCP this server speaks, which one a request speaks, and
 * what 2026-07-28 asks of a request before it is served. Its own module
 * because the revisions differ only here: once a request has passed, the
 * methods (methods.ts) answer every revision alike but for the result's
 * wrapping. No `node:` imports.
 */
import { CODE, headerValue, type RpcError, type RpcRequest } from "./jsonrpc.ts";

/** The revision this server speaks first; it answers the stateless requests of the earlier ones. */
export const MODERN_VERSION = "2026-07-28";
export const LEGACY_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"] as const;
export const SUPPORTED_VERSIONS = [MODERN_VERSION, ...LEGACY_VERSIONS];

const META_VERSION = "io.modelcontextprotocol/protocolVersion";

/** A request of 2026-07-28 on: its `_meta` names a version, or its header names a modern one. */
export function isModern(message: RpcRequest, headers: Headers): boolean {
  const meta = message.params._meta;
  const named = typeof meta === "object" && meta !== null && META_VERSION in meta;
  return named || headers.get("mcp-protocol-version") === MODERN_VERSION;
}

/**
 * What 2026-07-28 asks of a request before it is served (transports §Server
 * Validation, versioning §Protocol Version Negotiation): a version the server
 * speaks, the same in `_meta` and the header, and the `Mcp-Method` and
 * `Mcp-Name` headers matching the body.
 */
export function checkModern(message: RpcRequest, headers: Headers): RpcError | undefined {
  const meta = message.params._meta as Record<string, unknown> | undefined;
  const version = meta?.[META_VERSION];
  const header = headers.get("mcp-protocol-version");
  if (typeof version === "string" && version !== MODERN_VERSION) return unsupported(version);
  if (header === null) return mismatch("the MCP-Protocol-Version header is missing");
  if (header !== version)
    return mismatch(
      `MCP-Protocol-Version header value '${header}' does not match the body's _meta value '${String(version)}'`,
    );
  const method = headers.get("mcp-method");
  if (method !== message.method)
    return mismatch(
      method === null
        ? "the Mcp-Method header is missing"
        : `Mcp-Method header value '${method}' does not match body value '${message.method}'`,
    );
  const named =
    message.method === "tools/call"
      ? message.params.name
      : message.method === "resources/read"
        ? message.params.uri
        : undefined;
  if (named !== undefined) {
    const raw = headers.get("mcp-name");
    if (raw === null) return mismatch("the Mcp-Name header is missing");
    const name = headerValue(raw);
    if (name !== named)
      return mismatch(`Mcp-Name header value '${raw}' does not match body value '${String(named)}'`);
  }
  return undefined;
}

function mismatch(message: string): RpcError {
  return { code: CODE.headerMismatch, message: `Header mismatch: ${message}` };
}

export function unsupported(requested: string): RpcError {
  return {
    code: CODE.unsupportedVersion,
    message: "Unsupported protocol version",
    data: { supported: SUPPORTED_VERSIONS, requested },
  };
}
