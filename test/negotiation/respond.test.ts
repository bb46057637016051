/**
 * The negotiation core as a table: Accept × path → status, media type and
 * headers, for every rule of spec §4.1 and §7, every §7.1 row and the q-value
 * cases. Runs `respond` on the real build's table and files.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { respond } from "../../src/negotiation/respond.ts";
import { allRoutes, openBuild } from "../../src/hosts/preview/folder.ts";
import { builtSite, SURFACE_FILES } from "../helpers/dist.ts";

const dist = builtSite();
const table = await allRoutes(dist);
const host = await openBuild(dist);
const BASE = table.errors.home.replace(/\/$/, "");
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
const POST = Object.keys(table.pages).find((path) => path.endsWith("-/"))!;

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await respond(new Request(`http://localhost${path}`, { method, headers }), host);
  assert.ok(response, `${path} should be negotiated`);
  return { response, body: method === "HEAD" ? "" : await response.text() };
}

const ERROR_LINK =
  `<${BASE}/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json", ` +
  `<${BASE}/llms.txt>; rel="service-doc"; type="text/plain", ` +
  `<${BASE}/developers/#errors>; rel="help"; type="text/html"`;

function assertErrorHeaders(response: Response) {
  assert.equal(response.headers.get("link"), ERROR_LINK);
  assert.equal(response.headers.get("vary"), "Accept, Accept-Encoding");
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
}

// [Accept (null = header absent), expected type] on a page URL: spec §4.1.
const PAGE_CASES: [string | null, string | 406][] = [
  [null, "text/html"],
  ["", "text/html"],
  ["*/*", "text/html"],
  ["text/*", "text/html"],
  ["text/html", "text/html"],
  [BROWSER, "text/html"],
  ["text/markdown", "text/markdown"],
  ["text/markdown;charset=utf-8", "text/markdown"],
  ["text/html;q=0.5, text/markdown", "text/markdown"],
  ["text/markdown;q=0.9, text/html", "text/html"],
  ["text/markdown, text/html;q=0.9", "text/markdown"],
  ["text/html;q=0, */*", "text/markdown"],
  ["text/html;q=0.1, text/markdown;q=0.2", "text/markdown"],
  ["*/*;q=0.1, text/markdown;q=0.5", "text/markdown"],
  ["application/json, text/markdown;q=0.1", "text/markdown"],
  ["TEXT/MARKDOWN", "text/markdown"],
  ["text/markdown;charset=UTF-8", "text/markdown"],
  ["text/markdown;charset=iso-8859-1", 406],
  ['text/markdown; charset="UTF-8"', "text/markdown"],
  ["text/markdown;charset=utf-8;q=0.5, text/html;q=0.4", "text/markdown"],
  ["text/markdown;charset=utf-8;q=0", 406],
  ["text/markdown;charset=utf-8x", 406],
  ["application/json", 406],
  ["image/png", 406],
  ["text/plain", 406],
  ["text/html;q=0", 406],
  ["text/html;q=0, text/markdown;q=0", 406],
  ["*/*;q=0", 406],
  ["application/xhtml+xml", 406],
];

for (const path of ["/", "/developers/", POST]) {
  for (const [accept, expected] of PAGE_CASES) {
    test(`GET ${path} with Accept ${JSON.stringify(accept)} → ${expected}`, async () => {
      const { response, body } = await get(path, accept === null ? {} : { accept });
      if (expected === 406) {
        assert.equal(response.status, 406);
        assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
        assertErrorHeaders(response);
        const problem = JSON.parse(body);
        assert.equal(problem.code, "representation_not_available");
        assert.equal(problem.status, 406);
        assert.equal(problem.title, "Not Acceptable");
        assert.equal(problem.type, `${BASE}/developers/#http-406`);
        assert.equal(problem.documentation_url, `${BASE}/developers/#errors`);
        assert.equal(problem.instance, path);
        assert.deepEqual(problem.available, ["text/html", "text/markdown"]);
        assert.equal(problem.links.llms_txt, `${BASE}/llms.txt`);
        return;
      }
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), `${expected}; charset=utf-8`);
      assert.equal(response.headers.get("vary"), "Accept, Accept-Encoding");
      assert.equal(response.headers.get("access-control-allow-origin"), "*");
      assert.equal(response.headers.get("x-content-type-options"), "nosniff");
      assert.match(response.headers.get("etag") ?? "", /^"[\w-]+"$/);
      const sibling = table.pages[path].markdownPath;
      if (expected === "text/html") {
        assert.equal(response.headers.get("link"), `<${sibling}>; rel="alternate"; type="text/markdown"`);
        assert.match(body, /^<!doctype html>/i);
        assert.equal(response.headers.get("x-markdown-tokens"), null);
      } else {
        assert.equal(response.headers.get("link"), null);
        assert.equal(
          body,
          readFileSync(join(dist, sibling), "utf8"),
          "negotiated Markdown = .md sibling bytes",
        );
        assert.equal(
          Number(response.headers.get("x-markdown-tokens")),
          Math.ceil(Buffer.byteLength(body) / 4),
        );
      }
    });
  }
}

