/**
 * The decision: from method, path and request headers to what the response is.
 * Pure and synchronous, so it is cheap to test as a table and to benchmark.
 */
import { chooseErrorType, choosePageType, type ErrorType } from "./accept.ts";
import type { FileEntry, PageEntry, Representation, RouteShard } from "./table.ts";

export interface DecisionInput {
  method: string;
  /** The URL's path as received (percent-encoded). */
  path: string;
  accept: string | null;
  ifNoneMatch: string | null;
  /** The request body's `Content-Type`, if any: tells an HTML form's POST. */
  contentType?: string | null;
}

export type Decision =
  /**
   * Not for the core: a path that is not a document (spec §7.4.2), which the
   * CDN serves and whose errors are the CDN's; or an HTML form's POST to a
   * page, which the host's form handling takes (Netlify Forms).
   */
  | { kind: "pass" }
  | { kind: "preflight" }
  | { kind: "method-not-allowed"; path: string; format: ErrorType }
  | { kind: "page"; path: string; page: PageEntry; representation: Representation; variant: "html" | "markdown"; notModified: boolean }
  | { kind: "file"; path: string; file: FileEntry; notModified: boolean }
  | { kind: "redirect"; path: string; location: string }
  | { kind: "not-found"; path: string; format: ErrorType }
  | { kind: "not-acceptable"; path: string; page: PageEntry; accept: string };

/** Extensions that go through negotiation (spec §7.4.1), plus `.html`, whose canonical form we name. */
const DOCUMENT_EXTENSIONS = new Set(["md", "txt", "json", "xml", "html", "htm"]);

/**
 * `routes` holds the facts of `input.path` if it has any: the shard the path
 * hashes to, or every route at once. A not-found decision names no canonical
 * page; finding one may take other shards (`canonicalCandidates`).
 */
export function decide(input: DecisionInput, routes: RouteShard): Decision {
  const path = normalizePath(input.path);
  if (!isDocumentPath(path)) return { kind: "pass" };
  const method = input.method.toUpperCase();
  if (method === "OPTIONS") return { kind: "preflight" };
  if (method !== "GET" && method !== "HEAD") {
    // The surface is read-only (spec §1.2); a person's enquiry form posts to a
    // page, and that is the host's to take or refuse, never the core's.
    if (method === "POST" && isFormBody(input.contentType) && Object.hasOwn(routes.pages, path)) return { kind: "pass" };
    return { kind: "method-not-allowed", path, format: chooseErrorType(input.accept) };
  }

  const page = Object.hasOwn(routes.pages, path) ? routes.pages[path] : undefined;
  if (page) {
    const type = choosePageType(input.accept);
    if (type === null) return { kind: "not-acceptable", path, page, accept: input.accept ?? "" };
    const variant = type === "text/markdown" ? "markdown" : "html";
    const representation = page[variant];
    return { kind: "page", path, page, representation, variant, notModified: matchesEtag(input.ifNoneMatch, representation.etag) };
  }
  const file = Object.hasOwn(routes.files, path) ? routes.files[path] : undefined;
  if (file) return { kind: "file", path, file, notModified: matchesEtag(input.ifNoneMatch, file.etag) };
  // A post's old address (`aliases`): the post, whatever the representation asked for.
  const moved = routes.redirects && Object.hasOwn(routes.redirects, path) ? routes.redirects[path] : undefined;
  if (moved !== undefined) return { kind: "redirect", path, location: moved };
  return { kind: "not-found", path, format: chooseErrorType(input.accept) };
}

/**
 * Percent-encoded unreserved characters mean the same as the characters
 * themselves (RFC 3986 §2.3), so `/blog/a%2Db/` is `/blog/a-b/`.
 */
export function normalizePath(path: string): string {
  if (!path.includes("%")) return path;
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escape.toUpperCase();
  });
}

export function isDocumentPath(path: string): boolean {
  const segment = path.slice(path.lastIndexOf("/") + 1);
  const dot = segment.lastIndexOf(".");
  // No dot, a leading dot, or a trailing one: no extension, so a document path.
  return dot <= 0 || dot === segment.length - 1 || DOCUMENT_EXTENSIONS.has(segment.slice(dot + 1).toLowerCase());
}

/**
 * The canonical pages a near-miss path may have meant, most likely first:
 * `/about`, `/about/index.html`, `/about.html`, `/about//`, `/About/`. The
 * first that is a page is the one to name.
 */
export function canonicalCandidates(path: string): string[] {
  const candidates: string[] = [];
  for (const candidate of [`${path}/`, path.replace(/\/index\.html?$/i, "/"), path.replace(/\.html?$/i, "/"), path.replace(/\/+$/, "/")]) {
    if (candidate === path) continue;
    candidates.push(candidate, candidate.toLowerCase());
  }
  if (path.toLowerCase() !== path) candidates.push(path.toLowerCase());
  return [...new Set(candidates)];
}

/** The two encodings an HTML form submits with (HTML Living Standard §4.10.21.7). */
function isFormBody(contentType: string | null | undefined): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type === "application/x-www-form-urlencoded" || type === "multipart/form-data";
}

/** `If-None-Match` uses the weak comparison (RFC 9110 §13.1.2). */
function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value.replace(/^W\//, "") === opaque;
  });
}
