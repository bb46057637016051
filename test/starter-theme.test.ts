/**
 * The starter theme's parts site.yaml turns on, each through the real CLI:
 * the archive page (`archive: true`) in both representations, the sitemap,
 * llms.txt and OpenAPI; the scheme switch, thumbnails, linked tags and
 * reading time in listings, "Contents", code at the text's size, the post's
 * neighbours side by side, the draft note's code and the copy button
 * (`theme.*`, on in a new site); and the section navigation and previous and
 * next links of `sections` (the documentation's). Each part off gives the
 * page it gave before it existed.
 */
import assert from "node:assert/strict";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parseDocument } from "yaml";
import { ROOT, sitegen } from "./helpers/dist.ts";
import { readTree } from "./helpers/site.ts";
import { initSite, STARTER_BLOG_POSTS, starterSite } from "./helpers/starter.ts";

/** The theme's parts a new site turns on in site.yaml. */
const PARTS = [
  "scheme_toggle",
  "toc_heading",
  "code_at_body_size",
  "post_nav_columns",
  "draft_note_whole_words",
  "listing_covers",
  "listing_details",
  "copy_code",
];

const read = (dist: string, file: string) => readFileSync(join(dist, file), "utf8");

/** A new site with the fixture's posts, its site.yaml changed by `edit`, built with `args` at one fixed time; its root. */
function builtWith(edit: (site: ReturnType<typeof parseDocument>) => void, args: string[] = []): string {
  const root = initSite();
  cpSync(STARTER_BLOG_POSTS, join(root, "content/blog"), { recursive: true });
  const file = join(root, "content/site.yaml");
  const site = parseDocument(readFileSync(file, "utf8"));
  edit(site);
  writeFileSync(file, site.toString());
  const result = sitegen(["build", "--quiet", "--no-cache", ...args], {
    cwd: root,
    env: { ...process.env, SOURCE_DATE_EPOCH: "1780000000" },
  });
  assert.equal(result.status, 0, result.stderr);
  return root;
}

