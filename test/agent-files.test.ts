/**
 * The files and headers the reference tools read (issue 44, items 3 to 5),
 * each a setting of `agents` in site.yaml, on in the starter:
 * /sitemap.md, a BreadcrumbList in each page's JSON-LD, descriptions sitegen
 * writes of at least 50 characters, Content Signals (robots.txt where it
 * fits, a header on every Markdown answer), /.well-known/api-catalog
 * (RFC 9727), and WebMCP (forms as tools, /assets/webmcp.js's get_page).
 * A new site with the fixture's posts and a page with a form, built with
 * the real CLI and served by the preview server and Netlify's emulator. The
 * example site has them off, and changes only where item 5 says: its home
 * page's title names the site once, its contact page's Markdown describes
 * its form.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import robotsParserModule from "robots-parser";
import { parse as parseYaml } from "yaml";
import { builtSite, sitegen, startBothHosts } from "./helpers/dist.ts";
import { hostsOnDemand } from "./helpers/on-demand.ts";
import { compareAll } from "./helpers/host-parity.ts";
import { initSite, STARTER_BLOG_POSTS } from "./helpers/starter.ts";

const robotsParser = robotsParserModule as unknown as (
  url: string,
  contents: string,
) => { isAllowed(url: string, agent?: string): boolean | undefined };
const BASE = "https://example.com";

/** A new site with the fixture's posts and a page with a form of its own. */
const root = initSite("agent-files");
cpSync(STARTER_BLOG_POSTS, join(root, "content/blog"), { recursive: true });
writeFileSync(
  join(root, "content/pages/subscribe.md"),
  [
    "---",
    'title: "Subscribe"',
    'description: "A letter when a new post is out: the form to ask for one, and what the site does with your address."',
    "---",
    "",
    "## Ask for the letter",
    "",
    '<form name="letter" method="post" action="/subscribe/#thanks" data-netlify="true">',
    '<label for="letter-email">Your email address <span>We write to it when a post is out.</span></label><input type="email" id="letter-email" name="email" required>',
    '<label>How often <select name="often"><option value="each">Each post</option><option value="monthly">Once a month</option></select></label>',
    '<button type="submit">Subscribe</button>',
    "</form>",
    "",
    '<p id="thanks">Thank you.</p>',
    "",
  ].join("\n"),
);
const build = sitegen(["build", "--quiet"], { cwd: root });
assert.equal(build.status, 0, build.stderr);
const dist = join(root, "dist");
const read = (file: string) => readFileSync(join(dist, file), "utf8");
const NAME = (parseYaml(readFileSync(join(root, "content/site.yaml"), "utf8")) as { name: string }).name;

/** The preview server and Netlify's emulator, started by the first test that asks. */
const hosts = hostsOnDemand({ both: () => startBothHosts(dist) });
after(() => hosts.stop());

/** Each JSON-LD node of a page, its @graph's or itself. */
function jsonLd(html: string): Record<string, any>[] {
  const data = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);
  return data["@graph"] ?? [data];
}

const crumbs = (html: string) =>
  jsonLd(html)
    .find((node) => node["@type"] === "BreadcrumbList")
    ?.itemListElement.map(
      (item: { position: number; name: string; item: string }) =>
        `${item.position} ${item.name} ${item.item}`,
    );

