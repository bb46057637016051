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
  | {
      kind: "page";
      path: string;
      page: PageEntry;
      representation: Representation;
      variant: "html" | "markdown";
      notModified: boolean;
    }
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
    if (method === "POST" && isFormBody(input.contentType) && Object.hasOwn(routes.pages, path))
      return { kind: "pass" };
    return { kind: "method-not-allowed", path, format: chooseErrorType(input.accept) };
  }

  const page = Object.hasOwn(routes.pages, path) ? routes.pages[path] : undefined;
  if (page) {
    const type = choosePageType(input.accept);
    if (type === null) return { kind: "not-acceptable", path, page, accept: input.accept ?? "" };
    const variant = type === "text/markdown" ? "markdown" : "html";
    const representation = page[variant];
    return {
      kind: "page",
      path,
      page,
      representation,
      variant,
      notModified: matchesEtag(input.ifNoneMatch, representation.etag),
    };
  }
  const file = Object.hasOwn(routes.files, path) ? routes.files[path] : undefined;
  if (file) return { kind: "file", path, file, notModified: matchesEtag(input.ifNoneMatch, file.etag) };
  // A post's old address (`aliases`): the post, whatever the representation asked for.
  const moved =
    routes.redirects && Object.hasOwn(routes.redirects, path) ? routes.redirects[path] : undefined;
  if (moved !== undefined) return { kind: "redirect", path, location: moved };
  return { kind: "not-found", path, format: chooseErrorType(input.accept) };
}

/** What a path may hold as itself: RFC 3986's pchar (unreserved, sub-delims, `:` and `@`) and the `/` between segments. */
const AS_ITSELF = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
const ESCAPE_OR_OTHER = /%([0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu;

/**
 * The one form of a path that routes are looked up by, whatever form a host
 * or a link gave it: a character a path segment may hold as itself is written
 * as itself, percent-encoded or not, and every other one percent-encoded in
 * capitals. So `/blog/a%2Db/` is `/blog/a-b/` (RFC 3986 §2.3: unreserved
 * characters mean the same either way), and `/c%2B%2B-tips/` is
 * `/c++-tips/`: the sub-delimiters (`+ , ; = ! $ & ' ( ) *`, §2.2) mean the
 * same either way on a static site, whose CDN finds a file by its decoded
 * name, so an old address is found however it is written. `%2F`, `%3F`, `%23`
 * and `%25` stay encoded: decoded they would end a segment, start a query or
 * a fragment, or start an escape. Idempotent.
 */
export function normalizePath(path: string): string {
  if (AS_ITSELF.test(path)) return path;
  return path.replace(ESCAPE_OR_OTHER, (match, hex: string | undefined) => {
    if (hex === undefined) return encodeCharacter(match);
    const char = String.fromCharCode(parseInt(hex, 16));
    return char !== "/" && AS_ITSELF.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** A path made of decoded segments, in the form `normalizePath` gives: `["", "c++ tips", ""]` → `/c++%20tips/`. */
export function pathOfSegments(segments: readonly string[]): string {
  return normalizePath(segments.map(encodeCharacters).join("/"));
}

/** The decoded segments of a path in `normalizePath`'s form: the inverse of `pathOfSegments`. */
export function segmentsOf(path: string): string[] {
  return path.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
}

function encodeCharacters(text: string): string {
  return text.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu, encodeCharacter);
}

/** One character as UTF-8 escapes; a surrogate without its pair, which no URL holds, as U+FFFD's. */
function encodeCharacter(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return "%EF%BF%BD";
  }
}

export function isDocumentPath(path: string): boolean {
  const segment = path.slice(path.lastIndexOf("/") + 1);
  const dot = segment.lastIndexOf(".");
  // No dot, a leading dot, or a trailing one: no extension, so a document path.
  return (
    dot <= 0 || dot === segment.length - 1 || DOCUMENT_EXTENSIONS.has(segment.slice(dot + 1).toLowerCase())
  );
}

/**
 * The canonical pages a near-miss path may have meant, most likely first:
 * `/about`, `/about/index.html`, `/about.html`, `/about//`, `/About/`. The
 * first that is a page is the one to name.
 */
export function canonicalCandidates(path: string): string[] {
  const candidates: string[] = [];
  for (const candidate of [
    `${path}/`,
    path.replace(/\/index\.html?$/i, "/"),
    path.replace(/\.html?$/i, "/"),
    path.replace(/\/+$/, "/"),
  ]) {
    if (candidate === path) continue;
    candidates.push(candidate, candidate.toLowerCase());
  }
  if (path.toLowerCase() !== path) candidates.push(path.toLowerCase());
  return [...new Set(candidates)];
}

/**
 * The page a path typed without its slash names (`/about` → `/about/`), which
 * may live in another shard than the path: undefined for a path that ends in
 * one.
 */
export function slashedPath(path: string): string | undefined {
  return path.endsWith("/") ? undefined : `${path}/`;
}

/**
 * A page's address as people type it, without its slash: a 301 to the page,
 * its query kept, where `routes` (the shard of `slashedPath(path)`) has that
 * page. Any other decision stays as it is, and a path that is no page's stays
 * a 404.
 */
export function withSlash(decision: Decision, routes: RouteShard, query = ""): Decision {
  if (decision.kind !== "not-found") return decision;
  const page = slashedPath(decision.path);
  if (page === undefined || !Object.hasOwn(routes.pages, page)) return decision;
  return { kind: "redirect", path: decision.path, location: `${page}${query}` };
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
