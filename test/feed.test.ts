/**
 * The Atom feed of a site that asks for one (`feed: true`): the second site,
 * in German and English, with more posts than a feed holds. The feed is read
 * by a real XML parser and held to RFC 4287's required elements and its
 * grammar (through xmllint), served with
 * its media type, linked from every page's head and listed in llms.txt, and
 * its entries are read as a feed reader reads them: newest first, links
 * absolute, content HTML that renders in a browser. The Halyard site, whose
 * surface the spec closes, has none.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { create } from "xmlbuilder2";
import { builtSite, ROOT, sitegen, startPreviewServer, tempDir } from "./helpers/dist.ts";
import { hostsOnDemand } from "./helpers/on-demand.ts";
import { needTools } from "../scripts/tools.mjs";
import { assertValidXml, XMLLINT } from "./helpers/xmllint.ts";

const BASE = /^base_url: (\S+)$/m.exec(
  readFileSync(join(ROOT, "test/fixtures/sites/kontor/site.yaml"), "utf8"),
)![1];

/** The second site with `feed: true` and 24 more English posts, a day apart. */
function siteWithFeed(): string {
  const dir = tempDir("sitegen-feed-");
  cpSync(join(ROOT, "test/fixtures/sites/kontor"), join(dir, "content"), { recursive: true });
  cpSync(join(ROOT, "templates"), join(dir, "templates"), { recursive: true });
  writeFileSync(
    join(dir, "content/site.yaml"),
    `${readFileSync(join(dir, "content/site.yaml"), "utf8")}feed: true\n`,
  );
  for (let day = 1; day <= 24; day++) {
    const date = `2024-03-${String(day).padStart(2, "0")}`;
    writeFileSync(
      join(dir, "content/blog", `note-${day}.md`),
      `---\ntitle: "Note ${day}: on terms & glossaries"\ndate: ${date}T09:00:00+01:00\nlang: en\ntags: [notes]\n---\n\nNote ${day} links to [the first note](/blog/note-1/), to [a heading](#more) and [elsewhere](https://example.org/x?a=1&b=2).\n\n## More {#more}\n\nText.\n\n![The mark](/assets/brand/logo.png)\n`,
    );
  }
  const run = sitegen(["build", "--out", join(dir, "dist"), "--quiet"], { cwd: dir });
  assert.equal(run.status, 0, run.stderr);
  return join(dir, "dist");
}

const dist = siteWithFeed();
const xml = readFileSync(join(dist, "feed.xml"), "utf8");
/** The feed as an XML parser reads it: a DOM, entities decoded. */
const feed = create(xml).root().node as unknown as Element;
/** Direct children of `node` named `name`. */
const children = (node: Element, name: string) =>
  [...node.childNodes].filter(
    (child): child is Element => child.nodeType === 1 && (child as Element).localName === name,
  );
const entries = children(feed, "entry");
const text = (node: Element, name: string): string => children(node, name)[0]?.textContent ?? "";
const links = (node: Element) =>
  children(node, "link").map((link) => ({
    rel: link.getAttribute("rel"),
    type: link.getAttribute("type"),
    href: link.getAttribute("href") ?? "",
  }));
const lang = (node: Element) => node.getAttribute("xml:lang");

const hosts = hostsOnDemand({ preview: () => startPreviewServer(dist) });
after(() => hosts.stop());

test("the feed is Atom 1.0 with every element RFC 4287 requires of a feed and of each entry", () => {
  assert.equal(feed.namespaceURI, "http://www.w3.org/2005/Atom");
  assert.equal(feed.localName, "feed");
  for (const required of ["id", "title", "updated"]) assert.ok(text(feed, required), `feed ${required}`);
  assert.ok(
    text(children(feed, "author")[0], "name"),
    "the feed names an author (§4.1.1), as not every entry does",
  );
  assert.ok(links(feed).some((link) => link.rel === "self" && link.href === `${BASE}/feed.xml`));
  assert.ok(!Number.isNaN(Date.parse(text(feed, "updated"))));
  for (const entry of entries) {
    for (const required of ["id", "title", "updated", "published", "summary"])
      assert.ok(text(entry, required), `entry ${required}: ${text(entry, "title")}`);
    assert.ok(
      links(entry).some((link) => link.rel === "alternate" && link.type === "text/html"),
      "an alternate link",
    );
    assert.equal(children(entry, "content")[0].getAttribute("type"), "html");
    assert.match(lang(entry) ?? "", /^(de|en)$/);
  }
});

