/**
 * The pages that list posts: with `tags: true` and `paginate: 10` (as the
 * starter has them), /tags/, a page per tag (/tags/<tag>/, numbered past 10
 * posts: /tags/<tag>/page/2/) and the blog's numbered pages (/blog/page/2/).
 * Each is a page of the surface like any other, from the manifest: HTML and
 * Markdown on one URL, its `.md` sibling, the sitemap, llms.txt, OpenAPI, the
 * negotiation data, the 404 and 406 bodies and the hosts' rules. The site is
 * one `sitegen init` writes, with the posts of test/fixtures/starter-blog/,
 * built once for Netlify and once for Cloudflare and served by the preview
 * server, Netlify's emulator and Cloudflare's runtime, which must answer
 * alike. The Halyard site sets neither, and has none of these pages.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtSite, routeTable, sitegenHere, WRANGLER, type Running } from "./helpers/dist.ts";
import { hostsOfBothBuilds } from "./helpers/on-demand.ts";
import { BROWSER, compareAll, everyAcceptOn, featureCases } from "./helpers/host-parity.ts";
import { initSite, STARTER_BLOG_POSTS } from "./helpers/starter.ts";
import { verifyFailures } from "./helpers/verify.ts";

const site = initSite("listings");
cpSync(STARTER_BLOG_POSTS, join(site, "content/blog"), { recursive: true });
// A site that does without its developers page (the starter says `developers_page: optional`): its error bodies point elsewhere on every host.
rmSync(join(site, "content/pages/developers.md"));
const BASE = "https://example.com";

async function build(args: string[]): Promise<string> {
  const out = join(site, `dist-${args.join("-") || "netlify"}`);
  const run = await sitegenHere(["build", "--out", out, ...args], { cwd: site });
  assert.equal(run.status, 0, run.stderr);
  return out;
}

const dist = await build([]);
const distCloudflare = await build(["--host", "cloudflare"]);
const index = JSON.parse(readFileSync(join(dist, "blog-index.json"), "utf8")) as {
  posts: { slug: string; tags: string[] }[];
};
const TAGS = [...new Set(index.posts.flatMap((post) => post.tags))].sort();
const TAGGED = (tag: string) =>
  index.posts.filter((post) => post.tags.includes(tag)).map((post) => post.slug);
/** The listing pages the fixture must have: 12 posts at 10 a page, and `sailing` on 5 posts. */
const LISTINGS: [path: string, sibling: string][] = [
  ["/tags/", "/tags.md"],
  ["/blog/page/2/", "/blog/page/2.md"],
  ...TAGS.map((tag): [string, string] => [`/tags/${tag}/`, `/tags/${tag}.md`]),
];

const hosts = hostsOfBothBuilds(dist, distCloudflare);
after(() => hosts.stop());

/** The post paths a listing page's Markdown links, in order. */
function listedPosts(markdown: string): string[] {
  return [...markdown.matchAll(/^- \[[^\]]*\]\(https:\/\/example\.com\/blog\/([^/)]+)\/\)/gm)].map(
    (match) => match[1],
  );
}

test("the blog is two pages of 10 posts, newest first, that together list every post once; each tag's page lists its posts", () => {
  assert.equal(index.posts.length, 12);
  const first = listedPosts(readFileSync(join(dist, "blog.md"), "utf8"));
  const second = listedPosts(readFileSync(join(dist, "blog/page/2.md"), "utf8"));
  assert.equal(first.length, 10);
  assert.deepEqual(
    [...first, ...second],
    index.posts.map((post) => post.slug),
  );
  assert.ok(!existsSync(join(dist, "blog/page/1")), "page 1 is the blog itself");
  assert.ok(!existsSync(join(dist, "blog/page/3")));
  for (const tag of TAGS) {
    const sibling = readFileSync(join(dist, `tags/${tag}.md`), "utf8");
    const more = existsSync(join(dist, `tags/${tag}/page/2.md`))
      ? listedPosts(readFileSync(join(dist, `tags/${tag}/page/2.md`), "utf8"))
      : [];
    assert.deepEqual([...listedPosts(sibling), ...more], TAGGED(tag), tag);
    assert.match(sibling, new RegExp(`^# Posts tagged ${tag}\\n`), tag);
  }
  const tagIndex = readFileSync(join(dist, "tags.md"), "utf8");
  for (const tag of TAGS)
    assert.ok(
      tagIndex.includes(
        `- [${tag}](${BASE}/tags/${tag}/) (${TAGGED(tag).length === 1 ? "1 post" : `${TAGGED(tag).length} posts`}; Markdown: ${BASE}/tags/${tag}.md)`,
      ),
      tag,
    );
});

