/**
 * The JSON-RPC messages the HTTP fuzz sends to `/mcp` (http-mcp.ts): every
 * method of the protocol and others, tools by right and wrong names, params
 * and ids of every type, batches and cut-off JSON. Its own module because a
 * message is apart from the HTTP request that carries it: http-mcp.ts puts
 * each in a request, with headers that name it rightly or wrongly.
 */

/** The run's random generator: a number in [0, 1) at each call, the same for the same seed. */
export type Next = () => number;

export const MODERN = "2026-07-28";
export const VERSION_META = "io.modelcontextprotocol/protocolVersion";
const RPC_METHODS = [
  "server/discover",
  "initialize",
  "ping",
  "tools/list",
  "tools/call",
  "tools/call",
  "tools/call",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "prompts/list",
  "notifications/initialized",
  "logging/setLevel",
  "",
  "TOOLS/LIST",
  "tools/call\u0000",
];
export const TOOL_NAMES = [
  "search",
  "get_page",
  "list_posts",
  "list_pages",
  "delete_everything",
  "",
  "Search",
  "search\n",
];
export const VERSIONS = [
  undefined,
  MODERN,
  MODERN,
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "1900-01-01",
  "",
  "garbage",
];
/** A JSON value of any type, up to `depth` levels deep: what a tool's argument may be sent as. */
export function value(next: Next, depth: number): unknown {
  const roll = next();
  if (roll < 0.3)
    return [
      "Knots worth knowing",
      "the",
      "",
      "rope",
      "/about/",
      "/blog/",
      "https://example.com/about/",
      "../../etc/passwd",
      "\u0000",
      "é\u{1F600}",
      "%",
      "*",
      "a".repeat(Math.floor(next() * 3000)),
    ][Math.floor(next() * 13)];
  if (roll < 0.45) return [0, -1, 1, 3, 50, 51, 1.5, 1e308, -0, 2 ** 53][Math.floor(next() * 10)];
  if (roll < 0.55) return [true, false, null][Math.floor(next() * 3)];
  if (roll < 0.75 && depth > 0)
    return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth - 1));
  if (depth > 0)
    return Object.fromEntries(
      Array.from({ length: Math.floor(next() * 4) }, () => [
        ["query", "url", "tag", "language", "limit", "cursor", "since", "until", "x", "__proto__"][
          Math.floor(next() * 10)
        ],
        value(next, depth - 1),
      ]),
    );
  return "leaf";
}

/** The tools' arguments: mostly the right names with values of any type. */
export function toolArguments(next: Next): unknown {
  if (next() < 0.15) return value(next, 2);
  const names = ["query", "url", "tag", "language", "limit", "cursor", "since", "until", "unknown"];
  return Object.fromEntries(names.filter(() => next() < 0.4).map((name) => [name, value(next, 1)]));
}

/** A JSON-RPC message as a client might send it, right or wrong in any part; its method, for the headers that name it. */
export function message(next: Next): { text: string; method?: string; name?: string } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const roll = next();
  if (roll < 0.05)
    return {
      text: pick([
        "",
        "{",
        "{not json",
        "null",
        "[]",
        "1",
        '"x"',
        "{}",
        "\u00ff\u00fe",
        '{"jsonrpc":"2.0","id":1,"method":"ping"',
      ] as const),
    };
  const method = pick(RPC_METHODS);
  const name =
    method === "tools/call"
      ? pick(TOOL_NAMES)
      : method === "resources/read"
        ? pick(["https://example.com/about/", "https://example.com/nope/", "/about/", ""])
        : undefined;
  const meta =
    next() < 0.7
      ? {
          _meta: {
            [VERSION_META]: pick(VERSIONS),
            "io.modelcontextprotocol/clientInfo": { name: "fuzz", version: "1" },
          },
        }
      : {};
  const params =
    next() < 0.1
      ? value(next, 2)
      : {
          ...meta,
          ...(method === "tools/call" ? { name, arguments: toolArguments(next) } : {}),
          ...(method === "resources/read" ? { uri: name } : {}),
          ...(method === "initialize"
            ? {
                protocolVersion: pick(VERSIONS),
                capabilities: {},
                clientInfo: { name: "fuzz", version: "1" },
              }
            : {}),
          ...(next() < 0.2 ? { cursor: value(next, 0) } : {}),
        };
  const id = pick([1, 2, "x", "", 0, -1, 1.5, null, {}, [], true, undefined, undefined]);
  const body: Record<string, unknown> = {
    jsonrpc: pick(["2.0", "2.0", "2.0", "2.0", "1.0", 2, undefined]),
    method,
    params,
  };
  if (id !== undefined) body.id = id;
  if (next() < 0.03) body.result = {};
  if (next() < 0.05) return { text: JSON.stringify([body]), method, name };
  return { text: JSON.stringify(body), method, name: typeof name === "string" ? name : undefined };
}
