/**
 * One broken rule of the surface spec per name, as a change to what the real
 * preview server answers (see breaking-proxy.ts), with the `verify` check that
 * must catch it. Each changes one header or one body, or the Accept a request
 * is passed on with; the rest of the site stays as the build made it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Answer, Breakage, BreakContext } from "./breaking-proxy.ts";

/** Facts of the build the breakages aim at, read from its files. */
interface Site {
  /** The origin the site names itself by. */
  base: string;
  /** The blog index's posts, newest first. */
  posts: { slug: string; title: string }[];
  /** One of the site's own pages, not its home, that its sitemap must list. */
  page: string;
}

/** The facts of the build in `dist`; `page` is one of its own pages that the sitemap must list (it must be in the build). */
export function readSite(dist: string, page: string): Site {
  const openapi = JSON.parse(readFileSync(join(dist, "openapi.json"), "utf8")) as {
    servers: { url: string }[];
  };
  const index = JSON.parse(readFileSync(join(dist, "blog-index.json"), "utf8")) as Site;
  if (!existsSync(join(dist, page, "index.html")))
    throw new Error(`breakages: ${page} is not a page of ${dist}`);
  return { base: new URL(openapi.servers[0].url).origin, posts: index.posts, page };
}

const pathOf = (path: string) => path.split("?")[0];
const type = (answer: Answer) => answer.headers["content-type"] ?? "";
/** A page's own answer: 200 for a canonical path, in HTML or Markdown. */
const isPage = (answer: Answer, path: string) =>
  answer.status === 200 && pathOf(path).endsWith("/") && /^text\/(html|markdown)/.test(type(answer));
const isError = (answer: Answer) => answer.status >= 400;

/** `change` applied to the body of the answer for `path`, as text. */
function onText(path: string, change: (text: string) => string): Breakage {
  return {
    answer: (answer, context) =>
      pathOf(context.path) === path && answer.status === 200
        ? { ...answer, body: Buffer.from(change(answer.body.toString("utf8"))) }
        : undefined,
  };
}

/** `change` applied to the JSON body of the answer for `path`. */
function onJson(path: string, change: (value: any) => void): Breakage {
  return onText(path, (text) => {
    const value = JSON.parse(text);
    change(value);
    return `${JSON.stringify(value, null, 2)}\n`;
  });
}

/** Header `name` set to `value` (or removed, for undefined) on every answer `which` picks. */
function onHeader(
  which: (answer: Answer, path: string) => boolean,
  name: string,
  value: (old: string | undefined) => string | undefined,
): Breakage {
  return {
    answer: (answer, context) => {
      if (!which(answer, context.path)) return undefined;
      const headers = { ...answer.headers };
      const now = value(headers[name]);
      if (now === undefined) delete headers[name];
      else headers[name] = now;
      return { ...answer, headers };
    },
  };
}

/** Replaces every match of `pattern` in `text`, and insists there was one: a breakage that changes nothing proves nothing. */
function replaced(text: string, pattern: RegExp | string, by: string): string {
  const out = text.replace(pattern, by);
  if (out === text) throw new Error(`breakage: ${pattern} is not in the file`);
  return out;
}

/** The answer that `context.upstream` gives another way: for a 404 or 406 swapped for another body. */
async function instead(context: BreakContext, accept: string | undefined, path?: string): Promise<Answer> {
  return context.upstream(accept, path);
}

const OMISSION = (count: number) =>
  `\n\nThe oldest ${count} post, published before the others, is left out to keep this file small.\n`;

