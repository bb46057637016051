/**
 * The requests of the HTTP fuzz (http.ts), from its seed: any method, a
 * target the site knows or does not (ways out of the build folder among
 * them), Accept headers of any shape, and bodies of any size, chunked at
 * times; a fifth to `/mcp` on a site that serves it (http-mcp.ts). Its own
 * module because what is sent is apart from how it is sent and judged: the
 * same seed gives the same requests on every machine, whatever the host.
 */
import { chunked, type RawRequest } from "../test/helpers/raw-http.ts";
import { mcpRequest } from "./http-mcp.ts";

export interface FuzzedSite {
  /** Page, file, alias and asset paths the build answers. */
  known: string[];
  /** A token written in files outside the build folder: no response may hold it. */
  canary: string;
  /** A form the site holds: its page and name (the contact form). */
  form?: { path: string; name: string };
  /** Whether the site serves `/mcp`: a fifth of the requests are then its (http-mcp.ts), and their answers held to MCP's specification. */
  mcp?: boolean;
}

const METHODS = [
  "GET",
  "GET",
  "GET",
  "GET",
  "HEAD",
  "HEAD",
  "POST",
  "POST",
  "OPTIONS",
  "PUT",
  "DELETE",
  "PATCH",
  "TRACE",
  "CONNECT",
  "TRACK",
  "PROPFIND",
  "MKCOL",
  "PURGE",
  "SEARCH",
  "BREW",
  "get",
  "X-SITEGEN",
  "M-SEARCH",
];
const ACCEPT_TYPES = [
  "text/html",
  "text/markdown",
  "application/json",
  "application/problem+json",
  "text/plain",
  "image/png",
  "*/*",
  "text/*",
  "application/*",
  "TEXT/Markdown",
  "",
  "garbage",
  ";;",
  "text/",
  "/html",
  "x".repeat(300),
];
const ACCEPT_PARAMETERS = [
  "",
  ";q=0",
  ";q=0.5",
  ";q=1",
  ";q=2",
  ";q=-1",
  ";q=abc",
  ";charset=utf-8",
  ";level=1",
  "; q=0.3 ",
  ";q",
];
const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "multipart/form-data",
  "application/json",
  "text/plain",
  "application/octet-stream",
  "x/y;;;",
  "",
];
/** Ways out of the build folder, and into its private part. */
const ESCAPES = [
  "/../canary.txt",
  "/%2e%2e/canary.txt",
  "/..%2fcanary.txt",
  "/%2e%2e%2f%2e%2e%2fcanary.txt",
  "//canary.txt",
  "/..\\canary.txt",
  "/%5c..%5ccanary.txt",
  "/assets/..%2f..%2fcanary.txt",
  "/_sitegen/../../canary.txt",
  "/%252e%252e/canary.txt",
  "/.%2e/.%2e/canary.txt",
  "/%00/../canary.txt",
  "/netlify.toml",
  "/wrangler.jsonc",
  "/../netlify.toml",
  "/%2e%2e/wrangler.jsonc",
  "/.netlify/",
  "/.wrangler/",
  "/_sitegen/negotiation.json",
  "/_sitegen/routes/0.json",
  "/_headers",
  "/_redirects",
  "/dist/",
  "/../dist/index.html",
];
const SHAPES = [
  "/nope/",
  "/x.txt",
  "/x.json",
  "/x.xml",
  "/x.html",
  "/x.md",
  "/about",
  "/About/",
  "/blog",
  "/blog/",
  "/blog/x/",
  "/a//b/",
  "/%00/",
  "/%ZZ/",
  "/%/",
  "/é/",
  "/%C3%A9/",
  "/%FF%FE/",
  "/\u{1F600}/",
  "/x?y=1",
  "/x#frag",
  "/x;y",
  "/;/",
  "/~/",
  "/.well-known/x",
];

type Next = () => number;

function picker(next: Next) {
  return <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
}