test("the Link header names /index.md for / and /developers.md for /developers/ (spec §4.1.5)", async () => {
  assert.equal(
    (await get("/")).response.headers.get("link"),
    '</index.md>; rel="alternate"; type="text/markdown"',
  );
  assert.equal(
    (await get("/developers/")).response.headers.get("link"),
    '</developers.md>; rel="alternate"; type="text/markdown"',
  );
});

// Spec §7.1: 404 body by Accept.
const NOT_FOUND_CASES: [string | null, "json" | "markdown" | "html"][] = [
  [null, "json"],
  ["*/*", "json"],
  ["application/json", "json"],
  ["application/problem+json", "json"],
  ["image/png", "json"],
  ["text/markdown", "markdown"],
  ["text/html", "html"],
  [BROWSER, "html"],
  // One rule on pages and misses: where Accept ranks HTML and Markdown alike, HTML wins.
  ["text/*", "html"],
  ["text/markdown, text/*;q=0.5", "markdown"],
  ["application/json;q=0.5, text/markdown", "markdown"],
];
const MISSING = [
  "/nope/",
  "/blog/nope/",
  "/blog/why-every-enterprise-needs-a-central-esb/",
  "/blog/nope.md",
  "/nope.txt",
  "/nope.json",
  "/nope.xml",
  "/about/index.html",
  "/blog/notes-on-asyncapi-3-for-event-driven-documentation.md",
];

