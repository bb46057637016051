/**
 * The built files, held to the standards' own tools: an OpenAPI 3.1 validator,
 * the sitemaps.org XSD through xmllint, robots-parser, html-validate and a link
 * checker. Everything runs against a real build of content/; links are followed
 * through the preview server, as a reader follows them.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { HtmlValidate } from "html-validate";
import { LinkChecker, LinkState } from "linkinator";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { before, describe, it } from "node:test";
import { markdownLinks, sameSitePath } from "../src/verify/discover.ts";
import { readRobots } from "../src/verify/robots.ts";
import { parseSitemap } from "../src/verify/sitemap.ts";
import { AI_CRAWLERS, markdownSiblingPath } from "../src/verify/spec.ts";
import { builtSite, startPreviewServer } from "./helpers/dist.ts";
import { KITCHEN_SINK, kitchenSinkSites } from "./helpers/kitchen-sink.ts";
import { assertValidXml, XMLLINT } from "./helpers/xmllint.ts";

let dist: string;
let base: string;

before(() => {
  dist = builtSite();
  const openapi = JSON.parse(read("openapi.json")) as { servers: { url: string }[] };
  base = new URL(openapi.servers[0]?.url ?? "").origin;
});

function read(path: string): string {
  return readFileSync(join(dist, path), "utf8");
}

/** Every file under dist, as site paths (`/about/index.html`). */
function files(dir = dist): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [`/${relative(dist, full).split(sep).join("/")}`];
  });
}

/** Canonical page paths: every `index.html` outside sitegen's private folder. */
function pagePaths(): string[] {
  return files()
    .filter((path) => path.endsWith("/index.html") && !path.startsWith("/_sitegen/"))
    .map((path) => path.slice(0, -"index.html".length))
    .sort();
}