test("the feed is valid against RFC 4287's own grammar (its RELAX NG schema, through xmllint)", {
  skip: XMLLINT.skip,
}, () => {
  assertValidXml(join(dist, "feed.xml"), "atom.rng");
});

test("a feed reader's view: the newest 20 posts, newest first, every link absolute, each in its language", () => {
  const index = JSON.parse(readFileSync(join(dist, "blog-index.json"), "utf8")) as {
    posts: { slug: string; lang: string }[];
  };
  assert.equal(entries.length, 20);
  assert.deepEqual(
    entries.map((entry) => text(entry, "id")),
    index.posts.slice(0, 20).map((post) => `${BASE}/blog/${post.slug}/`),
  );
  const times = entries.map((entry) => Date.parse(text(entry, "published")));
  assert.deepEqual(
    times,
    [...times].sort((a, b) => b - a),
    "newest first",
  );
  assert.deepEqual(
    entries.map(lang),
    index.posts.slice(0, 20).map((post) => post.lang),
  );
  for (const entry of entries) {
    for (const link of links(entry)) assert.ok(link.href.startsWith(`${BASE}/`), link.href);
    for (const [, url] of text(entry, "content").matchAll(/\s(?:href|src)="([^"]*)"/g))
      assert.match(url, /^https?:\/\//, `absolute: ${url}`);
  }
  const note = entries.find((entry) => text(entry, "title") === "Note 24: on terms & glossaries")!;
  assert.ok(text(note, "content").includes(`href="${BASE}/blog/note-1/"`));
  assert.ok(text(note, "content").includes(`href="${BASE}/blog/note-24/#more"`));
  assert.match(text(note, "content"), /href="https:\/\/example\.org\/x\?a=1&amp;b=2"/);
});

test("an entry's content is the post's HTML as its page has it, images with their width and height, headings without the page's links to them", () => {
  const note = entries.find((entry) => text(entry, "title") === "Note 24: on terms & glossaries")!;
  const content = text(note, "content");
  const page = readFileSync(join(dist, "blog/note-24/index.html"), "utf8");
  const sized = /<img src="[^"]*logo[^"]*" alt="The mark" width="(\d+)" height="(\d+)"/;
  assert.deepEqual(
    sized.exec(content)?.slice(1),
    sized.exec(page)?.slice(1),
    "the sizes the page gives the image",
  );
  assert.ok(sized.exec(page), "the page sizes it");
  assert.match(content, /<h2 id="more">More<\/h2>/);
  assert.doesNotMatch(content, /heading-anchor|>#<\/a>|class="heading"/);
  assert.match(page, /class="heading-anchor"/, "the page keeps them");
});

const browserTools = needTools(["chromium"]);
test("the feed's content renders in a browser as the post's text", { skip: browserTools.skip }, async () => {
  const browser = await chromium.launch({
    executablePath: browserTools.path("chromium"),
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage();
    const note = entries.find((entry) => text(entry, "title") === "Note 20: on terms & glossaries")!;
    await page.setContent(`<!doctype html><html lang="en"><body>${text(note, "content")}</body></html>`);
    assert.match(
      await page.innerText("body"),
      /Note 20 links to the first note, to a heading and elsewhere\.\s+More\s+Text\./,
    );
    assert.equal(await page.getAttribute("a", "href"), `${BASE}/blog/note-1/`);
  } finally {
    await browser.close();
  }
});

test("served as application/atom+xml, linked from every page's head, listed in llms.txt; robots.txt is unchanged", async () => {
  const response = await fetch(new URL("/feed.xml", (await hosts.get("preview")).url));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/atom+xml; charset=utf-8");
  assert.equal(await response.text(), xml);
  const pages = readdirSync(dist, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith(".html"),
  );
  assert.ok(pages.length > 20);
  for (const page of pages)
    assert.match(
      readFileSync(join(page.parentPath, page.name), "utf8"),
      /<link rel="alternate" type="application\/atom\+xml" href="\/feed\.xml" title="[^"]+">/,
      page.name,
    );
  assert.ok(readFileSync(join(dist, "llms.txt"), "utf8").includes(`- [feed.xml](${BASE}/feed.xml): `));
  assert.doesNotMatch(readFileSync(join(dist, "robots.txt"), "utf8"), /feed/);
});

test("the same content gives the same feed, byte for byte; the Halyard site, whose surface is closed, publishes none", () => {
  assert.equal(readFileSync(join(siteWithFeed(), "feed.xml"), "utf8"), xml);
  const halyard = builtSite();
  assert.ok(!existsSync(join(halyard, "feed.xml")));
  assert.doesNotMatch(readFileSync(join(halyard, "index.html"), "utf8"), /application\/atom\+xml/);
});