test("a numbered page says where it stands, in both representations: its number, the pages before and after it, and links to them; the navigation marks the blog or the tag index as where the reader is", () => {
  const markdown = readFileSync(join(dist, "blog/page/2.md"), "utf8");
  assert.match(markdown, /^- Page: 2 of 2$/m);
  assert.match(markdown, new RegExp(`^- Previous page: ${BASE}/blog/$`, "m"));
  assert.doesNotMatch(markdown, /^- Next page:/m);
  assert.match(
    readFileSync(join(dist, "blog.md"), "utf8"),
    new RegExp(`^- Next page: ${BASE}/blog/page/2/$`, "m"),
  );
  const html = readFileSync(join(dist, "blog/page/2/index.html"), "utf8");
  assert.match(html, /<nav class="pagination" aria-label="Pages">/);
  assert.match(html, /<a href="\/blog\/" rel="prev">Newer posts<\/a>/);
  assert.match(html, /<a href="\/blog\/page\/2\/" aria-current="page">2<\/a>/);
  assert.match(html, /<title>Blog, page 2 · Listings<\/title>/);
  assert.match(html, /<link rel="canonical" href="https:\/\/example\.com\/blog\/page\/2\/">/);
  // The site's navigation marks where the reader is: the blog on its numbered pages, the tag index on a tag's page.
  const current = (file: string) =>
    [
      ...readFileSync(join(dist, file), "utf8")
        .split("</header>")[0]
        .matchAll(/<a href="([^"]+)" aria-current="page">/g),
    ].map((match) => match[1]);
  assert.deepEqual(current("blog/page/2/index.html"), ["/blog/"]);
  assert.deepEqual(current("tags/sailing/index.html"), ["/tags/"]);
  assert.deepEqual(current("tags/index.html"), ["/tags/"]);
  // A post's tags link to their pages.
  const post = readFileSync(join(dist, "blog/harbour-lights/index.html"), "utf8");
  assert.match(post, /<a href="\/tags\/sailing\/" rel="tag">sailing<\/a>/);
  assert.match(
    readFileSync(join(dist, "blog/harbour-lights.md"), "utf8"),
    new RegExp(
      `^- Tags: \\[sailing\\]\\(${BASE}/tags/sailing/\\), \\[history\\]\\(${BASE}/tags/history/\\)$`,
      "m",
    ),
  );
});

