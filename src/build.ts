/**
 * `sitegen build`: content → manifest → plan → staged write → link check →
 * negotiation table and CDN rules → swap into place.
 */
import { rmSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { bodyAt } from "./content/frontmatter.ts";
import { listMarkdown, loadContent, readTextSync } from "./content/load.ts";
import { llmsFullEntry, llmsFullHead } from "./emit/llms.ts";
import { pageMarkdown } from "./emit/page-markdown.ts";
import type { ChunkReply } from "./render-posts.ts";
import { RenderPool, workerCount } from "./render-pool.ts";
import { ROBOTS_MAX_BYTES } from "./emit/robots.ts";
import { negotiationFiles } from "./emit/negotiation-table.ts";
import { netlifyHeaders, netlifyRedirects } from "./emit/netlify.ts";
import { SitegenError, SitegenErrors } from "./errors.ts";
import type { Finding } from "./findings.ts";
import { checkLinks } from "./links.ts";
import { buildManifest, linkablePaths, MEDIA, NEGOTIATION_TABLE_FILE, type Manifest } from "./manifest.ts";
import { planSite, type Output, type PageFacts } from "./plan.ts";
import { loadTemplates } from "./templates.ts";
import { copyPiece, StagingFolder } from "./write.ts";

export interface BuildOptions {
  contentDir: string;
  templatesDir: string;
  outDir: string;
  baseUrl?: string;
  /** The time the build stands for: SOURCE_DATE_EPOCH, or now. */
  generated: Date;
  /** Markup added to every page's <head>: the watch-mode reload script. */
  headExtra?: string;
  /** Render worker threads; by default one per core beyond the first, for a large blog. */
  workers?: number;
}

export interface BuildResult {
  pages: number;
  files: number;
  bytes: number;
  milliseconds: number;
  warnings: Finding[];
  manifest: Manifest;
}

/** Size bounds of the agent files (spec §8.2; llms.txt readers flag files over 50 KB). */
export const SIZE_LIMITS = { llmsTxtMax: 50_000, llmsFullMin: 100_000, llmsFullMax: 5_000_000 };

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  await assertReplaceable(options);
  const posts = await listMarkdown(join(options.contentDir, "blog")).catch(() => []);
  const workers = workerCount(posts.length, options.workers);
  const pool = await RenderPool.start(workers);
  try {
    return await buildWith(options, started, pool);
  } finally {
    await pool.close();
  }
}

async function buildWith(options: BuildOptions, started: number, pool: RenderPool): Promise<BuildResult> {
  // The parsed content is dropped once the manifest holds what the build needs of it.
  const [manifest, { templates, assets }] = await Promise.all([
    loadContent(options.contentDir, pool.parsePosts).then((content) => buildManifest(content, { baseUrl: options.baseUrl, generated: options.generated })),
    loadTemplates(options.templatesDir),
  ]);
  // Posts are rendered in chunks (render-posts.ts) by the pool's lanes; the plan holds the rest.
  const { outputs, facts } = planSite(manifest, templates, { headExtra: options.headExtra, assets, withoutPosts: true });
  const staging = await StagingFolder.create(options.outDir);
  let posts: ReturnType<typeof postSink> | undefined;
  try {
    const llmsFullFile = outputs.find((output) => output.file === "llms-full.txt")!.file;
    // A fixed page's Markdown is made once, for its sibling and for llms-full.txt: the blog page's lists every post.
    const pageMarkdowns = new Map(manifest.pages.map((page) => [page.markdownFile, pageMarkdown(manifest, page)]));
    posts = postSink(manifest, staging, facts, llmsFullFile, [...pageMarkdowns.values()]);
    const rest = [
      ...outputs.filter((output) => output.file !== llmsFullFile).map((output) => (pageMarkdowns.has(output.file) ? { ...output, render: () => pageMarkdowns.get(output.file)! } : output)),
      ...netlifyRules(manifest),
    ];
    await stageEverything(manifest, rest, staging, pool, posts, options);
    // Post bodies were not kept: one is read again only to locate a broken link.
    const linkErrors = checkLinks(manifest, facts, (route) => (route.kind === "post" ? bodyAt(readTextSync(route.source, route.source), route.bodyLine) : route.body));
    if (linkErrors.length > 0) throw new SitegenErrors(linkErrors);
    const sizeErrors = sizeProblems(staging.written, "build");
    if (sizeErrors.errors.length > 0) throw new SitegenErrors(sizeErrors.errors);
    for (const output of negotiationOutputs(manifest, staging)) staging.write(output);
    await staging.commit();
    let bytes = 0;
    for (const { bytes: size } of staging.written.values()) bytes += size;
    return {
      pages: manifest.routes.length,
      files: staging.written.size,
      bytes,
      milliseconds: Math.round(performance.now() - started),
      warnings: sizeErrors.warnings,
      manifest,
    };
  } catch (error) {
    // Stop the workers first: one may still be writing into the folder we remove.
    await pool.close();
    posts?.end();
    await staging.discard();
    throw error;
  }
}

/**
 * Writes the plan's outputs here and the posts through the pool's lanes, at
 * the same time, into the staging folder.
 */
