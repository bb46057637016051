// The search page (/search/): asks the site's own MCP endpoint, /mcp, with
// the `search` tool, so people and agents search one index and get the same
// ranking. A plain JSON-RPC POST: no library, no inline script (the page's
// Content-Security-Policy allows only the site's own scripts), and the form
// still works without it, by its ?q= address. The header's search box is a
// plain form that leads here.
(function () {
  "use strict";
  var form = document.getElementById("search-q") && document.getElementById("search-q").form;
  var input = document.getElementById("search-q");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  if (!form || !input || !status || !list) return;

  var asked = 0;
  var timer;

  function show(message) {
    status.textContent = message;
  }

  function render(results, query) {
    list.replaceChildren();
    results.forEach(function (result) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = result.url.replace(/^https?:\/\/[^/]+/, "");
      link.textContent = result.title;
      var heading = document.createElement("h2");
      heading.appendChild(link);
      item.appendChild(heading);
      if (result.date) {
        var time = document.createElement("time");
        time.dateTime = result.date;
        time.textContent = result.date;
        item.appendChild(time);
      }
      var snippet = document.createElement("p");
      snippet.textContent = result.snippet;
      item.appendChild(snippet);
      list.appendChild(item);
    });
    show(results.length === 0 ? "Nothing found for “" + query + "”." : results.length + (results.length === 1 ? " page" : " pages") + " found for “" + query + "”.");
  }

  function search(query) {
    var mine = ++asked;
    if (query.trim() === "") {
      list.replaceChildren();
      show("Type words from a page or post: its title finds it first.");
      return;
    }
    show("Searching…");
    fetch("/mcp", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": "tools/call",
        "Mcp-Name": "search",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: mine,
        method: "tools/call",
        params: {
          name: "search",
          arguments: { query: query, limit: 20 },
          _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "search-page", version: "1" }, "io.modelcontextprotocol/clientCapabilities": {} },
        },
      }),
    })
      .then(function (response) {
        return response.json();
      })
      .then(function (answer) {
        // A slower answer to an earlier query never replaces a newer one.
        if (mine !== asked) return;
        if (!answer.result || answer.result.isError) throw new Error("search failed");
        render(answer.result.structuredContent.results, query);
      })
      .catch(function () {
        if (mine === asked) show("The search could not be reached. Try again, or browse the blog.");
      });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    history.replaceState(null, "", "?q=" + encodeURIComponent(input.value));
    search(input.value);
  });
  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      history.replaceState(null, "", input.value ? "?q=" + encodeURIComponent(input.value) : location.pathname);
      search(input.value);
    }, 150);
  });
  var query = new URLSearchParams(location.search).get("q");
  if (query) {
    input.value = query;
    search(query);
  }
})();
