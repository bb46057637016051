/**
 * What every page tells search engines and link previews, parsed from the
 * built HTML and held against the content as read without sitegen's code:
 * schema.org JSON-LD (Organization on the home page, BlogPosting on posts,
 * AboutPage, ContactPage and CollectionPage where they fit, WebPage
 * elsewhere), Open Graph and Twitter card meta. Every URL in them is absolute,
 * on the site's origin, and names a file of the build.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { builtSite } from "./helpers/dist.ts";
import { decodeEntities, fileFor, readSource, type Route } from "./helpers/site.ts";

const dist = builtSite();
const source = readSource();
const base = source.site.base_url;
const LOCALES: Record<string, string> = { en: "en_GB", vi: "vi_VN" };

type Node = Record<string, any>;

function html(route: Route): string {
  return readFileSync(join(dist, route.path.slice(1), "index.html"), "utf8");
}

/** The page's JSON-LD documents, parsed. */
function jsonLd(page: string): Node[] {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]) as Node,
  );
}

/** Every node of a JSON-LD document: the document itself or its @graph. */
function nodes(document: Node): Node[] {
  return Array.isArray(document["@graph"]) ? document["@graph"] : [document];
}

/** `<meta property|name="…" content="…">` as [key, content] pairs, in order. */
function meta(page: string): [string, string][] {
  return [...page.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((match) => [
    match[1],
    decodeEntities(match[2]),
  ]);
}

/** Every string value in `value` that looks like a URL. */
function urlsIn(value: unknown): string[] {
  if (typeof value === "string") return /^[a-z]+:\/\//i.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(urlsIn);
  return [];
}

/** A URL is absolute, on the site's origin, and names a file the build wrote. */
function assertOurs(url: string, where: string) {
  assert.ok(url.startsWith(`${base}/`), `${where}: ${url} is an absolute URL on ${base}`);
  const file = fileFor(url, base);
  assert.ok(file !== undefined && existsSync(join(dist, file)), `${where}: ${url} names a file of the build`);
}

describe("JSON-LD", () => {
  it("is one valid JSON document on every page, with only absolute URLs of this site", () => {
    for (const route of source.routes) {
      const documents = jsonLd(html(route));
      assert.equal(documents.length, 1, route.path);
      assert.equal(documents[0]["@context"], "https://schema.org", route.path);
      for (const url of urlsIn(documents[0]).filter((url) => !url.startsWith("https://schema.org")))
        assertOurs(url, route.path);
    }
  });

  it("describes the firm as an Organization on the home page, from site.yaml", () => {
    const home = source.routes.find((route) => route.path === "/")!;
    const organization = nodes(jsonLd(html(home))[0]).find((node) => node["@type"] === "Organization")!;
    assert.ok(organization, "an Organization node");
    assert.equal(organization.name, source.site.name);
    assert.equal(organization.url, `${base}/`);
    assert.equal(organization.email, source.site.contact.email);
    assert.equal(organization.address, (source.site.contact as { address?: string }).address);
    assert.equal(organization.description, source.site.summary.replace(/\s+/g, " ").trim());
    assert.equal(organization.logo["@type"], "ImageObject");
    assertOurs(organization.logo.url, "logo");
    const page = nodes(jsonLd(html(home))[0]).find((node) => node["@id"] === `${base}/`)!;
    assert.deepEqual(page.about, { "@id": organization["@id"] });
  });

  it("describes every post as a BlogPosting with its headline, dates, language, author, publisher and page", () => {
    for (const route of source.routes.filter((each) => each.post)) {
      const post = route.post!;
      const [posting] = jsonLd(html(route));
      const url = `${base}${route.path}`;
      assert.equal(posting["@type"], "BlogPosting", route.path);
      assert.equal(posting.headline, post.title, route.path);
      assert.equal(posting.description, post.description, route.path);
      assert.equal(posting.datePublished, post.date, route.path);
      assert.equal(posting.dateModified, post.updated ?? post.date, route.path);
      assert.equal(posting.inLanguage, post.lang, route.path);
      assert.deepEqual(posting.keywords, post.tags, route.path);
      assert.equal(posting.url, url, route.path);
      assert.deepEqual(posting.mainEntityOfPage, { "@type": "WebPage", "@id": url }, route.path);
      for (const role of ["author", "publisher"]) {
        assert.equal(posting[role]["@type"], "Organization", `${route.path} ${role}`);
        assert.equal(posting[role].name, source.site.name, `${route.path} ${role}`);
        assert.equal(posting[role].url, `${base}/`, `${route.path} ${role}`);
      }
      assertOurs(posting.publisher.logo.url, `${route.path} publisher logo`);
    }
  });

  it("types each fixed page for what it is, with its name, description, language and date", () => {
    const expected: Record<string, string> = {
      "/": "WebPage",
      "/about/": "AboutPage",
      "/blog/": "CollectionPage",
      "/brand/": "WebPage",
      "/contact/": "ContactPage",
      "/developers/": "WebPage",
      "/privacy/": "WebPage",
    };
    for (const route of source.routes.filter((each) => !each.post)) {
      const page = nodes(jsonLd(html(route))[0]).find((node) => node["@id"] === `${base}${route.path}`)!;
      assert.ok(page, `${route.path} has a node for itself`);
      assert.equal(page["@type"], expected[route.path], route.path);
      assert.equal(page.name, route.title, route.path);
      assert.equal(page.description, route.description, route.path);
      assert.equal(page.inLanguage, route.lang, route.path);
      assert.equal(page.dateModified, route.lastmod, route.path);
    }
  });

  it("cannot be closed early by the content: `<` is escaped inside the script", () => {
    for (const route of source.routes) {
      const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html(route))![1];
      assert.doesNotMatch(script, /[<>]/, route.path);
    }
  });
});

