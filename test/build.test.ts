/**
 * `sitegen build` on the real content, through the CLI (its `run`, in this
 * process; the binary where a test is of the process): every artifact of
 * spec §2, §2.6 and §4 parsed and held to the spec's fields and rules; the
 * base URL overrides; the summary line, `--quiet` and `--json`; determinism
 * under SOURCE_DATE_EPOCH; and atomicity when the content is broken.
 */
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import robotsParserModule from "robots-parser";
import { convert } from "xmlbuilder2";
import { Validator } from "@seriousme/openapi-schema-validator";
import { shardOf } from "../src/negotiation/table.ts";
import {
  builtSite,
  EPOCH,
  netlifyHeaderRules,
  netlifyHeadersFor,
  routeTable,
  sitegenHere,
  tempDir,
} from "./helpers/dist.ts";
import {
  assertSameTree,
  CONTENT,
  copyContent,
  CRAWLERS,
  decodeEntities,
  fileFor,
  FIXED_PAGES,
  GENERATED,
  readSource,
  readTree,
  scratchDir,
  siblingOf,
  withoutCode,
  type CliRun,
} from "./helpers/site.ts";

const source = readSource();
/** robots-parser is CommonJS (`module.exports = function`); its typings declare an ES default export. */
const robotsParser = robotsParserModule as unknown as (
  url: string,
  contents: string,
) => { isAllowed(url: string, agent?: string): boolean | undefined; getSitemaps(): string[] };
const BASE = source.site.base_url.replace(/\/$/, "");
const OVERRIDE = "https://preview.example.org";
const NETLIFY_URL = "https://deploy-preview-7--halyard.netlify.app";
const published = source.published;
const slugs = published.map((post) => post.slug);

let dist: string;
let files: Map<string, Buffer>;
const text = (file: string) => {
  const bytes = files.get(file);
  assert.ok(bytes, `${file} should exist in the build`);
  return bytes.toString("utf8");
};
const json = (file: string) => JSON.parse(text(file));

/** Other builds of the same content, run side by side before the tests. */
const JOBS: Record<string, { args: string[]; env?: NodeJS.ProcessEnv }> = {
  again: { args: [] },
  nextDay: { args: ["--json"], env: { SOURCE_DATE_EPOCH: String(Number(EPOCH) + 86_400) } },
  override: { args: ["--base-url", OVERRIDE] },
  netlify: { args: [], env: { NETLIFY: "true", URL: NETLIFY_URL } },
  flagWins: { args: ["--base-url", `${OVERRIDE}/`], env: { NETLIFY: "true", URL: NETLIFY_URL } },
  notNetlify: { args: ["--quiet"], env: { URL: NETLIFY_URL } },
  badUrl: { args: ["--base-url", "preview.example.org/path"] },
  // A post with old addresses, so that `_redirects` has rules of its own to check.
  aliases: { args: ["--content", withAliases()] },
};

/** A copy of the real content whose third post keeps two old addresses. */
function withAliases(): string {
  const content = copyContent();
  mutate(
    join(content, "blog", `${published[2].slug}.md`),
    /^title: /m,
    "aliases: [/2019/01/an-old-address/, /an-old-address.html]\ntitle: ",
  );
  return content;
}
const runs: Record<string, { out: string; result: CliRun }> = {};

/** Builds of broken content into a folder that already holds the good build. */
interface AtomicCase {
  content: string;
  parent: string;
  out: string;
  before: Map<string, Buffer>;
  brokenFile: string;
  brokenLine: number;
  result: CliRun;
}
const atomic: Record<string, AtomicCase> = {};

/** Replaces `from` in a file; returns the 1-based line where the match started. */
function mutate(file: string, from: RegExp, to: string): number {
  const original = readFileSync(file, "utf8");
  const index = original.search(from);
  assert.ok(index >= 0, `${file} should contain ${from}`);
  writeFileSync(file, original.replace(from, to));
  return original.slice(0, index).split("\n").length;
}

/** A copy of the real content with one post broken, and a folder holding a copy of the good build. */
function brokenCase(slug: string, from: RegExp, to: string, lineOffset: number): Omit<AtomicCase, "result"> {
  const content = copyContent();
  const brokenFile = join(content, "blog", `${slug}.md`);
  const brokenLine = mutate(brokenFile, from, to) + lineOffset;
  const parent = scratchDir("sitegen-atomic-");
  const out = join(parent, "dist");
  cpSync(dist, out, { recursive: true });
  return { content, parent, out, before: readTree(out), brokenFile, brokenLine };
}

before(async () => {
  dist = builtSite();
  files = readTree(dist);

  // A bad frontmatter fails while loading; a broken link, a warning that --strict
  // fails on, is found only after every file was written to the staging folder.
  const cases = {
    frontmatter: { ...brokenCase(published[0].slug, /^tags: .*$/m, "tags: [unclosed, list", 0), json: false },
    link: {
      ...brokenCase(
        published[1].slug,
        /\n---\n\n/,
        "\n---\n\nSee [a post that does not exist](/blog/no-such-post/).\n\n",
        3,
      ),
      json: true,
      strict: true,
    },
  };
  const builds = Object.entries(JOBS).map(async ([name, { args, env }]) => {
    const out = join(scratchDir(`sitegen-${name}-`), "dist");
    runs[name] = { out, result: await sitegenHere(["build", "--out", out, ...args], { env }) };
  });
  const broken = Object.entries(cases).map(async ([name, { json, ...c }]) => {
    const strict = "strict" in c && c.strict ? ["--strict"] : [];
    atomic[name] = {
      ...c,
      result: await sitegenHere([
        "build",
        "--content",
        c.content,
        "--out",
        c.out,
        ...(json ? ["--json"] : []),
        ...strict,
      ]),
    };
  });
  // An output folder that holds the content itself.
  const parent = scratchDir("sitegen-out-over-content-");
  const content = join(parent, "content");
  cpSync(CONTENT, content, { recursive: true });
  const overContent = sitegenHere(["build", "--content", content, "--out", parent]).then((result) => {
    runs.overContent = { out: parent, result };
  });
  await Promise.all([...builds, ...broken, overContent]);
});

