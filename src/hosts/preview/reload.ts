/**
 * How a watch build's open pages reload: the script every page of a watch
 * build carries, and the Server-Sent Events channel it listens on.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** The event stream pages listen on; under /_sitegen/, which no content route can take. */
export const RELOAD_PATH = "/_sitegen/reload";

/**
 * Added to every page's <head> in watch builds only (`sitegen build` adds
 * nothing). EventSource reconnects by itself, and the `failed` event shows the
 * build error over the page until the next good build reloads it.
 */
export const RELOAD_SCRIPT = `<script type="module">
// sitegen serve --watch: reload after each rebuild, show a failed build's error.
const events = new EventSource(${JSON.stringify(RELOAD_PATH)});
events.addEventListener("reload", () => location.reload());
events.addEventListener("failed", (event) => {
  let box = document.getElementById("sitegen-build-error");
  if (!box) {
    box = document.createElement("pre");
    box.id = "sitegen-build-error";
    box.style.cssText = "position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;margin:0;padding:1em;z-index:2147483647;background:#fff4f4;color:#5c0000;border-top:4px solid #c00;font:13px/1.45 ui-monospace,monospace;white-space:pre-wrap";
    document.body.append(box);
  }
  box.textContent = JSON.parse(event.data);
});
</script>
`;

/**
 * The reload script's CSP hash source (CSP Level 3 §8.4: the digest of the
 * script element's text). Watch-mode's server allows this one inline script;
 * `sitegen build` output allows none.
 */
export const RELOAD_SCRIPT_HASH = `'sha256-${createHash("sha256")
  .update(RELOAD_SCRIPT.slice(RELOAD_SCRIPT.indexOf(">") + 1, RELOAD_SCRIPT.lastIndexOf("</script>")))
  .digest("base64")}'`;

/**
 * The Server-Sent Events channel watch builds' pages listen on: `reload`
 * after a good build; `failed`, with the error, after a bad one (and to a page
 * that connects while the last build is bad).
 */
export class ReloadChannel {
  private readonly clients = new Set<ServerResponse>();
  private lastFailure: string | undefined;

  get size(): number {
    return this.clients.size;
  }

  readonly intercept = (request: IncomingMessage, response: ServerResponse): boolean => {
    if ((request.url ?? "").split("?")[0] !== RELOAD_PATH) return false;
    response.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
    });
    response.write("retry: 1000\n\n");
    if (this.lastFailure !== undefined) send(response, "failed", this.lastFailure);
    this.clients.add(response);
    response.on("close", () => this.clients.delete(response));
    return true;
  };

  reload(): void {
    this.lastFailure = undefined;
    this.broadcast("reload", "");
  }

  fail(report: string): void {
    this.lastFailure = report;
    this.broadcast("failed", report);
  }

  close(): void {
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private broadcast(event: string, data: string): void {
    for (const client of this.clients) send(client, event, data);
  }
}

function send(response: ServerResponse, event: string, data: string): void {
  response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
