/**
 * Node's HTTP server speaking web `Request`/`Response`: the one adapter both
 * local hosts (the preview server and the Netlify emulator) share.
 */
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
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
 * the absolute form), a method Fetch forbids (CONNECT, TRACE, TRACK: the
 * Fetch standard §2.2.1; `new Request` throws on them), a method Node's
 * parser does not know (`BREW`), or headers fetch refuses.
 */
export type Unfit =
  | { kind: "target" }
  | { kind: "method"; method: string }
  | { kind: "unknown-method" }
  | { kind: "headers" };

/** A request's headers about its own connection (RFC 9110 §7.6.1, RFC 9112 §6.1), which end with it. */
const HOP_BY_HOP_REQUEST = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
]);

/** Fetch's forbidden methods, which a host answers without the core. */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * How long an idle connection stays open: about a minute, as the CDNs keep
 * theirs, not Node's default of 5 s. A checker that reuses a connection after
 * a pause of a few seconds met one the server had just closed, and reported
 * "fetch failed" for pages that the CDNs serve. Node's docs ask for
 * `headersTimeout` above it, so that the idle timer never cuts off a request
 * whose headers are still arriving.
 */
export const KEEP_ALIVE_MS = 65_000;

export async function listen(options: ListenOptions): Promise<Listening> {
  let origin = "";
  const server = createServer(
    { maxHeaderSize: 64 * 1024, keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 5_000 },
    (request, response) => void serve(request, response),
  );
  // Whatever a request holds, nothing it makes a host throw may stop the server: the request fails alone.
  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      if (options.intercept?.(request, response)) return;
      const made = toRequest(request, origin);
      await send(
        made instanceof Request ? await options.handle(made) : await options.unfit(made),
        response,
        request,
      );
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
  server.on("connect", (request: IncomingMessage, socket: Duplex) =>
    answerOnSocket(socket, options.unfit({ kind: "method", method: request.method ?? "CONNECT" })),
  );
  // What Node's parser refuses never becomes a request. A method it does not know gets 501 with the site's headers
  // (RFC 9110 §15.6.2); anything else, Node's own answer; either way after a lingering close, not a reset.
  // Node may report one bad request more than once (each chunk it had taken in): the first report is answered.
  const answered = new WeakSet<Duplex>();
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    if (!socket.writable) return socket.destroy();
    const own = { HPE_HEADER_OVERFLOW: 431, ERR_HTTP_REQUEST_TIMEOUT: 408 }[error.code ?? ""] ?? 400;
    answerOnSocket(
      socket,
      error.code === "HPE_INVALID_METHOD"
        ? options.unfit({ kind: "unknown-method" })
        : Promise.resolve(new Response(null, { status: own })),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EADDRINUSE") return fail(error);
      // One line, as a user reads it: the port, and what to do.
      fail(
        new SitegenError(
          "E_USAGE",
          `port ${options.port} on ${options.host} is in use: stop the other server, or pick another port (--port 0 picks a free one)`,
          { cause: error },
        ),
      );
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
      if (value !== undefined && !HOP_BY_HOP_REQUEST.has(name))
        headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
  } catch {
    return { kind: "headers" };
  }
  // A redirect is the client's to follow: a fetch of this Request by the host's own code would otherwise follow a
  // 301 the function answers and serve its target. (Netlify's emulator builds its own request without the mode and
  // follows, so there `/about` shows the page: test/netlify.test.ts holds it to that; Netlify's CDN answers the 301.)
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

/** Writes an answer on a socket Node handed over without a ServerResponse, then closes it lingering. */
function answerOnSocket(socket: Duplex, answer: Promise<Response>): void {
  // Node's parser stays on the socket after the error it reported: each later chunk of the request would be another
  // error, and another answer. What the client still sends is no request now; it is read and dropped (endLingering).
  socket.removeAllListeners("data");
  socket.pause();
  socket.on("error", () => socket.destroy());
  answer
    .then(async (response) => endLingering(socket, await rawResponse(response)))
    .catch((error: unknown) => {
      console.error(error);
      socket.destroy();
    });
}

/** How long a closing connection goes on reading, and dropping, what a client still sends. */
const LINGER_MS = 5_000;

/**
 * Sends `bytes` and closes the connection the way RFC 9112 §9.6 asks of a
 * server that answers before a request has all arrived: it stops writing,
 * then reads and drops what the client still sends, until the client closes
 * or a few seconds pass. Closing at once with unread data resets the
 * connection, and the client may lose the answer under the reset.
 */
function endLingering(socket: Duplex, bytes: Buffer): void {
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  socket.once("close", () => clearTimeout(timer));
  socket.end(bytes);
  socket.resume();
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
  // A body no one read is Node's to read and drop after the answer, as it does on a connection that stays open: one
  // that closed at once, the client still sending, would be reset under the answer. The client closes it when done.
  if (!request.complete && !request.readableDidRead) response.shouldKeepAlive = true;
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined;
  if (body) headers["content-length"] = String(body.byteLength);
  response.writeHead(answer.status, headers);
  response.end(body);
}
