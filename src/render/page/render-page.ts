/**
 * A page's two representations, from one parse of its body: what render
 * lanes do for each post (they load only this, not the other artifacts'
 * emitters), and what `renderJob` does for a page job.
 */
import { imageVariants, srcsetOf } from "../../manifest/image-variants.ts";
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";
import { budgetsOf, type Budgets } from "../../plan/budgets.ts";
import { fitBlogListing, pageOfListing, type BlogListing } from "../emit/blog-listing.ts";
import { pageHtml } from "../emit/page-html.ts";
import { pageMarkdown } from "../emit/page-markdown.ts";
import { headingIds } from "../checks/link-targets.ts";
import type { PageWarning } from "../../write/page-facts.ts";
import { renderMarkdown, type MarkdownWarning, type RenderedMarkdown } from "../markdown/index.ts";
import { shownBody } from "../liquid/links.ts";
import { blockedElements, contentPolicy } from "../checks/content-policy.ts";
import type { ImageSize, RenderContext, RenderedBodies, RenderedJob } from "../render-context.ts";
import { bodyEnv, bodySettings, imageSizes, type BodySettings } from "./body-env.ts";
import { readingMinutes } from "./reading-time.ts";
import { pageForms } from "./form-reading.ts";
import { annotateForms, formsMarkdown } from "./forms.ts";
import { cspSources } from "./webmcp.ts";
import type { TemplateSet } from "./template.ts";
import type { ListedExtras, PostCover } from "../emit/page-html.ts";

/**
 * A page's HTML and its `.md` sibling, from one parse of its body, with
 * `{{base_url}}` resolved to the build's origin first.
 */
export function renderPage(
  route: PageRoute,
  context: Pick<
    RenderContext,
    "manifest" | "linkTargets" | "templates" | "headExtra" | "bodyOf" | "memo" | "assets" | "listings"
  >,
): RenderedJob {
  const { manifest } = context;
  const written = context.bodyOf(route);
  const shown = shownBody(written, manifest, context.linkTargets, route);
  const { body } = shown;
  const sizeOf = imageSizes(route, context);
  const rendered = renderBody(route, body, bodySettings(manifest), sizeOf, context.memo?.bodies);
  const post =
    route.kind === "post"
      ? {
          cover: coverOf(route, manifest, sizeOf, context.templates),
          readingMinutes: readingMinutes(rendered.html),
        }
      : undefined;
  const representations = (listing?: BlogListing) => {
    const made = pageHtml(manifest, context.templates, route, rendered, {
      headExtra: context.headExtra,
      listing,
      post,
      listed: listedExtras(context),
    });
    // Forms as WebMCP tools for a browser's agent, where the site asks for it (`agents: { webmcp: true }`).
    const html = manifest.site.agents?.webmcp ? annotateForms(made, route.url) : made;
    // A page's forms, described for agents where the site asks for it (`agents: { forms: true }`).
    const forms = manifest.site.agents?.forms ? formsMarkdown(pageForms(html, route.url), body) : [];
    // Raw HTML the body leaves open is closed in its Markdown too: llms-full.txt goes on to the next page whole.
    const markdownBody = rendered.closing ? `${body.trimEnd()}\n\n${rendered.closing}\n` : body;
    return { html, markdown: pageMarkdown(manifest, route, markdownBody, rendered.code, listing, forms) };
  };
  const { html, markdown } = listed(
    route,
    budgetsOf(manifest.site),
    representations,
    context.memo?.blogListing ?? context.listings,
  );
  // Where Liquid ran (src/render/liquid/), a line of the body it made is told as the line the author wrote.
  const lineOf = shown.lineOf ?? ((line: number) => line);
  const links = rendered.links.map((link) => ({ ...link, line: route.bodyLine + lineOf(link.line) - 1 }));
  const blocked = blockedElements(
    rendered.elements,
    contentPolicy(manifest.baseUrl, cspSources(manifest.site)),
  );
  const found = [
    ...rendered.warnings,
    ...blocked.map((each) => ({ ...each, kind: "csp-blocked" as const })),
  ].map((each) => ({ ...each, line: lineOf(each.line) }));
  const warnings = warningsInFile(
    route,
    shown.lineOf ? written : body,
    [...shown.warnings, ...found].sort((a, b) => a.line - b.line),
  );
  return {
    files: [
      { file: route.htmlFile, body: html },
      { file: route.markdownFile, body: markdown },
    ],
    facts: {
      path: route.path,
      ids: headingIds(rendered.ids),
      links,
      ...(warnings.length > 0 ? { warnings } : {}),
      ...(shown.named.length > 0 ? { named: shown.named } : {}),
    },
  };
}

/**
 * A page's two representations with the posts it lists: a numbered page
 * its share; a page of posts that is not numbered (the blog, a tag's page)
 * as many as its budget allows; the tag index lists tags, not posts.
 */
function listed(
  route: PageRoute,
  budgets: Budgets,
  representations: (listing?: BlogListing) => { html: string; markdown: string },
  memo?: Map<string, { listed?: number }>,
): { html: string; markdown: string } {
  const { listing } = route;
  if (!listing || route.template === "tags") return representations();
  if (listing.pagination) return representations(pageOfListing(listing.posts, listing.pagination));
  let kept = memo?.get(route.path);
  if (memo && !kept) memo.set(route.path, (kept = {}));
  // The archive lists every post by its title and date under its year, none with its description.
  return fitBlogListing(
    listing.posts,
    {
      fullCount: route.template === "archive" ? 0 : budgets.blog_page_full_posts,
      budget: budgets.blog_page_bytes,
    },
    representations,
    kept,
  );
}