test("the manifest's other artifacts name every listing page: sitemap, llms.txt, OpenAPI, the negotiation data, the Markdown 404", () => {
  const sitemap = readFileSync(join(dist, "sitemap.xml"), "utf8");
  const llms = readFileSync(join(dist, "llms.txt"), "utf8");
  const openapi = JSON.parse(readFileSync(join(dist, "openapi.json"), "utf8"));
  const table = routeTable(dist);
  const pageEnum: string[] = openapi.paths["/{path}"].get.parameters[0].schema.enum;
  const siblingEnum: string[] = openapi.paths["/{page}.md"].get.parameters[0].schema.enum;
  for (const [path, sibling] of LISTINGS) {
    assert.ok(sitemap.includes(`<loc>${BASE}${path}</loc>`), `sitemap: ${path}`);
    assert.ok(llms.includes(`](${BASE}${sibling}): `), `llms.txt: ${sibling}`);
    assert.ok(pageEnum.includes(path.slice(1)), `OpenAPI getPage: ${path}`);
    assert.ok(siblingEnum.includes(sibling.slice(1, -3)), `OpenAPI getPageMarkdown: ${sibling}`);
    assert.equal(table.pages[path]?.markdownPath, sibling, `negotiation data: ${path}`);
    assert.equal(table.files[sibling]?.canonical, `${BASE}${path}`, `negotiation data: ${sibling}`);
  }
  assert.match(llms, /^## Listings$/m);
  assert.ok(
    readFileSync(join(dist, "_sitegen/404.md"), "utf8").includes(
      `- [Tags](${BASE}/tags/) (Markdown: ${BASE}/tags.md)`,
    ),
    "the Markdown 404 names the tag index",
  );
  // Each host's rules cover every .md sibling, however deep, with one wildcard.
  assert.match(readFileSync(join(dist, "_headers"), "utf8"), /^\/\*\.md$/m);
  assert.match(readFileSync(join(distCloudflare, "_headers"), "utf8"), /^\/\*\.md$/m);
});

test("llms.txt within a budget that leaves posts and listing pages out: the posts leave room for the listings' note, with no budget warning", async () => {
  for (const budget of [3_000, 3_200, 3_400]) {
    const content = join(site, `content-llms-${budget}`);
    cpSync(join(site, "content"), content, { recursive: true });
    appendFileSync(join(content, "site.yaml"), `budgets:\n  llms_txt_bytes: ${budget}\n`);
    const out = join(site, `dist-llms-${budget}`);
    const run = await sitegenHere(["build", "--content", content, "--out", out, "--json"], { cwd: site });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).counts.budget, undefined, `${budget}: no budget warning`);
    const llms = readFileSync(join(out, "llms.txt"), "utf8");
    assert.ok(Buffer.byteLength(llms) <= budget, `${budget}: llms.txt is ${Buffer.byteLength(llms)} bytes`);
    assert.match(llms, /^- \[blog-index\.json\]\([^)]+\): The newest \d+ of 12 posts, newest first\./m);
    assert.match(llms, /^- \[sitemap\.xml\]\([^)]+\): \d+ more of these pages are not listed here: /m);
  }
});

test("each listing page negotiates on every host: Markdown, HTML with its Link to the sibling, the sibling's same bytes, 406 for JSON; a page past the last is a 404", async () => {
  const [preview, netlify, cloudflare] = await Promise.all([
    hosts.get("preview"),
    hosts.get("netlify"),
    hosts.get("cloudflare"),
  ]);
  const served: [string, Running | undefined][] = [
    ["the preview server", preview],
    ["Netlify's emulator", netlify],
    ["Cloudflare's runtime", cloudflare],
  ];
  for (const [host, running] of served) {
    if (!running) continue;
    const base: string = running.url;
    for (const [path, sibling] of LISTINGS) {
      const markdown = await fetch(new URL(path, base), { headers: { accept: "text/markdown" } });
      assert.equal(markdown.status, 200, `${host} ${path}`);
      assert.equal(markdown.headers.get("content-type"), "text/markdown; charset=utf-8", `${host} ${path}`);
      const text = await markdown.text();
      assert.equal(await (await fetch(new URL(sibling, base))).text(), text, `${host} ${sibling}`);
      const html = await fetch(new URL(path, base), { headers: { accept: BROWSER } });
      assert.equal(html.status, 200, `${host} ${path}`);
      assert.equal(
        html.headers.get("link"),
        `<${sibling}>; rel="alternate"; type="text/markdown"`,
        `${host} ${path}`,
      );
      assert.match(
        await html.text(),
        new RegExp(`<h1>${text.split("\n")[0].slice(2)}</h1>`),
        `${host} ${path}`,
      );
      const json = await fetch(new URL(path, base), { headers: { accept: "application/json" } });
      assert.equal(json.status, 406, `${host} ${path}`);
      const problem = await json.json();
      assert.equal(problem.code, "representation_not_available");
      assert.deepEqual(problem.available, ["text/html", "text/markdown"]);
    }
    for (const miss of ["/blog/page/3/", "/tags/no-such-tag/", "/blog/page/1/", "/tags/sailing/page/9/"]) {
      const response = await fetch(new URL(miss, base));
      assert.equal(response.status, 404, `${host} ${miss}`);
      const problem = await response.json();
      assert.equal(problem.code, "not_found", `${host} ${miss}`);
      // Without a developers page: RFC 9457's about:blank, and the agent instructions as the documentation.
      assert.equal(problem.type, "about:blank", `${host} ${miss}`);
      assert.equal(problem.documentation_url, `${BASE}/agent-instructions.md`, `${host} ${miss}`);
      assert.match(
        response.headers.get("link") ?? "",
        /<https:\/\/example\.com\/agent-instructions\.md>; rel="help"; type="text\/markdown"/,
        `${host} ${miss}`,
      );
    }
  }
});

