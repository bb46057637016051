/**
 * Rendering: a job of the plan (src/plan/plan.ts) becomes its files and, for
 * a page, what the link check needs to know about it. Pure apart from what
 * the context supplies and the content's files a copy job reads: a post's
 * body is read through `bodyOf`, and the jobs of later stages read earlier
 * files through `written`.
 */
import { readFileSync } from "node:fs";
import type { ArtifactName, Job } from "../plan/plan.ts";
import type { Body } from "../write/output.ts";
import { agentInstructions } from "./emit/agent-instructions.ts";
import { blogIndexJson } from "./emit/blog-index.ts";
import { llmsFullTxt, llmsTxt } from "./emit/llms.ts";
import { negotiationData } from "./emit/negotiation-table.ts";
import { cloudflareHeaders, cloudflareRedirects } from "./emit/cloudflare.ts";
import { atomFeed } from "./emit/feed.ts";
import { netlifyHeaders, netlifyRedirects } from "./emit/netlify.ts";
import { notFoundMarkdown } from "./emit/not-found.ts";
import { openApiJson } from "./emit/openapi.ts";
import { notFoundHtml } from "./emit/page-html.ts";
import { robotsTxt } from "./emit/robots.ts";
import { sitemapMarkdown } from "./emit/sitemap-markdown.ts";
import { apiCatalog } from "./emit/api-catalog.ts";
import { searchIndex } from "./emit/search-index.ts";
import { sitemapPartXml, sitemapXml } from "./emit/sitemap.ts";
import { renderPage } from "./page/render-page.ts";
import type { RenderContext, RenderedJob } from "./render-context.ts";

export function renderJob(job: Job, context: RenderContext): RenderedJob {
  switch (job.kind) {
    case "page":
      return renderPage(job.route, context);
    case "artifact":
      return { files: [{ file: job.file, body: ARTIFACTS[job.artifact](context) }] };
    case "asset":
      return { files: [{ file: job.file, body: context.assets.get(job.file)! }] };
    case "copy":
      return { files: [{ file: job.file, body: readFileSync(job.sourcePath) }] };
    case "variant": {
      const body = context.resized?.get(job.file);
      if (!body) throw new Error(`the copy ${job.file} was planned but not made before the jobs ran`);
      return { files: [{ file: job.file, body }] };
    }
    case "llms-full":
      return { files: [{ file: job.file, body: llmsFullTxt(context.manifest, written(context)) }] };
    case "sitemap-part":
      return {
        files: [
          {
            file: job.file,
            body: sitemapPartXml(
              context.manifest,
              context.manifest.sitemapParts[job.part],
              undefined,
              context.memo?.parts,
            ),
          },
        ],
      };
    case "search-index": {
      const { read } = written(context);
      return { files: negotiationFiles(searchIndex(context.manifest, (file) => DECODER.decode(read(file)))) };
    }
    case "negotiation":
      return {
        files: negotiationFiles(
          negotiationData(context.manifest, written(context).facts, {
            immutable: context.templates.fingerprintedAssets(),
            memo: context.memo?.negotiation,
            parts: context.memo?.parts,
          }),
        ),
      };
  }
}

const ARTIFACTS: Record<ArtifactName, (context: RenderContext) => Body> = {
  "llms-txt": ({ manifest, memo }) => llmsTxt(manifest, memo?.parts),
  "agent-instructions": ({ manifest }) => agentInstructions(manifest),
  "blog-index": ({ manifest, memo }) => blogIndexJson(manifest, memo?.parts),
  sitemap: ({ manifest, memo }) => sitemapXml(manifest, undefined, memo?.parts),
  robots: ({ manifest }) => robotsTxt(manifest),
  openapi: ({ manifest }) => openApiJson(manifest),
  "not-found-html": ({ manifest, templates, headExtra }) => notFoundHtml(manifest, templates, { headExtra }),
  "not-found-markdown": ({ manifest, templates }) => notFoundMarkdown(manifest, templates),
  feed: ({ manifest, bodyOf, assets }) => atomFeed(manifest, bodyOf, assets),
  "sitemap-markdown": ({ manifest }) => sitemapMarkdown(manifest),
  "api-catalog": ({ manifest }) => apiCatalog(manifest),
  "cdn-headers": ({ manifest, templates }) =>
    (manifest.host === "cloudflare" ? cloudflareHeaders : netlifyHeaders)(
      manifest,
      templates.fingerprintedAssets(),
    ),
  "cdn-redirects": ({ manifest }) =>
    manifest.host === "cloudflare" ? cloudflareRedirects(manifest) : netlifyRedirects(manifest),
};

const DECODER = new TextDecoder();

/** The negotiation data's files, each made when the writer takes it. */
function* negotiationFiles(
  files: Iterable<[file: string, json: string]>,
): Generator<{ file: string; body: Body }> {
  for (const [file, json] of files) yield { file, body: json };
}

function written(context: RenderContext): NonNullable<RenderContext["written"]> {
  if (!context.written)
    throw new Error("a job of a later stage ran before the files it is made of were written");
  return context.written;
}
