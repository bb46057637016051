/**
 * What a page gives its render, in a module of its own: the plugins that read
 * it (images.ts, raw-html.ts) are loaded by the instance render.ts parses
 * with, so they cannot import it from render.ts without a circle.
 */
import type { HeadingIdStyle } from "../../content/types.ts";
import type { KramdownEnv } from "./kramdown-html.ts";
import type { MathEnv } from "./math-delimiters.ts";
import type { SummaryEnv } from "./summary.ts";

/** What a page gives its render. */
export interface RenderEnv extends SummaryEnv, MathEnv, KramdownEnv {
  /** The size of an image by its src as written, where it is one of the site's own. */
  imageSize?: (src: string) => { width: number; height: number } | undefined;
  /** The page's title: an H1 at the top of the body that repeats it is left out. */
  title?: string;
  /** Open the body with a table of contents of its headings, unless it has one. */
  toc?: boolean;
  /** false: headings without their links to themselves, as a feed shows them away from the page. */
  headingAnchors?: false;
  /** The body is HTML (src/content/markup.ts): one block of raw HTML, published as written. */
  html?: true;
  /** How headings' ids are spelled (site.yaml's `markdown.heading_ids`): GitHub's when left out. */
  headingIds?: HeadingIdStyle;
  /** The page's policy lets a `style` attribute apply: an attribute list's is kept (attributes.ts). */
  inlineStyles?: true;
  /** An image alone in its paragraph shows its title as a caption (site.yaml's `markdown.image_captions`; figures.ts). */
  imageCaptions?: "title";
}
