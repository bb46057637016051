/**
 * What rendering is given and gives back: the context a job renders in, what
 * a watch session keeps between rebuilds, and a rendered job's files. Apart
 * from render-job.ts, which runs a job, so that page/render-page.ts and the lanes
 * can name them without importing every artifact's emitter.
 */
import type { Manifest, PageRoute } from "../manifest/manifest.ts";
import type { Body, Written } from "../write/output.ts";
import type { NegotiationMemo } from "./emit/negotiation-table.ts";
import type { PageFacts } from "../write/page-facts.ts";
import type { LinkTargets } from "./liquid/links.ts";
import type { RenderedMarkdown } from "./markdown/index.ts";
import { KeptParts } from "./kept-parts.ts";
import type { ResizedImages, ResizeMemo } from "./media/resize-images.ts";
import type { TemplateSet } from "./page/template.ts";

/** An image's size, or undefined for one whose size is not known. */
export type ImageSize = { width: number; height: number } | undefined;

/** A fixed page's body as last rendered, by path: its text, what else its rendering read (the title, the summary marker), and each image size the rendering asked for with the answer. */
export type RenderedBodies = Map<
  string,
  {
    body: string;
    lang: string;
    title: string;
    separator?: string;
    headingIds?: string;
    math?: string;
    imageCaptions?: string;
    kramdown?: true;
    sizes: [src: string, size: ImageSize][];
    rendered: RenderedMarkdown;
  }
>;

export interface RenderContext {
  manifest: Manifest;
  /** What the pages' Jekyll link tags may name (src/render/liquid/links.ts); made from `manifest` when left out, which a post's shell cannot be. */
  linkTargets?: LinkTargets;
  templates: TemplateSet;
  /** Static assets by output path. */
  assets: Map<string, Uint8Array>;
  /** The narrower copies of the posts' covers, by output path (resize-images.ts): made before the jobs run. */
  resized?: ResizedImages;
  /** Markup added to every page's <head>: the watch-mode reload script. */
  headExtra?: string;
  /** A page's Markdown body: fixed pages carry theirs; a post's is read from its file when it renders. */
  bodyOf(route: PageRoute): string;
  /** What earlier stages wrote, for llms-full.txt and the negotiation data. */
  written?: { facts: Map<string, Written>; read(file: string): Uint8Array };
  /** What renderers keep between the rebuilds of a watch session (`RenderMemo`). */
  memo?: RenderMemo;
  /** Outside a watch session, how many posts each listing page listed in the build before (the build cache's, src/write/listing-counts.ts). */
  listings?: Map<string, { listed?: number }>;
}

/** Parts of artifacts kept between rebuilds by the inputs they were made from, a slot per artifact. */
export interface RenderMemo {
  negotiation: NegotiationMemo;
  /** How many posts each listing page fitted to its budget (/blog/, a tag's page) listed, by path. */
  blogListing: Map<string, { listed?: number }>;
  /** The fixed pages' bodies as last rendered (page/render-page.ts). */
  bodies: RenderedBodies;
  /** Each route's part of the files that list every route (kept-parts.ts). */
  parts: KeptParts;
  /** The covers' narrower copies made so far (resize-images.ts). */
  resized: ResizeMemo;
}

export function newRenderMemo(): RenderMemo {
  return {
    negotiation: {},
    blogListing: new Map(),
    bodies: new Map(),
    parts: new KeptParts(),
    resized: new Map(),
  };
}

export interface RenderedJob {
  /** Made as they are taken, where a job's files together would crowd memory (the negotiation data). */
  files: Iterable<{ file: string; body: Body }>;
  /** For a page: its heading ids and links. */
  facts?: PageFacts;
}
