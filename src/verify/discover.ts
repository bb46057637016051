/**
 * The surface as the live site describes it: pages from the sitemap, slugs from
 * the blog index, the sitemap and the OpenAPI description, links from /llms.txt.
 * Each source is kept apart so the checks can compare them.
 */
import { bodyJson, bodyText, type Observations } from "./exchange.ts";
import { field, resolveRef } from "./json.ts";
import { parseSitemapDocument, type SitemapEntry } from "./sitemap.ts";
import { FIXED_PAGES, postPagePath } from "./spec.ts";
import { pushAll } from "../collector.ts";

export interface SlugSources {
  readonly blogIndex?: readonly string[];
  readonly openapi?: readonly string[];
  readonly sitemap?: readonly string[];
}

export interface Surface {
  /** The origin the site names itself by (OpenAPI `servers`, else the sitemap), without a trailing slash. */
  readonly siteBase: string;
  /** The origin being verified, without a trailing slash. */
  readonly targetBase: string;
  /** Every canonical page path any source names, sorted. */
  readonly pages: readonly string[];
  /**
   * The site's own pages besides its posts, each of which the sitemap must
   * list: those its OpenAPI description names (its pages, listings and tag
   * pages), or the spec's fixed pages where it names none. A site whose pages
   * are the spec's fixed pages (the example site) is held to the spec's
   * closed set: those, and nothing more.
   */
  readonly sitePages: readonly string[];
  /** Whether a page the sitemap lists must be one of `sitePages` or a post page (always), and nothing else may be named: the spec's closed set. */
  readonly closedSet: boolean;
  /** Every slug any source names, sorted. */
  readonly slugs: readonly string[];
  /**
   * The posts the site publishes: the slugs of the blog index and the sitemap,
   * sorted. These are probed; OpenAPI's enum only describes them, and §2.6 compares.
   */
  readonly posts: readonly string[];
  readonly slugSources: SlugSources;
  /** The sitemap's entries (every part's, when /sitemap.xml is an index), or why it could not be read. */
  readonly sitemap: readonly SitemapEntry[] | string;
  /** Each sitemap file read: /sitemap.xml, and the parts it indexes; with its entries and its size. */
  readonly sitemapFiles: readonly SitemapFile[];
  readonly openapi: unknown;
  readonly blogIndex: unknown;
  /** Same-site paths linked from /llms.txt, sorted. */
  readonly llmsLinks: readonly string[];
}

export interface SitemapFile {
  path: string;
  entries: number;
  bytes: number;
}

/**
 * The same-site paths of the part files /sitemap.xml names, when it is a
 * sitemap index: the requests discovery sends next.
 */
export function sitemapPartPaths(options: { targetBase: string; observed: Observations }): string[] {
  const exchange = options.observed.get({ path: "/sitemap.xml" });
  if (exchange?.status !== 200) return [];
  const document = parseSitemapDocument(bodyText(exchange));
  if (typeof document === "string" || document.kind !== "sitemapindex") return [];
  return document.entries.flatMap((entry) => pathOf(entry.loc) ?? []);
}

/** An index names its parts by absolute URL on the site's own origin, which may be other than the one verified: their paths are asked for here. */
function pathOf(loc: string): string | undefined {
  return URL.canParse(loc) ? new URL(loc).pathname : undefined;
}

/** The sitemap's URLs, read through its index where it has one, and each file read. */
function readSitemap(document: (path: string) => ReturnType<Observations["get"]>): {
  sitemap: SitemapEntry[] | string;
  files: SitemapFile[];
} {
  const files: SitemapFile[] = [];
  const read = (path: string) => {
    const exchange = document(path);
    if (!exchange) return `${path} did not answer 200`;
    const text = bodyText(exchange);
    const parsed = parseSitemapDocument(text);
    if (typeof parsed !== "string")
      files.push({ path, entries: parsed.entries.length, bytes: Buffer.byteLength(text) });
    return parsed;
  };
  const top = read("/sitemap.xml");
  if (typeof top === "string" || top.kind === "urlset")
    return { sitemap: typeof top === "string" ? top : top.entries, files };
  const entries: SitemapEntry[] = [];
  for (const part of top.entries) {
    const path = pathOf(part.loc);
    if (path === undefined)
      return { sitemap: `/sitemap.xml names a part that is no absolute URL: ${part.loc}`, files };
    const parsed = read(path);
    if (typeof parsed === "string") return { sitemap: parsed, files };
    if (parsed.kind !== "urlset")
      return { sitemap: `${path}: an index inside an index; sitemaps.org allows one level`, files };
    pushAll(entries, parsed.entries);
  }
  return { sitemap: entries, files };
}