test("Netlify's emulator and Cloudflare's runtime answer every listing path as the preview server does", {
  skip: WRANGLER.present ? false : `wrangler is not installed: ${WRANGLER.install}`,
}, async () => {
  // The listing pages, their siblings and files, and the misses beside them; the rest of the site is any site's (netlify.test.ts, cloudflare.test.ts).
  const table = routeTable(dist);
  const listing = (path: string) => /^\/(tags|blog\/page)([/.]|$)/.test(path);
  const known = [...Object.keys(table.pages), ...Object.keys(table.files)].filter(listing);
  assert.ok(
    LISTINGS.every(([path, sibling]) => known.includes(path) && known.includes(sibling)),
    `every listing page and sibling among ${known.join(" ")}`,
  );
  const cases = featureCases(
    [...known, "/blog/"],
    [
      "/tags",
      "/tags/sailing",
      "/blog/page/2",
      "/blog/page/2/index.html",
      "/tags/nope/",
      "/tags/nope.md",
      "/blog/page/3/",
    ],
  );
  await compareAll((await hosts.get("preview"))!, (await hosts.get("netlify"))!, [
    ...cases,
    ...everyAcceptOn("/tags/sailing/"),
  ]);
  await compareAll((await hosts.get("previewCloudflare"))!, (await hosts.get("cloudflare"))!, [
    ...cases,
    ...everyAcceptOn("/blog/page/2/"),
  ]);
});

/*
 * Netlify's emulator is not asked again here: it answers every listing path byte for byte as the
 * preview server does (the test above), and a verify run through it costs about a tenth of a CPU
 * second a request; Cloudflare's build is another build, so it is verified itself.
 */
test("`sitegen verify`'s checks all pass on a site with listing pages, on the preview server and Cloudflare's runtime: its pages are those its OpenAPI description names", async () => {
  const [preview, cloudflare] = await Promise.all([hosts.get("preview"), hosts.get("cloudflare")]);
  const served: [string, Running | undefined][] = [
    ["the preview server", preview],
    ["Cloudflare's runtime", cloudflare],
  ];
  // verify takes its pages from the sitemap: the listing pages are among them.
  const sitemap = readFileSync(join(dist, "sitemap.xml"), "utf8");
  for (const [path] of LISTINGS) assert.ok(sitemap.includes(`<loc>${BASE}${path}</loc>`), path);
  for (const [host, running] of served) {
    if (!running) continue;
    const { code, failures } = await verifyFailures(running.url, { concurrency: 4, perCheck: Infinity });
    assert.deepEqual(failures, [], host);
    assert.equal(code, 0, host);
  }
});

