/**
 * What a page's body is rendered with, shared by the page (render-page.ts)
 * and the feed (src/render/emit/feed.ts), which renders the same bodies again: the
 * settings of site.yaml a body reads and the sizes of the site's own images.
 */
import type { Manifest, PageRoute } from "../../manifest/manifest.ts";
import { dimensionsOf } from "../../content/image-size.ts";
import type { SiteConfig } from "../../content/types.ts";
import { allowsInlineStyles } from "../checks/content-policy.ts";
import { sitePathOf } from "../checks/link-targets.ts";
import type { RenderEnv } from "../markdown/index.ts";
import type { ImageSize, RenderContext } from "../render-context.ts";

/**
 * What a body is rendered with: of site.yaml, the summary marker, how heading
 * ids are spelled, whether a `style` may apply; and whether the content is
 * Jekyll's (`kramdown`), which its Markdown is then read as.
 */
export type BodySettings = Pick<SiteConfig, "excerpt_separator" | "markdown" | "security"> & {
  kramdown?: true;
};

/**
 * The settings a site's bodies are rendered with: a content folder holding
 * Jekyll's _config.yml or _includes/ (manifest.jekyll) is a blog copied
 * from Jekyll, whose Markdown kramdown read, whatever site.yaml says.
 */
export function bodySettings(manifest: Pick<Manifest, "site" | "jekyll">): BodySettings {
  return manifest.jekyll ? { ...manifest.site, kramdown: true } : manifest.site;
}

/** What a page's body is rendered with, on its page and in the feed: its title, its table of contents, the summary marker, its heading ids' spelling, its images' sizes. */
export function bodyEnv(
  route: PageRoute,
  site: BodySettings,
  imageSize: (src: string) => ImageSize,
): RenderEnv {
  const separator = site.excerpt_separator;
  return {
    title: route.title,
    ...(route.markup === "html" ? { html: true as const } : {}),
    ...(route.toc ? { toc: true } : {}),
    ...(separator !== undefined ? { excerptSeparator: separator } : {}),
    ...(site.markdown?.heading_ids ? { headingIds: site.markdown.heading_ids } : {}),
    ...(allowsInlineStyles(site.security) ? { inlineStyles: true as const } : {}),
    ...(site.markdown?.math ? { math: site.markdown.math } : {}),
    ...(site.markdown?.image_captions === "title" ? { imageCaptions: "title" as const } : {}),
    ...(site.kramdown ? { kramdown: true as const } : {}),
    imageSize,
  };
}

/** The size of an image of the site's own by its src as the page writes it: the post's own files, content/static/, the templates' assets. */
export function imageSizes(
  route: PageRoute,
  context: Pick<RenderContext, "manifest" | "assets">,
): (src: string) => ImageSize {
  return (src) => {
    const path = sitePathOf(src, route.path);
    if (path === undefined) return undefined;
    const own = route.images?.[path];
    if (own) return own;
    const published = context.manifest.published.find((file) => file.path === path);
    if (published)
      return published.width && published.height
        ? { width: published.width, height: published.height }
        : undefined;
    const asset = context.assets.get(decodeURI(path.slice(1)));
    return asset ? dimensionsOf(asset) : undefined;
  };
}
