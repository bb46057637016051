/**
 * HTTP/1.1 spoken by hand over a socket: for requests that fetch and
 * `node:http` refuse to send (TRACE, CONNECT, unknown methods, a target that
 * is not a path, a body that stops short of its Content-Length), and to see
 * exactly what a server answers to them. One request a connection
 * (`Connection: close`), so the answer ends when the server closes.
 */
import { connect } from "node:net";
import { scaled } from "./processes.ts";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface RawRequest {
  method: string;
  /** The request target as sent: a path, `*`, or an absolute URL. */
  target: string;
  headers?: Record<string, string>;
  /** Sent after the headers; with `holdOpen`, the connection then waits for the answer without sending more. */
  body?: Buffer | string;
  /** How long to wait for the whole answer. */
  timeoutMs?: number;
}

/** `bytes` as a chunked body (RFC 9112 §7.1): one chunk of them all, then the last chunk, as a client streaming them sends it. */
export function chunked(bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`${bytes.length.toString(16)}\r\n`),
    bytes,
    Buffer.from("\r\n0\r\n\r\n"),
  ]);
}

/**
 * Sends `request` to `base` (an `http://host:port/` URL) and resolves with the
 * answer; undefined when the server closed without one, "timeout" when it
 * said nothing in time.
 */
export function rawRequest(base: string, request: RawRequest): Promise<RawAnswer | undefined | "timeout"> {
  const { hostname, port } = new URL(base);
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    "Connection: close",
    ...Object.entries(request.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname);
    const timer = setTimeout(() => {
      socket.destroy();
      done("timeout");
    }, request.timeoutMs ?? scaled(15_000));
    socket.on("connect", () => {
      socket.write(Buffer.from(head, "latin1"));
      if (request.body !== undefined) socket.write(request.body);
    });
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      done(parse(Buffer.concat(chunks), request.method));
    };
    // Some servers keep the connection after answering, `Connection: close` or not: the answer ends where its framing says.
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (complete(Buffer.concat(chunks), request.method)) finish();
    });
    // A server may reset the connection after answering (a body left unread): the answer read so far counts.
    socket.on("error", () => {});
    socket.on("close", finish);
  });
}

/** Whether `bytes` hold a whole answer by its own framing: a Content-Length's worth of body, or a chunked body's last chunk. */
function complete(bytes: Buffer, method: string): boolean {
  const end = bytes.indexOf("\r\n\r\n");
  if (end === -1) return false;
  const head = bytes.subarray(0, end).toString("latin1");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
  // An interim answer (100 Continue) is followed by the real one.
  if (status >= 100 && status < 200) return complete(bytes.subarray(end + 4), method);
  if (method === "HEAD" || status === 204 || status === 304) return true;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
  if (length !== undefined) return bytes.length - (end + 4) >= Number(length);
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head))
    return (
      bytes.subarray(end + 4).includes("\r\n0\r\n\r\n") ||
      bytes
        .subarray(end + 4)
        .subarray(0, 5)
        .toString() === "0\r\n\r\n"
    );
  return false;
}

function parse(bytes: Buffer, method: string): RawAnswer | undefined {
  const end = bytes.indexOf("\r\n\r\n");
  if (end === -1) return undefined;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!Number.isInteger(status)) return undefined;
  if (status >= 100 && status < 200) return parse(bytes.subarray(end + 4), method);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] =
      headers[name] === undefined
        ? line.slice(colon + 1).trim()
        : `${headers[name]}, ${line.slice(colon + 1).trim()}`;
  }
  const rest = bytes.subarray(end + 4);
  if (method === "HEAD" || status === 204 || status === 304)
    return { status, headers, body: Buffer.alloc(0) };
  return {
    status,
    headers,
    body: /chunked/i.test(headers["transfer-encoding"] ?? "") ? dechunk(rest) : rest,
  };
}

/** A chunked body (RFC 9112 §7.1) as its bytes; what arrived of a cut-off one. */
function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf("\r\n", at);
    if (lineEnd === -1) break;
    const size = parseInt(bytes.subarray(at, lineEnd).toString("latin1").split(";")[0], 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
