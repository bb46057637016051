/**
 * A small site that serves the surface spec correctly, over real HTTP on
 * 127.0.0.1, and can break one rule at a time. `sitegen verify` is run against
 * it to show that each of its checks passes on a correct site and fails when
 * its rule is broken.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Negotiator from "negotiator";

/** The rules the server can break, one name each. */
export type Breakage =
  | "llms-txt-no-when-to-use"
  | "llms-txt-broken-link"
  | "sitemap-slashless-page"
  | "sitemap-missing-fixed-page"
  | "uppercase-slug"
  | "blog-index-count"
  | "blog-post-lang"
  | "llms-txt-as-html"
  | "llms-full-missing-post"
  | "agent-instructions-no-when-to-use"
  | "sitemap-no-lastmod"
  | "robots-blocks-gptbot"
  | "openapi-retired-slug"
  | "openapi-post-method"
  | "file-negotiated"
  | "no-accept-406"
  | "q-values-ignored"
  | "markdown-wrong-charset"
  | "html-no-charset"
  | "wrong-vary"
  | "missing-alternate-link"
  | "sibling-differs"
  | "json-page-200"
  | "www-authenticate"
  | "missing-cors"
  | "openapi-webhooks"
  | "problem-missing-instance"
  | "not-found-markdown-as-json"
  | "not-found-html-as-json"
  | "not-found-as-406"
  | "not-acceptable-as-404"
  | "not-acceptable-html-body"
  | "error-link-missing-help"
  | "error-vary"
  | "error-cacheable"
  | "document-extension-plain-404"
  | "llms-full-omits-newer-post"
  | "llms-full-too-large"
  | "robots-over-100-bytes"
  | "openapi-version"
  | "versioned-path";

export interface BrokenServer {
  readonly url: string;
  /** The most requests that were being answered at the same moment. */
  readonly maxInFlight: number;
  /** Every request received: method, path, and the headers that matter here. */
  readonly requests: readonly { method: string; path: string; userAgent?: string; accept?: string }[];
  close(): Promise<void>;
}

const FIXED_PAGES = [
  { path: "/", title: "Home" },
  { path: "/about/", title: "About" },
  { path: "/blog/", title: "Blog" },
  { path: "/brand/", title: "Brand" },
  { path: "/contact/", title: "Contact" },
  { path: "/developers/", title: "Developers" },
  { path: "/privacy/", title: "Privacy" },
];

const POSTS = [
  { slug: "integration-patterns", title: "Integration patterns that last", date: "2026-01-01T00:00:00Z", lang: "en", tags: ["integration"] },
  { slug: "hang-doi-tin-nhan", title: "Hàng đợi tin nhắn cho người mới", date: "2025-12-01T00:00:00Z", lang: "vi" },
  { slug: "a-title-long-enough-to-be-cut-", title: "A title long enough to be cut", lang: "en" },
];

const FILLER = "A paragraph about message brokers, retries and idempotency keys. ".repeat(900).trim();

interface Page {
  readonly path: string;
  readonly title: string;
  readonly html: string;
  readonly markdown: string;
}

interface File {
  readonly body: string;
  readonly type: string;
}

export interface BrokenServerOptions {
  /** The rules to break; none by default. */
  readonly breaks?: readonly Breakage[];
  /** The origin the site names itself by; by default the address it listens on. */
  readonly declaredBase?: string;
  /** Wait this long before each answer; "never" answers nothing at all. */
  readonly delayMs?: number | "never";
  /** /llms-full.txt leaves the oldest post out and says so, as a large site's does. */
  readonly llmsFullLeavesOutOldest?: boolean;
}

