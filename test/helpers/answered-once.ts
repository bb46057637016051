/**
 * A host that costs much per request (Netlify's emulator starts Deno workers for each) asked each distinct request
 * once: a proxy in front of it forwards a request it has not seen (method, path, every header but the connection's,
 * body) and answers a repeat with what the host answered the first time, status, headers and bytes as sent. Tests of
 * one build ask the same thing again (a parity table and `sitegen verify` both ask for every page's Markdown); the
 * answer of the same build to the same request is the host's either way, and the repeat only paid for Deno again.
 */
import { request as httpRequest, createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Running } from "./dist.ts";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Headers that belong to one connection, not to the request or the answer. */
const CONNECTION = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length"]);

export interface AnsweredOnce extends Running {
  /** Requests the host answered itself, and repeats answered with its first answer. */
  counts(): { forwarded: number; repeated: number };
}

export async function answeredOnce(host: Running): Promise<AnsweredOnce> {
  const target = new URL(host.url);
  const answers = new Map<string, Promise<Answer>>();
  let forwarded = 0;
  let repeated = 0;
  const forward = (method: string, path: string, headers: IncomingHttpHeaders, body: Buffer) =>
    new Promise<Answer>((done, fail) => {
      const asked = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method,
          path,
          headers: { ...headers, host: target.host },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            done({
              status: response.statusCode ?? 502,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on("error", fail);
        },
      );
      asked.on("error", fail);
      asked.end(body);
    });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const body = Buffer.concat(chunks);
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !CONNECTION.has(name)),
      ) as IncomingHttpHeaders;
      if (body.length > 0) headers["content-length"] = String(body.length);
      const key = JSON.stringify([
        request.method,
        request.url,
        Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : 1)),
        body.toString("base64"),
      ]);
      let answer = answers.get(key);
      if (answer) repeated++;
      else {
        forwarded++;
        answer = forward(request.method ?? "GET", request.url ?? "/", headers, body);
        answers.set(key, answer);
      }
      try {
        const { status, headers: sent, body: bytes } = await answer;
        const kept = Object.entries(sent).filter(
          ([name]) => !CONNECTION.has(name) || name === "content-length",
        );
        response.writeHead(status, Object.fromEntries(kept));
        response.end(request.method === "HEAD" ? undefined : bytes);
      } catch (error) {
        response.destroy(error as Error);
      }
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    running: () => host.running(),
    output: host.output,
    pid: host.pid,
    counts: () => ({ forwarded, repeated }),
    stop: async () => {
      await new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      });
      await host.stop();
    },
  };
}
