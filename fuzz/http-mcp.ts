/**
 * The HTTP fuzz's requests to `/mcp` (src/negotiation/mcp/), on a site that
 * serves it: JSON-RPC bodies of every shape (requests, notifications,
 * batches, responses, wrong ids and params, cut-off JSON, random bytes),
 * every method of the protocol and others, the MCP headers right, wrong and
 * missing, bodies near and past the 64 KiB limit, and Origins of the site and
 * of others. What each answer must be is the specification's, not only "no
 * 5xx": http-mcp-answers.ts says what an answer got wrong. The JSON-RPC
 * messages the requests carry are http-mcp-messages.ts's.
 */
import { chunked, type RawRequest } from "../test/helpers/raw-http.ts";
import {
  message,
  MODERN,
  TOOL_NAMES,
  toolArguments,
  value,
  VERSION_META,
  VERSIONS,
  type Next,
} from "./http-mcp-messages.ts";

/** The request body limit of src/negotiation/mcp/respond.ts (MAX_BODY_BYTES), which the fuzz sends bodies on both sides of. */
export const LIMIT = 64 * 1024;
const ORIGINS = [
  "https://attacker.example",
  "null",
  "http://127.0.0.1",
  "https://halyard.example",
  "https://www.halyard.example",
  "garbage",
];
const TARGETS = [
  "/mcp",
  "/mcp",
  "/mcp",
  "/mcp",
  "/mcp",
  "/mcp",
  "/mcp?x=1",
  "/mcp/",
  "/MCP",
  "/mcp/server-card",
  "/.well-known/mcp/server-card.json",
  "/.well-known/mcp/catalog.json",
];
const HTTP_METHODS = [
  "POST",
  "POST",
  "POST",
  "POST",
  "POST",
  "POST",
  "GET",
  "HEAD",
  "OPTIONS",
  "DELETE",
  "PUT",
  "PATCH",
];
const CONTENT_TYPES = [
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "application/jsonx",
  "text/plain",
  "",
  "application/x-www-form-urlencoded",
];

/** A header value for a name the body carries: itself, another, in MCP's Base64 form, or Base64 that is none. */
function nameHeader(next: Next, name: string): string {
  const roll = next();
  if (roll < 0.6) return name;
  if (roll < 0.75) return `=?base64?${Buffer.from(name).toString("base64")}?=`;
  if (roll < 0.85) return "=?base64?!!!?=";
  return "other";
}

/**
 * A request a client of either revision sends as it should, its headers
 * naming what its body does: what reaches the tools, with arguments of any
 * type and value.
 */
function wellFormed(next: Next): RawRequest {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const modern = next() < 0.6;
  const method = pick([
    "tools/call",
    "tools/call",
    "tools/call",
    "tools/call",
    "resources/read",
    "resources/list",
    "tools/list",
    "server/discover",
    "ping",
  ]);
  const name =
    method === "tools/call"
      ? pick(TOOL_NAMES.slice(0, 4))
      : method === "resources/read"
        ? pick([
            "https://example.com/about/",
            "https://halyard.example/about/",
            "https://halyard.example/nope/",
          ])
        : undefined;
  const params = {
    ...(name === undefined
      ? {}
      : method === "tools/call"
        ? { name, arguments: toolArguments(next) }
        : { uri: name }),
    ...(next() < 0.1 ? { cursor: value(next, 0) } : {}),
    ...(modern ? { _meta: { [VERSION_META]: MODERN } } : {}),
  };
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    "MCP-Protocol-Version": modern ? MODERN : "2025-11-25",
  };
  if (modern) headers["Mcp-Method"] = method;
  if (modern && name !== undefined)
    headers["Mcp-Name"] = /^[\x20-\x7e]*$/.test(name)
      ? name
      : `=?base64?${Buffer.from(name).toString("base64")}?=`;
  const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: Math.floor(next() * 1000), method, params }));
  return {
    method: "POST",
    target: "/mcp",
    headers: { ...headers, "Content-Length": String(body.length) },
    body,
  };
}

/** One request to `/mcp` or its discovery files, from the run's seed: half as a client should send it, half in any way it should not. */
export function mcpRequest(next: Next, maxBodyBytes: number): RawRequest {
  if (next() < 0.5) return wellFormed(next);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const method = pick(HTTP_METHODS);
  const target = pick(TARGETS);
  const headers: Record<string, string> = {};
  if (next() < 0.25) headers.Origin = pick(ORIGINS);
  if (next() < 0.8)
    headers.Accept = pick([
      "application/json, text/event-stream",
      "application/json",
      "text/event-stream",
      "*/*",
      "text/html",
    ]);
  if (method !== "POST" && method !== "PUT" && method !== "PATCH") return { method, target, headers };
  const sent = message(next);
  const version = pick(VERSIONS);
  if (version !== undefined) headers["MCP-Protocol-Version"] = version;
  if (sent.method !== undefined && next() < 0.7)
    headers["Mcp-Method"] = next() < 0.85 ? sent.method.replace(/[\u0000-\u001f]/g, "") : "tools/list";
  if (sent.name !== undefined && next() < 0.7)
    headers["Mcp-Name"] = nameHeader(next, sent.name).replace(/[\u0000-\u001f\u007f-\uffff]/g, "?");
  const contentType = pick(CONTENT_TYPES);
  if (contentType !== "") headers["Content-Type"] = contentType;
  let bytes = Buffer.from(sent.text);
  // Bodies around the limit, and past it up to the run's largest: padded with spaces, which JSON allows after the value.
  const size = next();
  if (size < 0.1)
    bytes = Buffer.concat([
      bytes,
      Buffer.alloc(Math.max(0, LIMIT - bytes.length - 1 + Math.floor(next() * 3)), " "),
    ]);
  else if (size < 0.15) bytes = Buffer.concat([bytes, Buffer.alloc(Math.floor(next() * maxBodyBytes), " ")]);
  else if (size < 0.18)
    bytes = Buffer.from(Array.from({ length: Math.floor(next() * 512) }, () => Math.floor(next() * 256)));
  if (next() < 0.15) {
    headers["Transfer-Encoding"] = "chunked";
    return {
      method,
      target,
      headers,
      body: chunked(bytes),
    };
  }
  headers["Content-Length"] = String(bytes.length);
  return { method, target, headers, body: bytes };
}