/** What a listed post shows besides its title and date, by post: a listing is rendered several times while it is fitted to its budget. */
const listedKept = new WeakMap<PageRoute, ListedExtras>();

/**
 * What a list of posts shows of each where the theme asks for it: its cover
 * as a thumbnail (`theme.listing_covers`), its tags as links and its reading
 * time (`theme.listing_details`), counted from its text as written, since
 * the posts a page lists are not rendered with it. Undefined when neither is on.
 */
function listedExtras(
  context: Pick<RenderContext, "manifest" | "templates" | "bodyOf" | "assets">,
): ((post: PageRoute) => ListedExtras) | undefined {
  const theme = context.manifest.site.theme;
  if (!theme?.listing_covers && !theme?.listing_details) return undefined;
  return (post) => {
    let extras = listedKept.get(post);
    if (!extras) {
      extras = {
        thumbnail:
          (theme.listing_covers &&
            coverOf(post, context.manifest, imageSizes(post, context), context.templates)) ||
          false,
        readingMinutes: theme.listing_details ? readingMinutes(writtenText(context.bodyOf(post))) : 0,
        tagLinksShown: Boolean(theme.listing_details) && (post.tagLinks?.length ?? 0) > 0,
      };
      listedKept.set(post, extras);
    }
    return extras;
  };
}

/** A post's Markdown as the words a reader reads: no code fence's marks, no link's or image's address, no image's text, no HTML tag. */
function writtenText(markdown: string): string {
  return markdown
    .replace(/^\s*(```|~~~).*$/gm, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/<[^>]*>/g, " ");
}

/** The render's warnings at their lines of the file, each with its line as written. */
function warningsInFile(route: PageRoute, body: string, warnings: MarkdownWarning[]): PageWarning[] {
  if (warnings.length === 0) return [];
  const lines = body.split(/\r\n?|\n/);
  return warnings.map(({ kind, line, message, hint, target }) => ({
    kind,
    line: route.bodyLine + line - 1,
    message,
    hint,
    sourceLine: lines[line - 1] ?? "",
    ...(target !== undefined ? { target } : {}),
  }));
}

/**
 * A body rendered by markdown-it, or, for a fixed page in a watch session,
 * its last rendering when its text, its language and the size of every image
 * it shows are the same: each rebuild renders every fixed page again, and
 * most of them have not changed. A post is not kept here: an unchanged post
 * is not rendered at all (src/execute/reuse.ts).
 */
function renderBody(
  route: PageRoute,
  body: string,
  site: BodySettings,
  imageSize: (src: string) => ImageSize,
  kept?: RenderedBodies,
): RenderedMarkdown {
  const { excerpt_separator: separator } = site;
  const headingIds = site.markdown?.heading_ids;
  const earlier = route.kind === "page" ? kept?.get(route.path) : undefined;
  const same = (a: ImageSize, b: ImageSize) => a?.width === b?.width && a?.height === b?.height;
  if (
    earlier &&
    earlier.body === body &&
    earlier.lang === route.lang &&
    earlier.title === route.title &&
    earlier.separator === separator &&
    earlier.headingIds === headingIds &&
    earlier.math === site.markdown?.math &&
    earlier.imageCaptions === site.markdown?.image_captions &&
    earlier.kramdown === site.kramdown &&
    earlier.sizes.every(([src, size]) => same(imageSize(src), size))
  )
    return earlier.rendered;
  const sizes: [string, ImageSize][] = [];
  const rendered = renderMarkdown(
    body,
    route.lang,
    bodyEnv(route, site, (src) => {
      const size = imageSize(src);
      sizes.push([src, size]);
      return size;
    }),
  );
  if (kept && route.kind === "page")
    kept.set(route.path, {
      body,
      lang: route.lang,
      title: route.title,
      separator,
      headingIds,
      math: site.markdown?.math,
      imageCaptions: site.markdown?.image_captions,
      ...(site.kramdown ? { kramdown: true as const } : {}),
      sizes,
      rendered,
    });
  return rendered;
}

/**
 * A post's picture as its page shows it: one of the site's own images, whose
 * size is known, so that it takes its place before it loads (an asset by
 * its fingerprinted name). A post's own picture, or one of content/static/,
 * comes with its narrower copies (`srcset`), which the manifest publishes
 * beside it (src/manifest/image-variants.ts). Another site's image is only
 * named for link previews (og:image): the page's security policy would block it.
 */
function coverOf(
  route: PageRoute,
  manifest: Pick<Manifest, "baseUrl" | "published">,
  sizeOf: (src: string) => ImageSize,
  templates: TemplateSet,
): PostCover | undefined {
  if (!route.image?.startsWith(`${manifest.baseUrl}/`)) return undefined;
  const path = route.image.slice(manifest.baseUrl.length);
  const size = sizeOf(path);
  if (!size) return undefined;
  const own =
    route.images?.[path] !== undefined ||
    manifest.published.some((file) => !file.bundle && file.path === path);
  const variants = own ? imageVariants(path, size) : [];
  return {
    path: templates.assetUrl(decodeURI(path)) ?? path,
    width: size.width,
    height: size.height,
    srcset: variants.length > 0 && srcsetOf({ path, width: size.width }, variants),
    alt: route.imageAlt ?? "",
  };
}
