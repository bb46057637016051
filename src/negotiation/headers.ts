/**
 * Every response-header rule of the site, in one place: CORS, caching,
 * `X-Content-Type-Options` and the security headers. The negotiation core
 * (respond.ts, for the edge function and the preview server), Netlify's
 * `_headers` (emit/netlify.ts) and the preview server's static files
 * (serve/static.ts) all take their headers from here, so the three cannot
 * disagree. Pure, no `node:` imports: this module runs in Deno too.
 */

/**
 * The CSP directives a site may add sources to (`security:` in site.yaml):
 * enough for an analytics snippet, an embedded video, a web font or images
 * from another origin.
 */
export const CSP_DIRECTIVES = [
  "img-src",
  "media-src",
  "frame-src",
  "script-src",
  "style-src",
  "font-src",
  "connect-src",
] as const;
export type CspDirective = (typeof CSP_DIRECTIVES)[number];

/** Sources a site adds, by directive: origins (`https://cdn.example`), schemes (`data:`), `'self'`, hashes (`'sha256-…'`), `'unsafe-inline'`. */
export type CspSources = Partial<Record<CspDirective, readonly string[]>>;

/** What a host needs to know to choose the headers. */
export interface HeaderPolicy {
  /** The site's origin (`{base_url}`), without a trailing slash: HSTS is sent only for an https origin. */
  origin: string;
  /**
   * CSP hash sources (`'sha256-…'`) of inline scripts to allow: the watch-mode
   * reload script, on the local preview server only. A production build runs
   * no script at all.
   */
  devScripts?: readonly string[];
  /** The fingerprinted assets (`/assets/site.3f2a9c1b0d.css`): their bytes never change, so they are cached for a year. */
  immutable?: readonly string[];
  /** The sources the site adds to the CSP (`security:` in site.yaml). */
  sources?: CspSources;
  /** The site's Content Signals (`search=yes, ai-train=no`), sent on every Markdown response; none when absent. */
  contentSignal?: string;
}

export const CACHE = {
  /** Documents and unfingerprinted files: revalidate every time (cheap with ETags; a deploy shows at once). */
  revalidate: "public, max-age=0, must-revalidate",
  /** Fingerprinted assets: their name changes with their bytes, so a copy never goes stale (RFC 8246). */
  immutable: "public, max-age=31536000, immutable",
  /** Errors (spec §7.3) and private files. */
  never: "no-store",
} as const;

/** A negotiated page varies by `Accept` (spec §4.1.4); a file only by encoding. */
export const VARY = { negotiated: "Accept, Accept-Encoding", file: "Accept-Encoding" } as const;

/** The methods of the surface (spec §4: every operation is GET). */
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** Response headers a cross-origin script may read. */
const EXPOSED = "ETag, Link, Vary, X-Markdown-Tokens";

/**
 * Headers on every response, whoever sends it: CORS open (spec §1.3, §5.2),
 * no MIME sniffing, and the security headers.
 */
export function baseHeaders(policy: HeaderPolicy): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": EXPOSED,
    "X-Content-Type-Options": "nosniff",
    ...securityHeaders(policy),
  };
}

/**
 * The headers Mozilla's HTTP Observatory grades, at their strictest setting
 * that the site allows:
 *
 * - CSP (W3C CSP Level 3): nothing is allowed unless named. The pages load
 *   only their own stylesheet, fonts and images, post forms only to the site,
 *   run no script (JSON-LD is a data block, which CSP does not govern), and
 *   may not be framed. No `'unsafe-inline'`, no `'unsafe-eval'`, unless the
 *   site adds sources in `security:` (`cspDirectives`).
 * - HSTS (RFC 6797) on an https origin only: browsers ignore it over http
 *   (§8.1), and a preview on http://localhost must not claim it.
 * - `X-Frame-Options` for browsers older than `frame-ancestors`.
 * - `Cross-Origin-Opener-Policy`: a page opened from elsewhere gets no handle on ours.
 * - `Permissions-Policy` turns off the powerful features the site never uses;
 *   only names Chromium knows, since an unknown one is a console error.
 */
export function securityHeaders(policy: HeaderPolicy): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(policy),
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy":
      "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
  if (policy.origin.startsWith("https://")) headers["Strict-Transport-Security"] = "max-age=63072000";
  return headers;
}

