/**
 * JSON-RPC 2.0 as MCP's Streamable HTTP transport carries it: one message a
 * POST, read tolerantly (never throws), and the error objects the
 * specifications name. No `node:` imports.
 */

export type Id = string | number;

export interface RpcRequest {
  id?: Id;
  method: string;
  params: Record<string, unknown>;
}

/** The codes this server answers with: JSON-RPC 2.0 §5.1, and MCP 2026-07-28's basic/index §Error Codes. */
export const CODE = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  headerMismatch: -32020,
  unsupportedVersion: -32022,
} as const;

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** A message read from a body: a request or notification, or why it is none. */
export type Parsed = { ok: true; message: RpcRequest } | { ok: false; error: RpcError };

export function parseMessage(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: { code: CODE.parse, message: "Parse error: the body is not JSON" } };
  }
  // A batch (an array) was removed from MCP in 2025-06-18; the transport carries one message a POST.
  if (Array.isArray(value))
    return {
      ok: false,
      error: {
        code: CODE.invalidRequest,
        message: "Invalid Request: send one JSON-RPC message a POST, not a batch",
      },
    };
  if (!isObject(value) || value.jsonrpc !== "2.0")
    return {
      ok: false,
      error: {
        code: CODE.invalidRequest,
        message: 'Invalid Request: a JSON-RPC 2.0 object with "jsonrpc": "2.0" is expected',
      },
    };
  if ("result" in value || "error" in value)
    return {
      ok: false,
      error: {
        code: CODE.invalidRequest,
        message: "Invalid Request: a client sends requests and notifications, not responses",
      },
    };
  if (typeof value.method !== "string")
    return {
      ok: false,
      error: { code: CODE.invalidRequest, message: 'Invalid Request: "method" must be a string' },
    };
  const id = value.id;
  // JSON-RPC 2.0 §4: an id is a string or a number; MCP forbids null.
  if ("id" in value && typeof id !== "string" && !(typeof id === "number" && Number.isFinite(id)))
    return {
      ok: false,
      error: { code: CODE.invalidRequest, message: 'Invalid Request: "id" must be a string or a number' },
    };
  if ("params" in value && !isObject(value.params))
    return {
      ok: false,
      error: { code: CODE.invalidRequest, message: 'Invalid Request: "params" must be an object' },
    };
  const params = isObject(value.params) ? value.params : {};
  return { ok: true, message: { ...("id" in value ? { id: id as Id } : {}), method: value.method, params } };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function resultBody(id: Id, result: unknown): string {
  return JSON.stringify({ jsonrpc: "2.0", id, result });
}

/** An error response; `id` left out where the request's could not be read (JSON-RPC 2.0 §5: MCP drops the null). */
export function errorBody(id: Id | undefined, error: RpcError): string {
  return JSON.stringify({ jsonrpc: "2.0", ...(id !== undefined ? { id } : {}), error });
}

/**
 * A header value carried in MCP's Base64 sentinel form (`=?base64?…?=`,
 * 2026-07-28 transports §Value Encoding) decoded; a plain value as it is.
 * Undefined when the sentinel holds no valid UTF-8 Base64.
 */
export function headerValue(raw: string): string | undefined {
  const sentinel = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(raw);
  if (!sentinel) return raw;
  try {
    const bytes = Uint8Array.from(atob(sentinel[1]), (char) => char.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
