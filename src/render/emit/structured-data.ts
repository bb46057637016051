/**
 * What a page says about itself to search engines and link previews:
 * schema.org JSON-LD (https://schema.org, Google's structured-data guidelines)
 * and Open Graph (https://ogp.me) and Twitter card meta. Every URL in them is
 * absolute and comes from the manifest; images are the site's own files
 * (theme-files.ts).
 */
import { absoluteUrl, type Manifest, type PageRoute } from "../../manifest/manifest.ts";
import type { TemplateSet } from "../page/template.ts";
import { themeFile } from "../page/theme-files.ts";

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
const PAGE_TYPES: Record<string, string> = {
  "/about/": "AboutPage",
  "/contact/": "ContactPage",
  "/blog/": "CollectionPage",
};

type Node = Record<string, unknown>;

export function pagePreview(manifest: Manifest, templates: TemplateSet, route: PageRoute): PagePreview {
  const shared = sharedNodes(manifest, templates);
  const url = absoluteUrl(manifest, route.path);
  // A post's own picture (`image`, `cover`) is its share image, described by its own text where it has one; the site's (`theme.social_image`) stands in elsewhere.
  const image =
    route.kind === "post" && route.image
      ? { url: route.image, alt: route.imageAlt ?? route.title, described: route.imageAlt !== undefined }
      : shared.social
        ? { url: shared.social, alt: manifest.site.name }
        : undefined;
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
      ...(image ? { image: image.url } : {}),
      ...(shared.blog ? { isPartOf: shared.blog } : {}),
      author: shared.named,
      publisher: shared.publisher,
    };
    const trail = breadcrumbs(manifest, route);
    if (trail) {
      const { "@context": context, ...posting } = data;
      data = { "@context": context, "@graph": [posting, trail] };
    }
  } else {
    const page: Node = {
      "@type": PAGE_TYPES[route.path] ?? "WebPage",
      "@id": url,
      url,
      name: route.title,
      description: route.description,
      inLanguage: route.lang,
      dateModified: route.lastmod,
      isPartOf: { "@id": shared.website["@id"] },
      publisher: shared.reference,
    };
    // The organisation is described in full on the home page; other pages name it.
    const trail = breadcrumbs(manifest, route);
    data = {
      "@context": "https://schema.org",
      "@graph":
        route.path === "/"
          ? [shared.organization, shared.website, { ...page, about: shared.reference }]
          : [page, shared.website, shared.named, ...(trail ? [trail] : [])],
    };
  }
  return {
    jsonLd: scriptSafe(JSON.stringify(data)),
    openGraph: openGraph(manifest, route, url, image),
    twitter: twitterCard(image),
  };
}

/**
 * The page's place in the site as a schema.org BreadcrumbList (Google's
 * "Breadcrumb" structured data), where site.yaml asks for it (`agents:
 * { breadcrumbs: true }`): the home page, each page above it by its path
 * that the site has (/docs/ above /docs/history/), the blog above a post
 * wherever its address puts it, then the page itself. The home page has
 * none: a trail of one says nothing.
 */
