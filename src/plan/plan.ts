/**
 * The plan: every file the build writes, as data. Each file names the job
 * that makes it: a page (its HTML and its `.md` sibling), an artifact made
 * from the manifest alone, an asset copied from the templates, llms-full.txt
 * (made of the pages' Markdown) or the negotiation data (made of every file's
 * ETag). Jobs run in stages, each after the one before has been written.
 * Nothing here renders or touches the disk: `build`, `check` and the tests
 * run the same plan through an executor (src/execute/) and a writer.
 */
import { SitegenError } from "../errors.ts";
import { MEDIA, type Manifest, type PageRoute } from "../manifest/manifest.ts";
import { SLUG_TREES, slugNodePath, treeLevels } from "../negotiation/slug-index.ts";
import { NEGOTIATION_PATH, shardCount, shardPath } from "../negotiation/table.ts";
import { searchIndexFiles } from "./search-files.ts";

/** Files made from the manifest alone, one module each under src/render/emit/. */
export type ArtifactName =
  | "llms-txt"
  | "agent-instructions"
  | "blog-index"
  | "sitemap"
  | "robots"
  | "openapi"
  | "not-found-html"
  | "not-found-markdown"
  | "feed"
  | "sitemap-markdown"
  | "api-catalog"
  | "cdn-headers"
  | "cdn-redirects";

export type Job =
  | { kind: "page"; route: PageRoute }
  | { kind: "artifact"; artifact: ArtifactName; file: string; mediaType: string }
  | { kind: "asset"; file: string }
  /** A file of the content published as it is: a post's bundle file, or one of content/static/. */
  | { kind: "copy"; file: string; sourcePath: string; source: string }
  /** A narrower copy of a post's cover, made before the jobs run (src/render/media/resize-images.ts). */
  | { kind: "variant"; file: string }
  | { kind: "llms-full"; file: string }
  /** A part file of a sitemap too large for one (src/manifest/sitemap-parts.ts), by its index in `manifest.sitemapParts`. */
  | { kind: "sitemap-part"; part: number; file: string }
  | { kind: "negotiation" }
  /** `/mcp`'s data and the search index (src/render/emit/search-index.ts): made of the pages' Markdown. */
  | { kind: "search-index" };

export interface PlannedFile {
  /** Path relative to the output folder, `/`-separated. */
  file: string;
  mediaType: string;
  job: Job;
}

export interface Plan {
  manifest: Manifest;
  /** Every file the build writes. */
  files: PlannedFile[];
  /**
   * The jobs in the order they may run: the first stage needs only the
   * manifest; llms-full.txt needs the pages' Markdown written; the
   * negotiation data needs every other file written.
   */
  stages: [Job[], Job[], Job[]];
}

export interface PlanOptions {
  /** Static assets from the templates folder, by output path (`assets/site.css`). */
  assets: string[];
}

export function planSite(manifest: Manifest, options: PlanOptions): Plan {
  const files: PlannedFile[] = [];
  const first: Job[] = [];
  const add = (job: Job, ...made: [file: string, mediaType: string][]) => {
    for (const [file, mediaType] of made) files.push({ file, mediaType, job });
    return job;
  };
  for (const route of manifest.routes)
    first.push(
      add({ kind: "page", route }, [route.htmlFile, MEDIA.html], [route.markdownFile, MEDIA.markdown]),
    );
  for (const job of artifactJobs(manifest)) first.push(add(job, [job.file, job.mediaType]));
  manifest.sitemapParts.forEach((part, index) =>
    first.push(add({ kind: "sitemap-part", part: index, file: part.file }, [part.file, part.mediaType])),
  );
  for (const file of options.assets)
    first.push(add({ kind: "asset", file }, [file, "application/octet-stream"]));
  for (const file of manifest.published) {
    const job: Job = file.variantOf
      ? { kind: "variant", file: file.file }
      : { kind: "copy", file: file.file, sourcePath: file.sourcePath, source: file.source };
    first.push(add(job, [file.file, "application/octet-stream"]));
  }
  const llmsFull = manifest.surface.llmsFullTxt;
  const second = [add({ kind: "llms-full", file: llmsFull.file }, [llmsFull.file, llmsFull.mediaType])];
  const search = searchIndexFiles(manifest);
  if (search.length > 0)
    second.push(add({ kind: "search-index" }, ...search.map((file): [string, string] => [file, MEDIA.json])));
  const negotiation: Job = { kind: "negotiation" };
  add(negotiation, ...negotiationFiles(manifest).map((file): [string, string] => [file, MEDIA.json]));
  checkPlan(files);
  return { manifest, files, stages: [first, second, [negotiation]] };
}

