/**
 * The one Request → Response function. The Netlify edge function and the
 * preview server are thin hosts around it; it imports nothing runtime-specific
 * and reads the negotiation data and static bodies through the host's store
 * (`SiteData`).
 */
import { decide, isDocumentPath, normalizePath, slashedPath, withSlash, type Decision } from "./decide.ts";
import {
  ALLOWED_METHODS,
  baseHeaders,
  CACHE,
  markdownHeaders,
  preflightHeaders,
  VARY,
  type HeaderPolicy,
} from "./headers.ts";
import { closeEnough, errorLinkHeader, notAcceptableProblem, notFoundProblem } from "./problem.ts";
import { recoveryHtml } from "./recovery-html.ts";
import { recoveryMap, type Recovery } from "./recovery-map.ts";
import type { McpSite } from "./mcp/data.ts";
import { isMcpPath, respondMcp } from "./mcp/respond.ts";
import { slugQuery } from "./slug-index.ts";
import type { SiteData } from "./site-data.ts";
import type { ErrorLinks, NegotiationData, Representation } from "./table.ts";

export interface RespondOptions {
  /** CSP hashes of the inline scripts a local host adds to its pages (headers.ts, `devScripts`). */
  devScripts?: readonly string[];
}

/**
 * The response for `request`, or undefined when the host answers it itself:
 * a path that is not a document, or an HTML form's POST to a page (decide.ts).
 */
export async function respond(
  request: Request,
  site: SiteData,
  options: RespondOptions = {},
): Promise<Response | undefined> {
  const { pathname, search } = new URL(request.url);
  // `/mcp` and its server card, on a site that serves them (src/negotiation/mcp/); a 404 like any other path elsewhere.
  if (isMcpPath(pathname)) {
    const data = await site.negotiation();
    if (data.mcp)
      return respondMcp(request, site, await site.data<McpSite>(data.mcp), {
        origin: data.origin,
        devScripts: options.devScripts,
        sources: data.security,
      });
  }
  // Assets are not negotiated (spec §7.4.2): they cost no read of the data.
  if (!isDocumentPath(normalizePath(pathname))) return undefined;
  const input = {
    method: request.method,
    path: pathname,
    accept: request.headers.get("accept"),
    ifNoneMatch: request.headers.get("if-none-match"),
    contentType: request.headers.get("content-type"),
  };
  let decision = decide(input, await site.routesFor(normalizePath(pathname)));
  // `/about` typed for `/about/`: a 301 to the page, whose facts may be in another shard than the path's.
  const slashed = decision.kind === "not-found" ? slashedPath(decision.path) : undefined;
  if (slashed !== undefined) decision = withSlash(decision, await site.routesFor(slashed), search);
  const data = await site.negotiation();
  return render(decision, request.method.toUpperCase() === "HEAD", site, data, {
    origin: data.origin,
    devScripts: options.devScripts,
    sources: data.security,
    contentSignal: data.contentSignal,
  });
}

async function render(
  decision: Decision,
  head: boolean,
  site: SiteData,
  data: NegotiationData,
  policy: HeaderPolicy,
): Promise<Response | undefined> {
  const links = data.errors;
  switch (decision.kind) {
    case "pass":
      return undefined;
    case "preflight":
      return new Response(null, { status: 204, headers: preflightHeaders(policy) });
    case "method-not-allowed":
      return notAllowed(links, policy);
    case "page": {
      const headers: Record<string, string> = {
        ...okHeaders(decision.representation, policy),
        Vary: VARY.negotiated,
        "Content-Language": decision.page.lang,
      };
      // RFC 8288 §3: the page's translations, each in its language, beside the Markdown sibling.
      const translations = (decision.page.alternates ?? []).map(
        ({ lang, url }) => `<${url}>; rel="alternate"; hreflang="${lang}"`,
      );
      const links = [
        ...(decision.variant === "html"
          ? [`<${decision.page.markdownPath}>; rel="alternate"; type="text/markdown"`]
          : []),
        ...translations,
      ];
      if (links.length > 0) headers.Link = links.join(", ");
      return ok(decision.representation, headers, decision.notModified, head, site);
    }
    case "file": {
      const headers: Record<string, string> = { ...okHeaders(decision.file, policy), Vary: VARY.file };
      if (decision.file.canonical) headers.Link = `<${decision.file.canonical}>; rel="canonical"`;
      return ok(decision.file, headers, decision.notModified, head, site);
    }
    case "redirect":
      // RFC 9110 §15.4.2: permanent, so clients and search engines move to the post's address. The Location is
      // relative (§10.2.2), so the redirect works on any origin the build is served from.
      return new Response(null, {
        status: 301,
        headers: { ...baseHeaders(policy), Location: decision.location, "Cache-Control": CACHE.revalidate },
      });
    case "not-acceptable": {
      const problem = notAcceptableProblem(links, decision.path, decision.page, decision.accept);
      return error(
        406,
        "application/json; charset=utf-8",
        JSON.stringify(problem, null, 2),
        head,
        links,
        policy,
      );
    }
    case "not-found": {
      if (decision.format === "text/html") return notFoundPage(decision.path, head, site, data, policy);
      const type =
        decision.format === "text/markdown" ? data.notFound.markdown.type : "application/json; charset=utf-8";
      // A HEAD gets the headers alone: nothing needs looking up.
      return error(
        404,
        type,
        head ? "" : await notFoundBody(decision.format, decision.path, site, data),
        head,
        links,
        policy,
      );
    }
  }
}

