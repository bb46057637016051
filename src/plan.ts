/**
 * The plan: every file the build writes, as a path, a media type and a
 * renderer. Pages render lazily, one at a time, so a large site is never held
 * in memory whole; the renderers record each page's links and heading ids for
 * the link check that runs before anything is swapped into place.
 */
import { SitegenError } from "./errors.ts";
import { agentInstructions } from "./emit/agent-instructions.ts";
import { blogIndexJson } from "./emit/blog-index.ts";
import { llmsFullTxt, llmsTxt } from "./emit/llms.ts";
import { notFoundMarkdown } from "./emit/not-found.ts";
import { openApiJson } from "./emit/openapi.ts";
import { notFoundHtml, pageHtml, type HtmlOptions } from "./emit/page-html.ts";
import { pageMarkdown } from "./emit/page-markdown.ts";
import { robotsTxt } from "./emit/robots.ts";
import { sitemapXml } from "./emit/sitemap.ts";
import { MEDIA, type Manifest, type PageRoute } from "./manifest.ts";
import type { TemplateSet } from "./template.ts";

export interface Output {
  /** Path relative to the output folder, `/`-separated. */
  file: string;
  mediaType: string;
  render(): string | Uint8Array | Iterable<string>;
}

/** What rendering the pages found out: each page's heading ids and links, for the link check. */
export interface PageFacts {
  /** Per page path, its heading ids as `headingIds` joins them. */
  ids: Map<string, string>;
  links: LinkFact[];
}

/**
 * A page's heading ids as one string, each on a line of its own: a large blog
 * keeps tens of thousands of ids until the link check, and one string a page
 * costs a fraction of a set. An id never holds a line break.
 */
export function headingIds(ids: string[]): string {
  return `\n${ids.join("\n")}\n`;
}

export function hasHeadingId(ids: string, id: string): boolean {
  return ids.includes(`\n${id}\n`);
}

export interface LinkFact {
  route: PageRoute;
  href: string;
  /** The first line of the block the link sits in. */
  line: number;
}

export interface PlanOptions extends HtmlOptions {
  /** Static assets copied as they are, by output path. */
  assets?: Map<string, Uint8Array>;
  /** Leave the posts out: render workers write them. */
  withoutPosts?: boolean;
}

/** A page's two representations; rendering the HTML records its heading ids and links in `facts`. */
export function routeOutputs(manifest: Manifest, templates: TemplateSet, route: PageRoute, facts: PageFacts, options: HtmlOptions = {}): Output[] {
  return [
    {
      file: route.htmlFile,
      mediaType: MEDIA.html,
      render() {
        const page = pageHtml(manifest, templates, route, options);
        facts.ids.set(route.path, headingIds(page.ids));
        for (const link of page.links) facts.links.push({ route, href: link.href, line: route.bodyLine + link.line - 1 });
        return page.html;
      },
    },
    { file: route.markdownFile, mediaType: MEDIA.markdown, render: () => pageMarkdown(manifest, route) },
  ];
}

export function planSite(manifest: Manifest, templates: TemplateSet, options: PlanOptions = {}): { outputs: Output[]; facts: PageFacts } {
  const facts: PageFacts = { ids: new Map(), links: [] };
  const outputs: Output[] = [];
  // Posts rendered elsewhere (by render workers) are left out of this plan.
  const routes = options.withoutPosts ? manifest.pages : manifest.routes;
  for (const route of routes) outputs.push(...routeOutputs(manifest, templates, route, facts, options));
  const byPath = new Map(manifest.files.map((file) => [file.path, file]));
  const fileOutput = (path: string, render: Output["render"]): Output => ({ file: byPath.get(path)!.file, mediaType: byPath.get(path)!.mediaType, render });
  outputs.push(
    fileOutput("/llms.txt", () => llmsTxt(manifest)),
    fileOutput("/llms-full.txt", () => llmsFullTxt(manifest)),
    fileOutput("/agent-instructions.md", () => agentInstructions(manifest)),
    fileOutput("/blog-index.json", () => blogIndexJson(manifest)),
    fileOutput("/sitemap.xml", () => sitemapXml(manifest)),
    fileOutput("/robots.txt", () => robotsTxt(manifest)),
    fileOutput("/openapi.json", () => openApiJson(manifest)),
    { file: manifest.notFound.html, mediaType: MEDIA.html, render: () => notFoundHtml(manifest, templates, options).html },
    { file: manifest.notFound.markdown, mediaType: MEDIA.markdown, render: () => notFoundMarkdown(manifest, templates) },
  );
  for (const [file, bytes] of options.assets ?? []) outputs.push({ file, mediaType: "application/octet-stream", render: () => bytes });
  checkPlan(outputs);
  return { outputs, facts };
}

/** Two outputs at one path, or a path that could leave the output folder, is a bug in the content or in us. */
export function checkPlan(outputs: Output[]): void {
  const seen = new Set<string>();
  for (const { file } of outputs) {
    if (file.startsWith("/") || file.split("/").some((part) => part === ".." || part === "." || part === "") || file.includes("\\") || file.includes("\0")) {
      throw new SitegenError("E_CHECK", `output path \`${file}\` would leave the output folder`);
    }
    if (seen.has(file)) throw new SitegenError("E_CHECK", `two outputs would be written to \`${file}\``);
    seen.add(file);
  }
}