/** Attributes of every `<tag …>` in an HTML document. */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))].map((m) =>
    Object.fromEntries(
      [...m[1].matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1].toLowerCase(), decodeEntities(a[2])]),
    ),
  );
}

/** Markdown links `[text](url)` with the line they sit on. */
function markdownLinks(markdown: string): { text: string; url: string; line: string }[] {
  return markdown
    .split("\n")
    .flatMap((line) =>
      [...line.matchAll(/\[([^\]]*)\]\(([^)\s]+)\)/g)].map((m) => ({ text: m[1], url: m[2], line })),
    );
}

/** The lines of a Markdown document under the H2 whose text matches, up to the next H2. */
function section(markdown: string, heading: RegExp): string {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => /^##\s/.test(line) && heading.test(line));
  assert.ok(start >= 0, `a section ${heading} should exist`);
  const end = lines.findIndex((line, i) => i > start && /^##\s/.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end).join("\n");
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

/** The first line of a body that is plain prose, to find the body in an output. */
function prose(body: string): string {
  let fenced = false;
  for (const line of body.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (!fenced && /^[A-ZĐa-zÀ-ỹ][^*_`[\]<>&|#]{40,}$/u.test(line)) return line.slice(0, 40);
  }
  assert.fail("the body should have a line of plain prose");
}

// ---------------------------------------------------------------------------
// The CLI

test("build exits 0 and prints one summary line: pages, files, bytes, milliseconds and the folder", () => {
  const { result, out } = runs.again;
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stderr, "");
  // Builds run side by side here: this one may have found the build cache, or gone without it while another held it.
  const match =
    /^Built (\d+) pages, (\d+) files, ([\d.]+) (B|KB|MB) in (\d+) ms \(\d+ posts? from the cache(?:; note: .*)?\) → (.+)\/\n$/.exec(
      result.stdout,
    );
  assert.ok(match, `unexpected summary: ${JSON.stringify(result.stdout)}`);
  assert.equal(Number(match[1]), FIXED_PAGES.length + published.length);
  assert.equal(Number(match[2]), readTree(out).size);
  assert.equal(match[6], out);
});

test("--quiet prints nothing on success", () => {
  const { result, out } = runs.notNetlify;
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout, "");
  assert.equal(result.stderr, "");
  assert.ok(existsSync(join(out, "index.html")), "the build was written");
});

test("--json prints the result: ok, pages, files and bytes that match the folder, findings", () => {
  const { result, out } = runs.nextDay;
  assert.equal(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout);
  const tree = readTree(out);
  assert.equal(report.ok, true);
  assert.equal(report.out, out);
  assert.equal(report.pages, FIXED_PAGES.length + published.length);
  assert.equal(report.files, tree.size);
  assert.equal(
    report.bytes,
    [...tree.values()].reduce((sum, bytes) => sum + bytes.byteLength, 0),
  );
  assert.ok(
    Number.isInteger(report.milliseconds) && report.milliseconds >= 0,
    `milliseconds: ${report.milliseconds}`,
  );
  assert.deepEqual(report.findings, []);
});

test("a base URL that is not an origin is a usage error (exit 2) and writes nothing", () => {
  const { result, out } = runs.badUrl;
  assert.equal(result.status, 2);
  assert.match(result.stderr, /base URL/);
  assert.equal(existsSync(out), false);
});

// ---------------------------------------------------------------------------
// Pages and their Markdown siblings (spec §2.1, §4.1)

test("every page of the closed set, and nothing else, has <path>/index.html and its .md sibling", () => {
  const html = [...files.keys()].filter((file) => file.endsWith("index.html")).sort();
  assert.deepEqual(html, source.routes.map((route) => `${route.path.slice(1)}index.html`).sort());
  const siblings = [...files.keys()]
    .filter(
      (file) => file.endsWith(".md") && !file.startsWith("_sitegen/") && file !== "agent-instructions.md",
    )
    .sort();
  assert.deepEqual(siblings, source.routes.map((route) => route.markdownPath.slice(1)).sort());
  for (const [path, md] of [
    ["/", "/index.md"],
    ["/about/", "/about.md"],
    ["/blog/", "/blog.md"],
    ["/developers/", "/developers.md"],
  ]) {
    assert.equal(siblingOf(path), md);
    assert.ok(files.has(md.slice(1)), `${md} should exist`);
  }
  for (const slug of slugs) assert.ok(files.has(`blog/${slug}.md`), `/blog/${slug}.md should exist`);
});

test("every HTML page has the post's lang, one canonical link, its meta description and a text/markdown alternate to its sibling", () => {
  for (const route of source.routes) {
    const html = text(`${route.path.slice(1)}index.html`);
    assert.equal(tags(html, "html")[0]?.lang, route.lang, `${route.path}: <html lang>`);
    const links = tags(html, "link");
    const canonical = links.filter((link) => link.rel === "canonical");
    assert.equal(canonical.length, 1, `${route.path}: one canonical link`);
    assert.equal(canonical[0].href, `${BASE}${route.path}`);
    const description = tags(html, "meta").filter((meta) => meta.name === "description");
    assert.equal(description.length, 1, `${route.path}: one meta description`);
    assert.equal(description[0].content, route.description);
    const alternate = links.filter((link) => link.rel === "alternate" && link.type === "text/markdown");
    assert.equal(alternate.length, 1, `${route.path}: one text/markdown alternate`);
    assert.equal(new URL(alternate[0].href, BASE).href, `${BASE}${route.markdownPath}`);
    assert.match(
      decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ""),
      new RegExp(escape(route.title)),
    );
    assert.ok(decodeEntities(html).includes(prose(route.body)), `${route.path}: the body is rendered`);
  }
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test("the developers page has the anchors Problem bodies point at: #errors, #http-404, #http-406", () => {
  const ids = new Set(tags(text("developers/index.html"), "h[1-6]").map((heading) => heading.id));
  for (const id of ["errors", "http-404", "http-406"]) assert.ok(ids.has(id), `#${id}`);
});

test("every Markdown sibling starts with the title as H1 and gives the canonical URL, the description and the body", () => {
  for (const route of source.routes) {
    const md = text(route.markdownPath.slice(1));
    const lines = md.split("\n");
    assert.equal(lines[0], `# ${route.title}`, route.markdownPath);
    assert.equal(
      withoutCode(md, "markdown")
        .split("\n")
        .filter((line) => /^# /.test(line)).length,
      1,
      `${route.markdownPath}: one H1`,
    );
    const head = lines.slice(0, 15).join("\n");
    assert.ok(head.includes(`${BASE}${route.path}`), `${route.markdownPath}: canonical URL near the top`);
    assert.ok(head.includes(route.description), `${route.markdownPath}: description near the top`);
    if (route.post) {
      assert.ok(head.includes(route.post.date), `${route.markdownPath}: date`);
      assert.match(head, new RegExp(`\\b${route.post.lang}\\b`), `${route.markdownPath}: language`);
    }
    assert.ok(md.includes(prose(route.body)), `${route.markdownPath}: the body`);
  }
});

test("every Markdown representation names the agent index before its body", () => {
  for (const route of source.routes) {
    const lines = text(route.markdownPath.slice(1)).split("\n");
    const pointer = lines.indexOf(`- Agent index: ${BASE}/llms.txt`);
    assert.ok(pointer > 0, `${route.markdownPath}: an Agent index line`);
    const body = lines.findIndex((line) => line.includes(prose(route.body)));
    assert.ok(
      pointer < body && pointer < 12,
      `${route.markdownPath}: the Agent index line (${pointer}) is near the top, before the body (${body})`,
    );
  }
});

test("{{base_url}} in a page is the build's origin, in the HTML, the .md sibling and llms-full.txt", () => {
  const developers = source.pages.find((page) => page.name === "developers")!.body;
  assert.ok(
    developers.includes("{{base_url}}/about/"),
    "the developers page writes the origin as {{base_url}}",
  );
  for (const file of ["developers.md", "developers/index.html", "llms-full.txt"]) {
    assert.ok(!text(file).includes("{{base_url}}"), `${file}: no {{base_url}} left`);
    assert.ok(text(file).includes(`curl ${BASE}/about.md`), `${file}: the curl example names ${BASE}`);
  }
  for (const [name, base] of [
    ["override", OVERRIDE],
    ["netlify", NETLIFY_URL],
  ]) {
    const developersMd = readFileSync(join(runs[name].out, "developers.md"), "utf8");
    assert.ok(developersMd.includes(`curl ${base}/about.md`), `${name}: the curl example names ${base}`);
    assert.ok(
      developersMd.includes(`"type": "${base}/developers/#http-404"`),
      `${name}: the sample Problem names ${base}`,
    );
  }
});

test("Markdown siblings keep the author's text, heading ids included, with no root-relative links outside code", () => {
  for (const route of source.routes) {
    const md = withoutCode(text(route.markdownPath.slice(1)), "markdown");
    for (const [heading] of route.body.matchAll(/^#{2,6}\s.*\{#[\w-]+\}\s*$/gm))
      assert.ok(md.includes(heading), `${route.markdownPath}: ${heading}`);
    assert.doesNotMatch(md, /\]\(\/(?!\/)/, `${route.markdownPath}: root-relative link`);
  }
});

test("/blog/ lists exactly the published posts, newest first, in HTML and Markdown", () => {
  const html = text("blog/index.html");
  const hrefs = tags(html, "a")
    .map((a) => a.href)
    .filter((href) => /^\/blog\/[^/]+\/$/.test(href));
  assert.deepEqual(
    [...new Set(hrefs)],
    published.map((post) => `/blog/${post.slug}/`),
  );
  const listed = markdownLinks(section(text("blog.md"), /Posts/)).map((link) => link.url);
  assert.deepEqual(
    listed,
    published.map((post) => `${BASE}/blog/${post.slug}/`),
  );
});

// ---------------------------------------------------------------------------
// Agent files (spec §1.5, §2.6)

test("llms.txt: H1 site name, blockquote summary, H2 sections only, a When to use part before them, named in bold, that says what not to route here", () => {
  const llms = text("llms.txt");
  const lines = llms.split("\n");
  assert.equal(lines[0], `# ${source.site.name}`);
  assert.equal(lines.filter((line) => /^# /.test(line)).length, 1, "one H1");
  const firstBlock = lines.slice(1).find((line) => line.trim() !== "")!;
  assert.ok(firstBlock.startsWith("> "), "the summary is a blockquote right after the H1");
  assert.equal(firstBlock.slice(2), oneLine(source.site.summary));
  assert.deepEqual(
    lines.filter((line) => /^#{3,6}\s/.test(line)),
    [],
    "only H1 and H2 headings",
  );
  const whenToUse = oneLine(llms.split(/^\*\*When to use\*\*$/m)[1].split(/^## /m)[0]);
  assert.ok(
    llms.indexOf("**When to use**") < llms.indexOf("\n## "),
    "the guidance is free text before the first H2 (llmstxt.org)",
  );
  for (const item of source.site.when_to_use)
    assert.ok(whenToUse.includes(oneLine(item)), `when to use: ${item}`);
  assert.match(whenToUse, /\bnot\b/i);
  for (const item of source.site.when_not_to_use)
    assert.ok(whenToUse.includes(oneLine(item)), `what not to route here: ${item}`);
  const h2 = lines.filter((line) => /^## /.test(line));
  if (h2.includes("## Optional")) assert.equal(h2.at(-1), "## Optional", "## Optional comes last");
});

test("llms.txt links every page and post by its .md URL with a one-line description, and every link exists in the build", () => {
  const links = markdownLinks(text("llms.txt"));
  for (const link of links) {
    const file = fileFor(link.url, BASE);
    assert.ok(file && files.has(file), `${link.url} should exist in the build`);
  }
  for (const route of source.routes) {
    const link = links.find((l) => l.url === `${BASE}${route.markdownPath}`);
    assert.ok(link, `llms.txt should link ${route.markdownPath}`);
    assert.equal(link.text, route.title);
    assert.ok(
      link.line.endsWith(`: ${oneLine(route.description)}`),
      `${route.markdownPath}: one-line description`,
    );
  }
  for (const path of [
    "/agent-instructions.md",
    "/blog-index.json",
    "/openapi.json",
    "/sitemap.xml",
    "/llms-full.txt",
  ]) {
    assert.ok(
      links.some((link) => link.url === `${BASE}${path}`),
      `llms.txt should link ${path}`,
    );
  }
});

test("llms-full.txt holds every page and post, each exactly as its .md sibling", () => {
  const full = text("llms-full.txt");
  assert.match(full, /^# /);
  for (const route of source.routes) {
    assert.ok(
      full.includes(text(route.markdownPath.slice(1))),
      `${route.markdownPath} should be in llms-full.txt`,
    );
  }
});

test("agent-instructions.md: how to call, cite and hand off, with the when-to-use guidance standalone", () => {
  const doc = text("agent-instructions.md");
  assert.match(doc, /^# \S/);
  const use = oneLine(section(doc, /when to use/i));
  for (const item of source.site.when_to_use) assert.ok(use.includes(oneLine(item)), `when to use: ${item}`);
  const notUse = oneLine(section(doc, /when not to use/i));
  for (const item of source.site.when_not_to_use)
    assert.ok(notUse.includes(oneLine(item)), `when not to use: ${item}`);
  section(doc, /call/i);
  section(doc, /cite/i);
  assert.ok(
    oneLine(section(doc, /hand/i)).includes(source.site.contact.email),
    "hand-off names the contact address",
  );
  assert.ok(doc.includes(`${BASE}/llms.txt`), "points at /llms.txt");
  for (const [url] of doc.matchAll(new RegExp(`${escape(BASE)}/[^\\s)\`,;]*[^\\s)\`,;.]`, "g"))) {
    const file = fileFor(url, BASE);
    assert.ok(file && files.has(file), `${url} should exist in the build`);
  }
});

// ---------------------------------------------------------------------------
// The blog index (spec §2.3, §2.4), against the schema /openapi.json publishes

test("blog-index.json validates against the BlogIndex schema inside dist/openapi.json", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: "https://sitegen.test/openapi.json", components: json("openapi.json").components });
  const validate = ajv.getSchema("https://sitegen.test/openapi.json#/components/schemas/BlogIndex");
  assert.ok(validate, "openapi.json should publish components.schemas.BlogIndex");
  const index = json("blog-index.json");
  assert.ok(validate(index), JSON.stringify(validate.errors));
  // The schema must reject what §2.4 forbids, or validating against it proves nothing.
  assert.equal(
    validate({ ...index, posts: [{ ...index.posts[0], lang: "fr" }] }),
    false,
    "lang outside vi|en",
  );
  assert.equal(
    validate({ ...index, posts: [{ ...index.posts[0], date: "2025-01-01" }] }),
    false,
    "date that is not a date-time",
  );
  assert.equal(validate({ generated: index.generated, count: 0 }), false, "posts missing");
  const { title: _t, ...untitled } = index.posts[0];
  assert.equal(validate({ ...index, posts: [untitled] }), false, "post without title");
});

test("blog-index.json: generated from SOURCE_DATE_EPOCH, count = posts.length, every published post with the §2.4 fields", () => {
  const index = json("blog-index.json");
  assert.deepEqual(Object.keys(index).sort(), ["count", "generated", "posts"]);
  assert.equal(index.generated, GENERATED);
  assert.equal(index.count, index.posts.length);
  assert.equal(index.count, published.length);
  assert.deepEqual(
    index.posts.map((post: { slug: string }) => post.slug),
    slugs,
    "published posts, newest first",
  );
  for (const [i, post] of (index.posts as Record<string, unknown>[]).entries()) {
    const want = published[i];
    for (const key of Object.keys(post))
      assert.ok(
        ["slug", "title", "description", "date", "tags", "lang"].includes(key),
        `unexpected field ${key}`,
      );
    assert.equal(post.title, want.title);
    assert.equal(post.description, want.description);
    assert.equal(typeof post.date, "string");
    assert.match(post.date as string, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    assert.equal((post.date as string).slice(0, 10), want.date);
    assert.ok(!Number.isNaN(Date.parse(post.date as string)), `${post.slug}: date ${post.date}`);
    assert.deepEqual(post.tags, want.tags);
    assert.ok(["vi", "en"].includes(post.lang as string), `${post.slug}: lang ${post.lang}`);
    assert.equal(post.lang, want.lang);
  }
});

// ---------------------------------------------------------------------------
// Crawl files

test("sitemap.xml: the sitemaps.org urlset with every canonical page URL, absolute, each with a valid lastmod", () => {
  const doc = convert(text("sitemap.xml"), { format: "object" }) as {
    urlset: { "@xmlns": string; url: { loc: string; lastmod: string }[] | { loc: string; lastmod: string } };
  };
  assert.equal(doc.urlset["@xmlns"], "http://www.sitemaps.org/schemas/sitemap/0.9");
  const urls = ([] as { loc: string; lastmod: string }[]).concat(doc.urlset.url);
  assert.deepEqual(
    urls.map((url) => url.loc).sort(),
    source.routes.map((route) => `${BASE}${route.path}`).sort(),
  );
  assert.equal(new Set(urls.map((url) => url.loc)).size, urls.length, "no duplicate URLs");
  for (const url of urls) {
    assert.match(url.loc, /^https?:\/\/[^/]+\/(.*\/)?$/, "absolute and trailing-slashed");
    assert.match(url.lastmod, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(!Number.isNaN(Date.parse(url.lastmod)), `${url.loc}: lastmod ${url.lastmod}`);
    const route = source.routes.find((r) => `${BASE}${r.path}` === url.loc)!;
    assert.equal(url.lastmod, route.lastmod, `${url.loc}: lastmod from the content`);
  }
});

test("robots.txt: at most 100 bytes, names the sitemap, blocks no crawler", () => {
  const bytes = files.get("robots.txt")!;
  assert.ok(bytes.byteLength <= 100, `robots.txt is ${bytes.byteLength} bytes`);
  const robots = robotsParser(`${BASE}/robots.txt`, bytes.toString("utf8"));
  assert.deepEqual(robots.getSitemaps(), [`${BASE}/sitemap.xml`]);
  for (const agent of CRAWLERS) {
    for (const path of [
      ...source.routes.map((r) => r.path),
      ...source.routes.map((r) => r.markdownPath),
      "/llms.txt",
      "/llms-full.txt",
      "/openapi.json",
    ]) {
      assert.ok(robots.isAllowed(`${BASE}${path}`, agent), `${agent} may fetch ${path}`);
    }
  }
  assert.doesNotMatch(bytes.toString("utf8"), /^Disallow:\s*\S/im);
});

// ---------------------------------------------------------------------------
// OpenAPI (spec §4, §5, §9)

/** Every operation of spec §4 with the tag the spec gives it. */
const OPERATIONS: { operationId: string; path: string; tag?: string; mediaType: string }[] = [
  { operationId: "getLlmsTxt", path: "/llms.txt", tag: "agent-index", mediaType: "text/plain" },
  { operationId: "getLlmsFullTxt", path: "/llms-full.txt", tag: "agent-index", mediaType: "text/plain" },
  {
    operationId: "getAgentInstructions",
    path: "/agent-instructions.md",
    tag: "agent-index",
    mediaType: "text/markdown",
  },
  { operationId: "getBlogIndex", path: "/blog-index.json", tag: "content", mediaType: "application/json" },
  { operationId: "getPostMarkdown", path: "/blog/{slug}.md", tag: "content", mediaType: "text/markdown" },
  { operationId: "getSitemap", path: "/sitemap.xml", tag: "crawl", mediaType: "application/xml" },
  { operationId: "getRobotsTxt", path: "/robots.txt", tag: "crawl", mediaType: "text/plain" },
  { operationId: "getPage", path: "/{path}", mediaType: "text/html" },
];

test("openapi.json is a valid OpenAPI 3.1 document, version 1.0.0, with empty security and its server at the base URL", async () => {
  const doc = json("openapi.json");
  const result = await new Validator().validate(doc);
  assert.ok(result.valid, JSON.stringify(result.errors));
  assert.match(doc.openapi, /^3\.1\.\d+$/);
  assert.equal(doc.info.version, "1.0.0");
  assert.deepEqual(doc.security, []);
  assert.equal(doc.components.securitySchemes, undefined);
  assert.equal(doc.servers[0].url, BASE);
  for (const [path, item] of Object.entries<Record<string, { security?: unknown }>>(doc.paths)) {
    assert.deepEqual(
      Object.keys(item).filter((key) => key !== "parameters" && key !== "summary" && key !== "description"),
      ["get"],
      `${path}: GET only`,
    );
    assert.ok(
      item.get.security === undefined || (Array.isArray(item.get.security) && item.get.security.length === 0),
      `${path}: no security`,
    );
  }
});

test("openapi.json has every §4 operation with its operationId, tag, 200 media type and 404", () => {
  const doc = json("openapi.json");
  const tagNames = doc.tags.map((tag: { name: string }) => tag.name);
  for (const name of ["agent-index", "content", "crawl"]) assert.ok(tagNames.includes(name), `tag ${name}`);
  for (const op of OPERATIONS) {
    const get = doc.paths[op.path]?.get;
    assert.ok(get, `${op.path} should be described`);
    assert.equal(get.operationId, op.operationId);
    if (op.tag) assert.deepEqual(get.tags, [op.tag], `${op.operationId} tag`);
    assert.ok(get.responses["200"].content[op.mediaType], `${op.operationId}: 200 ${op.mediaType}`);
    assert.ok(get.responses["404"], `${op.operationId}: 404`);
  }
  assert.ok(doc.paths["/openapi.json"]?.get, "the description describes itself");
  const ids = Object.values<{ get: { operationId: string } }>(doc.paths).map((item) => item.get.operationId);
  assert.equal(new Set(ids).size, ids.length, "operationIds are unique");
});

test("openapi.json: the slug enum is exactly the published slugs", () => {
  const param = json("openapi.json").paths["/blog/{slug}.md"].get.parameters.find(
    (p: { name: string }) => p.name === "slug",
  );
  assert.equal(param.in, "path");
  assert.equal(param.required, true);
  assert.equal(param.schema.type, "string");
  assert.deepEqual([...param.schema.enum].sort(), [...slugs].sort());
});

test("openapi.json: getPage negotiates HTML or Markdown by an optional Accept header and answers 404 and 406", () => {
  const doc = json("openapi.json");
  const get = doc.paths["/{path}"].get;
  const path = get.parameters.find((p: { name: string; in: string }) => p.in === "path");
  assert.equal(path.required, true);
  assert.deepEqual([...path.schema.enum].sort(), source.routes.map((r) => r.path.slice(1)).sort());
  const accept = get.parameters.find(
    (p: { name: string; in: string }) => p.in === "header" && p.name.toLowerCase() === "accept",
  );
  assert.ok(accept, "Accept header parameter");
  assert.notEqual(accept.required, true);
  assert.deepEqual(Object.keys(get.responses["200"].content).sort(), ["text/html", "text/markdown"]);
  const resolve = (ref: { $ref?: string }) =>
    (ref.$ref
      ? ref.$ref
          .split("/")
          .slice(1)
          .reduce((node: Record<string, unknown>, key: string) => node[key] as Record<string, unknown>, doc)
      : ref) as { content: Record<string, { schema: { $ref: string } }> };
  const notFound = resolve(get.responses["404"]);
  const notAcceptable = resolve(get.responses["406"]);
  assert.equal(notFound.content["application/json"].schema.$ref, "#/components/schemas/Problem");
  assert.deepEqual(
    Object.keys(notAcceptable.content),
    ["application/json"],
    "a 406 body is always a JSON Problem",
  );
  assert.equal(notAcceptable.content["application/json"].schema.$ref, "#/components/schemas/Problem");
});

test("openapi.json publishes the BlogIndex, BlogPost and Problem schemas with the spec's required fields", () => {
  const { schemas } = json("openapi.json").components;
  assert.deepEqual([...schemas.BlogIndex.required].sort(), ["count", "generated", "posts"]);
  assert.equal(schemas.BlogIndex.properties.generated.format, "date-time");
  assert.equal(schemas.BlogIndex.properties.count.type, "integer");
  const post = schemas.BlogPost;
  assert.deepEqual([...post.required].sort(), ["slug", "title"]);
  assert.equal(post.properties.date.format, "date-time");
  assert.deepEqual([...post.properties.lang.enum].sort(), ["en", "vi"]);
  assert.equal(post.properties.tags.items.type, "string");
  const problem = schemas.Problem;
  assert.deepEqual([...problem.required].sort(), ["code", "links", "status", "title", "type"]);
  assert.deepEqual([...problem.properties.code.enum].sort(), ["not_found", "representation_not_available"]);
  assert.equal(problem.properties.status.type, "integer");
  assert.equal(problem.properties.type.format, "uri");
  assert.equal(problem.properties.links.additionalProperties.format, "uri");
  assert.equal(
    json("openapi.json").paths["/blog-index.json"].get.responses["200"].content["application/json"].schema
      .$ref,
    "#/components/schemas/BlogIndex",
  );
});

// ---------------------------------------------------------------------------
// CDN rules and the negotiation table agree with the manifest

interface TableEntry {
  file: string;
  type: string;
  etag: string;
  tokens?: number;
  canonical?: string;
}

test("_sitegen/: every page with its HTML and Markdown files, every file, the 404 bodies", () => {
  const table = routeTable(dist);
  assert.equal(table.errors.home, `${BASE}/`);
  assert.deepEqual(Object.keys(table.pages).sort(), source.routes.map((route) => route.path).sort());
  const etags = new Map<string, string>();
  const entry = (e: TableEntry, type: RegExp) => {
    assert.ok(files.has(e.file.slice(1)), `${e.file} should exist`);
    assert.match(e.type, type);
    assert.match(e.etag, /^"[^"]+"$/, "a strong ETag");
    const known = etags.get(e.file);
    if (known) assert.equal(e.etag, known, `${e.file}: one ETag per file`);
    etags.set(e.file, e.etag);
  };
  for (const route of source.routes) {
    const page = table.pages[route.path];
    entry(page.html, /^text\/html/);
    entry(page.markdown, /^text\/markdown/);
    assert.equal(page.html.file, `${route.path}index.html`);
    assert.equal(page.markdown.file, route.markdownPath);
    assert.equal(page.markdownPath, route.markdownPath);
    assert.equal(page.url, `${BASE}${route.path}`);
    assert.equal(page.markdownUrl, `${BASE}${route.markdownPath}`);
    assert.equal(page.lang, route.lang);
    assert.ok(
      Number.isInteger(page.markdown.tokens) && page.markdown.tokens > 0,
      `${route.path}: tokens ${page.markdown.tokens}`,
    );
    assert.notEqual(page.html.etag, page.markdown.etag);
    const sibling = table.files[route.markdownPath];
    entry(sibling, /^text\/markdown/);
    assert.equal(sibling.canonical, `${BASE}${route.path}`);
  }
  for (const op of OPERATIONS.filter((o) => !o.path.includes("{"))) {
    entry(table.files[op.path], new RegExp(`^${escape(op.mediaType)}`));
  }
  entry(table.files["/openapi.json"], /^application\/(vnd\.oai\.openapi\+)?json/);
  entry(table.notFound.html, /^text\/html/);
  entry(table.notFound.markdown, /^text\/markdown/);
  assert.equal(new Set(etags.values()).size, etags.size, "different files have different ETags");
});

test("_headers, read by Netlify's parser: a fixed set of rules, CORS-open, every .md file typed text/markdown, each file with its media type, no header set twice", async () => {
  const rules = await netlifyHeaderRules(join(dist, "_headers"));
  const table = routeTable(dist);
  const fileRules = Object.keys(table.files).filter((path) => !path.endsWith(".md"));
  const fingerprinted = [...files.keys()]
    .filter((file) => /^assets\/.*\.[0-9a-f]{10}(\.[a-z0-9]+)?$/.test(file))
    .map((file) => `/${file}`);
  assert.ok(fingerprinted.length > 0, "the templates' assets are published under fingerprinted names");
  assert.equal(
    rules.length,
    2 + fingerprinted.length + fileRules.length,
    "one rule for every path, one per fingerprinted asset, one for every .md file, one per other file: none per page",
  );
  const paths = [
    ...source.routes.flatMap((route) => [route.path, route.markdownPath]),
    ...Object.keys(table.files),
    "/assets/site.css",
    ...fingerprinted,
  ];
  for (const path of paths) {
    const { headers, repeated } = netlifyHeadersFor(rules, path);
    assert.deepEqual(
      repeated,
      [],
      `${path}: two rules set the same header, which Netlify would join with a comma`,
    );
    assert.equal(headers.get("access-control-allow-origin"), "*", path);
    assert.equal(headers.get("x-content-type-options"), "nosniff", path);
  }
  for (const route of source.routes) {
    assert.equal(
      netlifyHeadersFor(rules, route.markdownPath).headers.get("content-type"),
      "text/markdown; charset=utf-8",
      route.markdownPath,
    );
    assert.equal(
      netlifyHeadersFor(rules, route.path).headers.get("content-type"),
      undefined,
      `${route.path}: the edge function types pages`,
    );
  }
  for (const path of Object.keys(table.files)) {
    assert.equal(
      netlifyHeadersFor(rules, path).headers.get("content-type"),
      table.files[path].type,
      `${path}: Content-Type agrees with the negotiation table`,
    );
  }
  for (const path of fingerprinted)
    assert.equal(
      netlifyHeadersFor(rules, path).headers.get("cache-control"),
      "public, max-age=31536000, immutable",
      `${path}: cached for a year`,
    );
  assert.equal(
    netlifyHeadersFor(rules, "/assets/site.css").headers.get("cache-control"),
    undefined,
    "an asset's plain name gets Netlify's default caching, which revalidates",
  );
  for (const rule of rules) {
    if (rule.for.includes("*")) continue;
    assert.ok(files.has(rule.for.slice(1)), `${rule.for}: a rule for a file that exists`);
  }
});

test("_redirects: redirects no public path and leaves the edge function's data readable, in a build without old addresses and one with them", () => {
  const publicPaths = new Set([
    ...source.routes.flatMap((r) => [r.path, r.markdownPath]),
    ...OPERATIONS.map((o) => o.path),
  ]);
  const aliased = readTree(runs.aliases.out);
  assert.equal(runs.aliases.result.status, 0, runs.aliases.result.stderr);
  for (const [name, tree] of [
    ["the Halyard site", files],
    ["the site with old addresses", aliased],
  ] as const) {
    const rules = tree
      .get("_redirects")!
      .toString("utf8")
      .split("\n")
      .filter((line) => line.trim() && !line.startsWith("#"))
      .map((line) => line.trim().split(/\s+/));
    for (const [from, to, status] of rules) {
      assert.ok(!publicPaths.has(from), `${name}: ${from} is public and must not be redirected`);
      if (to.startsWith("/"))
        assert.ok(
          tree.has(to.endsWith("/") ? `${to.slice(1)}index.html` : to.slice(1)),
          `${name}: ${to} should exist`,
        );
      assert.match(status ?? "301", /^\d{3}!?$/);
      // The function reads /_sitegen/* through context.next(), which applies these rules: a rule there would hide its data.
      assert.ok(
        !"/_sitegen/negotiation.json".startsWith(from.replace(/\*$/, "")),
        `${name}: ${from} covers the function's data`,
      );
    }
    if (tree === aliased)
      assert.deepEqual(
        rules.map(([from, to, status]) => `${from} ${to} ${status}`).sort(),
        ["/2019/01/an-old-address", "/2019/01/an-old-address/", "/an-old-address.html"].map(
          (from) => `${from} /blog/${published[2].slug}/ 301`,
        ),
      );
  }
});

test("the static 404 bodies: an HTML page without canonical; the head of the Markdown recovery map, with the agent index first, every fixed page and agent file, and no post", () => {
  const html = text("404.html");
  assert.ok(tags(html, "html")[0]?.lang, "404.html has a lang");
  assert.equal(tags(html, "link").filter((link) => link.rel === "canonical").length, 0);
  const map = text("_sitegen/404.md");
  assert.match(map, /^# /);
  assert.equal(
    map.split("\n").find((line, index) => index > 0 && line.trim() !== ""),
    `Agent index: ${BASE}/llms.txt`,
    "the agent index is the first thing after the title",
  );
  for (const route of source.routes.filter((r) => !r.post))
    assert.ok(map.includes(`${BASE}${route.path}`), `${route.path} in the recovery map`);
  for (const path of [
    "/llms.txt",
    "/llms-full.txt",
    "/agent-instructions.md",
    "/blog-index.json",
    "/sitemap.xml",
    "/openapi.json",
  ])
    assert.ok(map.includes(`${BASE}${path}`), `${path} in the recovery map`);
  // The posts closest to the path asked for are added at request time (test/negotiation/respond.test.ts).
  for (const post of published)
    assert.ok(!map.includes(`/blog/${post.slug}/`), `${post.slug} is not in the static head`);
});

// ---------------------------------------------------------------------------
// Drafts and retired posts; the trailing-hyphen slug

test("drafts and retired posts appear in no file: not their slug, not their title", () => {
  assert.ok(
    source.hidden.some((post) => post.status === "retired"),
    "the content has a retired post to test with",
  );
  for (const [file, bytes] of files) {
    const body = bytes.toString("utf8");
    for (const post of source.hidden) {
      assert.ok(!body.includes(post.slug), `${file} names the ${post.status} slug ${post.slug}`);
      assert.ok(
        !body.includes(post.title) && !decodeEntities(body).includes(post.title),
        `${file} names the ${post.status} title "${post.title}"`,
      );
    }
  }
  for (const post of source.hidden) {
    for (const file of files.keys())
      assert.ok(!file.includes(post.slug), `${file} is named for the ${post.status} post`);
  }
});

test("a slug ending in `-` works everywhere: URL, .md path, OpenAPI enum, blog index, sitemap, llms.txt, CDN rules", () => {
  const hyphenated = slugs.filter((slug) => slug.endsWith("-"));
  assert.ok(hyphenated.length > 0, "the content has a trailing-hyphen slug to test with");
  const table = routeTable(dist);
  for (const slug of hyphenated) {
    assert.ok(files.has(`blog/${slug}/index.html`), `/blog/${slug}/index.html`);
    assert.ok(files.has(`blog/${slug}.md`), `/blog/${slug}.md`);
    assert.equal(
      tags(text(`blog/${slug}/index.html`), "link").find((link) => link.rel === "canonical")?.href,
      `${BASE}/blog/${slug}/`,
    );
    assert.ok(
      json("openapi.json").paths["/blog/{slug}.md"].get.parameters[0].schema.enum.includes(slug),
      `${slug} in the OpenAPI enum`,
    );
    assert.ok(
      json("blog-index.json").posts.some((post: { slug: string }) => post.slug === slug),
      `${slug} in blog-index.json`,
    );
    assert.ok(text("sitemap.xml").includes(`<loc>${BASE}/blog/${slug}/</loc>`), `${slug} in sitemap.xml`);
    assert.ok(text("llms.txt").includes(`(${BASE}/blog/${slug}.md)`), `${slug} in llms.txt`);
    assert.equal(table.pages[`/blog/${slug}/`].markdownPath, `/blog/${slug}.md`);
  }
});

// ---------------------------------------------------------------------------
// Base URL overrides

/** Files of a build that still name `origin` anywhere, code samples included: pages write the origin as {{base_url}}. */
function mentions(tree: Map<string, Buffer>, origin: string): string[] {
  return [...tree].filter(([, bytes]) => bytes.toString("utf8").includes(origin)).map(([file]) => file);
}

function assertBase(out: string, base: string): void {
  const tree = readTree(out);
  const read = (file: string) => tree.get(file)!.toString("utf8");
  assert.equal(JSON.parse(read("_sitegen/negotiation.json")).errors.home, `${base}/`);
  assert.equal(JSON.parse(read("openapi.json")).servers[0].url, base);
  assert.ok(
    read("robots.txt").includes(`Sitemap: ${base}/sitemap.xml`),
    "robots.txt names the sitemap at the base URL",
  );
  const locs = [...read("sitemap.xml").matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  assert.equal(locs.length, source.routes.length);
  for (const loc of locs) assert.ok(loc.startsWith(`${base}/`), loc);
  for (const route of source.routes) {
    assert.equal(
      tags(read(`${route.path.slice(1)}index.html`), "link").find((link) => link.rel === "canonical")?.href,
      `${base}${route.path}`,
    );
    assert.ok(
      read(route.markdownPath.slice(1)).includes(`${base}${route.path}`),
      `${route.markdownPath} gives its canonical URL at the base URL`,
    );
  }
  for (const link of markdownLinks(read("llms.txt"))) assert.ok(link.url.startsWith(`${base}/`), link.url);
  assert.deepEqual(mentions(tree, BASE), [], `files that still name ${BASE}`);
}

test("--base-url changes every absolute URL the build writes", () => {
  assert.equal(runs.override.result.status, 0, runs.override.result.stderr);
  assertBase(runs.override.out, OVERRIDE);
});

test("on Netlify (NETLIFY=true) the URL variable sets the base URL", () => {
  assert.equal(runs.netlify.result.status, 0, runs.netlify.result.stderr);
  assertBase(runs.netlify.out, NETLIFY_URL);
});

test("--base-url (with or without a trailing slash) wins over Netlify's URL", () => {
  assert.equal(runs.flagWins.result.status, 0, runs.flagWins.result.stderr);
  assertBase(runs.flagWins.out, OVERRIDE);
});

test("URL without NETLIFY=true is ignored: the build is the default one, byte for byte", () => {
  assert.equal(runs.notNetlify.result.status, 0, runs.notNetlify.result.stderr);
  assertSameTree(readTree(runs.notNetlify.out), files);
});

// ---------------------------------------------------------------------------
// Determinism

test("two builds with the same SOURCE_DATE_EPOCH into different folders are byte-identical", () => {
  assert.equal(runs.again.result.status, 0, runs.again.result.stderr);
  assertSameTree(readTree(runs.again.out), files);
});

test("SOURCE_DATE_EPOCH enters the output only as the blog index's generated time", () => {
  const next = readTree(runs.nextDay.out);
  assert.deepEqual([...next.keys()], [...files.keys()]);
  const changed = [...files.keys()].filter((file) => !next.get(file)!.equals(files.get(file)!));
  // blog-index.json's ETag is in the route shard that holds its path.
  assert.deepEqual(changed, [
    `_sitegen/routes/${shardOf("/blog-index.json", routeTable(dist).shards)}.json`,
    "blog-index.json",
  ]);
  assert.equal(JSON.parse(next.get("blog-index.json")!.toString()).generated, "2026-12-02T00:00:00Z");
});

// ---------------------------------------------------------------------------
// Atomicity

function assertUntouched(name: string): void {
  const { parent, out, before } = atomic[name];
  assertSameTree(readTree(out), before);
  assert.deepEqual(
    readdirSync(parent),
    ["dist"],
    "nothing left beside the output folder (.sitegen-tmp-*, .sitegen-old-*)",
  );
}

test("a bad frontmatter fails the build (exit 1) naming the file and line, and leaves the previous build byte-identical", () => {
  const { result, brokenFile, brokenLine } = atomic.frontmatter;
  assert.equal(result.status, 1);
  assert.equal(result.stdout, "");
  assert.ok(
    result.stderr.includes(`${brokenFile}:${brokenLine}:`),
    `stderr should name ${brokenFile}:${brokenLine}:\n${result.stderr}`,
  );
  assertUntouched("frontmatter");
});

test("a broken link found after every file was staged fails a --strict build (exit 1), reported with --json, and leaves the previous build byte-identical", () => {
  const { result, brokenFile, brokenLine } = atomic.link;
  assert.equal(result.status, 1);
  const report = JSON.parse(result.stdout);
  assert.equal(report.ok, false);
  assert.ok(
    report.findings.some(
      (f: { file: string; line: number; level: string }) =>
        f.level === "error" && f.file === brokenFile && f.line === brokenLine,
    ),
    JSON.stringify(report.findings),
  );
  assertUntouched("link");
});

test("an output folder that holds the content is refused as a usage error (exit 2), not swapped away with the content in it", () => {
  const { out, result } = runs.overContent;
  assert.ok(existsSync(join(out, "content", "site.yaml")), "the content folder is still there");
  assert.equal(result.status, 2, result.stderr);
  assert.match(result.stderr, /^error: /m, "a message, not a crash");
});

test("a non-empty output folder that holds no earlier build is refused (exit 2) and left as it was", async () => {
  const out = tempDir();
  writeFileSync(join(out, "notes.txt"), "keep me\n");
  const result = await sitegenHere(["build", "--out", out]);
  assert.equal(result.status, 2, result.stderr);
  assert.match(result.stderr, /refusing to replace/);
  assert.equal(readFileSync(join(out, "notes.txt"), "utf8"), "keep me\n");
});

test("check --base-url judges robots.txt at the origin the deploy will use", async () => {
  const long = "https://a-very-long-netlify-site-name-for-testing-the-robots-limit.netlify.app";
  const failing = await sitegenHere(["check", "--dist", tempDir(), "--base-url", long]);
  assert.equal(failing.status, 1, failing.stderr);
  assert.match(failing.stderr, /robots\.txt is \d+ bytes; the limit is 100/);
  const fromNetlify = await sitegenHere(["check", "--dist", tempDir()], {
    env: { NETLIFY: "true", URL: long },
  });
  assert.equal(fromNetlify.status, 1, "on Netlify the URL variable is the base URL");
  assert.equal((await sitegenHere(["check", "--dist", tempDir()])).status, 0);
});

test("a link whose anchor has a malformed escape is reported as a broken anchor, not a crash", async () => {
  const content = join(tempDir(), "content");
  cpSync(join(import.meta.dirname, "../content"), content, { recursive: true });
  const file = join(content, "blog", "change-data-capture-voi-debezium-va-kafka.md");
  writeFileSync(file, `${readFileSync(file, "utf8")}\nSee [errors](/developers/#%E0%A4).\n`);
  const result = await sitegenHere(["check", "--content", content, "--dist", tempDir()]);
  assert.equal(result.status, 0, result.stderr);
  assert.match(
    result.stderr,
    /^warning: .*change-data-capture-voi-debezium-va-kafka\.md:\d+:\d+: broken anchor `\/developers\/#%E0%A4`/m,
  );
});
