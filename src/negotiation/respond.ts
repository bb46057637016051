/**
 * The one Request → Response function. The Netlify edge function and the
 * preview server are thin hosts around it; it imports nothing runtime-specific
 * and reads the negotiation data and static bodies through the host's store
 * (`SiteData`).
 */
import { decide, isDocumentPath, normalizePath, type Decision } from "./decide.ts";
import { closeEnough, errorLinkHeader, notAcceptableProblem, notFoundProblem } from "./problem.ts";
import { recoveryMap } from "./recovery-map.ts";
import { slugQuery } from "./slug-index.ts";
import type { SiteData } from "./site-data.ts";
import type { ErrorLinks, NegotiationData, Representation } from "./table.ts";

const VARY = "Accept, Accept-Encoding";
/** Revalidate every time: cheap with ETags, and a deploy is visible at once. */
const CACHE_OK = "public, max-age=0, must-revalidate";
const EXPOSED = "ETag, Link, Vary, X-Markdown-Tokens";
const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** The response for `request`, or undefined when the path is not a document (the host passes it on). */
export async function respond(request: Request, site: SiteData): Promise<Response | undefined> {
  const { pathname } = new URL(request.url);
  // Assets are not negotiated (spec §7.4.2): they cost no read of the data.
  if (!isDocumentPath(normalizePath(pathname))) return undefined;
  const input = { method: request.method, path: pathname, accept: request.headers.get("accept"), ifNoneMatch: request.headers.get("if-none-match") };
  const decision = decide(input, await site.routesFor(normalizePath(pathname)));
  return render(decision, request.method.toUpperCase() === "HEAD", site, await site.negotiation());
}

async function render(decision: Decision, head: boolean, site: SiteData, data: NegotiationData): Promise<Response | undefined> {
  const links = data.errors;
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
      return new Response(null, { status: 405, headers: { ...errorHeaders(links), Allow: ALLOWED_METHODS } });
    case "page": {
      const headers: Record<string, string> = { ...okHeaders(decision.representation), Vary: VARY, "Content-Language": decision.page.lang };
      if (decision.variant === "html") headers.Link = `<${decision.page.markdownPath}>; rel="alternate"; type="text/markdown"`;
      return ok(decision.representation, headers, decision.notModified, head, site);
    }
    case "file": {
      const headers: Record<string, string> = { ...okHeaders(decision.file), Vary: "Accept-Encoding" };
      if (decision.file.canonical) headers.Link = `<${decision.file.canonical}>; rel="canonical"`;
      return ok(decision.file, headers, decision.notModified, head, site);
    }
    case "not-acceptable": {
      const problem = notAcceptableProblem(links, decision.path, decision.page, decision.accept);
      return error(406, "application/json; charset=utf-8", JSON.stringify(problem, null, 2), head, links);
    }
    case "not-found": {
      if (decision.format === "text/html") return errorFromFile(data.notFound.html, head, site, links);
      const type = decision.format === "text/markdown" ? data.notFound.markdown.type : "application/json; charset=utf-8";
      // A HEAD gets the headers alone: nothing needs looking up.
      return error(404, type, head ? "" : await notFoundBody(decision.format, decision.path, site, data), head, links);
    }
  }
}

/** The body of a 404 in Markdown (the recovery map) or JSON (a Problem), each naming what the path may have meant. */
async function notFoundBody(format: "text/markdown" | "application/json", path: string, site: SiteData, data: NegotiationData): Promise<string> {
  const canonical = await site.canonicalFor(path);
  if (format === "text/markdown") {
    const closest = canonical ? [] : await site.closestPosts(path, data.slugIndex.closest);
    return recoveryMap(await site.text(data.notFound.markdown.file), path, { canonical, closest });
  }
  const [nearest] = canonical ? [] : await site.closestPosts(path, 1);
  const problem = notFoundProblem(data.errors, path, canonical, nearest && closeEnough(nearest, slugQuery(path)) ? nearest : undefined);
  return JSON.stringify(problem, null, 2);
}

async function ok(representation: Representation, headers: Record<string, string>, notModified: boolean, head: boolean, site: SiteData): Promise<Response> {
  // RFC 9110 §15.4.5: a 304 carries the validators and Vary, not the body or its type.
  if (notModified) {
    const { "Content-Type": _type, "X-Markdown-Tokens": _tokens, ...rest } = headers;
    return new Response(null, { status: 304, headers: rest });
  }
  return new Response(head ? null : await site.body(representation.file), { status: 200, headers });
}

async function errorFromFile(representation: Representation, head: boolean, site: SiteData, links: ErrorLinks): Promise<Response> {
  const body = head ? null : await site.body(representation.file);
  return new Response(body, { status: 404, headers: { ...errorHeaders(links), "Content-Type": representation.type } });
}

function error(status: number, type: string, body: string, head: boolean, links: ErrorLinks): Response {
  return new Response(head ? null : body, { status, headers: { ...errorHeaders(links), "Content-Type": type } });
}

function okHeaders(representation: Representation): Record<string, string> {
  const headers: Record<string, string> = { ...common(), "Content-Type": representation.type, ETag: representation.etag, "Cache-Control": CACHE_OK };
  if (representation.tokens !== undefined) headers["X-Markdown-Tokens"] = String(representation.tokens);
  return headers;
}

/** Spec §7.3: every error carries the three-relation Link, Vary and no-store. */
function errorHeaders(links: ErrorLinks): Record<string, string> {
  return { ...common(), Link: errorLinkHeader(links), Vary: VARY, "Cache-Control": "no-store" };
}

/** Spec §1.3 and §5.2: every response is CORS-open. */
function common(): Record<string, string> {
  return { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": EXPOSED, "X-Content-Type-Options": "nosniff" };
}