function artifactJobs(manifest: Manifest): Extract<Job, { kind: "artifact" }>[] {
  const { surface, notFound } = manifest;
  const artifact = (artifact: ArtifactName, file: string, mediaType: string) => ({
    kind: "artifact" as const,
    artifact,
    file,
    mediaType,
  });
  return [
    artifact("llms-txt", surface.llmsTxt.file, surface.llmsTxt.mediaType),
    artifact("agent-instructions", surface.agentInstructions.file, surface.agentInstructions.mediaType),
    artifact("blog-index", surface.blogIndex.file, surface.blogIndex.mediaType),
    artifact("sitemap", surface.sitemap.file, surface.sitemap.mediaType),
    artifact("robots", surface.robots.file, surface.robots.mediaType),
    artifact("openapi", surface.openapi.file, surface.openapi.mediaType),
    artifact("not-found-html", notFound.html, MEDIA.html),
    artifact("not-found-markdown", notFound.markdown, MEDIA.markdown),
    ...(manifest.feed ? [artifact("feed", manifest.feed.file, manifest.feed.mediaType)] : []),
    ...(manifest.sitemapMarkdown
      ? [artifact("sitemap-markdown", manifest.sitemapMarkdown.file, manifest.sitemapMarkdown.mediaType)]
      : []),
    ...(manifest.apiCatalog
      ? [artifact("api-catalog", manifest.apiCatalog.file, manifest.apiCatalog.mediaType)]
      : []),
    // The rules files of the host the build is for (manifest.host): each host reads its own dialect.
    artifact("cdn-headers", "_headers", MEDIA.text),
    artifact("cdn-redirects", "_redirects", MEDIA.text),
  ];
}

/**
 * The negotiation data's files: its index, one route shard per slot
 * (src/negotiation/table.ts), then each node of the two slug trees
 * (src/negotiation/slug-index.ts).
 */
export function negotiationFiles(manifest: Manifest): string[] {
  // Each page has two entries (itself and its sibling), each surface file and each redirect one.
  const shards = shardCount(
    2 * manifest.routes.length +
      manifest.files.length +
      manifest.redirects.length +
      manifest.published.length,
  );
  const nodes = treeLevels(manifest.posts.length).reduce((sum, level) => sum + level, 0);
  return [
    NEGOTIATION_PATH.slice(1),
    ...Array.from({ length: shards }, (_, index) => shardPath(index).slice(1)),
    ...SLUG_TREES.flatMap((tree) =>
      Array.from({ length: nodes }, (_, node) => slugNodePath(tree, node).slice(1)),
    ),
  ];
}

/**
 * Two files at one path, or a path that could leave the output folder, is a
 * bug in the content or in us. A page named like a file of the surface
 * (`pages/agent-instructions.md`, whose `.md` sibling is /agent-instructions.md)
 * is the content's: the error names the page's file.
 */
/** A path segment that is empty, `.` or `..`: tested on every output path, without splitting it. */
const EMPTY_OR_DOT_SEGMENT = /(?:^|\/)(?:\.\.?)?(?:\/|$)/;

export function checkPlan(files: PlannedFile[]): void {
  const seen = new Map<string, Job>();
  for (const { file, job } of files) {
    if (
      file.startsWith("/") ||
      EMPTY_OR_DOT_SEGMENT.test(file) ||
      file.includes("\\") ||
      file.includes("\0")
    ) {
      throw new SitegenError("E_CHECK", `output path \`${file}\` would leave the output folder`);
    }
    const earlier = seen.get(file);
    if (earlier) {
      const copied = [job, earlier].find((one) => one.kind === "copy");
      if (copied?.kind === "copy") {
        const made = [job, earlier].some((one) => one.kind === "variant")
          ? "the narrower copies of a post's cover (`cover-480w.jpg`)"
          : "the site's pages, agent files and assets";
        throw new SitegenError(
          "E_CONTENT",
          `\`/${file}\` is a file the build makes itself: this one would replace it`,
          {
            kind: "url-clash",
            location: { file: copied.source },
            hint: `rename or remove the file: ${made} have these paths`,
          },
        );
      }
      const page = [job, earlier].find((one) => one.kind === "page");
      if (page?.kind === "page") {
        throw new SitegenError(
          "E_CONTENT",
          `the page ${page.route.path} would be written to \`${file}\`, where the site has another file`,
          {
            kind: "url-clash",
            location: { file: page.route.source },
            hint: "rename the page's file: its name is its URL, and this one is taken",
          },
        );
      }
      throw new SitegenError("E_CHECK", `two outputs would be written to \`${file}\``);
    }
    seen.set(file, job);
  }
}
