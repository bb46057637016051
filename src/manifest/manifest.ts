/**
 * The manifest: every route and file of the site, computed once from the
 * content. Pure: no I/O. Every emitter (pages, siblings, indexes, sitemap,
 * OpenAPI, CDN rules, negotiation data) and the error bodies read URLs from
 * here and compute none of their own, so they cannot disagree.
 */
import type { Content, HostName, NavLink, SiteConfig } from "../content/types.ts";
import type { SitegenError } from "../errors.ts";
import type { JekyllFiles } from "../content/types.ts";
import type { ErrorLinks } from "../negotiation/table.ts";
import { normalizePath } from "../negotiation/decide.ts";
import { siteListings } from "./listings.ts";
import { withNeighbours } from "./post-neighbours.ts";
import { listingLanguages } from "./listing-languages.ts";
import { anyMoved, redirectsOf, siteRedirects, type Redirect } from "./redirects.ts";
import { sitemapParts, type SitemapPart } from "./sitemap-parts.ts";
import { publishedFiles } from "./published-files.ts";
import { HOST_RULES_FILES, siteWideFiles } from "./static-files.ts";
import { agentFiles } from "./agent-files.ts";
import { addresser, DEVELOPERS_PATH, errorLinks, feedFile, postPath, surfaceFiles } from "./addresses.ts";
import { postRouter, withAlternates } from "./post-routes.ts";
import { byPageName, pageRouter } from "./page-routes.ts";
import { shownPosts, type ScheduledPost } from "./publication.ts";
import { blogOf, footerLinksOf, type FooterLinks } from "./layout-links.ts";
import {
  INTERNAL_DIR,
  MEDIA,
  type FileRoute,
  type PageRoute,
  type PublishedFile,
  type SurfaceRole,
  type TagEntry,
} from "./routes.ts";

// The manifest's readers import a route's types and addresses from here, as they did when this file made them too.
export type {
  Addresser,
  FileRoute,
  FileTag,
  PageRoute,
  PostLink,
  PublishedFile,
  SurfaceRole,
  Template,
} from "./routes.ts";
export { INTERNAL_DIR, MEDIA, NEGOTIATION_TABLE_FILE } from "./routes.ts";
export { absoluteUrl, DEVELOPERS_PATH, errorLinks, markdownSibling, slugOfPostPath } from "./addresses.ts";

export interface Manifest {
  site: SiteConfig;
  /** A Jekyll site's configuration, includes and data, when the content is Jekyll's: its pages' Liquid runs with them (src/render/liquid/). */
  jekyll?: JekyllFiles;
  /** The CDN the build is for: which rules files it writes (src/render/emit/netlify.ts, cloudflare.ts). */
  host: HostName;
  /** Origin without a trailing slash. */
  baseUrl: string;
  /** RFC 3339 time the build stands for (SOURCE_DATE_EPOCH when set). */
  generated: string;
  /** The site's pages: the home page first, then by name (the order of spec §2.1). */
  pages: PageRoute[];
  /** Published posts, newest first. */
  posts: PageRoute[];
  /** Drafts, newest first, in a build that shows them (`--drafts`, a preview); else none. Each is marked (`draft`) and indexed nowhere. */
  drafts: PageRoute[];
  /** The posts listings show (the blog, tag pages, a post's neighbours): the published posts and the drafts, newest first; `posts` itself when there are no drafts. */
  listed: PageRoute[];
  /** Posts whose status is published but whose date is after the build's time: left out until then. */
  scheduled: ScheduledPost[];
  /** The pages the build makes to list posts (numbered blog pages, the tag index, tag pages: src/manifest/listings.ts). */
  listings: PageRoute[];
  /** Every tag with a page, by name (`tags: true` in site.yaml), and the tags that cannot have one. */
  tags: TagEntry[];
  unaddressableTags: { name: string; source: string }[];
  /** Pages, posts, listings, then drafts: every negotiable URL. */
  routes: PageRoute[];
  /** The routes the sitemap lists: all but the drafts; `routes` itself when there are none. */
  indexable: PageRoute[];
  /** Old addresses of pages, posts and posts' own files, each answered with a 301 (src/manifest/redirects.ts), sorted by path. */
  redirects: Redirect[];
  /** Files published as they are: the published posts' bundle files and content/static/, sorted by path. */
  published: PublishedFile[];
  files: FileRoute[];
  /** The same files by role, for emitters that name one. */
  surface: Record<SurfaceRole, FileRoute>;
  /** The Atom feed, when site.yaml asks for one (`feed: true`); in `files` too. */
  feed?: FileRoute;
  /** /sitemap.md and /.well-known/api-catalog, each where site.yaml's `agents` asks for it; in `files` too. */
  sitemapMarkdown?: FileRoute;
  apiCatalog?: FileRoute;
  /** The sitemap's part files when it is too large for one, which /sitemap.xml then indexes (sitemap-parts.ts); in `files` too. */
  sitemapParts: SitemapPart[];
  /** Any post's URLs with `{slug}` standing for its slug: for the 404s that name posts at request time. */
  postUrlShape: { url: string; markdownUrl: string };
  /** Files behind the negotiated 404 (spec §7.1). */
  notFound: { html: string; markdown: string };
  /** Where error bodies and headers send an agent (spec §2.5, §7.3). */
  errors: ErrorLinks;
  navigation: NavLink[];
  footerNavigation: NavLink[];
  /** The footer's links to the machine surface (`agents.footer_links`): layout-links.ts. */
  footerLinks: FooterLinks;
  /** The page that lists the posts, which every post belongs to (structured data); a post shell keeps it. */
  blog?: { url: string; title: string };
}

