/**
 * A small HTTP proxy in front of a real site (the preview server over a real
 * build) that breaks one rule of the surface spec: it passes each request on,
 * and may change the request, or what came back, in one header or one body.
 * `sitegen verify` is run through it to show that each check passes on the
 * real site and fails on its own breakage. It also counts what it sees: the
 * requests, how many were in flight at once, and how many answers it changed.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the proxy received: the path and the headers verify must send. */
export interface Received {
  method: string;
  path: string;
  userAgent?: string;
  accept?: string;
}

/** An answer, as the upstream gave it or as a breakage leaves it. Header names are lowercase. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface BreakContext {
  readonly path: string;
  readonly accept: string | undefined;
  /** Asks the upstream for `path` (by default this request's) with another Accept (undefined: none). */
  upstream(accept: string | undefined, path?: string): Promise<Answer>;
}

/**
 * One broken rule: `request` may change the Accept passed upstream, `answer`
 * what comes back. Either returns undefined to leave it as it is.
 */
export interface Breakage {
  request?(context: { path: string; accept: string | undefined }): { accept: string | undefined } | undefined;
  answer?(answer: Answer, context: BreakContext): Answer | undefined | Promise<Answer | undefined>;
}

export interface BreakingProxy {
  readonly url: string;
  readonly requests: readonly Received[];
  /** The most requests being answered at the same moment. */
  readonly maxInFlight: number;
  /** How many requests or answers the breakage changed. */
  readonly changed: number;
  /** What went wrong in the proxy itself (answered 502): a breakage that could not be applied. */
  readonly errors: readonly string[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** The rule to break; none by default. */
  breakage?: Breakage;
  /** Wait this long before each answer; "never" answers nothing at all. */
  delayMs?: number | "never";
  /**
   * The upstream's answers kept across proxies, by method, path and Accept: a file runs verify once for each breakage
   * against one build, each run asking it the same requests, and the upstream answers each once. A breakage is given a
   * copy to change.
   */
  answers?: Map<string, Promise<Answer>>;
}

/** Starts the proxy on 127.0.0.1 at a free port, in front of `upstream` (an http origin). */
export async function startBreakingProxy(
  upstream: string,
  options: ProxyOptions = {},
): Promise<BreakingProxy> {
  const requests: Received[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let changed = 0;
  const errors: string[] = [];
  const agent = new http.Agent({ keepAlive: true });
  const fetchUpstream = async (method: string, path: string, accept: string | undefined): Promise<Answer> => {
    const key = `${method} ${path} ${accept ?? ""}`;
    let answer = options.answers?.get(key);
    if (answer === undefined) {
      answer = askUpstream(method, path, accept);
      options.answers?.set(key, answer);
      // A request that failed is asked again by the next run, not failed for it.
      answer.catch(() => options.answers?.delete(key));
    }
    const { status, headers, body } = await answer;
    return { status, headers: { ...headers }, body: Buffer.from(body) };
  };
  const askUpstream = (method: string, path: string, accept: string | undefined): Promise<Answer> =>
    new Promise((done, fail) => {
      const request = http.request(
        new URL(path, upstream),
        { method, agent, headers: accept === undefined ? {} : { accept } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(response.headers))
              if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
            done({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
          });
          response.on("error", fail);
        },
      );
      request.on("error", fail);
      request.end();
    });

  const server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    const method = request.method ?? "GET";
    const accept = request.headers.accept;
    requests.push({ method, path, userAgent: request.headers["user-agent"], accept });
    if (options.delayMs === "never") return;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const answer = async (): Promise<Answer> => {
      const rewritten = options.breakage?.request?.({ path, accept });
      if (rewritten) changed += 1;
      const got = await fetchUpstream(method, path, rewritten ? rewritten.accept : accept);
      const broken = await options.breakage?.answer?.(got, {
        path,
        accept,
        upstream: (other, at = path) => fetchUpstream("GET", at, other),
      });
      if (broken) changed += 1;
      return broken ?? got;
    };
    const delay = new Promise((done) =>
      setTimeout(done, typeof options.delayMs === "number" ? options.delayMs : 0),
    );
    Promise.all([answer(), delay]).then(
      ([{ status, headers, body }]) => {
        inFlight -= 1;
        const framing = new Set(["content-length", "transfer-encoding", "connection", "keep-alive"]);
        const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => !framing.has(name)));
        response.writeHead(status, { ...sent, "content-length": String(body.length) });
        response.end(method === "HEAD" ? undefined : body);
      },
      (error: Error) => {
        inFlight -= 1;
        errors.push(`${path}: ${error.message}`);
        response.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
        response.end(`proxy: ${error.message}\n`);
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    errors,
    get maxInFlight() {
      return maxInFlight;
    },
    get changed() {
      return changed;
    },
    close: () =>
      new Promise((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