for (const path of MISSING) {
  for (const [accept, format] of NOT_FOUND_CASES) {
    test(`GET ${path} with Accept ${JSON.stringify(accept)} → 404 ${format}`, async () => {
      const { response, body } = await get(path, accept === null ? {} : { accept });
      assert.equal(response.status, 404, "a 404 is never turned into a 406");
      assertErrorHeaders(response);
      if (format === "json") {
        assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
        const problem = JSON.parse(body);
        assert.equal(problem.code, "not_found");
        assert.equal(problem.status, 404);
        assert.equal(problem.title, "Not Found");
        assert.equal(problem.type, `${BASE}/developers/#http-404`);
        assert.equal(problem.instance, path);
        assert.ok(problem.detail.includes(path), "detail names the path");
        assert.ok(problem.resolution.includes("/llms.txt") && problem.resolution.includes("/sitemap.xml"));
        assert.equal(problem.documentation_url, `${BASE}/developers/#errors`);
        assert.equal(problem.links.llms_txt, `${BASE}/llms.txt`);
        assert.equal(problem.available, undefined);
      } else if (format === "markdown") {
        assert.equal(response.headers.get("content-type"), "text/markdown; charset=utf-8");
        assert.match(body, /^# Not found/);
        assert.ok(body.includes(`${BASE}/llms.txt`));
      } else {
        assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8");
        assert.match(body, /Page not found/);
      }
    });
  }
}

test("a page's path without its slash answers 301 to the page, relative, whatever the Accept; HEAD too", async () => {
  for (const page of Object.keys(table.pages).filter((path) => path !== "/")) {
    for (const accept of [undefined, "text/html", "text/markdown", "application/json", "image/png"]) {
      for (const method of ["GET", "HEAD"]) {
        const { response, body } = await get(
          page.slice(0, -1),
          accept === undefined ? {} : { accept },
          method,
        );
        const label = `${method} ${page.slice(0, -1)} Accept: ${accept}`;
        assert.equal(response.status, 301, label);
        assert.equal(response.headers.get("location"), page, label);
        assert.equal(response.headers.get("cache-control"), "public, max-age=0, must-revalidate", label);
        assert.equal(response.headers.get("access-control-allow-origin"), "*", label);
        assert.equal(body, "", label);
      }
    }
  }
  assert.equal(
    (await get("/about?from=mail")).response.headers.get("location"),
    "/about/?from=mail",
    "the query is kept",
  );
  for (const path of ["/nope", "/blog/nope", "/about.md/x", "/blog/why-every-enterprise-needs-a-central-esb"])
    assert.equal((await get(path)).response.status, 404, path);
});

test("a non-canonical page path answers 404 naming the canonical URL", async () => {
  for (const [path, canonical] of [
    ["/about/index.html", "/about/"],
    ["/index.html", "/"],
    ["/About/", "/about/"],
    [`${POST.slice(0, -1)}.html`, POST],
  ]) {
    const { response, body } = await get(path);
    assert.equal(response.status, 404, path);
    const problem = JSON.parse(body);
    assert.equal(problem.links.canonical, `${BASE}${canonical}`, path);
    assert.ok(problem.resolution.includes(`${BASE}${canonical}`), path);
  }
});

test("files answer their one representation whatever the Accept", async () => {
  const files: [string, string][] = [
    ...SURFACE_FILES,
    ["/about.md", "text/markdown; charset=utf-8"],
    [`${POST.slice(0, -1)}.md`, "text/markdown; charset=utf-8"],
  ];
  for (const [path, type] of files) {
    for (const accept of [null, "image/png", "text/html"]) {
      const { response, body } = await get(path, accept === null ? {} : { accept });
      assert.equal(response.status, 200, `${path} ${accept}`);
      assert.equal(response.headers.get("content-type"), type);
      assert.equal(response.headers.get("access-control-allow-origin"), "*");
      assert.equal(body, readFileSync(join(dist, path), "utf8"));
    }
  }
  const sibling = await get("/about.md");
  assert.equal(sibling.response.headers.get("link"), `<${BASE}/about/>; rel="canonical"`);
});

test("If-None-Match with the current ETag answers 304 with validators and Vary, without a body", async () => {
  const first = await get("/about/", { accept: "text/markdown" });
  const etag = first.response.headers.get("etag")!;
  const again = await get("/about/", { accept: "text/markdown", "if-none-match": etag });
  assert.equal(again.response.status, 304);
  assert.equal(again.body, "");
  assert.equal(again.response.headers.get("etag"), etag);
  assert.equal(again.response.headers.get("vary"), "Accept, Accept-Encoding");
  const html = await get("/about/", { "if-none-match": etag });
  assert.equal(html.response.status, 200, "the HTML representation has another ETag");
  assert.equal(
    (await get("/about/", { accept: "text/markdown", "if-none-match": `"x", W/${etag}` })).response.status,
    304,
    "weak comparison",
  );
  assert.equal((await get("/llms.txt", { "if-none-match": "*" })).response.status, 304);
});

test("HEAD answers like GET without a body", async () => {
  for (const [path, accept] of [
    ["/about/", "text/markdown"],
    ["/nope/", "application/json"],
    ["/about/", "image/png"],
    ["/llms.txt", "*/*"],
  ]) {
    const get_ = await get(path, { accept });
    const head = await get(path, { accept }, "HEAD");
    assert.equal(head.response.status, get_.response.status);
    assert.deepEqual([...head.response.headers], [...get_.response.headers]);
    assert.equal(head.response.body, null);
  }
});

test("paths with a non-document extension are not negotiated (spec §7.4.2)", async () => {
  for (const path of ["/assets/site.css", "/logo.png", "/fonts/x.woff2", "/nope.pdf"]) {
    assert.equal(await respond(new Request(`http://localhost${path}`), host), undefined, path);
  }
});

test("OPTIONS is a CORS preflight; other methods answer 405 with Allow and the error headers", async () => {
  const preflight = await get(
    "/about/",
    { origin: "https://elsewhere.example", "access-control-request-method": "GET" },
    "OPTIONS",
  );
  assert.equal(preflight.response.status, 204);
  assert.equal(preflight.response.headers.get("access-control-allow-origin"), "*");
  assert.match(preflight.response.headers.get("access-control-allow-methods") ?? "", /GET/);
  const post = await get("/about/", {}, "POST");
  assert.equal(post.response.status, 405);
  assert.equal(post.response.headers.get("allow"), "GET, HEAD, OPTIONS");
  assertErrorHeaders(post.response);
});

test("percent-encoded unreserved characters name the same page (RFC 3986 §2.3)", async () => {
  const encoded = POST.replace(/-/g, "%2D");
  assert.equal((await get(encoded)).response.status, 200);
});

test("the sample Problem bodies on /developers/ are exactly what the core answers", async () => {
  // The page writes {{base_url}}; its built Markdown names the build's origin.
  const page = readFileSync(join(dist, "developers.md"), "utf8");
  const samples = [...page.matchAll(/```json\n(\{\n {2}"type": [\s\S]*?)\n```/g)].map((m) =>
    JSON.parse(m[1]),
  );
  assert.equal(samples.length, 2);
  const notFound = JSON.parse((await get("/about/index.html")).body);
  const notAcceptable = JSON.parse((await get("/about/", { accept: "application/json" })).body);
  assert.deepEqual(samples[0], notFound);
  assert.deepEqual(samples[1], notAcceptable);
});

// A mistyped post address, as an agent writes it, and the post it meant.
const TYPOS: [path: string, meant: string][] = [
  [
    "/blog/idempotency-keys-in-practise-apis-that-survive-retries/",
    "idempotency-keys-in-practice-apis-that-survive-retries",
  ],
  ["/blog/transactional-outbox-pattern-in-production/", "the-transactional-outbox-pattern-in-production"],
  [
    "/blog/retries-timeouts-and-backpressure-keeping-a-slow-dependency/",
    "retries-timeouts-and-backpressure-keeping-a-slow-dependency-",
  ],
  [
    "/blog/retries-timeouts-and-backpressure-keeping-a-slow-dependency-from-taking-you-down/",
    "retries-timeouts-and-backpressure-keeping-a-slow-dependency-",
  ],
  [
    "/posts/kafka-rabbitmq-or-nats-choose-a-broker-by-how-it-fails/",
    "kafka-rabbitmq-or-nats-choose-a-broker-by-how-it-fails",
  ],
  [
    "/blog/sagas-orchestration-choreography-and-compensation.html.md",
    "sagas-orchestration-choreography-and-compensation",
  ],
];

for (const [path, meant] of TYPOS) {
  test(`a 404 for ${path} names the post it meant: first in the Markdown map, in the Problem's links.closest`, async () => {
    const map = await get(path, { accept: "text/markdown" });
    assert.equal(map.response.status, 404);
    const closest = map.body.slice(map.body.indexOf("## Closest posts"));
    const listed = [...closest.matchAll(/^- \[[^\]]*\]\(([^)]+)\) \(Markdown: ([^)]+)\)$/gm)];
    assert.equal(listed.length, 5, "the five closest posts");
    assert.equal(listed[0][1], `${BASE}/blog/${meant}/`);
    assert.equal(listed[0][2], `${BASE}/blog/${meant}.md`);
    assert.ok(closest.includes(`\`${path}\``), "the map names the path asked for");
    const problem = JSON.parse((await get(path)).body);
    assert.equal(problem.links.closest, `${BASE}/blog/${meant}/`);
    assert.ok(problem.resolution.includes(`${BASE}/blog/${meant}/`));
  });
}

