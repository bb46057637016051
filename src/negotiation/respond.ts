/**
 * The one Request → Response function. The Netlify edge function and the
 * preview server are thin hosts around it; it imports nothing runtime-specific
 * and reads static bodies through the host's `readFile`.
 */
import { decide, type Decision } from "./decide.ts";
import { errorLinkHeader, notAcceptableProblem, notFoundProblem } from "./problem.ts";
import type { NegotiationTable, Representation } from "./table.ts";

export interface Host {
  table: NegotiationTable;
  /** The bytes of a static file, by path from the site root (`/about/index.html`). */
  readFile(path: string): Promise<BodyInit | Uint8Array>;
}

const VARY = "Accept, Accept-Encoding";
/** Revalidate every time: cheap with ETags, and a deploy is visible at once. */
const CACHE_OK = "public, max-age=0, must-revalidate";
const EXPOSED = "ETag, Link, Vary, X-Markdown-Tokens";
const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** The response for `request`, or undefined when the path is not a document (the host passes it on). */
export async function respond(request: Request, host: Host): Promise<Response | undefined> {
  const url = new URL(request.url);
  const decision = decide(
    { method: request.method, path: url.pathname, accept: request.headers.get("accept"), ifNoneMatch: request.headers.get("if-none-match") },
    host.table,
  );
  return render(decision, request.method.toUpperCase() === "HEAD", host);
}

async function render(decision: Decision, head: boolean, host: Host): Promise<Response | undefined> {
  const { baseUrl } = host.table;
  switch (decision.kind) {
    case "pass":
      return undefined;
    case "preflight":
      return new Response(null, {
        status: 204,
        headers: {
          ...common(),
          "Access-Control-Allow-Methods": ALLOWED_METHODS,
          "Access-Control-Allow-Headers": "Accept, If-None-Match",
          "Access-Control-Max-Age": "86400",
          Allow: ALLOWED_METHODS,
        },
      });
    case "method-not-allowed":
      return new Response(null, { status: 405, headers: { ...errorHeaders(baseUrl), Allow: ALLOWED_METHODS } });
    case "page": {
      const headers: Record<string, string> = { ...okHeaders(decision.representation), Vary: VARY, "Content-Language": decision.page.lang };
      if (decision.variant === "html") headers.Link = `<${decision.page.markdownPath}>; rel="alternate"; type="text/markdown"`;
      return ok(decision.representation, headers, decision.notModified, head, host);
    }
    case "file": {
      const headers: Record<string, string> = { ...okHeaders(decision.file), Vary: "Accept-Encoding" };
      if (decision.file.canonical) headers.Link = `<${baseUrl}${decision.file.canonical}>; rel="canonical"`;
      return ok(decision.file, headers, decision.notModified, head, host);
    }
    case "not-acceptable": {
      const problem = notAcceptableProblem(baseUrl, decision.path, decision.page.markdownPath, decision.accept);
      return error(406, "application/json; charset=utf-8", JSON.stringify(problem, null, 2), head, baseUrl);
    }
    case "not-found": {
      if (decision.format === "text/html") return errorFromFile(host.table.notFound.html, head, host);
      if (decision.format === "text/markdown") return errorFromFile(host.table.notFound.markdown, head, host);
      const problem = notFoundProblem(baseUrl, decision.path, decision.canonical);
      return error(404, "application/json; charset=utf-8", JSON.stringify(problem, null, 2), head, baseUrl);
    }
  }
}

async function ok(representation: Representation, headers: Record<string, string>, notModified: boolean, head: boolean, host: Host): Promise<Response> {
  // RFC 9110 §15.4.5: a 304 carries the validators and Vary, not the body or its type.
  if (notModified) {
    const { "Content-Type": _type, "X-Markdown-Tokens": _tokens, ...rest } = headers;
    return new Response(null, { status: 304, headers: rest });
  }
  return new Response(head ? null : (await host.readFile(representation.file)) as BodyInit, { status: 200, headers });
}

async function errorFromFile(representation: Representation, head: boolean, host: Host): Promise<Response> {
  const body = head ? null : (await host.readFile(representation.file)) as BodyInit;
  return new Response(body, { status: 404, headers: { ...errorHeaders(host.table.baseUrl), "Content-Type": representation.type } });
}

function error(status: number, type: string, body: string, head: boolean, baseUrl: string): Response {
  return new Response(head ? null : body, { status, headers: { ...errorHeaders(baseUrl), "Content-Type": type } });
}

function okHeaders(representation: Representation): Record<string, string> {
  const headers: Record<string, string> = { ...common(), "Content-Type": representation.type, ETag: representation.etag, "Cache-Control": CACHE_OK };
  if (representation.tokens !== undefined) headers["X-Markdown-Tokens"] = String(representation.tokens);
  return headers;
}

/** Spec §7.3: every error carries the three-relation Link, Vary and no-store. */
function errorHeaders(baseUrl: string): Record<string, string> {
  return { ...common(), Link: errorLinkHeader(baseUrl), Vary: VARY, "Cache-Control": "no-store" };
}

/** Spec §1.3 and §5.2: every response is CORS-open. */
function common(): Record<string, string> {
  return { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": EXPOSED, "X-Content-Type-Options": "nosniff" };
}