/** The <loc>s of sitemap.xml: every page the site lists. */
const locs = () => [...read("sitemap.xml").matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

// ---------------------------------------------------------------------------
// A new site

test("/sitemap.md links every page sitemap.xml lists, once each, with its description, under Pages, Listings and Posts by year", () => {
  const markdown = read("sitemap.md");
  assert.ok(markdown.startsWith(`# ${NAME}: sitemap\n`), markdown.slice(0, 80));
  const links = [...markdown.matchAll(/^- \[([^\]]+)\]\((\S+)\): (.+)$/gm)];
  assert.deepEqual(links.map((link) => link[2]).sort(), locs().sort(), "the same addresses as sitemap.xml");
  for (const [, title, url, description] of links) assert.ok(title.length > 0 && description.length > 0, url);
  const headings = [...markdown.matchAll(/^(#{2,3}) (.+)$/gm)].map((match) => `${match[1]} ${match[2]}`);
  assert.deepEqual(headings.slice(0, 3), ["## Pages", "## Listings", "## Posts"]);
  assert.ok(
    headings.slice(3).every((heading) => /^### \d{4}$/.test(heading)),
    headings.join(", "),
  );
  assert.ok(
    markdown.indexOf(`(${BASE}/subscribe/)`) < markdown.indexOf("## Listings"),
    "a page is under Pages",
  );
});

test("/.well-known/api-catalog is an RFC 9727 linkset naming /openapi.json as the service description, and OpenAPI describes it", () => {
  // Kept with the build's internal files; the negotiation core answers it at its well-known address (below).
  const catalog = JSON.parse(read("_sitegen/api-catalog.json"));
  assert.deepEqual(catalog.linkset[0].anchor, `${BASE}/`);
  assert.deepEqual(catalog.linkset[0]["service-desc"], [
    { href: `${BASE}/openapi.json`, type: "application/vnd.oai.openapi+json" },
  ]);
  assert.ok(
    catalog.linkset[0]["service-doc"].some((link: { href: string }) => link.href === `${BASE}/llms.txt`),
  );
  const openapi = JSON.parse(read("openapi.json"));
  assert.match(
    Object.keys(openapi.paths["/.well-known/api-catalog"].get.responses["200"].content).join(),
    /^application\/linkset\+json$/,
  );
  assert.ok(openapi.paths["/sitemap.md"], "OpenAPI names /sitemap.md");
  // llms.txt names both, where agents look first.
  const llms = read("llms.txt");
  for (const path of ["/sitemap.md", "/.well-known/api-catalog"])
    assert.match(
      llms,
      new RegExp(
        `^- \\[${path.slice(1).replace(/\./g, "\\.")}\\]\\(${BASE}${path.replace(/\./g, "\\.")}\\): `,
        "m",
      ),
      path,
    );
});

test("pages and posts carry a BreadcrumbList: home, the pages above, the blog above a post; the home page none", () => {
  const post = "blog/counting-waves/index.html";
  assert.ok(existsSync(join(dist, post)), post);
  assert.deepEqual(crumbs(read(post)), [
    `1 ${NAME} ${BASE}/`,
    `2 Blog ${BASE}/blog/`,
    `3 ${jsonLd(read(post)).find((node) => node["@type"] === "BlogPosting")!.headline} ${BASE}/blog/counting-waves/`,
  ]);
  assert.deepEqual(crumbs(read("about/index.html")), [`1 ${NAME} ${BASE}/`, `2 About ${BASE}/about/`]);
  const tag = locs().find((url) => /\/tags\/[^/]+\/$/.test(url))!;
  const tagCrumbs = crumbs(read(`${tag.slice(BASE.length + 1)}index.html`));
  assert.deepEqual(tagCrumbs.slice(0, 2), [`1 ${NAME} ${BASE}/`, `2 Tags ${BASE}/tags/`]);
  assert.equal(crumbs(read("index.html")), undefined);
});

test("every description sitegen writes itself (the tag index, each tag's page, a numbered blog page) is at least 50 characters", () => {
  const generated = locs().filter((url) => /\/tags\/|\/page\/\d+\/$/.test(url));
  assert.ok(generated.length >= 3, generated.join(", "));
  for (const url of generated) {
    const description = /<meta name="description" content="([^"]*)">/.exec(
      read(`${url.slice(BASE.length + 1)}index.html`),
    )![1];
    assert.ok(description.length >= 50, `${url}: "${description}" is ${description.length} characters`);
  }
});

test("robots.txt carries the site's Content Signals in its 100 bytes, and still allows every crawler", () => {
  const robots = read("robots.txt");
  assert.match(robots, /^User-agent: \*\nContent-Signal: ai-train=no\nAllow: \/\n/);
  assert.ok(Buffer.byteLength(robots) <= 100, `${Buffer.byteLength(robots)} bytes`);
  const parsed = robotsParser(`${BASE}/robots.txt`, robots);
  for (const agent of ["GPTBot", "ClaudeBot", "Googlebot"])
    assert.equal(parsed.isAllowed(`${BASE}/about/`, agent), true, agent);
});

test("a Content Signal longer than robots.txt's 100 bytes allow is left out of it, and still sent on Markdown", () => {
  const site = join(root, "content/site.yaml");
  const copy = join(root, "content-long-signal");
  cpSync(join(root, "content"), copy, { recursive: true });
  writeFileSync(
    join(copy, "site.yaml"),
    readFileSync(site, "utf8").replace(
      "content_signal: { ai_train: false }",
      "content_signal: { search: true, ai_input: true, ai_train: false }",
    ),
  );
  const out = join(root, "dist-long-signal");
  const built = sitegen(["build", "--content", copy, "--out", out, "--quiet"], { cwd: root });
  assert.equal(built.status, 0, built.stderr);
  assert.doesNotMatch(readFileSync(join(out, "robots.txt"), "utf8"), /Content-Signal/);
  assert.equal(
    JSON.parse(readFileSync(join(out, "_sitegen/negotiation.json"), "utf8")).contentSignal,
    "search=yes, ai-input=yes, ai-train=no",
  );
});

test("every Markdown answer carries Content-Signal, negotiated or at its .md address; HTML does not; both hosts alike", async () => {
  const { preview, netlify } = await hosts.get("both");
  for (const [name, host] of [
    ["preview", preview],
    ["netlify", netlify],
  ] as const) {
    const markdown = await fetch(new URL("/about/", host.url), { headers: { accept: "text/markdown" } });
    assert.equal(markdown.headers.get("content-signal"), "ai-train=no", name);
    const sibling = await fetch(new URL("/blog/counting-waves.md", host.url));
    assert.equal(sibling.headers.get("content-signal"), "ai-train=no", name);
    const html = await fetch(new URL("/about/", host.url), { headers: { accept: "text/html" } });
    assert.equal(html.headers.get("content-signal"), null, name);
    const catalog = await fetch(new URL("/.well-known/api-catalog", host.url));
    assert.equal(catalog.status, 200, name);
    assert.equal(
      catalog.headers.get("content-type"),
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
      name,
    );
  }
  const cases = [
    "/about/",
    "/about.md",
    "/sitemap.md",
    "/.well-known/api-catalog",
    "/robots.txt",
    "/subscribe/",
  ].flatMap((path) =>
    [undefined, "text/markdown", "text/html"].map((accept) => ({ path, method: "GET", accept })),
  );
  await compareAll(preview, netlify, cases);
});

test("WebMCP: a form is a tool (toolname, tooldescription), each field a described parameter; the page loads /assets/webmcp.js, which its CSP allows", async () => {
  const html = read("subscribe/index.html");
  const form = /<form name="letter"[^>]*>/.exec(html)![0];
  assert.match(
    form,
    / toolname="letter" tooldescription="Ask for the letter: fills in this form \(Your email address; How often\), which is sent to \/subscribe\/; the person on the page sends it with &quot;Subscribe&quot;\."/,
  );
  // A search form (GET) opens its address with the query.
  for (const search of html.match(/<form\b[^>]*method="get"[^>]*>/g) ?? [])
    assert.match(search, / tooldescription="[^"]*: opens \/[^ ]* with this form's fields/);
  assert.match(
    html,
    /<input type="email" id="letter-email" name="email" required toolparamdescription="Your email address \(We write to it when a post is out\.\)">/,
  );
  assert.match(html, /<select name="often" toolparamdescription="How often">/);
  const script = /<script src="(\/assets\/webmcp\.[0-9a-f]+\.js)" defer data-mcp="\/mcp"><\/script>/.exec(
    html,
  );
  assert.ok(script, "the layout loads the script");
  const page = await fetch(new URL("/subscribe/", (await hosts.get("both")).preview.url));
  assert.match(page.headers.get("content-security-policy") ?? "", /script-src 'self'(;|$)/);
  assert.doesNotMatch(page.headers.get("content-security-policy") ?? "", /unsafe-inline/);
});

test("WebMCP's script is allowed by the policy the pages are sent with: a site that adds no script source to `security:` is not warned that it is blocked", () => {
  const copy = join(root, "content-no-security");
  cpSync(join(root, "content"), copy, { recursive: true });
  const site = readFileSync(join(copy, "site.yaml"), "utf8");
  writeFileSync(join(copy, "site.yaml"), site.replace(/^security:\n(?: {2}.*\n?)+/m, ""));
  assert.doesNotMatch(readFileSync(join(copy, "site.yaml"), "utf8"), /^security:/m);
  // A theme that loads the script with a plain tag, which the check of the templates reads.
  const templates = join(root, "templates-plain-script");
  cpSync(join(root, "templates"), templates, { recursive: true });
  const layout = readFileSync(join(templates, "layout.html"), "utf8");
  writeFileSync(
    join(templates, "layout.html"),
    layout.replace(
      /<script src="\/assets\/webmcp\.js"[^>]*><\/script>/,
      '<script src="/assets/webmcp.js" defer></script>',
    ),
  );
  assert.match(
    readFileSync(join(templates, "layout.html"), "utf8"),
    /<script src="\/assets\/webmcp\.js" defer><\/script>/,
  );
  const built = sitegen(
    ["build", "--content", copy, "--templates", templates, "--out", join(root, "dist-no-security")],
    { cwd: root },
  );
  assert.equal(built.status, 0, built.stderr);
  assert.doesNotMatch(built.stderr, /webmcp\.js/);
});

test("WebMCP: /assets/webmcp.js registers get_page and search where the browser has a model context: a page's Markdown as the site serves it, and /mcp's search", async () => {
  const html = read("subscribe/index.html");
  const source = read(/<script src="\/(assets\/webmcp\.[0-9a-f]+\.js)"/.exec(html)![1]);
  const base = (await hosts.get("both")).preview.url;
  const registered: {
    name: string;
    inputSchema: { required: string[] };
    execute(
      input: unknown,
    ): Promise<{ content: { text: string }[]; isError?: boolean; structuredContent?: any }>;
  }[] = [];
  // A browser's fetch reads a path against the page's address; Node's wants it whole.
  const globals = {
    location: new URL("/subscribe/", base),
    fetch: (url: string, init: RequestInit) => fetch(new URL(url, base), init),
    URL,
    Promise,
    String,
    JSON,
  };
  const currentScript = { dataset: { mcp: "/mcp" } };
  // A browser without one: nothing is registered, and nothing throws.
  runInNewContext(source, { ...globals, document: { currentScript }, navigator: {} });
  runInNewContext(source, {
    ...globals,
    document: {
      currentScript,
      modelContext: { registerTool: (tool: (typeof registered)[number]) => registered.push(tool) },
    },
    navigator: {},
  });
  assert.deepEqual(
    registered.map((tool) => tool.name),
    ["get_page", "search"],
  );
  // The script's objects are of its own realm: copied into this one to compare.
  assert.deepEqual([...registered[0].inputSchema.required], ["url"]);
  const answer = await registered[0].execute({ url: "/about/" });
  assert.equal(answer.isError, false);
  assert.equal(answer.content[0].text, await (await fetch(new URL("/about.md", base))).text());
  const missing = await registered[0].execute({ url: "/no-such-page/" });
  assert.equal(missing.isError, true);
  const elsewhere = await registered[0].execute({ url: "https://other.example/about/" });
  assert.equal(elsewhere.isError, true);
  // search is /mcp's: the same results, the post's exact title first.
  const found = await registered[1].execute({ query: "Counting waves", limit: 3 });
  assert.equal(found.isError, undefined);
  assert.equal(found.structuredContent.results[0].url, `${BASE}/blog/counting-waves/`);
  // navigator.modelContext, as the draft's IDL has it, is found too; a site without /mcp has no search.
  const viaNavigator: string[] = [];
  runInNewContext(source, {
    ...globals,
    document: { currentScript: { dataset: {} } },
    navigator: { modelContext: { registerTool: (tool: { name: string }) => viaNavigator.push(tool.name) } },
  });
  assert.deepEqual(viaNavigator, ["get_page"]);
});

// ---------------------------------------------------------------------------
// The example site: only item 5 changes it

test("the example site's home page's title names the site once", () => {
  const title = /<title>([^<]*)<\/title>/.exec(readFileSync(join(builtSite(), "index.html"), "utf8"))![1];
  assert.equal(title, "Halyard Integration: middleware and integration consulting");
});

test("the example site has none of the new files or headers: its spec closes its set of paths, and robots.txt keeps to its bytes", () => {
  const halyard = builtSite();
  for (const file of ["sitemap.md", ".well-known/api-catalog"])
    assert.ok(!existsSync(join(halyard, file)), file);
  assert.doesNotMatch(readFileSync(join(halyard, "robots.txt"), "utf8"), /Content-Signal/);
  assert.equal(
    JSON.parse(readFileSync(join(halyard, "_sitegen/negotiation.json"), "utf8")).contentSignal,
    undefined,
  );
  const contact = readFileSync(join(halyard, "contact/index.html"), "utf8");
  assert.doesNotMatch(contact, /toolname|webmcp/);
  assert.equal(
    crumbs(
      readFileSync(join(halyard, "blog/the-transactional-outbox-pattern-in-production/index.html"), "utf8"),
    ),
    undefined,
  );
});