export function discoverSurface(options: { targetBase: string; observed: Observations }): Surface {
  const { targetBase, observed } = options;
  const document = (path: string) => {
    const exchange = observed.get({ path });
    return exchange?.status === 200 ? exchange : undefined;
  };
  const { sitemap, files: sitemapFiles } = readSitemap(document);
  const openapiExchange = document("/openapi.json");
  const openapi = openapiExchange ? bodyJson(openapiExchange) : undefined;
  const blogIndexExchange = document("/blog-index.json");
  const blogIndex = blogIndexExchange ? bodyJson(blogIndexExchange) : undefined;

  const siteBase = declaredBase({ openapi, sitemap }) ?? targetBase;
  const sameSite = (href: string) => sameSitePath(href, [siteBase, targetBase]);
  const sitemapPaths =
    typeof sitemap === "string"
      ? []
      : sitemap.map((entry) => sameSite(entry.loc)).filter((path) => path !== undefined);

  const slugSources: SlugSources = {
    ...optional("blogIndex", blogIndexSlugs(blogIndex)),
    ...optional("openapi", openapiSlugs(openapi)),
    ...optional(
      "sitemap",
      typeof sitemap === "string" ? undefined : sitemapPaths.flatMap((path) => postSlug(path) ?? []),
    ),
  };
  const slugs = sorted(Object.values(slugSources).flat());
  const posts = sorted([...(slugSources.blogIndex ?? []), ...(slugSources.sitemap ?? [])]);
  const named = openapiPages(openapi)?.filter((path) => postSlug(path) === undefined);
  const closedSet = named === undefined || FIXED_PAGES.every((page) => named.includes(page));
  const sitePages = closedSet ? [...FIXED_PAGES] : sorted(named);
  // Only page-shaped sitemap entries are probed as pages; §1.7 reports the others.
  const pages = sorted([
    ...sitePages,
    ...posts.map(postPagePath),
    ...sitemapPaths.filter((path) => path.endsWith("/")),
  ]);

  const llms = document("/llms.txt");
  const llmsLinks = llms
    ? sorted(
        markdownLinks(bodyText(llms)).flatMap(
          (href) => sameSite(new URL(href, `${siteBase}/llms.txt`).href) ?? [],
        ),
      )
    : [];

  return {
    siteBase,
    targetBase,
    pages,
    sitePages,
    closedSet,
    slugs,
    posts,
    slugSources,
    sitemap,
    sitemapFiles,
    openapi,
    blogIndex,
    llmsLinks,
  };
}

/** The origin of a base URL given on the command line (`https://example.com/` → `https://example.com`). */
export function normalizeBase(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** The path of `href` when it is on one of `bases`, else undefined (an outside link). */
export function sameSitePath(href: string, bases: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  return bases.includes(url.origin) ? url.pathname + url.search : undefined;
}

/** The slug of a post page path (`/blog/<slug>/`), if it is one. */
export function postSlug(path: string): string | undefined {
  return /^\/blog\/([^/]+)\/$/.exec(path)?.[1];
}

/** Inline Markdown link targets: `[text](target)` and `[text](target "title")`. */
export function markdownLinks(markdown: string): string[] {
  return Array.from(
    markdown.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
    (match) => match[1] ?? "",
  );
}

function declaredBase(sources: {
  openapi: unknown;
  sitemap: readonly SitemapEntry[] | string;
}): string | undefined {
  const server = field(field(sources.openapi, "servers"), 0);
  const url = field(server, "url");
  const candidates = [
    typeof url === "string" ? url : undefined,
    typeof sources.sitemap === "string" ? undefined : sources.sitemap[0]?.loc,
  ];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    try {
      return new URL(candidate).origin;
    } catch {
      // Not absolute: the next source may be.
    }
  }
  return undefined;
}

function blogIndexSlugs(index: unknown): string[] | undefined {
  const posts = field(index, "posts");
  if (!Array.isArray(posts)) return undefined;
  return posts.flatMap((post) => {
    const slug = field(post, "slug");
    return typeof slug === "string" ? [slug] : [];
  });
}

/** The `enum` of the `slug` path parameter of `/blog/{slug}.md`. */
export function openapiSlugs(openapi: unknown): string[] | undefined {
  return pathParameterEnum(openapi, "/blog/{slug}.md", "slug");
}

/** The `enum` of path parameter `name` of the operation at `path`, following local `$ref`s. */
function pathParameterEnum(openapi: unknown, path: string, name: string): string[] | undefined {
  const item = resolveRef(openapi, field(field(openapi, "paths"), path));
  const parameters = [
    field(item, "parameters"),
    field(resolveRef(openapi, field(item, "get")), "parameters"),
  ].flatMap((list) => (Array.isArray(list) ? list.map((parameter) => resolveRef(openapi, parameter)) : []));
  const parameter = parameters.find((each) => field(each, "name") === name && field(each, "in") === "path");
  const values = field(resolveRef(openapi, field(parameter, "schema")), "enum");
  return Array.isArray(values)
    ? values.filter((value): value is string => typeof value === "string")
    : undefined;
}

/** The `enum` of the `path` parameter of `/{path}`, the pages the site publishes, as paths (`about/` → `/about/`). */
export function openapiPages(openapi: unknown): string[] | undefined {
  return pathParameterEnum(openapi, "/{path}", "path")?.map((value) => `/${value}`);
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

function sorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}