/** Each breakage by name. */
export function breakages(site: Site): Record<string, Breakage> {
  const newest = site.posts[0];
  const oldest = site.posts.at(-1)!;
  // Every mention of a post's title, in any case (a post's text may name its own subject), as verify compares them.
  const squash = (text: string) =>
    text
      .normalize("NFC")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "");
  const withoutTitle = (title: string) => (text: string) => {
    const letters = [...squash(title)].map((letter) => letter.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const out = replaced(text.normalize("NFC"), new RegExp(letters.join("[^\\p{L}\\p{N}]*"), "giu"), "");
    if (squash(out).includes(squash(title))) throw new Error(`breakage: ${title} is still in the file`);
    return out;
  };
  return {
    "llms-txt-no-when-to-use": onText("/llms.txt", (text) =>
      replaced(text, /^\*\*When to use\*\*$/m, "**Services**"),
    ),
    "llms-txt-broken-link": onText(
      "/llms.txt",
      (text) => `${text}- [Old post](${site.base}/blog/retired-post.md)\n`,
    ),
    "sitemap-slashless-page": onText("/sitemap.xml", (text) =>
      replaced(text, `${site.base}${site.page}</loc>`, `${site.base}${site.page.slice(0, -1)}</loc>`),
    ),
    "sitemap-missing-page": onText("/sitemap.xml", (text) =>
      replaced(text, new RegExp(`\\s*<url>\\s*<loc>${site.base}${site.page}</loc>[\\s\\S]*?</url>`), ""),
    ),
    "uppercase-slug": onJson("/blog-index.json", (index) => (index.posts[0].slug = "Integration_Patterns")),
    "blog-index-count": onJson("/blog-index.json", (index) => (index.count += 1)),
    "blog-post-lang": onJson("/blog-index.json", (index) => (index.posts[0].lang = "fr")),
    "llms-txt-as-html": onHeader(
      (_, path) => path === "/llms.txt",
      "content-type",
      () => "text/html; charset=utf-8",
    ),
    "llms-full-missing-post": onText("/llms-full.txt", withoutTitle(site.posts[1].title)),
    "llms-full-omits-newer-post": onText(
      "/llms-full.txt",
      (text) => withoutTitle(newest.title)(text) + OMISSION(1),
    ),
    "agent-instructions-no-when-to-use": onText("/agent-instructions.md", (text) =>
      replaced(text, /^## When to use this site$/m, "## About this site"),
    ),
    "sitemap-no-lastmod": onText("/sitemap.xml", (text) =>
      replaced(text, /\s*<lastmod>[^<]*<\/lastmod>/g, ""),
    ),
    // The group for every crawler becomes GPTBot's, its Allow a Disallow: lines such as Content-Signal may sit between.
    "robots-blocks-gptbot": onText("/robots.txt", (text) =>
      replaced(replaced(text, /^User-agent: \*$/m, "User-agent: GPTBot"), /^Allow: \/$/m, "Disallow: /"),
    ),
    "openapi-retired-slug": onJson("/openapi.json", (openapi) =>
      openapi.paths["/blog/{slug}.md"].get.parameters[0].schema.enum.push("retired-post"),
    ),
    "openapi-post-method": onJson(
      "/openapi.json",
      (openapi) => (openapi.paths["/llms.txt"].post = { responses: { "200": { description: "OK" } } }),
    ),
    // A file answered as if it were a page that cannot be HTML: the 406 the site gives a page asked for JSON.
    "file-negotiated": {
      answer: (answer, context) =>
        !pathOf(context.path).endsWith("/") &&
        answer.status === 200 &&
        context.accept?.startsWith("text/html")
          ? instead(context, "application/json", "/about/")
          : undefined,
    },
    "no-accept-406": {
      answer: (answer, context) =>
        context.accept === undefined && isPage(answer, context.path)
          ? instead(context, "application/json")
          : undefined,
    },
    // The first listed range wins, whatever its q.
    "q-values-ignored": {
      request: ({ path, accept }) =>
        pathOf(path).endsWith("/") && accept?.includes("q=")
          ? { accept: accept.split(",")[0].split(";")[0].trim() }
          : undefined,
    },
    "markdown-wrong-charset": onHeader(
      (answer, path) => isPage(answer, path) && type(answer).startsWith("text/markdown"),
      "content-type",
      () => "text/markdown; charset=iso-8859-1",
    ),
    "html-no-charset": onHeader(
      (answer, path) => isPage(answer, path) && type(answer).startsWith("text/html"),
      "content-type",
      () => "text/html",
    ),
    "wrong-vary": onHeader(isPage, "vary", () => "Accept-Encoding"),
    "missing-alternate-link": onHeader(
      (answer, path) => isPage(answer, path) && type(answer).startsWith("text/html"),
      "link",
      () => undefined,
    ),
    "sibling-differs": {
      answer: (answer, context) =>
        pathOf(context.path).endsWith(".md") &&
        answer.status === 200 &&
        pathOf(context.path) !== "/agent-instructions.md"
          ? { ...answer, body: Buffer.concat([answer.body, Buffer.from("\n")]) }
          : undefined,
    },
    "json-page-200": {
      answer: (answer, context) =>
        context.accept === "application/json" && answer.status === 406
          ? {
              ...answer,
              status: 200,
              headers: { ...answer.headers, "content-type": "application/json" },
              body: Buffer.from("{}"),
            }
          : undefined,
    },
    "www-authenticate": onHeader(
      () => true,
      "www-authenticate",
      () => 'Basic realm="site"',
    ),
    "missing-cors": onHeader(
      () => true,
      "access-control-allow-origin",
      () => undefined,
    ),
    "openapi-webhooks": onJson(
      "/openapi.json",
      (openapi) =>
        (openapi.webhooks = { enquiry: { post: { responses: { "200": { description: "OK" } } } } }),
    ),
    "not-found-as-406": {
      answer: (answer, context) =>
        answer.status === 404 && context.accept === "image/png"
          ? instead(context, "image/png", "/about/")
          : undefined,
    },
    "problem-missing-instance": {
      answer: (answer) =>
        answer.status === 404 && type(answer).startsWith("application/json")
          ? {
              ...answer,
              body: Buffer.from(
                JSON.stringify({ ...JSON.parse(answer.body.toString("utf8")), instance: undefined }),
              ),
            }
          : undefined,
    },
    "not-found-markdown-as-json": {
      answer: (answer, context) =>
        answer.status === 404 && type(answer).startsWith("text/markdown")
          ? instead(context, "application/json")
          : undefined,
    },
    "not-found-html-as-json": {
      answer: (answer, context) =>
        answer.status === 404 && type(answer).startsWith("text/html")
          ? instead(context, "application/json")
          : undefined,
    },
    "slashless-not-redirected": {
      answer: (answer, context) =>
        answer.status === 301 && !pathOf(context.path).endsWith("/")
          ? instead(context, context.accept, "/sitegen-verify-no-such-page/")
          : undefined,
    },
    "not-acceptable-as-404": {
      answer: (answer, context) =>
        answer.status === 406 ? instead(context, context.accept, "/sitegen-verify-no-such-page/") : undefined,
    },
    "not-acceptable-html-body": {
      answer: (answer) =>
        answer.status === 406
          ? {
              ...answer,
              headers: { ...answer.headers, "content-type": "text/html; charset=utf-8" },
              body: Buffer.from("<!doctype html><html><body>Not Acceptable</body></html>"),
            }
          : undefined,
    },
    "error-link-missing-help": onHeader(isError, "link", (link) =>
      link
        ?.split(/,\s*(?=<)/)
        .filter((part) => !part.includes('rel="help"'))
        .join(", "),
    ),
    "error-vary": onHeader(isError, "vary", () => "Accept-Encoding"),
    "error-cacheable": onHeader(isError, "cache-control", () => "public, max-age=300"),
    "document-extension-plain-404": {
      answer: (answer, context) =>
        answer.status === 404 && /\.(md|txt|json|xml)$/.test(pathOf(context.path))
          ? {
              status: 404,
              headers: { ...answer.headers, "content-type": "text/plain; charset=utf-8" },
              body: Buffer.from("Not found\n"),
            }
          : undefined,
    },
    "llms-full-too-large": onText("/llms-full.txt", (text) => text + "x".repeat(1_200_000)),
    "robots-over-100-bytes": onText(
      "/robots.txt",
      (text) => `${text}# Managed by the CDN: these rules are added in front of the origin.\n`,
    ),
    "openapi-version": onJson("/openapi.json", (openapi) => (openapi.info.version = "2.0.0")),
    "versioned-path": onJson(
      "/openapi.json",
      (openapi) => (openapi.paths["/v1/blog-index.json"] = openapi.paths["/blog-index.json"]),
    ),
    /** Not a breakage: llms-full.txt leaves the oldest post out and says so, as a large site's does (§8.2). */
    "llms-full-leaves-out-oldest": onText(
      "/llms-full.txt",
      (text) => withoutTitle(oldest.title)(text) + OMISSION(1),
    ),
  };
}

/** Each breakage, and the check that must catch it. */
export const BREAKAGES: readonly [breakage: string, check: string][] = [
  ["llms-txt-no-when-to-use", "1.5-llms-txt"],
  ["llms-txt-broken-link", "1.5-llms-txt-links"],
  ["sitemap-slashless-page", "1.7-canonical-paths"],
  ["slashless-not-redirected", "1.7-slashless-redirect"],
  ["sitemap-missing-page", "2.1-page-set"],
  ["uppercase-slug", "2.2-slug-shape"],
  ["blog-index-count", "2.3-blog-index"],
  ["blog-post-lang", "2.4-blog-posts"],
  ["llms-txt-as-html", "2.6-media-types"],
  ["llms-full-missing-post", "2.6-llms-full"],
  ["llms-full-omits-newer-post", "2.6-llms-full"],
  ["agent-instructions-no-when-to-use", "2.6-agent-instructions"],
  ["sitemap-no-lastmod", "2.6-sitemap"],
  ["robots-blocks-gptbot", "2.6-robots-ai-allowed"],
  ["openapi-retired-slug", "2.6-slug-agreement"],
  ["openapi-post-method", "4-openapi-operations"],
  ["file-negotiated", "4-files-answer"],
  ["no-accept-406", "4.1.1-accept-optional"],
  ["q-values-ignored", "4.1.1-q-values"],
  ["markdown-wrong-charset", "4.1.2-markdown"],
  ["html-no-charset", "4.1.3-html"],
  ["wrong-vary", "4.1.4-vary"],
  ["missing-alternate-link", "4.1.5-link-alternate"],
  ["sibling-differs", "4.1.6-md-sibling"],
  ["json-page-200", "4.1.7-no-json-page"],
  ["www-authenticate", "5.1-no-credentials"],
  ["missing-cors", "5.2-cors-open"],
  ["openapi-webhooks", "6.1-no-webhooks"],
  ["not-found-as-406", "7.1-404-status"],
  ["problem-missing-instance", "7.1-404-problem"],
  ["not-found-markdown-as-json", "7.1-404-markdown"],
  ["not-found-html-as-json", "7.1-404-html"],
  ["not-acceptable-as-404", "7.2-406-status"],
  ["not-acceptable-html-body", "7.2-406-problem"],
  ["not-found-as-406", "7.2.4-no-status-swap"],
  ["not-acceptable-as-404", "7.2.4-no-status-swap"],
  ["error-link-missing-help", "7.3-error-link"],
  ["error-vary", "7.3-error-vary"],
  ["error-cacheable", "7.3-error-cache-control"],
  ["document-extension-plain-404", "7.4-document-extensions"],
  ["llms-full-too-large", "8.2-llms-full-size"],
  ["robots-over-100-bytes", "8.3-robots-size"],
  ["openapi-version", "9.1-openapi-version"],
  ["versioned-path", "9.2-no-version-segment"],
];
