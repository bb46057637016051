/**
 * The decision: from method, path and request headers to what the response is.
 * Pure and synchronous, so it is cheap to test as a table and to benchmark.
 */
import { chooseErrorType, choosePageType, type ErrorType } from "./accept.ts";
import type { FileEntry, NegotiationTable, PageEntry, Representation } from "./table.ts";

export interface DecisionInput {
  method: string;
  /** The URL's path as received (percent-encoded). */
  path: string;
  accept: string | null;
  ifNoneMatch: string | null;
}

export type Decision =
  /** Not a document path (spec §7.4.2): the CDN serves it, and its errors are the CDN's. */
  | { kind: "pass" }
  | { kind: "preflight" }
  | { kind: "method-not-allowed"; path: string; format: ErrorType }
  | { kind: "page"; path: string; page: PageEntry; representation: Representation; variant: "html" | "markdown"; notModified: boolean }
  | { kind: "file"; path: string; file: FileEntry; notModified: boolean }
  | { kind: "not-found"; path: string; format: ErrorType; canonical?: string }
  | { kind: "not-acceptable"; path: string; page: PageEntry; accept: string };

/** Extensions that go through negotiation (spec §7.4.1), plus `.html`, whose canonical form we name. */
const DOCUMENT_EXTENSIONS = new Set(["md", "txt", "json", "xml", "html", "htm"]);

export function decide(input: DecisionInput, table: NegotiationTable): Decision {
  const path = normalizePath(input.path);
  if (!isDocumentPath(path)) return { kind: "pass" };
  const method = input.method.toUpperCase();
  if (method === "OPTIONS") return { kind: "preflight" };
  if (method !== "GET" && method !== "HEAD") return { kind: "method-not-allowed", path, format: chooseErrorType(input.accept) };

  const page = table.pages[path];
  if (page) {
    const type = choosePageType(input.accept);
    if (type === null) return { kind: "not-acceptable", path, page, accept: input.accept ?? "" };
    const variant = type === "text/markdown" ? "markdown" : "html";
    const representation = page[variant];
    return { kind: "page", path, page, representation, variant, notModified: matchesEtag(input.ifNoneMatch, representation.etag) };
  }
  const file = table.files[path];
  if (file) return { kind: "file", path, file, notModified: matchesEtag(input.ifNoneMatch, file.etag) };
  return { kind: "not-found", path, format: chooseErrorType(input.accept), canonical: canonicalFor(path, table) };
}

/**
 * Percent-encoded unreserved characters mean the same as the characters
 * themselves (RFC 3986 §2.3), so `/blog/a%2Db/` is `/blog/a-b/`.
 */
function normalizePath(path: string): string {
  if (!path.includes("%")) return path;
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escape.toUpperCase();
  });
}

function isDocumentPath(path: string): boolean {
  const segment = path.slice(path.lastIndexOf("/") + 1);
  const dot = segment.lastIndexOf(".");
  // No dot, a leading dot, or a trailing one: no extension, so a document path.
  return dot <= 0 || dot === segment.length - 1 || DOCUMENT_EXTENSIONS.has(segment.slice(dot + 1).toLowerCase());
}

/** The canonical page a near-miss path meant: `/about`, `/about/index.html`, `/About/`. */
function canonicalFor(path: string, table: NegotiationTable): string | undefined {
  const candidates = [`${path}/`, path.replace(/\/index\.html?$/i, "/"), path.replace(/\.html?$/i, "/"), path.replace(/\/+$/, "/")];
  for (const candidate of candidates) {
    if (table.pages[candidate]) return candidate;
    const lower = candidate.toLowerCase();
    if (table.pages[lower]) return lower;
  }
  return undefined;
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
