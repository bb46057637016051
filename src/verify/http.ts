/**
 * The only part of verify that touches the network: GET requests with a bounded
 * number in flight and a deadline each.
 *
 * This uses node:http rather than fetch because fetch gives every request that
 * has no Accept one that takes any type (the Fetch standard's "fetching"
 * algorithm does so), and §7.1 makes a request with no Accept at all a case of
 * its own. It also never follows
 * redirects: a redirect where the spec wants a 404 is a finding.
 *
 * Every body is read to a limit (`maxBodyBytes`), as it arrives and again as
 * it inflates: a server that sends endless bytes, or 1 MB of gzip that
 * inflates to 1 GB, made verify hold all of it (8.5 GB of memory before it
 * stopped). A body past the limit ends its request, and the probe is a
 * finding that says so.
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
  /** The most bytes a body may have, as sent and once decoded. */
  readonly maxBodyBytes: number;
  /** Called after each response (or failure) with the count done and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Sends each distinct probe once and returns what came back, in probe order. */
export async function sendProbes(probes: readonly Probe[], options: SendOptions): Promise<Exchange[]> {
  const unique = [...new Map(probes.map((probe) => [probeKey(probe), probe])).values()];
  const secure = new URL(options.baseUrl).protocol === "https:";
  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets: options.concurrency })
    : new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
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
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(options.concurrency, unique.length)) }, worker),
    );
  } finally {
    agent.destroy();
  }
  return results;
}

function send(probe: Probe, agent: http.Agent, options: SendOptions): Promise<Exchange> {
  const url = new URL(probe.path, options.baseUrl);
  const client = url.protocol === "https:" ? https : http;
  const headers: Record<string, string> = { "user-agent": options.userAgent };
  if (probe.accept !== undefined) headers.accept = probe.accept;
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
      let received = 0;
      response.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received <= options.maxBodyBytes) return void chunks.push(chunk);
        chunks.length = 0;
        request.destroy();
        resolve(failed(new Error(overLimit(options.maxBodyBytes, "as sent"))));
      });
      response.on("error", (error) => resolve(failed(error)));
      response.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        decode(Buffer.concat(chunks), headers["content-encoding"], options.maxBodyBytes).then(
          (body) => resolve({ probe, status: response.statusCode ?? 0, headers, body }),
          (error: unknown) => resolve(failed(error)),
        );
      });
    });
    request.on("error", (error) => resolve(failed(error)));
    request.end();
  });
}

const decoders = new Map<string, (input: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>>([
  ["gzip", promisify(zlib.gunzip)],
  ["x-gzip", promisify(zlib.gunzip)],
  ["deflate", promisify(zlib.inflate)],
  ["br", promisify(zlib.brotliDecompress)],
]);

/**
 * No Accept-Encoding is sent, but a CDN may compress anyway; the checks
 * compare decoded bytes. zlib stops at `maxOutputLength`, so a bomb is never
 * inflated past the limit.
 */
async function decode(body: Buffer, encoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const name = encoding?.trim().toLowerCase();
  if (name === undefined || name === "" || name === "identity") return body;
  const decoder = decoders.get(name);
  if (decoder === undefined) throw new Error(`unsupported Content-Encoding ${name}`);
  return decoder(body, { maxOutputLength: maxBytes }).catch((error: unknown) => {
    throw (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE"
      ? new Error(overLimit(maxBytes, `once its ${name} is decoded`))
      : error;
  });
}

/** Why a body was not read whole. */
function overLimit(maxBytes: number, how: string): string {
  return `its body is over ${maxBytes / MEGABYTE} MB ${how}: not read further (--max-body <MB> raises the limit)`;
}

export const MEGABYTE = 1024 * 1024;