/**
 * The answer to a method that no web `Request` can carry (Fetch's forbidden
 * methods: CONNECT, TRACE, TRACK), which a host meets before the core could:
 * the same 405 as for any other method the read-only surface does not serve.
 */
export async function methodNotAllowed(site: SiteData, options: RespondOptions = {}): Promise<Response> {
  const data = await site.negotiation();
  return notAllowed(data.errors, {
    origin: data.origin,
    devScripts: options.devScripts,
    sources: data.security,
  });
}

/** RFC 9110 §15.5.6: a 405 names the methods the target does allow. */
function notAllowed(links: ErrorLinks, policy: HeaderPolicy): Response {
  return new Response(null, {
    status: 405,
    headers: { ...errorHeaders(links, policy), Allow: ALLOWED_METHODS },
  });
}

/** The body of a 404 in Markdown (the recovery map) or JSON (a Problem), each naming what the path may have meant. */
async function notFoundBody(
  format: "text/markdown" | "application/json",
  path: string,
  site: SiteData,
  data: NegotiationData,
): Promise<string> {
  if (format === "text/markdown")
    return recoveryMap(
      await site.text(data.notFound.markdown.file),
      path,
      await recoveryFor(path, site, data),
    );
  const canonical = await site.canonicalFor(path);
  const [nearest] = canonical ? [] : await site.closestPosts(path, 1);
  const problem = notFoundProblem(
    data.errors,
    path,
    canonical,
    nearest && closeEnough(nearest, slugQuery(path)) ? nearest : undefined,
  );
  return JSON.stringify(problem, null, 2);
}

/** The HTML 404 page the build wrote, naming what the path may have meant as the Markdown 404 does (recovery-html.ts). */
async function notFoundPage(
  path: string,
  head: boolean,
  site: SiteData,
  data: NegotiationData,
  policy: HeaderPolicy,
): Promise<Response> {
  const page = data.notFound.html;
  const body = head
    ? null
    : recoveryHtml(await site.text(page.file), path, await recoveryFor(path, site, data));
  return new Response(body, {
    status: 404,
    headers: { ...errorHeaders(data.errors, policy), "Content-Type": page.type },
  });
}

/** The page a near-miss path meant or, failing that, the published posts whose slugs are closest to it. */
async function recoveryFor(path: string, site: SiteData, data: NegotiationData): Promise<Recovery> {
  const canonical = await site.canonicalFor(path);
  return { canonical, closest: canonical ? [] : await site.closestPosts(path, data.slugIndex.closest) };
}

async function ok(
  representation: Representation,
  headers: Record<string, string>,
  notModified: boolean,
  head: boolean,
  site: SiteData,
): Promise<Response> {
  // RFC 9110 §15.4.5: a 304 carries the validators and Vary, not the body or its type.
  if (notModified) {
    const { "Content-Type": _type, "X-Markdown-Tokens": _tokens, ...rest } = headers;
    return new Response(null, { status: 304, headers: rest });
  }
  return new Response(head ? null : await site.body(representation.file), { status: 200, headers });
}

function error(
  status: number,
  type: string,
  body: string,
  head: boolean,
  links: ErrorLinks,
  policy: HeaderPolicy,
): Response {
  return new Response(head ? null : body, {
    status,
    headers: { ...errorHeaders(links, policy), "Content-Type": type },
  });
}

function okHeaders(representation: Representation, policy: HeaderPolicy): Record<string, string> {
  const headers: Record<string, string> = {
    ...baseHeaders(policy),
    "Content-Type": representation.type,
    ETag: representation.etag,
    "Cache-Control": CACHE.revalidate,
  };
  if (representation.tokens !== undefined) headers["X-Markdown-Tokens"] = String(representation.tokens);
  if (representation.type.startsWith("text/markdown")) Object.assign(headers, markdownHeaders(policy));
  return headers;
}

/** Spec §7.3: every error carries the three-relation Link, Vary and no-store. */
function errorHeaders(links: ErrorLinks, policy: HeaderPolicy): Record<string, string> {
  return {
    ...baseHeaders(policy),
    Link: errorLinkHeader(links),
    Vary: VARY.negotiated,
    "Cache-Control": CACHE.never,
  };
}