test("a path like no post names no closest post in its Problem; its Markdown map still lists the nearest few, never a retired one", async () => {
  for (const path of [
    "/nope/",
    "/completely/different/thing/",
    "/blog/why-every-enterprise-needs-a-central-esb/",
  ]) {
    const problem = JSON.parse((await get(path)).body);
    assert.equal(problem.links.closest, undefined, path);
    const map = (await get(path, { accept: "text/markdown" })).body;
    assert.match(map, /## Closest posts/, path);
    assert.ok(
      !map.includes("why-every-enterprise-needs-a-central-esb/)"),
      `${path}: the retired post is not named`,
    );
  }
});

test("a near miss of a page gets that page in the Markdown map, and no list of posts", async () => {
  const { response, body } = await get("/About/", { accept: "text/markdown" });
  assert.equal(response.status, 404);
  assert.ok(
    body.includes(`## The page you asked for\n\nIt is at ${BASE}/about/ (Markdown: ${BASE}/about.md)`),
  );
  assert.ok(!body.includes("## Closest posts"));
});

test("the Markdown map is the static head and a few hundred bytes more: a few KB", async () => {
  const head = readFileSync(join(dist, "_sitegen/404.md"), "utf8");
  for (const [path] of TYPOS) {
    const { body } = await get(path, { accept: "text/markdown" });
    assert.ok(body.startsWith(head.trimEnd()), `${path}: the map starts with its static head`);
    assert.ok(Buffer.byteLength(body) < 8_000, `${path}: ${Buffer.byteLength(body)} bytes`);
  }
});