export interface ManifestOptions {
  baseUrl?: string;
  /** The CDN, overriding site.yaml's `host`. */
  host?: HostName;
  generated: Date;
  /** URLs per sitemap file: sitemaps.org's 50,000 (sitemap-parts.ts), smaller only in tests. */
  sitemapUrlLimit?: number;
  /** Show the drafts too, marked and indexed nowhere: `build --drafts`, `serve --watch`, a deploy preview. */
  drafts?: boolean;
  /** Told of each old address left out (src/manifest/redirects.ts). */
  report?: (problem: SitegenError) => void;
}

export function buildManifest(content: Content, options: ManifestOptions): Manifest {
  const baseUrl = (options.baseUrl ?? content.site.base_url).replace(/\/+$/, "");
  const addressesOf = addresser(baseUrl);
  const { listed: listedSources, scheduled } = shownPosts(content.posts, {
    now: options.generated.getTime(),
    drafts: options.drafts,
  });
  const languages = listingLanguages(content.site.languages, content.pages);
  const routeOf = postRouter(addressesOf, {
    defaultLang: content.site.languages[0],
    baseUrl,
    tagPages: Boolean(content.site.tags),
    toc: Boolean(content.site.toc),
    listingIn: languages,
  });
  const untranslated = listedSources.map(routeOf);
  const publishedSources = listedSources.filter((post) => post.status === "published");
  const ordered = [...content.pages].sort(byPageName);
  const generatedDay = options.generated.toISOString().slice(0, 10);
  const untranslatedPages = ordered.map(
    pageRouter(addressesOf, { site: content.site, languages, generatedDay }),
  );
  const translated = withAlternates([...untranslatedPages, ...untranslated], content.site.languages);
  // Each post with the posts around it in its language's listing, and each listing page: the blog's and the tags' in each language that has them.
  const listed = withNeighbours(translated.slice(untranslatedPages.length), languages.of);
  const posts = listed.filter((route) => !route.draft);
  const drafts = listed.filter((route) => route.draft);
  const listings = siteListings({
    site: content.site,
    languages,
    addressesOf,
    siteFile: content.siteFile,
    pages: translated.slice(0, untranslatedPages.length),
    posts: listed,
    today: options.generated.toISOString().slice(0, 10),
  });
  const { pages } = listings;
  const surface = surfaceFiles(baseUrl);
  const feed = content.site.feed ? feedFile(baseUrl) : undefined;
  const { sitemapMarkdown, apiCatalog } = agentFiles(content.site, baseUrl, {
    markdown: MEDIA.markdown,
    internalDir: INTERNAL_DIR,
  });
  const optional = [
    ...(feed ? [feed] : []),
    ...(sitemapMarkdown ? [sitemapMarkdown] : []),
    ...(apiCatalog ? [apiCatalog] : []),
  ];
  // Drafts last: the sitemap lists every route before them (`indexable`).
  const indexable = [...pages, ...posts, ...listings.routes];
  const routes = drafts.length > 0 ? [...indexable, ...drafts] : indexable;
  const parts = sitemapParts(indexable.length, surface.sitemap, options.sitemapUrlLimit);
  const postShape = addressesOf(postPath("{slug}"));
  // Most sites have no aliases: the map of every address is made only to check some.
  const moved = [
    ...pages.map((route, index) => ({ source: ordered[index], path: route.path })),
    ...posts.map((route, index) => ({ source: publishedSources[index], path: route.path })),
    ...siteRedirects(
      content.site.redirects ?? [],
      new Set(indexable.map((route) => route.path)),
      content.siteFile,
      options.report ?? (() => {}),
    ),
  ];
  // Every file the build writes from the site at a path a request may name, besides the pages.
  const built = [
    ...Object.values(surface),
    ...optional,
    ...parts,
    { path: "/404.html" },
    ...HOST_RULES_FILES.map((name) => ({ path: `/${name}` })),
  ];
  const siteWide = siteWideFiles(content.files, {
    built: new Set(built.map((file) => file.path)),
    internalDir: INTERNAL_DIR,
    report: options.report ?? (() => {}),
  });
  // A draft's own files are published with it (its cover image), in a build that shows drafts.
  const published = publishedFiles(listed, listedSources, siteWide, baseUrl);
  const redirects = anyMoved(moved)
    ? redirectsOf(
        moved,
        new Map([
          // Every file the build writes at a path a request may name: a page, its Markdown and its HTML file, the site's own files.
          ...routes.flatMap((route) =>
            [route.path, route.markdownPath, `/${route.htmlFile}`].map((path): [string, { file: string }] => [
              path,
              { file: route.source },
            ]),
          ),
          ...built.map((file): [string, { file: string }] => [
            file.path,
            { file: "sitegen (a file it writes)" },
          ]),
          ...published.map((file): [string, { file: string }] => [
            normalizePath(file.path),
            { file: file.source },
          ]),
        ]),
        options.report ?? (() => {}),
      )
    : [];
  return {
    site: content.site,
    ...(content.jekyll ? { jekyll: content.jekyll } : {}),
    host: options.host ?? content.site.host ?? "netlify",
    baseUrl,
    generated: options.generated.toISOString().replace(/\.\d{3}Z$/, "Z"),
    pages,
    posts,
    scheduled,
    drafts,
    listed,
    listings: listings.routes,
    tags: listings.tags,
    unaddressableTags: listings.unaddressable,
    routes,
    indexable,
    redirects,
    published,
    files: [...Object.values(surface), ...optional, ...parts],
    surface,
    ...(feed ? { feed } : {}),
    ...(sitemapMarkdown ? { sitemapMarkdown } : {}),
    ...(apiCatalog ? { apiCatalog } : {}),
    sitemapParts: parts,
    postUrlShape: { url: postShape.url, markdownUrl: postShape.markdownUrl },
    notFound: { html: "404.html", markdown: `${INTERNAL_DIR}/404.md` },
    errors: errorLinks(
      baseUrl,
      surface,
      content.site.agents?.developers_page !== "optional" ||
        pages.some((page) => page.path === DEVELOPERS_PATH),
    ),
    navigation: content.site.navigation,
    footerNavigation: content.site.footer_navigation ?? [],
    footerLinks: footerLinksOf(content.site, pages, feed, surface.llmsTxt),
    ...blogOf(pages),
  };
}

/** The page at a canonical path, if the site has it. */
export function routeAt(manifest: Pick<Manifest, "routes">, path: string): PageRoute | undefined {
  return manifest.routes.find((route) => route.path === path);
}

/** Every path a reader can link to: pages, siblings, files, and the content's files published as they are. */
export function linkablePaths(manifest: Manifest): Set<string> {
  return new Set([
    ...manifest.routes.flatMap((r) => [r.path, r.markdownPath]),
    ...manifest.files.map((f) => f.path),
    ...manifest.published.map((f) => f.path),
  ]);
}
