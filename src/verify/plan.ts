/**
 * Which requests a run sends. The checks read back through the same functions,
 * so a probe is planned exactly when some check looks at it.
 */
import { postSlug, type Surface } from "./discover.ts";
import type { Probe } from "./exchange.ts";
import { FILES, markdownSiblingPath } from "./spec.ts";

/** The Accept values the verifier sends. */
export const ACCEPT = {
  any: "*/*",
  html: "text/html",
  markdown: "text/markdown",
  json: "application/json",
  /** What Chromium and Firefox send for a navigation (§4.1.1 "a browser header"). */
  browser: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
  png: "image/png",
  plain: "text/plain",
} as const;

/**
 * §4.1.1: quality values decide, not the order of the list (RFC 9110 §12.5.1).
 * Each case puts the wanted type where a parser that ignores q would not pick it.
 */
export const Q_VALUE_CASES: readonly { accept: string; selects: "text/html" | "text/markdown" }[] = [
  { accept: "text/html;q=0.5, text/markdown;q=0.9", selects: "text/markdown" },
  { accept: "text/markdown;q=0.4, text/html", selects: "text/html" },
  // q=0 means "not acceptable" (§12.5.1), even where a wildcard would match.
  { accept: "text/markdown;q=0, */*", selects: "text/html" },
  { accept: "text/html;q=0, */*;q=0.1", selects: "text/markdown" },
];

/** §7.2.1: Accept values that name nothing a page can produce. */
export const UNAVAILABLE_ACCEPTS: readonly string[] = [
  ACCEPT.json,
  ACCEPT.png,
  ACCEPT.plain,
  "text/html;q=0",
];

/** The Accept variants sent to every page. */
export const PAGE_ACCEPTS: readonly (string | undefined)[] = [
  undefined,
  ACCEPT.html,
  ACCEPT.browser,
  ACCEPT.markdown,
  ACCEPT.json,
];

/** §7.1: how the body of a 404 is chosen, and the Accept values that probe it. */
export const NOT_FOUND_ACCEPTS = {
  problem: [undefined, ACCEPT.any, ACCEPT.json] as readonly (string | undefined)[],
  markdown: [ACCEPT.markdown] as readonly string[],
  html: [ACCEPT.html, ACCEPT.browser] as readonly string[],
  /** §7.2.4: an Accept the site cannot serve must still give 404 on a missing path. */
  unavailable: [ACCEPT.png] as readonly string[],
};

const MISSING = "sitegen-verify-no-such";

/** Paths that must not exist, and what kind of miss each is. */
export interface MissingPath {
  readonly path: string;
  /** "page": a page-shaped path (§7.1); "document": an unknown document extension (§7.4.1). */
  readonly kind: "page" | "document";
}

export function missingPaths(): MissingPath[] {
  const paths: MissingPath[] = [
    { path: `/${MISSING}-page/`, kind: "page" },
    { path: `/blog/${MISSING}-post/`, kind: "page" },
    { path: `/blog/${MISSING}-post.md`, kind: "document" },
    { path: `/${MISSING}-file.md`, kind: "document" },
    { path: `/${MISSING}-file.txt`, kind: "document" },
    { path: `/${MISSING}-file.json`, kind: "document" },
    { path: `/${MISSING}-file.xml`, kind: "document" },
  ];
  return paths;
}

/**
 * §1.7: canonical paths end in a slash. A page's address as people type it,
 * without the slash, is no page of its own: it answers a 301 to the page.
 * Probed for a page and a post page, each with no Accept, HTML and Markdown.
 */
export function slashlessPages(surface: Surface): { path: string; page: string }[] {
  const pages = [
    surface.pages.find((page) => page !== "/" && postSlug(page) === undefined),
    surface.pages.find((page) => postSlug(page) !== undefined),
  ];
  return pages.filter((page) => page !== undefined).map((page) => ({ path: page.slice(0, -1), page }));
}

/** The Accepts a slashless page path is asked with: whatever is asked, it is the same redirect. */
export const SLASHLESS_ACCEPTS: readonly (string | undefined)[] = [undefined, ACCEPT.html, ACCEPT.markdown];

/** The probes for every Accept variant a missing path is sent with. */
export function missingProbes(missing: MissingPath): Probe[] {
  const accepts =
    missing.kind === "page"
      ? [
          ...NOT_FOUND_ACCEPTS.problem,
          ...NOT_FOUND_ACCEPTS.markdown,
          ...NOT_FOUND_ACCEPTS.html,
          ...NOT_FOUND_ACCEPTS.unavailable,
        ]
      : [undefined, ...NOT_FOUND_ACCEPTS.unavailable];
  return accepts.map((accept) => probe(missing.path, accept));
}

/**
 * Pages that get the full set of Accept cases (q-values, every unavailable type):
 * the home page and the first post, which stand for the two page templates.
 */
export function representativePages(surface: Surface): string[] {
  return ["/", ...surface.pages.filter((page) => postSlug(page) !== undefined).slice(0, 1)];
}

/** The discovery requests: each file of §2.6, as a client with no preferences asks. */
export function discoveryProbes(): Probe[] {
  return FILES.map((file) => probe(file.path));
}

/** Everything a run sends once the surface is known. */
export function planProbes(surface: Surface): Probe[] {
  const probes: Probe[] = [...discoveryProbes()];
  for (const file of FILES) probes.push(probe(file.path, ACCEPT.browser));
  for (const page of surface.pages) {
    for (const accept of PAGE_ACCEPTS) probes.push(probe(page, accept));
    probes.push(probe(markdownSiblingPath(page)), probe(markdownSiblingPath(page), ACCEPT.browser));
  }
  for (const page of representativePages(surface)) {
    probes.push(probe(page, ACCEPT.any));
    for (const { accept } of Q_VALUE_CASES) probes.push(probe(page, accept));
    for (const accept of UNAVAILABLE_ACCEPTS) probes.push(probe(page, accept));
  }
  for (const path of surface.llmsLinks) probes.push(probe(path));
  for (const missing of missingPaths()) probes.push(...missingProbes(missing));
  for (const { path } of slashlessPages(surface))
    probes.push(...SLASHLESS_ACCEPTS.map((accept) => probe(path, accept)));
  return probes;
}

export function probe(path: string, accept?: string): Probe {
  return accept === undefined ? { path } : { path, accept };
}
