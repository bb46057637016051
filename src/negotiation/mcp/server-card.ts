/**
 * How an agent finds `/mcp` before it connects: an MCP Server Card (SEP-2127,
 * modelcontextprotocol/experimental-ext-server-card) and the MCP Catalog
 * that names it, made from `site.json` at request time so they cannot
 * disagree with what `server/discover` says. No `node:` imports.
 */
import type { McpSite } from "./data.ts";

export const SERVER_CARD_TYPE = "application/mcp-server-card+json";

/**
 * The server's name in reverse-DNS form, as a card's `name` must be
 * (`example.halyard/site` for https://halyard.example).
 */
export function serverName(info: McpSite): string {
  const host = new URL(info.origin).hostname.replace(/[^a-zA-Z0-9.-]/g, "-");
  return `${host.split(".").reverse().join(".")}/site`;
}

export function serverCard(info: McpSite, versions: readonly string[]): Record<string, unknown> {
  return {
    $schema: "https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json",
    name: serverName(info),
    version: info.generated.slice(0, 10),
    title: info.name,
    description: `Read-only search and Markdown of ${info.name}'s pages and posts.`,
    websiteUrl: `${info.origin}/`,
    remotes: [{ type: "streamable-http", url: `${info.origin}/mcp`, supportedProtocolVersions: versions }],
  };
}

/** `/.well-known/mcp/catalog.json`: the one server of the site, by the card's own address (`<endpoint>/server-card`). */
export function catalog(info: McpSite): Record<string, unknown> {
  const host = new URL(info.origin).hostname;
  return {
    specVersion: "draft",
    entries: [
      {
        identifier: `urn:air:${host}:site`,
        displayName: info.name,
        type: SERVER_CARD_TYPE,
        url: `${info.origin}/mcp/server-card`,
      },
    ],
  };
}
