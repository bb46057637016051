/**
 * A page's two representations, from one parse of its body: what render
 * lanes do for each post (they load only this, not the other artifacts'
 * emitters), and what `renderJob` does for a page job.
 */
import type { PageRoute } from "../manifest/manifest.ts";
import { budgetsOf } from "../plan/budgets.ts";
import { fitBlogListing, type BlogListing } from "./emit/blog-listing.ts";
import { pageHtml } from "./emit/page-html.ts";
import { pageMarkdown } from "./emit/page-markdown.ts";
import { headingIds, type PageWarning } from "./links.ts";
import { renderMarkdown, type MarkdownWarning, type RenderedMarkdown } from "./markdown/index.ts";
import { resolveOrigin } from "./origin.ts";
import { blockedElements, contentPolicy } from "./content-policy.ts";
import { dimensionsOf } from "../content/image-size.ts";
import { sitePathOf } from "./links.ts";
import type { RenderContext, RenderedJob } from "./render-job.ts";

/**
 * A page's HTML and its `.md` sibling, from one parse of its body, with
 * `{{base_url}}` resolved to the build's origin first.
 */
export function renderPage(route: PageRoute, context: Pick<RenderContext, "manifest" | "templates" | "headExtra" | "bodyOf" | "memo" | "assets">): RenderedJob {
  const { manifest } = context;
  const body = resolveOrigin(context.bodyOf(route), manifest.baseUrl);
  const rendered = renderBody(route, body, manifest.site.excerpt_separator, imageSizes(route, context), context.memo?.bodies);
  const representations = (listing?: BlogListing) => ({
    html: pageHtml(manifest, context.templates, route, rendered, { headExtra: context.headExtra, listing }),
    markdown: pageMarkdown(manifest, route, body, rendered.code, listing),
  });
  // The blog page lists as many posts as its budget allows.
  const budgets = budgetsOf(manifest.site);
  const { html, markdown } = route.template === "blog" ? fitBlogListing(manifest.posts, { fullCount: budgets.blog_page_full_posts, budget: budgets.blog_page_bytes }, representations, context.memo?.blogListing) : representations();
  const links = rendered.links.map((link) => ({ ...link, line: route.bodyLine + link.line - 1 }));
  const blocked = blockedElements(rendered.elements, contentPolicy(manifest.baseUrl, manifest.site.security));
  const warnings = warningsInFile(route, body, [...rendered.warnings, ...blocked].sort((a, b) => a.line - b.line));
  return {
    files: [
      { file: route.htmlFile, body: html },
      { file: route.markdownFile, body: markdown },
    ],
    facts: { path: route.path, ids: headingIds(rendered.ids), links, ...(warnings.length > 0 ? { warnings } : {}) },
  };
}

/** The render's warnings at their lines of the file, each with its line as written. */
function warningsInFile(route: PageRoute, body: string, warnings: MarkdownWarning[]): PageWarning[] {
  if (warnings.length === 0) return [];
  const lines = body.split(/\r\n?|\n/);
  return warnings.map(({ line, message, hint }) => ({ line: route.bodyLine + line - 1, message, hint, sourceLine: lines[line - 1] ?? "" }));
}

type ImageSize = { width: number; height: number } | undefined;

/** A fixed page's body as last rendered, by path: its text, what else its rendering read (the title, the summary marker), and each image size the rendering asked for with the answer. */
export type RenderedBodies = Map<string, { body: string; lang: string; title: string; separator?: string; sizes: [src: string, size: ImageSize][]; rendered: RenderedMarkdown }>;

/**
 * A body rendered by markdown-it, or, for a fixed page in a watch session,
 * its last rendering when its text, its language and the size of every image
 * it shows are the same: each rebuild renders every fixed page again, and
 * most of them have not changed. A post is not kept here: an unchanged post
 * is not rendered at all (src/execute/reuse.ts).
 */
function renderBody(route: PageRoute, body: string, separator: string | undefined, imageSize: (src: string) => ImageSize, kept?: RenderedBodies): RenderedMarkdown {
  const earlier = route.kind === "page" ? kept?.get(route.path) : undefined;
  const same = (a: ImageSize, b: ImageSize) => a?.width === b?.width && a?.height === b?.height;
  if (earlier && earlier.body === body && earlier.lang === route.lang && earlier.title === route.title && earlier.separator === separator && earlier.sizes.every(([src, size]) => same(imageSize(src), size))) return earlier.rendered;
  const sizes: [string, ImageSize][] = [];
  const rendered = renderMarkdown(body, route.lang, {
    title: route.title,
    ...(separator !== undefined ? { excerptSeparator: separator } : {}),
    imageSize: (src) => {
      const size = imageSize(src);
      sizes.push([src, size]);
      return size;
    },
  });
  if (kept && route.kind === "page") kept.set(route.path, { body, lang: route.lang, title: route.title, separator, sizes, rendered });
  return rendered;
}

/** The size of an image of the site's own by its src as the page writes it: the post's own files, content/static/, the templates' assets. */
function imageSizes(route: PageRoute, context: Pick<RenderContext, "manifest" | "assets">): (src: string) => ImageSize {
  return (src) => {
    const path = sitePathOf(src, route.path);
    if (path === undefined) return undefined;
    const own = route.images?.[path];
    if (own) return own;
    const published = context.manifest.published.find((file) => file.path === path);
    if (published) return published.width && published.height ? { width: published.width, height: published.height } : undefined;
    const asset = context.assets.get(decodeURI(path.slice(1)));
    return asset ? dimensionsOf(asset) : undefined;
  };
}
