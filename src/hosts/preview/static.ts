/**
 * Static files as the CDN serves them, for paths the negotiation core passes
 * on (non-document extensions). Never serves a file outside the site folder.
 */
import { readFile } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import { normalizePath } from "../../negotiation/decide.ts";
import { baseHeaders, CACHE, staticHeaders, type HeaderPolicy } from "../../negotiation/headers.ts";
import { methodNotAllowed } from "../../negotiation/respond.ts";
import type { SiteData } from "../../negotiation/site-data.ts";
import type { Unfit } from "./http.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  // The IANA type, as Netlify's emulator (`mime-types`) sends it.
  ".ico": "image/vnd.microsoft.icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".pdf": "application/pdf",
  ".webmanifest": "application/manifest+json; charset=utf-8",
};

/** The file below `root` that `pathname` names, or undefined if it names none safely. */
export function resolveInside(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined; // malformed percent-encoding
  }
  if (
    decoded.includes("\0") ||
    decoded.includes("\\") ||
    decoded.split("/").some((part) => part === ".." || part.startsWith("."))
  )
    return undefined;
  const file = resolve(root, `.${decoded}`);
  // The trailing separator matters: `/srv/dist-old` starts with `/srv/dist` too.
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : undefined;
}

/**
 * A static file response with the headers `_headers` gives it on Netlify, or
 * the CDN's own 404 (spec §7.4.2: not in the Problem format). `moved`: where
 * a file that is not there went, as the CDN's `_redirects` says; a CDN applies
 * such a rule only when it has no file at the path.
 */
export async function staticResponse(
  root: string,
  pathname: string,
  head: boolean,
  policy: HeaderPolicy,
  moved?: (path: string) => Promise<string | undefined>,
): Promise<Response> {
  const file = resolveInside(root, pathname);
  if (file) {
    try {
      const body = await readFile(file);
      const headers = {
        ...staticHeaders(pathname, policy),
        "Content-Type": TYPES[extname(file).toLowerCase()] ?? "application/octet-stream",
      };
      return new Response(head ? null : body, { status: 200, headers });
    } catch {
      // not a readable file: fall through to the CDN's 404
    }
  }
  const location = await moved?.(normalizePath(pathname));
  if (location !== undefined)
    return new Response(null, {
      status: 301,
      headers: { ...baseHeaders(policy), Location: location, "Cache-Control": CACHE.revalidate },
    });
  return cdnNotFound(root, head, policy);
}

/**
 * What Netlify's CDN answers for a path nothing serves: the site's `404.html`
 * with status 404 when the site has one (Netlify's custom 404 page), else a
 * plain 404. It carries the headers every response does.
 */
export async function cdnNotFound(root: string, head: boolean, policy: HeaderPolicy): Promise<Response> {
  const headers = { ...baseHeaders(policy), "Cache-Control": CACHE.revalidate };
  const page = await readFile(resolve(root, "404.html")).catch(() => undefined);
  if (page)
    return new Response(head ? null : page, {
      status: 404,
      headers: { ...headers, "Content-Type": TYPES[".html"] },
    });
  return new Response(head ? null : "Not Found\n", {
    status: 404,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * What the local hosts answer for a request no web `Request` can carry
 * (http.ts): a method Fetch forbids (TRACE, CONNECT) gets the core's 405, as
 * any method the read-only surface does not serve; a request target that is
 * not a path names nothing here, so the CDN's 404; headers fetch refuses, 400.
 */
export async function unfitResponse(
  what: Unfit,
  root: string,
  site: SiteData,
  policy: HeaderPolicy,
): Promise<Response> {
  if (what.kind === "method") return methodNotAllowed(site, { devScripts: policy.devScripts });
  // RFC 9110 §15.6.2: a method the server does not recognise is 501, with what a 405 says of the methods it serves.
  if (what.kind === "unknown-method")
    return new Response(null, {
      status: 501,
      headers: (await methodNotAllowed(site, { devScripts: policy.devScripts })).headers,
    });
  if (what.kind === "target") return cdnNotFound(root, false, policy);
  return new Response("Bad Request\n", {
    status: 400,
    headers: {
      ...baseHeaders(policy),
      "Cache-Control": CACHE.never,
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}
