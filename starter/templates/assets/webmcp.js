// WebMCP (https://webmachinelearning.github.io/webmcp/): tools a browser's
// agent can call on this site, registered where the browser offers a model
// context (document.modelContext in Chrome's current trial,
// navigator.modelContext in the draft's IDL). Nothing happens in a browser
// without one.
//
// get_page reads a page as the site serves it to agents: its Markdown, asked
// for with `Accept: text/markdown` at the page's own address. search, where
// the site serves /mcp (the layout names it in data-mcp), asks the site's own
// MCP endpoint, as the search page does, so a browser's agent gets the same
// ranking as any other. Only this site is read (connect-src 'self' allows no
// other).
(function () {
  "use strict";
  var context = (typeof document !== "undefined" && document.modelContext) || (typeof navigator !== "undefined" && navigator.modelContext);
  if (!context || typeof context.registerTool !== "function") return;
  var script = typeof document !== "undefined" && document.currentScript;
  var mcp = script && script.dataset && script.dataset.mcp;

  function text(body, isError) {
    return { content: [{ type: "text", text: body }], isError: isError };
  }

  context.registerTool({
    name: "get_page",
    description: "Read a page or post of this site as Markdown, by its path or address on this site (\"/about/\", \"/blog/a-post/\"). /sitemap.md and /llms.txt list every page.",
    inputSchema: {
      type: "object",
      properties: { url: { type: "string", description: "The page's path on this site, or its full address" } },
      required: ["url"],
    },
    annotations: { readOnlyHint: true },
    execute: function (input) {
      var target;
      try {
        target = new URL(String(input && input.url), location.href);
      } catch (error) {
        return Promise.resolve(text("Not an address: " + String(input && input.url), true));
      }
      if (target.origin !== location.origin) return Promise.resolve(text("Only this site's pages can be read: " + target.href + " is on another site.", true));
      target.hash = "";
      return fetch(target.href, { headers: { Accept: "text/markdown" } }).then(function (response) {
        return response.text().then(function (body) {
          return response.ok ? text(body, false) : text(response.status + " for " + target.pathname + "\n\n" + body, true);
        });
      });
    },
  });

  if (!mcp) return;
  context.registerTool({
    name: "search",
    description: "Find this site's pages and posts by words, best match first (a page's exact title finds it first): each with its title, address and a snippet. Read one with get_page.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words to find" },
        limit: { type: "integer", minimum: 1, maximum: 50, description: "How many, at most (10 when left out)" },
      },
      required: ["query"],
    },
    annotations: { readOnlyHint: true },
    execute: function (input) {
      var version = "2026-07-28";
      var args = { query: String(input && input.query) };
      if (input && input.limit !== undefined) args.limit = input.limit;
      return fetch(mcp, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": version, "Mcp-Method": "tools/call", "Mcp-Name": "search" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "search", arguments: args, _meta: { "io.modelcontextprotocol/protocolVersion": version, "io.modelcontextprotocol/clientInfo": { name: "webmcp", version: "1" }, "io.modelcontextprotocol/clientCapabilities": {} } },
        }),
      })
        .then(function (response) {
          return response.json();
        })
        .then(function (answer) {
          // The tool's result as /mcp gives it: text content, with the results as structured content.
          return answer.result || text("The search failed: " + JSON.stringify(answer.error || answer), true);
        });
    },
  });
})();