describe("the archive page (archive: true)", () => {
  it("lists every post under its year, newest first, as HTML and as Markdown at one address", () => {
    const { dist } = starterSite();
    const html = read(dist, "archive/index.html");
    const markdown = read(dist, "archive.md");
    const list = (JSON.parse(read(dist, "blog-index.json")) as { posts: { slug: string }[] }).posts;
    assert.ok(list.length >= 11, "the fixture's posts and the starter's");
    assert.match(html, /<h1>Archive<\/h1>/);
    assert.match(html, /<h2 id="posts-2026">2026<\/h2>/);
    // Each post once, by its title and date, in the blog index's order (newest first).
    let last = -1;
    for (const post of list) {
      const path = `/blog/${post.slug}/`;
      const at = html.indexOf(`<a href="${path}"`);
      assert.ok(at > last, `${path} is listed after the post before it`);
      last = at;
      assert.ok(markdown.includes(`(https://example.com${path})`), `${path} in archive.md`);
    }
    assert.match(markdown, /^# Archive$/m);
    assert.match(markdown, /^### 2026$/m);
  });

  it("is in the sitemap, llms.txt's listings, OpenAPI's pages and the navigation, as the other listing pages are", () => {
    const { dist } = starterSite();
    assert.match(read(dist, "sitemap.xml"), /<loc>https:\/\/example\.com\/archive\/<\/loc>/);
    assert.match(
      read(dist, "llms.txt"),
      /^- \[Archive\]\(https:\/\/example\.com\/archive\.md\): Every post of /m,
    );
    assert.ok(read(dist, "openapi.json").includes('"archive"'), "the archive is one of OpenAPI's pages");
    assert.match(read(dist, "index.html"), /<a href="\/archive\/">Archive<\/a>/);
    assert.match(read(dist, "archive/index.html"), /<a href="\/archive\/" aria-current="page">Archive<\/a>/);
  });

  it("fails the build at the setting's line when the templates have no archive.html", () => {
    const root = initSite("no-archive-template");
    // The starter's templates without archive.html.
    const templates = join(root, "..", "templates-without-archive");
    cpSync(join(root, "templates"), templates, { recursive: true });
    rmSync(join(templates, "archive.html"));
    const again = sitegen(["build", "--quiet", "--templates", templates], { cwd: root });
    assert.notEqual(again.status, 0, again.stderr);
    assert.match(
      again.stderr,
      /site\.yaml:\d+:\d+: `archive: true` renders \/archive\/ through archive\.html/,
    );
  });
});

describe("the starter theme's parts, on as a new site has them", () => {
  it("the scheme switch: a blocking script of the site's own in the head, before the first paint, and the button in the header", () => {
    const { dist } = starterSite();
    const html = read(dist, "index.html");
    const head = html.slice(0, html.indexOf("</head>"));
    assert.match(
      head,
      /<script src="\/assets\/scheme\.[0-9a-f]{10}\.js"><\/script>/,
      "no defer, no async: it runs before the body is painted",
    );
    assert.ok(head.indexOf("scheme.") > head.indexOf("site."), "after the stylesheet");
    assert.match(
      html,
      /<button type="button" class="scheme-toggle" aria-pressed="false" title="Dark scheme">/,
    );
    assert.match(read(dist, "assets/site.css"), /:root\[data-scheme="dark"\] \{\n {2}color-scheme: dark;/);
  });

  it("listings: a cover as a sized, lazy thumbnail, the tags as links and the reading time", () => {
    const { dist } = starterSite();
    const blog = read(dist, "blog/index.html");
    assert.match(
      blog,
      /<img class="thumbnail" src="\/blog\/harbour-lights\/cover\.jpg" srcset="[^"]+" sizes="7\.5rem" width="1200" height="630" alt="" loading="lazy" decoding="async">/,
    );
    assert.match(
      blog,
      /<time datetime="2026-05-11">11 May 2026<\/time> · <span lang="en">1 min read<\/span> · <span class="tags"><a href="\/tags\/sailing\/" rel="tag">sailing<\/a> <a href="\/tags\/history\/" rel="tag">history<\/a> <\/span>/,
    );
    // A tag's page and the home page list posts alike.
    assert.match(read(dist, "tags/sailing/index.html"), /class="thumbnail"/);
    assert.match(read(dist, "index.html"), /min read<\/span>/);
  });

  it("a post: Contents, code at the text's size, its neighbours side by side, and the copy button's script", () => {
    const { dist } = starterSite();
    const post = read(dist, "blog/harbour-lights/index.html");
    assert.match(post, /<main id="main" class="wrap code-body-size toc-heading">/);
    assert.match(post, /<nav class="post-nav post-nav-columns" aria-label="More posts" lang="en">/);
    assert.match(
      post,
      /<li class="post-nav-newer"><span class="post-nav-label">Newer<\/span> <a href="[^"]+" lang="en" rel="prev">/,
    );
    assert.match(
      post,
      /<li class="post-nav-older"><span class="post-nav-label">Older<\/span> <a href="[^"]+" lang="en" rel="next">/,
    );
    assert.match(post, /<script src="\/assets\/copy-code\.[0-9a-f]{10}\.js" defer><\/script>/);
    const css = read(dist, "assets/site.css");
    assert.match(css, /\.toc-heading \.toc::before \{ content: "Contents"/);
    assert.match(css, /\.code-body-size code, \.code-body-size kbd \{ font-size: 1em; \}/);
  });

  it("a draft's note keeps its code's words whole", () => {
    const root = builtWith(() => {}, ["--drafts"]);
    const draft = join(root, "content/blog/a-draft.md");
    writeFileSync(
      draft,
      "---\ntitle: A draft\ndescription: A post not yet published, shown in a build with drafts.\ndate: 2026-06-01\ndraft: true\n---\n\nText.\n",
    );
    assert.equal(sitegen(["build", "--quiet", "--no-cache", "--drafts"], { cwd: root }).status, 0);
    assert.match(
      read(join(root, "dist"), "blog/a-draft/index.html"),
      /<p class="draft-note draft-note-words" role="note" lang="en">/,
    );
  });
});

describe("each part off gives the page as it was", () => {
  it("false or left out: the same files, and none of the parts", () => {
    const off = builtWith((site) => {
      site.delete("archive");
      for (const part of PARTS) site.setIn(["theme", part], false);
      site.set(
        "navigation",
        site
          .get("navigation")
          .items.filter((item: { get(key: string): string }) => item.get("path") !== "/archive/"),
      );
    });
    const absent = builtWith((site) => {
      site.delete("archive");
      site.delete("theme");
      site.set(
        "navigation",
        site
          .get("navigation")
          .items.filter((item: { get(key: string): string }) => item.get("path") !== "/archive/"),
      );
    });
    const [a, b] = [readTree(join(off, "dist")), readTree(join(absent, "dist"))];
    assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort());
    for (const [file, bytes] of a)
      if (!file.startsWith("_sitegen")) assert.ok(bytes.equals(b.get(file)!), `${file} is the same`);
    const dist = join(absent, "dist");
    assert.ok(!a.has("archive/index.html") && !a.has("archive.md"), "no archive");
    const blog = read(dist, "blog/index.html");
    const post = read(dist, "blog/salt-on-the-lens/index.html");
    for (const html of [blog, post, read(dist, "index.html")]) {
      assert.doesNotMatch(
        html,
        /scheme\.|scheme-toggle|copy-code|code-body-size|toc-heading|section-nav|page-nav/,
      );
    }
    // The listing's line as it was: the date, then the tags as text.
    assert.match(
      blog,
      /<p class="meta"><time datetime="2026-05-11">11 May 2026<\/time> · sailing, history<\/p>/,
    );
    assert.doesNotMatch(blog, /class="thumbnail"|min read/);
    assert.match(post, /<main id="main" class="wrap">/);
    assert.match(
      post,
      /<nav class="post-nav" aria-label="More posts" lang="en">\n<ul>\n<li><span class="post-nav-label">Newer<\/span> <a href="[^"]+" lang="en">/,
    );
  });
});

