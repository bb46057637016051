/**
 * What a page says about itself to search engines and link previews:
 * schema.org JSON-LD (https://schema.org, Google's structured-data guidelines)
 * and Open Graph (https://ogp.me) and Twitter card meta. Every URL in them is
 * absolute and comes from the manifest; images are the site's own assets.
 */
import { SitegenError } from "../errors.ts";
import { absoluteUrl, type Manifest, type PageRoute } from "../manifest.ts";
import type { TemplateSet } from "../template.ts";

export interface PagePreview {
  /** The JSON-LD document, ready to sit inside `<script type="application/ld+json">`. */
  jsonLd: string;
  /** `<meta property="…" content="…">` pairs: Open Graph. */
  openGraph: { property: string; content: string }[];
  /** `<meta name="…" content="…">` pairs: Twitter card. */
  twitter: { name: string; content: string }[];
}

/**
 * The schema.org type of each fixed page of spec §2.1 that has a more
 * specific one than `WebPage`.
 */
const PAGE_TYPES: Record<string, string> = { "/about/": "AboutPage", "/contact/": "ContactPage", "/blog/": "CollectionPage" };

type Node = Record<string, unknown>;

export function pagePreview(manifest: Manifest, templates: TemplateSet, route: PageRoute): PagePreview {
  const { site } = manifest;
  const url = absoluteUrl(manifest, route.path);
  const images = siteImages(manifest, templates);
  const organization = organizationNode(manifest, images.logo);
  const reference = { "@id": organization["@id"] };
  // Enough to name the firm; the home page describes it in full.
  const named = { "@type": "Organization", "@id": organization["@id"], name: site.name, url: organization.url };
  let data: Node;
  if (route.kind === "post") {
    data = {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      "@id": absoluteUrl(manifest, `${route.path}#article`),
      headline: route.title,
      description: route.description,
      url,
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      datePublished: route.date,
      dateModified: route.updated ?? route.date,
      inLanguage: route.lang,
      keywords: route.tags,
      ...(images.social ? { image: images.social } : {}),
      ...blogOf(manifest),
      author: named,
      publisher: { ...named, ...(images.logo ? { logo: organization.logo } : {}) },
    };
  } else {
    const page: Node = {
      "@type": PAGE_TYPES[route.path] ?? "WebPage",
      "@id": url,
      url,
      name: route.title,
      description: route.description,
      inLanguage: route.lang,
      dateModified: route.lastmod,
      isPartOf: { "@id": websiteId(manifest) },
      publisher: reference,
    };
    const website: Node = { "@type": "WebSite", "@id": websiteId(manifest), url: absoluteUrl(manifest, "/"), name: site.name, inLanguage: site.language, publisher: reference };
    // The organisation is described in full on the home page; other pages name it.
    data = { "@context": "https://schema.org", "@graph": route.path === "/" ? [organization, website, { ...page, about: reference }] : [page, website, named] };
  }
  return { jsonLd: scriptSafe(JSON.stringify(data)), openGraph: openGraph(manifest, route, url, images.social), twitter: twitterCard(images.social) };
}

function organizationNode(manifest: Manifest, logo: string | undefined): Node {
  const { site } = manifest;
  return {
    "@type": "Organization",
    "@id": absoluteUrl(manifest, "/#organization"),
    name: site.name,
    url: absoluteUrl(manifest, "/"),
    description: site.summary.replace(/\s+/g, " ").trim(),
    email: site.contact.email,
    ...(site.contact.address ? { address: site.contact.address } : {}),
    ...(logo ? { logo: { "@type": "ImageObject", url: logo } } : {}),
  };
}

/** The blog a post is part of: the fixed page that lists the posts. */
function blogOf(manifest: Manifest): Node {
  const blog = manifest.pages.find((page) => page.template === "blog");
  return blog ? { isPartOf: { "@type": "Blog", "@id": absoluteUrl(manifest, blog.path), name: blog.title } } : {};
}

function websiteId(manifest: Manifest): string {
  return absoluteUrl(manifest, "/#website");
}

function openGraph(manifest: Manifest, route: PageRoute, url: string, image: string | undefined): PagePreview["openGraph"] {
  const { site } = manifest;
  const meta = [
    { property: "og:type", content: route.kind === "post" ? "article" : "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: route.title },
    { property: "og:description", content: route.description },
    { property: "og:url", content: url },
    // Open Graph wants language_TERRITORY; a language the site names no territory for stays as it is.
    { property: "og:locale", content: site.locales?.[route.lang] ?? route.lang },
  ];
  if (image) meta.push({ property: "og:image", content: image }, { property: "og:image:alt", content: site.name });
  if (route.kind === "post") {
    meta.push({ property: "article:published_time", content: route.date! }, { property: "article:modified_time", content: route.updated ?? route.date! });
    for (const tag of route.tags) meta.push({ property: "article:tag", content: tag });
  }
  return meta;
}

/**
 * Only the card's kind: for its title, description and image a Twitter card
 * reads the Open Graph tags (developer.x.com, "Cards markup"), and every byte
 * in <head> is on the way to the first paint.
 */
function twitterCard(image: string | undefined): PagePreview["twitter"] {
  return [{ name: "twitter:card", content: image ? "summary_large_image" : "summary" }];
}

/** The absolute URLs of site.yaml's `logo` and `social_image`, found among the templates' assets. */
const imagesOf = new WeakMap<TemplateSet, Map<string, { logo?: string; social?: string }>>();

function siteImages(manifest: Manifest, templates: TemplateSet): { logo?: string; social?: string } {
  let byOrigin = imagesOf.get(templates);
  if (!byOrigin) imagesOf.set(templates, (byOrigin = new Map()));
  let images = byOrigin.get(manifest.baseUrl);
  if (!images) {
    const find = (key: "logo" | "social_image") => {
      const path = manifest.site[key];
      if (path === undefined) return undefined;
      const published = templates.assetUrl(path);
      if (published === undefined) {
        throw new SitegenError("E_CONTENT", `site.yaml: \`${key}: ${path}\` names no asset of the templates folder`, { hint: "name a file under the templates folder's assets/ by its URL, e.g. /assets/brand/logo.png" });
      }
      return absoluteUrl(manifest, published);
    };
    images = { logo: find("logo"), social: find("social_image") };
    byOrigin.set(manifest.baseUrl, images);
  }
  return images;
}

/**
 * JSON inside a `<script>` element ends at the first `</script`; escaping `<`
 * (and `>`, `&` with it) keeps any text of the content from closing it (HTML
 * Living Standard §4.12.1.3). The JSON means the same.
 */
function scriptSafe(json: string): string {
  return json.replace(/[<>&]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