/** Whether a same-site path names a file in dist, the way the host resolves it. */
function existsInDist(path: string): boolean {
  const clean = decodeURIComponent(path.split(/[?#]/)[0] ?? "");
  const file = join(dist, clean.endsWith("/") ? `${clean}index.html` : clean);
  return existsSync(file) && statSync(file).isFile();
}

describe("/openapi.json", () => {
  it("is valid OpenAPI 3.1 by @seriousme/openapi-schema-validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(read("openapi.json")) as Record<string, unknown>);
    assert.equal(validator.version, "3.1");
    assert.deepEqual(result.errors ?? [], []);
    assert.equal(result.valid, true);
  });
});

describe("/sitemap.xml", () => {
  it("validates against the sitemaps.org 0.9 XSD with xmllint", { skip: XMLLINT.skip }, () => {
    assertValidXml(join(dist, "sitemap.xml"), "sitemap.xsd");
  });

  it("lists every page, and nothing else", () => {
    const entries = parseSitemap(read("sitemap.xml"));
    assert.ok(Array.isArray(entries), String(entries));
    assert.deepEqual(entries.map((entry) => sameSitePath(entry.loc, [base])).sort(), pagePaths());
  });
});

describe("/robots.txt", () => {
  it(`allows ${AI_CRAWLERS.join(", ")} on every page`, () => {
    const robots = readRobots(`${base}/robots.txt`, read("robots.txt"));
    for (const agent of AI_CRAWLERS) {
      for (const page of pagePaths())
        assert.equal(robots.isAllowed(`${base}${page}`, agent), true, `${agent} on ${page}`);
    }
  });
});

/** html-validate's recommended rules, as the pages are held to them. */
function htmlValidator(): HtmlValidate {
  return new HtmlValidate({
    extends: ["html-validate:recommended"],
    rules: {
      // Heading anchors are made from the heading text, so "1. Naturally idempotent
      // operations" gives id="1-naturally-…". The HTML standard allows any id without
      // whitespace (§3.2.6.1); relaxed mode checks exactly that, where the default also
      // wants a leading letter for the sake of unescaped CSS selectors.
      "valid-id": ["error", { relaxed: true }],
      // A post's <title> is its title from content/ plus the site name. 70 characters
      // is where search engines cut the snippet, a display heuristic rather than a
      // rule of HTML, and a longer title stays correct and readable in the tab.
      "long-title": "off",
    },
  });
}

describe("HTML pages", () => {
  it("pass html-validate with html-validate:recommended", async () => {
    const validator = htmlValidator();
    const pages = files().filter((path) => path.endsWith(".html"));
    assert.ok(pages.length > 20, `only ${pages.length} HTML files`);
    const byRule = new Map<string, string[]>();
    for (const page of pages) {
      const report = await validator.validateString(read(page), page);
      for (const message of report.results.flatMap((result) => result.messages)) {
        byRule.set(message.ruleId, [
          ...(byRule.get(message.ruleId) ?? []),
          `${page}:${message.line}:${message.column} ${message.message}`,
        ]);
      }
    }
    // One line per rule: how often it fired, and where first.
    const summary = [...byRule].map(([rule, where]) => `${rule} ×${where.length}, first at ${where[0]}`);
    assert.deepEqual(summary, []);
  });

  it("the kitchen-sink post, every construct of the Markdown people bring, passes too in both themes", async () => {
    const sites = kitchenSinkSites();
    const messages: string[] = [];
    for (const [theme, dir] of Object.entries(sites)) {
      const report = await htmlValidator().validateString(
        readFileSync(join(dir, KITCHEN_SINK.slice(1), "index.html"), "utf8"),
        theme,
      );
      messages.push(
        ...report.results.flatMap((result) =>
          result.messages.map(
            (message) => `${theme}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
          ),
        ),
      );
    }
    assert.deepEqual(messages, []);
  });

  it("have a .md sibling for the Link header and the <link rel=alternate> to name", () => {
    const missing = pagePaths().filter((page) => !existsSync(join(dist, markdownSiblingPath(page))));
    assert.deepEqual(missing, []);
  });

  it("have no broken internal link, .md files included (linkinator, through the preview server)", async () => {
    const server = await startPreviewServer(dist);
    try {
      const local = server.url.replace(/\/$/, "");
      const start = [
        "/",
        ...files().filter((path) => path.endsWith(".md") && !path.startsWith("/_sitegen/")),
      ];
      const result = await new LinkChecker().check({
        path: start.map((path) => `${local}${path}`),
        recurse: true,
        markdown: true,
        // Absolute links name the site's own origin; check them against the build instead.
        urlRewriteExpressions: [
          { pattern: new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`), replacement: local },
        ],
        linksToSkip: async (link) => !link.startsWith(local),
        // Canonical paths end in a slash; a link that needs a redirect to get there is wrong.
        redirects: "error",
      });
      const broken = result.links
        .filter((link) => link.state === LinkState.BROKEN)
        .map((link) => `${link.status ?? "-"} ${link.url} (from ${link.parent ?? "start"})`);
      assert.deepEqual(broken, []);
      assert.ok(result.links.filter((link) => link.state === LinkState.OK).length > 50);
      // The HTML 404 page answers 404 itself, so it is no place to start a crawl from: its links are followed here.
      const notFound = await fetch(`${local}/no-such-page/`, { headers: { accept: "text/html" } });
      assert.equal(notFound.status, 404);
      const links = [...(await notFound.text()).matchAll(/<a [^>]*href="([^"#]+)/g)]
        .map((match) => new URL(match[1], `${local}/no-such-page/`).href)
        .filter((href) => href.startsWith(local));
      assert.ok(links.length > 3, links.join(", "));
      for (const link of new Set(links))
        assert.equal((await fetch(link, { redirect: "manual" })).status, 200, link);
    } finally {
      await server.stop();
    }
  });

  it("and every link in /llms.txt is in the build", () => {
    const targets = markdownLinks(read("llms.txt"));
    const missing = targets
      .map((target) => sameSitePath(new URL(target, `${base}/`).href, [base]))
      .filter((path): path is string => path !== undefined && !existsInDist(path));
    assert.ok(targets.length > 20);
    assert.deepEqual(missing, []);
  });
});