describe("Open Graph and Twitter card", () => {
  it("give every page its title, description, canonical URL, locale from its language, and an image of the site", () => {
    for (const route of source.routes) {
      const tags = new Map(meta(html(route)));
      const url = `${base}${route.path}`;
      assert.equal(tags.get("og:title"), route.title, route.path);
      assert.equal(tags.get("og:description"), route.description, route.path);
      assert.equal(tags.get("og:url"), url, route.path);
      assert.equal(tags.get("og:site_name"), source.site.name, route.path);
      assert.equal(tags.get("og:locale"), LOCALES[route.lang], route.path);
      assert.equal(tags.get("og:type"), route.post ? "article" : "website", route.path);
      assertOurs(tags.get("og:image")!, `${route.path} og:image`);
      // A Twitter card takes its title, description and image from the Open Graph tags.
      assert.equal(tags.get("twitter:card"), "summary_large_image", route.path);
      // The canonical link and og:url agree.
      assert.match(
        html(route),
        new RegExp(`<link rel="canonical" href="${url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}">`),
        route.path,
      );
    }
  });

  it("date posts and list their tags as an article", () => {
    for (const route of source.routes.filter((each) => each.post)) {
      const tags = meta(html(route));
      const value = (key: string) => tags.find(([name]) => name === key)?.[1];
      assert.equal(value("article:published_time"), route.post!.date, route.path);
      assert.equal(value("article:modified_time"), route.post!.updated ?? route.post!.date, route.path);
      assert.deepEqual(
        tags.filter(([name]) => name === "article:tag").map(([, content]) => content),
        route.post!.tags,
        route.path,
      );
    }
  });

  it("the social image is 1200×630 and the logo at least 112 px square (PNG header)", () => {
    const home = html(source.routes.find((route) => route.path === "/")!);
    const size = (url: string) => {
      const png = readFileSync(join(dist, fileFor(url, base)!));
      assert.equal(png.subarray(1, 4).toString("latin1"), "PNG");
      return [png.readUInt32BE(16), png.readUInt32BE(20)];
    };
    assert.deepEqual(size(new Map(meta(home)).get("og:image")!), [1200, 630]);
    const organization = nodes(jsonLd(home)[0]).find((node) => node["@type"] === "Organization")!;
    const [width, height] = size(organization.logo.url);
    assert.ok(width >= 112 && width === height, `${width}×${height}`);
  });

  it("the HTML 404 page has none: it is not a page to index or share", () => {
    const page = readFileSync(join(dist, "404.html"), "utf8");
    assert.deepEqual(jsonLd(page), []);
    assert.deepEqual(
      meta(page).filter(([name]) => name.startsWith("og:") || name.startsWith("twitter:")),
      [],
    );
  });
});