async function stageEverything(manifest: Manifest, outputs: Output[], staging: StagingFolder, pool: RenderPool, posts: ReturnType<typeof postSink>, options: BuildOptions): Promise<void> {
  // Yielding between files lets the lanes' replies in while this thread writes.
  const writeOutputs = async () => {
    for (const output of outputs) {
      staging.write(output);
      await new Promise(setImmediate);
    }
  };
  const post = { stagingDir: staging.path, templatesDir: options.templatesDir, headExtra: options.headExtra, targets: linkablePaths(manifest), onChunk: posts.take };
  await pool.renderPosts(manifest, { ...post, alongside: writeOutputs });
  for (const file of pool.scratchFiles) rmSync(join(staging.path, file), { force: true });
  // The workers' heaps are freed before the checks and the CDN rules take memory of their own.
  await pool.close();
  posts.end();
}

/** Netlify's rules: the manifest is all they need, so they are written with the pages. */
function netlifyRules(manifest: Manifest): Output[] {
  return [
    { file: "_headers", mediaType: MEDIA.text, render: () => netlifyHeaders(manifest) },
    { file: "_redirects", mediaType: MEDIA.text, render: () => netlifyRedirects() },
  ];
}

/** The negotiation data, written last: it holds every written file's ETag. */
function negotiationOutputs(manifest: Manifest, staging: StagingFolder): Output[] {
  return negotiationFiles(manifest, staging.written).map(([file, json]) => ({ file, mediaType: MEDIA.json, render: () => json }));
}

/**
 * Where rendered chunks of posts go: their files into the staging record,
 * their heading ids and doubtful links into the link check's facts, and their
 * Markdown into llms-full.txt, written as it comes: the fixed pages first,
 * then the posts in manifest order.
 */
function postSink(manifest: Manifest, staging: StagingFolder, facts: PageFacts, llmsFullFile: string, pageMarkdowns: string[]): { take(reply: ChunkReply): void; end(): void } {
  const llmsFull = staging.stream(llmsFullFile);
  llmsFull.append(llmsFullHead(manifest));
  for (const markdown of pageMarkdowns) llmsFull.append(llmsFullEntry(markdown));
  const postsByPath = new Map(manifest.posts.map((route) => [route.path, route]));
  return {
    take(reply) {
      for (const [file, written] of reply.written) staging.written.set(file, written);
      for (const [path, ids] of reply.ids) facts.ids.set(path, ids);
      for (const link of reply.links) facts.links.push({ route: postsByPath.get(link.path)!, href: link.href, line: link.line });
      copyPiece(staging.path, reply.llmsFull, (bytes) => llmsFull.append(bytes));
    },
    end: () => llmsFull.end(),
  };
}

/**
 * A build replaces its output folder whole, so that folder must be one sitegen
 * wrote, or empty: `--out .` or `--out content` must never swap a project away.
 */
export async function assertReplaceable(options: Pick<BuildOptions, "outDir" | "contentDir" | "templatesDir">): Promise<void> {
  const out = resolve(options.outDir);
  for (const source of [options.contentDir, options.templatesDir]) {
    const path = resolve(source);
    if (path === out || !relative(out, path).startsWith("..")) {
      throw new SitegenError("E_USAGE", `refusing to build into ${options.outDir}: it holds ${source}, and a build replaces its output folder whole`, { hint: "choose an output folder of its own, such as dist" });
    }
  }
  const entries = await readdir(out).catch(() => undefined);
  if (entries === undefined || entries.length === 0) return;
  const previous = await stat(join(out, NEGOTIATION_TABLE_FILE)).then(() => true, () => false);
  if (!previous) {
    throw new SitegenError("E_USAGE", `refusing to replace ${options.outDir}: it is not empty and holds no earlier sitegen build (no ${NEGOTIATION_TABLE_FILE.split("/").join(sep)})`, {
      hint: "empty it, or choose another output folder",
    });
  }
}

/**
 * robots.txt over its limit is an error (spec §8.3 makes size the signal of a
 * rewrite); agent-file sizes are warnings in a build and errors in `check`.
 */
export function sizeProblems(written: Map<string, { bytes: number }>, mode: "build" | "check"): { errors: SitegenError[]; warnings: Finding[] } {
  const errors: SitegenError[] = [];
  const warnings: Finding[] = [];
  const robots = written.get("robots.txt")?.bytes ?? 0;
  if (robots > ROBOTS_MAX_BYTES) {
    errors.push(new SitegenError("E_CHECK", `robots.txt is ${robots} bytes; the limit is ${ROBOTS_MAX_BYTES}`, { location: { file: "robots.txt" }, hint: "use a shorter base_url; robots.txt holds only the allow rule and the sitemap URL" }));
  }
  const sized = (file: string, bytes: number, message: string, hint: string) => {
    const error = new SitegenError("E_CHECK", message, { location: { file }, hint });
    if (mode === "check") errors.push(error);
    else warnings.push({ level: "warning", code: error.code, message, file, hint });
  };
  const llms = written.get("llms.txt")?.bytes ?? 0;
  if (llms > SIZE_LIMITS.llmsTxtMax) sized("llms.txt", llms, `llms.txt is ${llms} bytes; agents expect it under ${SIZE_LIMITS.llmsTxtMax}`, "shorten page and post descriptions");
  const full = written.get("llms-full.txt")?.bytes ?? 0;
  if (full < SIZE_LIMITS.llmsFullMin || full > SIZE_LIMITS.llmsFullMax) {
    sized("llms-full.txt", full, `llms-full.txt is ${full} bytes; the surface promises hundreds of kilobytes (${SIZE_LIMITS.llmsFullMin}–${SIZE_LIMITS.llmsFullMax})`, "llms-full.txt is every page and post; its size follows the content");
  }
  return { errors, warnings };
}