test("the Halyard site sets neither `tags` nor `paginate`, and has no listing page but /blog/", () => {
  const halyard = builtSite();
  assert.ok(!existsSync(join(halyard, "tags")) && !existsSync(join(halyard, "tags.md")));
  assert.ok(!existsSync(join(halyard, "blog/page")));
  assert.doesNotMatch(readFileSync(join(halyard, "llms.txt"), "utf8"), /## Listings/);
});

/** The fixture's site changed by `change`, built: its exit code and messages. */
async function buildChanged(
  change: (root: string) => void,
): Promise<{ status: number; stderr: string; out: string }> {
  const root = initSite("listings-case");
  cpSync(STARTER_BLOG_POSTS, join(root, "content/blog"), { recursive: true });
  change(root);
  const out = join(root, "dist");
  const run = await sitegenHere(["build", "--out", out], { cwd: root });
  return { status: run.status, stderr: run.stderr, out };
}

test("`tags: true` with templates that have no tags.html or tag.html fails at the setting's line, saying which to add", async () => {
  const { status, stderr, out } = await buildChanged((root) => rmSync(join(root, "templates/tag.html")));
  assert.equal(status, 1, stderr);
  assert.match(
    stderr,
    /content\/site\.yaml:\d+:\d+: `tags: true` renders tag pages through tag\.html, which the templates do not have/,
  );
  assert.match(stderr, /^\s+\d+ \| tags: true$/m);
  assert.ok(!existsSync(out), "nothing written");
});

test("without `paginate` the blog is one page, fitted to its budget; without `tags` there are no tag pages and a post's tags are text", async () => {
  const { status, stderr, out } = await buildChanged((root) => {
    const file = join(root, "content/site.yaml");
    writeFileSync(
      file,
      readFileSync(file, "utf8")
        .replace(/^paginate: 10$/m, "")
        .replace(/^tags: true$/m, "")
        .replace("  - { title: Tags, path: /tags/ }\n", ""),
    );
  });
  assert.equal(status, 0, stderr);
  assert.equal(listedPosts(readFileSync(join(out, "blog.md"), "utf8")).length, 12);
  assert.ok(!existsSync(join(out, "blog/page")) && !existsSync(join(out, "tags")));
  assert.match(readFileSync(join(out, "blog/harbour-lights/index.html"), "utf8"), / · sailing, history<\/p>/);
});

test("`paginate` is a whole number of posts from 1: 0 is an error at its line", async () => {
  const { status, stderr } = await buildChanged((root) => {
    const file = join(root, "content/site.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace(/^paginate: 10$/m, "paginate: 0"));
  });
  assert.equal(status, 1);
  assert.match(stderr, /content\/site\.yaml:\d+:\d+: `paginate` must be >= 1/);
});

test("in each language with a blog page of its own (pages/blog.fr.md is /fr/blog/), its posts are listed there, numbered under /fr/blog/page/2/, with tag pages under /fr/tags/; the first language's listings keep the rest", async () => {
  const french = [
    ["lampes", "2026-06-03", "phares"],
    ["marees", "2026-06-02", "phares"],
    ["vents", "2026-06-01", "meteo"],
  ];
  const { status, stderr, out } = await buildChanged((root) => {
    const file = join(root, "content/site.yaml");
    writeFileSync(
      file,
      readFileSync(file, "utf8")
        .replace(/^languages: .*$/m, "languages: [en, fr]")
        .replace(/^paginate: 10$/m, "paginate: 2"),
    );
    writeFileSync(
      join(root, "content/pages/blog.fr.md"),
      "---\ntitle: Journal\ndescription: Les billets en français.\nupdated: 2026-01-01\n---\n\nLes billets.\n",
    );
    for (const [slug, date, tag] of french)
      writeFileSync(
        join(root, `content/blog/${slug}.md`),
        `---\ntitle: "${slug}"\ndescription: "Un billet."\ndate: ${date}\nlang: fr\ntags: [${tag}]\n---\n\nTexte.\n`,
      );
  });
  assert.equal(status, 0, stderr);
  const listedIn = (file: string) => listedPosts(readFileSync(join(out, file), "utf8"));
  assert.deepEqual(
    [...listedIn("fr/blog.md"), ...listedIn("fr/blog/page/2.md")],
    ["lampes", "marees", "vents"],
  );
  const english = [
    ...listedIn("blog.md"),
    ...Array.from({ length: 5 }, (_, page) =>
      existsSync(join(out, `blog/page/${page + 2}.md`)) ? listedIn(`blog/page/${page + 2}.md`) : [],
    ).flat(),
  ];
  assert.equal(english.length, 12, "the English blog lists the twelve English posts");
  assert.ok(
    !english.some((slug) => french.some(([french]) => french === slug)),
    "and none of the French ones",
  );
  assert.deepEqual(listedIn("fr/tags/phares.md"), ["lampes", "marees"]);
  assert.ok(!existsSync(join(out, "tags/phares.md")), "a French tag has no page among the English ones");
  assert.ok(existsSync(join(out, "fr/tags.md")) && existsSync(join(out, "tags/sailing.md")));
  assert.match(readFileSync(join(out, "fr/tags/index.html"), "utf8"), /<html lang="fr">/);
  const post = readFileSync(join(out, "blog/marees/index.html"), "utf8");
  assert.match(post, /<a href="\/fr\/tags\/phares\/" rel="tag">phares<\/a>/);
  assert.match(
    post,
    /<span class="post-nav-label">Newer<\/span> <a href="\/blog\/lampes\/" lang="fr"[ >]/,
    "its neighbours are the French posts around it",
  );
  assert.match(post, /<span class="post-nav-label">Older<\/span> <a href="\/blog\/vents\/" lang="fr"[ >]/);
});