/** Starts the server on 127.0.0.1 at a free port. */
export async function startBrokenServer(options: BrokenServerOptions = {}): Promise<BrokenServer> {
  const broken = new Set(options.breaks ?? []);
  const requests: { method: string; path: string; userAgent?: string; accept?: string }[] = [];
  let site: ReturnType<typeof buildSite> | undefined;
  let inFlight = 0;
  let maxInFlight = 0;

  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    requests.push({ method: request.method ?? "", path, userAgent: request.headers["user-agent"], accept: request.headers.accept });
    if (site === undefined) throw new Error("request before listen");
    if (options.delayMs === "never") return;
    const answer = respond({ site, broken, path, accept: request.headers.accept });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      response.writeHead(answer.status, answer.headers);
      response.end(request.method === "HEAD" ? undefined : answer.body);
    }, options.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site = buildSite(options.declaredBase ?? url, broken, options);
  return {
    url,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function buildSite(base: string, broken: ReadonlySet<Breakage>, options: BrokenServerOptions = {}) {
  const posts = POSTS.map((post, index) => (index === 0 && broken.has("uppercase-slug") ? { ...post, slug: "Integration_Patterns" } : post));
  const pages: Page[] = [
    ...FIXED_PAGES,
    ...posts.map((post) => ({ path: `/blog/${post.slug}/`, title: post.title })),
  ].map(({ path, title }) => ({
    path,
    title,
    // Long posts, so that /llms-full.txt is in the hundreds of kilobytes as §8.2 has it.
    markdown: `# ${title}\n\n${path.startsWith("/blog/") && path !== "/blog/" ? FILLER : `The ${title} page.`}\n`,
    html: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1></body></html>\n`,
  }));
  const siblingOf = (path: string) => (path === "/" ? "/index.md" : `${path.slice(0, -1)}.md`);

  const whenToUse = broken.has("llms-txt-no-when-to-use")
    ? "## Services\n\nEverything about the consultancy.\n"
    : "## When to use\n\nAsk here about middleware and integration work. Do not route product API calls here: there is no hosted API.\n";
  const pageLinks = pages.map((page) => `- [${page.title}](${base}${siblingOf(page.path)})`);
  if (broken.has("llms-txt-broken-link")) pageLinks.push(`- [Old post](${base}/blog/retired-post.md)`);
  const llmsTxt = `# Example Integration\n\n> A middleware and integration consultancy.\n\n${whenToUse}\n## Pages\n\n${pageLinks.join("\n")}\n`;

  // The last post is the oldest; "leaving it out" says so, "omits a newer post" says so but leaves out the newest.
  const saysOmission = options.llmsFullLeavesOutOldest || broken.has("llms-full-omits-newer-post");
  const newest = `/blog/${posts[0].slug}/`;
  const fullPosts = broken.has("llms-full-omits-newer-post") ? pages.filter((page) => page.path !== newest) : broken.has("llms-full-missing-post") || saysOmission ? pages.slice(0, -1) : pages;
  let llmsFull = (saysOmission ? ["# Example Integration: full text\n\nThe oldest 1 post, published before 2025, is left out to keep this file small.\n"] : []).concat(fullPosts.map((page) => page.markdown)).join("\n---\n\n");
  if (broken.has("llms-full-too-large")) llmsFull += "x".repeat(1_200_000);

  const agentInstructions = broken.has("agent-instructions-no-when-to-use")
    ? "# Agent instructions\n\nCite the page URL.\n"
    : "# Agent instructions\n\n## When to use\n\nUse this site for the consultancy's own writing. Do not send it API calls.\n\n## Citing\n\nCite the canonical page URL.\n";

  const blogIndex = {
    generated: "2026-01-01T00:00:00Z",
    count: broken.has("blog-index-count") ? posts.length + 1 : posts.length,
    posts: posts.map((post, index) => (index === 0 && broken.has("blog-post-lang") ? { ...post, lang: "fr" } : post)),
  };

  const sitemapPages = pages
    .filter((page) => !(broken.has("sitemap-missing-fixed-page") && page.path === "/brand/"))
    .map((page) => (broken.has("sitemap-slashless-page") && page.path === "/about/" ? "/about" : page.path));
  const lastmod = broken.has("sitemap-no-lastmod") ? "" : "<lastmod>2026-01-01</lastmod>";
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemapPages
    .map((path) => `  <url><loc>${base}${path}</loc>${lastmod}</url>`)
    .join("\n")}\n</urlset>\n`;

  let robots = broken.has("robots-blocks-gptbot") ? "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n" : "User-agent: *\nAllow: /\n";
  if (broken.has("robots-over-100-bytes")) robots += "# Managed by the CDN: these rules are added in front of the origin to block crawlers.\nUser-agent: *\nAllow: /\n";

  const files: Record<string, File> = {
    "/llms.txt": { body: llmsTxt, type: broken.has("llms-txt-as-html") ? "text/html; charset=utf-8" : "text/plain; charset=utf-8" },
    "/llms-full.txt": { body: llmsFull, type: "text/plain; charset=utf-8" },
    "/agent-instructions.md": { body: agentInstructions, type: "text/markdown; charset=utf-8" },
    "/blog-index.json": { body: `${JSON.stringify(blogIndex, null, 2)}\n`, type: "application/json; charset=utf-8" },
    "/sitemap.xml": { body: sitemap, type: "application/xml; charset=utf-8" },
    "/robots.txt": { body: robots, type: "text/plain; charset=utf-8" },
    "/openapi.json": { body: `${JSON.stringify(openapi(base, posts.map((post) => post.slug), broken), null, 2)}\n`, type: "application/json; charset=utf-8" },
  };
  const siblings = new Map(pages.map((page) => [siblingOf(page.path), page]));
  return { base, pages: new Map(pages.map((page) => [page.path, page])), siblings, files };
}

function openapi(base: string, slugs: string[], broken: ReadonlySet<Breakage>) {
  const problem = { description: "Problem", content: { "application/json": { schema: { $ref: "#/components/schemas/Problem" } } } };
  const file = (operationId: string, tag: string, type: string) => ({
    get: { operationId, tags: [tag], responses: { "200": { description: "OK", content: { [type]: { schema: { type: "string" } } } }, "404": problem } },
  });
  const paths: Record<string, unknown> = {
    "/llms.txt": file("getLlmsTxt", "agent-index", "text/plain"),
    "/llms-full.txt": file("getLlmsFullTxt", "agent-index", "text/plain"),
    "/agent-instructions.md": file("getAgentInstructions", "agent-index", "text/markdown"),
    "/blog-index.json": file("getBlogIndex", "content", "application/json"),
    "/blog/{slug}.md": {
      parameters: [{ $ref: "#/components/parameters/Slug" }],
      ...file("getPostMarkdown", "content", "text/markdown"),
    },
    "/sitemap.xml": file("getSitemap", "crawl", "application/xml"),
    "/robots.txt": file("getRobotsTxt", "crawl", "text/plain"),
    "/{path}": {
      get: {
        operationId: "getPage",
        parameters: [{ name: "path", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "OK" }, "404": problem, "406": problem },
      },
    },
  };
  if (broken.has("openapi-post-method")) (paths["/llms.txt"] as Record<string, unknown>)["post"] = { responses: { "200": { description: "OK" } } };
  if (broken.has("versioned-path")) paths["/v1/blog-index.json"] = file("getBlogIndexV1", "content", "application/json");
  return {
    openapi: "3.1.0",
    info: { title: "Example Integration", version: broken.has("openapi-version") ? "2.0.0" : "1.0.0" },
    servers: [{ url: base }],
    tags: [{ name: "agent-index" }, { name: "content" }, { name: "crawl" }],
    paths,
    ...(broken.has("openapi-webhooks") ? { webhooks: { enquiry: { post: { responses: { "200": { description: "OK" } } } } } } : {}),
    components: {
      parameters: {
        Slug: {
          name: "slug",
          in: "path",
          required: true,
          schema: { type: "string", enum: broken.has("openapi-retired-slug") ? [...slugs, "retired-post"] : slugs },
        },
      },
      schemas: { Problem: { type: "object" } },
    },
  };
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const PAGE_TYPES = ["text/html", "text/markdown"];

function respond(context: { site: ReturnType<typeof buildSite>; broken: ReadonlySet<Breakage>; path: string; accept: string | undefined }): Answer {
  const { site, broken, path, accept } = context;
  const common: Record<string, string> = broken.has("missing-cors") ? {} : { "Access-Control-Allow-Origin": "*" };
  if (broken.has("www-authenticate")) common["WWW-Authenticate"] = 'Basic realm="site"';
  const errorHeaders = {
    ...common,
    Link: [
      `<${site.base}/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json"`,
      `<${site.base}/llms.txt>; rel="service-doc"; type="text/plain"`,
      ...(broken.has("error-link-missing-help") ? [] : [`<${site.base}/developers/#errors>; rel="help"; type="text/html"`]),
    ].join(", "),
    Vary: broken.has("error-vary") ? "Accept-Encoding" : "Accept, Accept-Encoding",
    "Cache-Control": broken.has("error-cacheable") ? "public, max-age=300" : "no-store",
  };
  const problem = (status: 404 | 406): Answer => {
    const body: Record<string, unknown> = {
      type: `${site.base}/developers/#http-${status}`,
      title: status === 404 ? "Not Found" : "Not Acceptable",
      status,
      detail: status === 404 ? `Nothing is published at ${path}.` : `${path} has no representation that the Accept header names.`,
      instance: path,
      code: status === 404 ? "not_found" : "representation_not_available",
      resolution: "Start from /llms.txt or /sitemap.xml.",
      documentation_url: `${site.base}/developers/#errors`,
      links: { llms_txt: `${site.base}/llms.txt`, sitemap: `${site.base}/sitemap.xml`, openapi: `${site.base}/openapi.json`, home: `${site.base}/` },
    };
    if (status === 404 && broken.has("problem-missing-instance")) delete body["instance"];
    if (status === 406) body["available"] = PAGE_TYPES;
    if (status === 406 && broken.has("not-acceptable-html-body")) {
      return { status, headers: { ...errorHeaders, "Content-Type": "text/html; charset=utf-8" }, body: "<!doctype html><html><body>Not Acceptable</body></html>" };
    }
    return { status, headers: { ...errorHeaders, "Content-Type": "application/json; charset=utf-8" }, body: JSON.stringify(body) };
  };

  const file = site.files[path];
  if (file !== undefined) {
    if (broken.has("file-negotiated") && accept?.startsWith("text/html")) return problem(406);
    return { status: 200, headers: { ...common, "Content-Type": file.type }, body: file.body };
  }
  const sibling = site.siblings.get(path);
  if (sibling !== undefined) {
    const body = broken.has("sibling-differs") ? `${sibling.markdown}\n` : sibling.markdown;
    return { status: 200, headers: { ...common, "Content-Type": "text/markdown; charset=utf-8" }, body };
  }

  const page = site.pages.get(path);
  if (page !== undefined) {
    const chosen = choosePageType(accept, broken);
    if (chosen === "application/json") return { status: 200, headers: { ...common, "Content-Type": "application/json" }, body: "{}" };
    if (chosen === undefined) return broken.has("not-acceptable-as-404") ? problem(404) : problem(406);
    const headers = { ...common, Vary: broken.has("wrong-vary") ? "Accept-Encoding" : "Accept, Accept-Encoding" };
    if (chosen === "text/markdown") {
      const charset = broken.has("markdown-wrong-charset") ? "iso-8859-1" : "utf-8";
      return { status: 200, headers: { ...headers, "Content-Type": `text/markdown; charset=${charset}` }, body: page.markdown };
    }
    if (!broken.has("missing-alternate-link")) {
      const sibling = page.path === "/" ? "/index.md" : `${page.path.slice(0, -1)}.md`;
      Object.assign(headers, { Link: `<${sibling}>; rel="alternate"; type="text/markdown"` });
    }
    return { status: 200, headers: { ...headers, "Content-Type": broken.has("html-no-charset") ? "text/html" : "text/html; charset=utf-8" }, body: page.html };
  }

  // Not found from here on.
  if (broken.has("document-extension-plain-404") && /\.(md|txt|json|xml)$/.test(path)) {
    return { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...common }, body: "Not found\n" };
  }
  if (broken.has("not-found-as-406") && accept !== undefined && new Negotiator({ headers: { accept } }).mediaType(PAGE_TYPES) === undefined) {
    return problem(406);
  }
  const form = new Negotiator({ headers: accept === undefined ? {} : { accept } }).mediaType(["application/json", "text/markdown", "text/html"]) ?? "application/json";
  if (form === "text/markdown" && !broken.has("not-found-markdown-as-json")) {
    const map = [...site.pages.values()].map((known) => `- [${known.title}](${known.path})`).join("\n");
    return { status: 404, headers: { ...errorHeaders, "Content-Type": "text/markdown; charset=utf-8" }, body: `# Not found\n\nNothing at ${path}. Try:\n\n${map}\n- [Agent index](/llms.txt)\n` };
  }
  if (form === "text/html" && !broken.has("not-found-html-as-json")) {
    return { status: 404, headers: { ...errorHeaders, "Content-Type": "text/html; charset=utf-8" }, body: "<!doctype html>\n<html lang=\"en\"><head><title>Not found</title></head><body><h1>Not found</h1></body></html>\n" };
  }
  return problem(404);
}

/** The page representation for `accept`: negotiator ranks by q, then specificity, then order. */
function choosePageType(accept: string | undefined, broken: ReadonlySet<Breakage>): string | undefined {
  if (accept === undefined) return broken.has("no-accept-406") ? undefined : "text/html";
  if (broken.has("json-page-200") && accept === "application/json") return "application/json";
  if (broken.has("q-values-ignored")) {
    // The first listed range that matches, whatever its q: the bug this breakage stands for.
    for (const range of accept.split(",").map((part) => part.split(";")[0]?.trim())) {
      if (range === "text/markdown") return "text/markdown";
      if (range === "text/html" || range === "*/*" || range === "text/*") return "text/html";
    }
    return undefined;
  }
  return new Negotiator({ headers: { accept } }).mediaType(PAGE_TYPES);
}
