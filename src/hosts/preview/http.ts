/**
 * Node's HTTP server speaking web `Request`/`Response`: the one adapter both
 * local hosts (the preview server and the Netlify emulator) share.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable, type Duplex } from "node:stream";
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
  /** Answers a request. */
  handle(request: Request): Promise<Response>;
  /** Answers what reached the server that no web `Request` can carry (`Unfit`). */
  unfit(what: Unfit): Promise<Response>;
  /** Extra handling before `handle`, e.g. the watch-mode reload channel. */
  intercept?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

/**
 * What no web `Request` can carry: a request target that is not a path (`*`,
 * the absolute form), or a method Fetch forbids (CONNECT, TRACE, TRACK: the
 * Fetch standard §2.2.1; `new Request` throws on them), or headers it refuses.
 */
export type Unfit = { kind: "target" } | { kind: "method"; method: string } | { kind: "headers" };

/** A request's headers about its own connection (RFC 9110 §7.6.1, RFC 9112 §6.1), which end with it. */
const HOP_BY_HOP_REQUEST = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"]);

/** Fetch's forbidden methods, which a host answers without the core. */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

export async function listen(options: ListenOptions): Promise<Listening> {
  let origin = "";
  const server = createServer({ maxHeaderSize: 64 * 1024 }, (request, response) => void serve(request, response));
  // Whatever a request holds, nothing it makes a host throw may stop the server: the request fails alone.
  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      if (options.intercept?.(request, response)) return;
      const made = toRequest(request, origin);
      await send(made instanceof Request ? await options.handle(made) : await options.unfit(made), response, request);
    } catch (error) {
      // The hosts have no failure path for a well-formed build; reaching this is a bug worth seeing.
      console.error(error);
      if (response.headersSent) response.destroy();
      else {
        response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        response.end("Internal error\n");
      }
    }
  }
  // CONNECT asks for a tunnel, which Node hands over as a bare socket (no ServerResponse): it gets the same refusal
  // as TRACE, written on the socket, and the connection closes.
  server.on("connect", (request: IncomingMessage, socket: Duplex) => {
    socket.on("error", () => socket.destroy());
    options
      .unfit({ kind: "method", method: request.method ?? "CONNECT" })
      .then(async (answer) => socket.end(await rawResponse(answer)))
      .catch((error: unknown) => {
        console.error(error);
        socket.destroy();
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
 */
function toRequest(request: IncomingMessage, origin: string): Request | Unfit {
  const target = request.url ?? "/";
  const method = request.method ?? "GET";
  if (!target.startsWith("/")) return { kind: "target" };
  if (FORBIDDEN_METHODS.has(method.toUpperCase())) return { kind: "method", method };
  let url: URL;
  try {
    url = new URL(origin + target);
  } catch {
    return { kind: "target" };
  }
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(request.headers)) {
      // The framing of this connection is not the request's: a host that passes the request on with fetch (Netlify's
      // emulator does, to its edge function) would have it refused ("invalid transfer-encoding header").
      if (value !== undefined && !HOP_BY_HOP_REQUEST.has(name)) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
  } catch {
    return { kind: "headers" };
  }
  // A redirect is the client's to follow: Netlify's emulator passes the request's redirect mode on to its own
  // fetch of the edge function, which would otherwise follow a 301 the function answers and serve its target.
  const init = { method, headers, redirect: "manual" as const };
  // A body goes with the methods that have one: an HTML form's POST is read by the host's form handling.
  if (method === "GET" || method === "HEAD") return new Request(url, init);
  return new Request(url, { ...init, body: bodyOf(request), duplex: "half" } as RequestInit);
}

/**
 * The request's body as a web stream that starts reading only when it is
 * read. A body nobody reads is the server's to discard after the answer (Node
 * does, as it does for any request that is answered unread), so a POST to a
 * page with no form costs no memory however large it is.
 */
function bodyOf(request: IncomingMessage): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= (Readable.toWeb(request) as ReadableStream<Uint8Array>).getReader();
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    },
    { highWaterMark: 0 },
  );
}

/** A response as HTTP/1.1 bytes, for a socket with no ServerResponse around it; the connection closes after it. */
async function rawResponse(answer: Response): Promise<Buffer> {
  const body = Buffer.from(await answer.arrayBuffer());
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ""}`];
  answer.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) lines.push(`${name}: ${value}`);
  });
  lines.push(`content-length: ${body.byteLength}`, "connection: close", "", "");
  return Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), body]);
}

/** Framing headers are this connection's own (RFC 9112 §6): a proxied response's are dropped. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "upgrade"]);

async function send(answer: Response, response: ServerResponse, request: IncomingMessage): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  // A body read in part (a form over its limit) cannot be skipped to the next request: the connection ends here.
  if (!request.complete && request.readableDidRead) headers.connection = "close";
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined;
  if (body) headers["content-length"] = String(body.byteLength);
  response.writeHead(answer.status, headers);
  response.end(body);
}