function contentSecurityPolicy(policy: HeaderPolicy): string {
  return [...cspDirectives(policy)].map(([name, sources]) => [name, ...sources].join(" ")).join("; ");
}

/**
 * The page's policy, directive by directive, in the order it is sent: the
 * site's own files only, and what `security:` adds. Without a setting it is
 * the policy sitegen always sent, word for word. A site's source is added
 * once, after the built-in ones.
 */
export function cspDirectives(policy: Pick<HeaderPolicy, "sources" | "devScripts">): Map<string, string[]> {
  const added = (name: CspDirective, builtIn: string[]) => [
    ...new Set([...builtIn, ...(policy.sources?.[name] ?? [])]),
  ];
  const directives = new Map<string, string[]>([
    ["default-src", ["'none'"]],
    ["style-src", added("style-src", ["'self'"])],
    ["img-src", added("img-src", ["'self'"])],
    ["font-src", added("font-src", ["'self'"])],
    // Without a script of the site's, this governs only what a crawler's tool
    // fetches in the page's name: Lighthouse reads /robots.txt that way.
    ["connect-src", added("connect-src", ["'self'"])],
  ]);
  for (const name of ["media-src", "frame-src"] as const)
    if (policy.sources?.[name]?.length) directives.set(name, added(name, []));
  directives.set("form-action", ["'self'"]);
  directives.set("base-uri", ["'none'"]);
  directives.set("frame-ancestors", ["'none'"]);
  // The reload script (which listens on an event stream of the same origin, allowed above) on the preview server.
  const scripts = added("script-src", [...(policy.devScripts ?? [])]);
  if (scripts.length > 0) directives.set("script-src", scripts);
  return directives;
}

/**
 * The headers a Markdown response adds: the site's Content Signals, what an
 * agent that reads the Markdown may use it for (Cloudflare's Markdown for
 * Agents sends the same header on the Markdown it makes).
 */
export function markdownHeaders(policy: Pick<HeaderPolicy, "contentSignal">): Record<string, string> {
  return policy.contentSignal ? { "Content-Signal": policy.contentSignal } : {};
}

/** The answer to a CORS preflight (Fetch standard §3.2.2): any origin may GET and HEAD. */
export function preflightHeaders(policy: HeaderPolicy): Record<string, string> {
  return {
    ...baseHeaders(policy),
    "Access-Control-Allow-Methods": ALLOWED_METHODS,
    "Access-Control-Allow-Headers": "Accept, If-None-Match",
    "Access-Control-Max-Age": "86400",
    Allow: ALLOWED_METHODS,
  };
}

/**
 * The rules for static files, as `_headers` writes them (a path pattern whose
 * `*` matches anything, and its headers), in order: every response's headers,
 * then a year's caching for each fingerprinted asset by its exact path. (The
 * same asset under its plain name, which Markdown links to, revalidates.) No
 * two rules set the same header: Netlify joins repeated headers with commas.
 */
export function staticRules(policy: HeaderPolicy): { path: string; headers: Record<string, string> }[] {
  return [
    { path: "/*", headers: baseHeaders(policy) },
    ...(policy.immutable ?? []).map((path) => ({ path, headers: { "Cache-Control": CACHE.immutable } })),
  ];
}

/**
 * The headers of a static file at `path` other than its `Content-Type`: every
 * rule of `staticRules` that matches, and where none sets `Cache-Control`,
 * Netlify's own default for static files, which is `CACHE.revalidate`.
 */
export function staticHeaders(path: string, policy: HeaderPolicy): Record<string, string> {
  const headers: Record<string, string> = { "Cache-Control": CACHE.revalidate };
  for (const rule of staticRules(policy)) {
    if (matches(rule.path, path)) Object.assign(headers, rule.headers);
  }
  return headers;
}

/** A `_headers` path pattern: `*` matches any run of characters, `/` included. */
function matches(pattern: string, path: string): boolean {
  const star = pattern.indexOf("*");
  if (star === -1) return pattern === path;
  return (
    path.startsWith(pattern.slice(0, star)) &&
    path.endsWith(pattern.slice(star + 1)) &&
    path.length >= pattern.length - 1
  );
}
