/**
 * `sitegen serve`: the preview server. It hands every request to the same
 * negotiation core as the Netlify edge function and plays the CDN for what the
 * core passes on, so `curl` against it behaves like the deployed site.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { AddressInfo } from "node:net";
import { SitegenError } from "../errors.ts";
import { NEGOTIATION_TABLE_FILE } from "../manifest.ts";
import { respond } from "../negotiation/respond.ts";
import type { NegotiationTable } from "../negotiation/table.ts";
import { resolveInside, staticResponse } from "./static.ts";

export interface PreviewOptions {
  dir: string;
  host: string;
  port: number;
  /** Extra handling before the core, e.g. the watch-mode reload channel. */
  intercept?: (request: IncomingMessage, response: ServerResponse) => boolean;
}

export interface PreviewServer {
  server: Server;
  url: string;
  /** Re-reads the negotiation table, after a rebuild swapped the folder. */
  reload(): Promise<void>;
  close(): Promise<void>;
}

export async function loadTable(dir: string): Promise<NegotiationTable> {
  const file = join(dir, NEGOTIATION_TABLE_FILE);
  try {
    return JSON.parse(await readFile(file, "utf8")) as NegotiationTable;
  } catch (error) {
    throw new SitegenError("E_USAGE", `${file} is missing or unreadable: is ${dir} a sitegen build?`, { hint: "run `sitegen build` first", cause: error });
  }
}

/** The core's Host for a folder on disk. */
export function folderHost(root: string, table: NegotiationTable) {
  return {
    table,
    async readFile(path: string): Promise<Uint8Array> {
      const file = resolveInside(root, path);
      if (!file) throw new Error(`table entry ${path} is outside the site folder`);
      // Small files, read whole: a synchronous read costs less than a promise round trip.
      return readFileSync(file);
    },
  };
}

export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const root = resolve(options.dir);
  let table = await loadTable(root);
  let origin = "";
  const server = createServer({ maxHeaderSize: 64 * 1024 }, (request, response) => {
    if (options.intercept?.(request, response)) return;
    handle(request, response).catch((error: unknown) => {
      // The core has no failure path for a well-formed table; reaching this is a bug worth seeing.
      console.error(error);
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      response.end("Internal error\n");
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const webRequest = toRequest(request, origin);
    const head = request.method === "HEAD";
    // A request target that is not a path (`*`, absolute-form) names nothing on this site.
    const answer = webRequest
      ? ((await respond(webRequest, folderHost(root, table))) ?? (await staticResponse(root, new URL(webRequest.url).pathname, head)))
      : await staticResponse(root, "/\0", head);
    await send(answer, response);
  }

  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(options.port, options.host, () => done());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}`;
  return {
    server,
    url: `${origin}/`,
    async reload() {
      table = await loadTable(root);
    },
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/**
 * A web `Request` for a Node request. The origin is fixed and the path appended
 * as received, so `//host/x` stays a path and is never read as another origin.
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
  return new Request(url, { method: request.method, headers });
}

async function send(answer: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined;
  if (body) headers["content-length"] = String(body.byteLength);
  response.writeHead(answer.status, headers);
  response.end(body);
}