function breadcrumbs(manifest: Manifest, route: PageRoute): Node | undefined {
  if (!manifest.site.agents?.breadcrumbs || route.path === "/") return undefined;
  const byPath = routesByPath(manifest);
  const segments = route.path.split("/").filter(Boolean);
  const above = segments.slice(0, -1).map((_, index) => `/${segments.slice(0, index + 1).join("/")}/`);
  // The home page by the site's name: its title is often a greeting ("Welcome").
  const trail: { name: string; url: string }[] = [
    { name: manifest.site.name, url: absoluteUrl(manifest, "/") },
  ];
  for (const path of above) {
    const page = byPath.get(path);
    if (page) trail.push({ name: page.title, url: page.url });
  }
  const { blog } = manifest;
  if (route.kind === "post" && blog && !trail.some((crumb) => crumb.url === blog.url))
    trail.push({ name: blog.title, url: blog.url });
  trail.push({ name: route.title, url: absoluteUrl(manifest, route.path) });
  return {
    "@type": "BreadcrumbList",
    "@id": absoluteUrl(manifest, `${route.path}#breadcrumb`),
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** The routes by path, made once per build: a trail looks up each page above, and a blog may have 10,000 posts. */
const pathsOf = new WeakMap<Manifest, Map<string, PageRoute>>();

function routesByPath(manifest: Manifest): Map<string, PageRoute> {
  let paths = pathsOf.get(manifest);
  if (!paths) pathsOf.set(manifest, (paths = new Map(manifest.routes.map((route) => [route.path, route]))));
  return paths;
}

interface SharedNodes {
  /** The firm in full (home page), by reference, and named (author and publisher of posts). */
  organization: Node;
  reference: Node;
  named: Node;
  publisher: Node;
  website: Node;
  /** The blog posts are part of: the fixed page that lists them. */
  blog?: Node;
  /** The absolute URL of the image of a shared link. */
  social?: string;
}

/** What every page of one build shares, made once per build and templates (a build renders each page once, but many pages). */
const sharedOf = new WeakMap<Manifest, WeakMap<TemplateSet, SharedNodes>>();

function sharedNodes(manifest: Manifest, templates: TemplateSet): SharedNodes {
  let byTemplates = sharedOf.get(manifest);
  if (!byTemplates) sharedOf.set(manifest, (byTemplates = new WeakMap()));
  let shared = byTemplates.get(templates);
  if (!shared) {
    const { site } = manifest;
    const logo = absoluteFileUrl(manifest, templates, "logo");
    const home = absoluteUrl(manifest, "/");
    const organization: Node = {
      "@type": "Organization",
      "@id": absoluteUrl(manifest, "/#organization"),
      name: site.name,
      url: home,
      description: site.summary.replace(/\s+/g, " ").trim(),
      email: site.contact.email,
      ...(site.contact.address ? { address: site.contact.address } : {}),
      ...(logo ? { logo: { "@type": "ImageObject", url: logo } } : {}),
    };
    const reference = { "@id": organization["@id"] };
    const named = { "@type": "Organization", "@id": organization["@id"], name: site.name, url: home };
    const { blog } = manifest;
    shared = {
      organization,
      reference,
      named,
      publisher: { ...named, ...(logo ? { logo: organization.logo } : {}) },
      website: {
        "@type": "WebSite",
        "@id": absoluteUrl(manifest, "/#website"),
        url: home,
        name: site.name,
        inLanguage: site.languages[0],
        publisher: reference,
      },
      blog: blog ? { "@type": "Blog", "@id": blog.url, name: blog.title } : undefined,
      social: absoluteFileUrl(manifest, templates, "social_image"),
    };
    byTemplates.set(templates, shared);
  }
  return shared;
}

function openGraph(
  manifest: Manifest,
  route: PageRoute,
  url: string,
  image: { url: string; alt: string; described?: boolean } | undefined,
): PagePreview["openGraph"] {
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
  if (image)
    meta.push({ property: "og:image", content: image.url }, { property: "og:image:alt", content: image.alt });
  if (route.kind === "post") {
    meta.push(
      { property: "article:published_time", content: route.date! },
      { property: "article:modified_time", content: route.updated ?? route.date! },
    );
    for (const tag of route.tags) meta.push({ property: "article:tag", content: tag });
  }
  return meta;
}

/**
 * The card's kind: for its title, description and image a Twitter card
 * reads the Open Graph tags (developer.x.com, "Cards markup"), and every byte
 * in <head> is on the way to the first paint. The image's text is the one
 * it names no Open Graph tag for: `twitter:image:alt`, where the post gives
 * its picture a text of its own (the title stands in for Open Graph alone).
 */
function twitterCard(image: { alt: string; described?: boolean } | undefined): PagePreview["twitter"] {
  const card = [{ name: "twitter:card", content: image ? "summary_large_image" : "summary" }];
  if (image?.described) card.push({ name: "twitter:image:alt", content: image.alt });
  return card;
}

/** The absolute URL of the file `theme.<key>` names, if it names one (checked to exist before any page renders). */
function absoluteFileUrl(
  manifest: Manifest,
  templates: TemplateSet,
  key: "logo" | "social_image",
): string | undefined {
  const file = themeFile(manifest, templates, key);
  return file && absoluteUrl(manifest, file.path);
}

/**
 * JSON inside a `<script>` element ends at the first `</script`; escaping `<`
 * (and `>`, `&` with it) keeps any text of the content from closing it (HTML
 * Living Standard §4.12.1.3). The JSON means the same.
 */
function scriptSafe(json: string): string {
  return json.replace(/[<>&]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
