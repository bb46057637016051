/**
 * The only part of verify that touches the network: GET requests with a bounded
 * number in flight and a deadline each.
 *
 * This uses node:http rather than fetch because fetch gives every request that
 * has no Accept one that takes any type (the Fetch standard's "fetching"
 * algorithm does so), and §7.1 makes a request with no Accept at all a case of
 * its own. It also never follows
 * redirects: a redirect where the spec wants a 404 is a finding.
 */
import http from "node:http";
import https from "node:https";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { probeKey, type Exchange, type Probe } from "./exchange.ts";

export interface SendOptions {
  readonly baseUrl: string;
  readonly userAgent: string;
  readonly timeoutMs: number;
  readonly concurrency: number;
  /** Called after each response (or failure) with the count done and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Sends each distinct probe once and returns what came back, in probe order. */
export async function sendProbes(probes: readonly Probe[], options: SendOptions): Promise<Exchange[]> {
  const unique = [...new Map(probes.map((probe) => [probeKey(probe), probe])).values()];
  const secure = new URL(options.baseUrl).protocol === "https:";
  const agent = secure ? new https.Agent({ keepAlive: true, maxSockets: options.concurrency }) : new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const results: Exchange[] = new Array(unique.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < unique.length) {
      const index = next++;
      results[index] = await send(unique[index] as Probe, agent, options);
      options.onProgress?.(++done, unique.length);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, unique.length)) }, worker));
  } finally {
    agent.destroy();
  }
  return results;
}

function send(probe: Probe, agent: http.Agent, options: SendOptions): Promise<Exchange> {
  const url = new URL(probe.path, options.baseUrl);
  const client = url.protocol === "https:" ? https : http;
  const headers: Record<string, string> = { "user-agent": options.userAgent };
  if (probe.accept !== undefined) headers["accept"] = probe.accept;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const failed = (error: unknown): Exchange => ({
    probe,
    status: 0,
    headers: {},
    body: new Uint8Array(),
    error: signal.aborted ? `no answer within ${options.timeoutMs} ms` : (error as Error).message,
  });
  return new Promise((resolve) => {
    const request = client.request(url, { method: "GET", headers, agent, signal }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", (error) => resolve(failed(error)));
      response.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        decode(Buffer.concat(chunks), headers["content-encoding"]).then(
          (body) => resolve({ probe, status: response.statusCode ?? 0, headers, body }),
          (error: unknown) => resolve(failed(error)),
        );
      });
    });
    request.on("error", (error) => resolve(failed(error)));
    request.end();
  });
}

const decoders: Record<string, (input: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  "x-gzip": promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

/** No Accept-Encoding is sent, but a CDN may compress anyway; the checks compare decoded bytes. */
async function decode(body: Buffer, encoding: string | undefined): Promise<Buffer> {
  const name = encoding?.trim().toLowerCase();
  if (name === undefined || name === "" || name === "identity") return body;
  const decoder = decoders[name];
  if (decoder === undefined) throw new Error(`unsupported Content-Encoding ${name}`);
  return decoder(body);
}