/** A request target: a path the site knows or does not, a way out, random characters, a long one, or no path at all. */
function target(next: Next, site: FuzzedSite): string {
  const pick = picker(next);
  const roll = next();
  if (roll < 0.35) return pick(site.known);
  if (roll < 0.5) return pick(ESCAPES);
  if (roll < 0.65) return pick(SHAPES);
  if (roll < 0.7) return pick(["*", "http://evil.example/about/", "https://127.0.0.1/", "example.com:443"]);
  if (roll < 0.75) return `/${"a/".repeat(1 + Math.floor(next() * 2000))}`;
  const characters = "abz09-_.~/%!$&'()*+,;=:@[]|^`{}\"<>\\ é\u0000\u001b\u007f";
  const length = 1 + Math.floor(next() * 40);
  // Characters a request line cannot carry as they are go percent-encoded, as a client would send them.
  const raw = Array.from({ length }, () => pick([...characters])).join("");
  return `/${raw.replace(/[\u0000-\u0020\u007f-\uffff"<>\\^`{|}]/gu, (char) => encodeURIComponent(char))}`;
}

function accept(next: Next): string | undefined {
  const pick = picker(next);
  if (next() < 0.1) return undefined;
  return Array.from(
    { length: 1 + Math.floor(next() * 4) },
    () => pick(ACCEPT_TYPES) + pick(ACCEPT_PARAMETERS),
  ).join(pick([",", ", ", " ,"]));
}

/** A body: form fields (the site's form or another, control characters in names and values), or random bytes; chunked at times. */
function body(
  next: Next,
  site: FuzzedSite,
  maxBytes: number,
): { bytes: Buffer; contentType: string; chunked: boolean } {
  const pick = picker(next);
  const size = Math.floor(next() ** 3 * maxBytes);
  const contentType = pick(CONTENT_TYPES);
  let bytes: Buffer;
  if (contentType.startsWith("application/x-www-form-urlencoded") && next() < 0.7) {
    const fields = new URLSearchParams({
      "form-name": site.form && next() < 0.8 ? site.form.name : pick(["nope", "", "\u001b[2J"]),
      name: `n${pick(["", "\u001b]0;title\u0007", "\r\nerror: fake", "\u009b31m"])}`,
      message: "x".repeat(Math.min(size, maxBytes)),
    });
    if (next() < 0.2) fields.set("bot-field", "spam");
    bytes = Buffer.from(fields.toString());
  } else {
    bytes = Buffer.alloc(size);
    for (let i = 0; i < Math.min(size, 4096); i++) bytes[i] = Math.floor(next() * 256);
  }
  return { bytes, contentType, chunked: next() < 0.2 };
}

/** One request of the run, from its seed: the same seed gives the same requests on every machine. */
export function fuzzRequest(next: Next, site: FuzzedSite, maxBodyBytes: number): RawRequest {
  if (site.mcp && next() < 0.2) return mcpRequest(next, maxBodyBytes);
  const pick = picker(next);
  const method = pick(METHODS);
  const headers: Record<string, string> = {};
  const acceptValue = accept(next);
  if (acceptValue !== undefined) headers.Accept = acceptValue;
  if (next() < 0.1) headers["If-None-Match"] = pick(['"x"', "*", 'W/"y"', ""]);
  if (next() < 0.05) headers.Range = pick(["bytes=0-10", "bytes=-5", "bytes=999999-", "garbage"]);
  if (next() < 0.05) headers.Origin = "https://agent.example";
  const withBody = ["POST", "PUT", "PATCH", "DELETE", "BREW"].includes(method.toUpperCase()) && next() < 0.9;
  let requestTarget = method === "POST" && site.form && next() < 0.3 ? site.form.path : target(next, site);
  if (method === "CONNECT" && next() < 0.5) requestTarget = "example.com:443";
  if (!withBody) return { method, target: requestTarget, headers };
  const { bytes, contentType, chunked: inChunks } = body(next, site, maxBodyBytes);
  if (contentType !== "") headers["Content-Type"] = contentType;
  if (inChunks) {
    headers["Transfer-Encoding"] = "chunked";
    return {
      method,
      target: requestTarget,
      headers,
      body: chunked(bytes),
    };
  }
  headers["Content-Length"] = String(bytes.length);
  return { method, target: requestTarget, headers, body: bytes };
}