describe("sections: section navigation and previous and next links", () => {
  const sections = [
    { title: "Start", pages: ["/", "/about/"] },
    { title: "Writing", pages: ["/blog/", "/developers/"] },
  ];

  it("every page a section names shows every section, its own marked, and the pages before and after it in their order", () => {
    const root = builtWith((site) => {
      site.set("sections", sections);
      site.setIn(["theme", "section_nav"], true);
      site.setIn(["theme", "page_nav"], true);
    });
    const dist = join(root, "dist");
    const about = read(dist, "about/index.html");
    assert.match(about, /<nav class="section-nav" aria-label="Sections" lang="en">/);
    assert.match(about, /<summary>Sections: Start<\/summary>/);
    assert.match(
      about,
      /<p class="section-title">Writing<\/p>\n<ul>\n<li><a href="\/blog\/">Blog<\/a><\/li>/,
    );
    assert.match(about, /<li><a href="\/about\/" aria-current="page">About<\/a><\/li>/);
    assert.match(
      about,
      /<li class="page-nav-previous"><span class="page-nav-label">Previous<\/span> <a href="\/" rel="prev">[^<]+<\/a><\/li>\n<li class="page-nav-next"><span class="page-nav-label">Next<\/span> <a href="\/blog\/" rel="next">Blog<\/a><\/li>/,
    );
    const first = read(dist, "index.html");
    assert.doesNotMatch(first, /page-nav-previous/, "the first page has no previous");
    assert.doesNotMatch(read(dist, "developers/index.html"), /page-nav-next/, "the last has no next");
    // A page no section names has neither.
    assert.doesNotMatch(read(dist, "blog/harbour-lights/index.html"), /section-nav|page-nav/);
  });

  it("a path that is no page of the site fails the build at its line", () => {
    const root = initSite("bad-sections");
    const file = join(root, "content/site.yaml");
    writeFileSync(
      file,
      `${readFileSync(file, "utf8")}sections:\n  - title: Start\n    pages: [/, /no-such-page/]\n`,
    );
    const result = sitegen(["build", "--quiet"], { cwd: root });
    assert.notEqual(result.status, 0);
    assert.match(
      result.stderr,
      /site\.yaml:\d+:\d+: `\/no-such-page\/` in `sections` is not a page of the site/,
    );
  });
});

describe("the documentation's sections", () => {
  it("name every page of docs/content/pages/, each once, so every page shows its place", () => {
    const site = parseDocument(readFileSync(join(ROOT, "docs/content/site.yaml"), "utf8")).toJS() as {
      sections: { pages: string[] }[];
    };
    const named = site.sections.flatMap((section) => section.pages);
    const pages = (readdirSync(join(ROOT, "docs/content/pages"), { recursive: true }) as string[])
      .filter((file) => file.endsWith(".md"))
      .map((file) =>
        `/${file
          .replace(/\\/g, "/")
          .replace(/\.md$/, "")
          .replace(/(^|\/)index$/, "")}/`.replace(/\/+/g, "/"),
      );
    assert.deepEqual([...named].sort(), [...new Set(named)].sort(), "each page once");
    assert.deepEqual([...named].sort(), pages.sort());
  });
});
