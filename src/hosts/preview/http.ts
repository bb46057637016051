/**
 * Node's HTTP server speaking web `Request`/`Response`: the one adapter both
 * local hosts (the preview server and the Netlify emulator) share.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { SitegenError } from "../../errors.ts";

export interface Listening {
  server: Server;
  /** `http://host:port`, without a trailing slash. */
  origin: string;
  close(): Promise<void>;
}

export interface ListenOptions {
  host: string;
  port: number;
  /** Answers a request; undefined means the request target was not a path. */
  handle(request: Request | undefined): Promise<Response>;
  /** Extra handling before `handle`, e.g. the watch-mode reload channel. */
  intercept?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

export async function listen(options: ListenOptions): Promise<Listening> {
  let origin = "";
  const server = createServer({ maxHeaderSize: 64 * 1024 }, (request, response) => {
    if (options.intercept?.(request, response)) return;
    options
      .handle(toRequest(request, origin))
      .then((answer) => send(answer, response))
      .catch((error: unknown) => {
        // The hosts have no failure path for a well-formed build; reaching this is a bug worth seeing.
        console.error(error);
        if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        response.end("Internal error\n");
      });
  });
  await new Promise<void>((done, fail) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EADDRINUSE") return fail(error);
      // One line, as a user reads it: the port, and what to do.
      fail(new SitegenError("E_USAGE", `port ${options.port} on ${options.host} is in use: stop the other server, or pick another port (--port 0 picks a free one)`, { cause: error }));
    });
    server.listen(options.port, options.host, () => done());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}`;
  return { server, origin, close: () => new Promise((done) => server.close(() => done())) };
}

/**
 * A web `Request` for a Node request. The origin is fixed and the path appended
 * as received, so `//host/x` stays a path and is never read as another origin.
 * A request target that is not a path (`*`, absolute-form) gives undefined.
 */
function toRequest(request: IncomingMessage, origin: string): Request | undefined {
  const target = request.url ?? "/";
  if (!target.startsWith("/")) return undefined;
  let url: URL;
  try {
    url = new URL(origin + target);
  } catch {
    return undefined;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  // A redirect is the client's to follow: Netlify's emulator passes the request's redirect mode on to its own
  // fetch of the edge function, which would otherwise follow a 301 the function answers and serve its target.
  const init = { method: request.method, headers, redirect: "manual" as const };
  // A body goes with the methods that have one: an HTML form's POST is read by the host's form handling.
  if (request.method === "GET" || request.method === "HEAD") return new Request(url, init);
  return new Request(url, { ...init, body: Readable.toWeb(request) as ReadableStream, duplex: "half" } as RequestInit);
}

/** Framing headers are this connection's own (RFC 9112 §6): a proxied response's are dropped. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "upgrade"]);

async function send(answer: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined;
  if (body) headers["content-length"] = String(body.byteLength);
  response.writeHead(answer.status, headers);
  response.end(body);
}
