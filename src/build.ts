/**
 * The pipeline end to end: content → manifest → plan → jobs run into a
 * staging folder → link check and size budgets. `sitegen build` then swaps the
 * staging folder into place; `sitegen check` runs the same pipeline into a
 * folder it discards.
 */
import { readFileSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { listPostFiles, loadContent, type SourceEntry } from "./content/load.ts";
import type { Listing } from "./content/tree.ts";
import { siteSettingError } from "./content/site.ts";
import { SitegenError, SitegenErrors } from "./errors.ts";
import { executePlan } from "./execute/execute.ts";
import { readPostBody } from "./execute/lane.ts";
import { RenderPool, workerCount } from "./execute/pool.ts";
import { keyPath, pageFingerprint, recordKey, recordOf, unchanged, type PostRecord, type PostRecords, type ReuseStore } from "./execute/reuse.ts";
import { parseSources, type ParsedSources } from "./execute/sources.ts";
import type { HostName } from "./content/types.ts";
import { findingOf, type Finding } from "./findings.ts";
import { buildManifest, type Manifest, type PageRoute } from "./manifest/manifest.ts";
import { SITEMAP_LIMITS } from "./manifest/sitemap-parts.ts";
import { sizeProblems } from "./plan/budgets.ts";
import { placeholderProblems } from "./plan/placeholders.ts";
import { cloudflareFileProblems } from "./plan/cloudflare-limits.ts";
import { planSite } from "./plan/plan.ts";
import { NEGOTIATION_PATH } from "./negotiation/table.ts";
import { checkLinks } from "./render/links.ts";
import { pageWarnings, templateWarnings } from "./render/page-warnings.ts";
import type { RenderMemo } from "./render/render-job.ts";
import { surfacePageProblems } from "./render/surface-pages.ts";
import { prepareTemplates, readTemplates } from "./render/templates.ts";
import { themeFileProblems } from "./render/theme-files.ts";
import { listingTemplateProblems, unaddressableTagWarnings } from "./render/listing-checks.ts";
import { BuildCache } from "./write/cache.ts";
import type { Written } from "./write/output.ts";
import type { PatchWriter } from "./write/patch.ts";
import { StagingFolder } from "./write/staging.ts";

/**
 * From this many posts on, the files are written by a disk thread
 * (src/write/disk-thread.ts) while the pages render; below, starting it
 * costs more than the writes it takes over (the real site's 14 posts
 * built in 0.30 s with it and 0.28 s without).
 */
const DISK_THREAD_FROM = 100;

/** Up to this many posts, the bodies read while parsing are kept for rendering (about 25 MB); beyond, each is read again. */
const KEEP_BODIES_UP_TO = 3000;

export interface PipelineOptions {
  contentDir: string;
  templatesDir: string;
  baseUrl?: string;
  /** The CDN the build is for, overriding site.yaml's `host`. */
  host?: HostName;
  /** The time the build stands for: SOURCE_DATE_EPOCH, or now. */
  generated: Date;
  /** Markup added to every page's <head>: the watch-mode reload script. */
  headExtra?: string;
  /** Render worker threads; by default one per core beyond the first, for a large blog. */
  workers?: number;
  /** The folder messages name files relative to (the user's working folder). */
  cwd: string;
  /** What renderers keep between the rebuilds of a watch session. */
  memo?: RenderMemo;
  /** Return every post's record (the build cache and watch sessions keep them); without, none are made. */
  records?: boolean;
  /** Lists the post files: a watch session gives the last listing again while only files in it have changed. */
  postFiles?: (list: () => Listing) => Listing;
  /** Show the drafts, marked and indexed nowhere (`--drafts`, `serve --watch`, a deploy preview); never in a production build. */
  drafts?: boolean;
  /** Why this is a production deploy's build, if it is (src/cli/io.ts `deployContext`): no drafts, and a placeholder is an error. */
  production?: string;
}

export interface BuildOptions extends PipelineOptions {
  outDir: string;
  /** A build cache folder (src/write/cache.ts): unchanged posts are taken from it, and this build's are kept in it. */
  cache?: string;
  /** How the new folder is swapped in: a watch session's server holds its requests meanwhile. */
  swap?: (commit: () => Promise<void>) => Promise<void>;
}

export interface Staged {
  manifest: Manifest;
  /** The budget warnings: a build reports them and succeeds. */
  warnings: Finding[];
  /** What `check` tells besides (src/content/notices.ts). */
  notes: Finding[];
  /** Every published post's record, for the next build (src/execute/reuse.ts), when asked for. */
  records: PostRecords;
  /** How many post pages were taken from earlier results instead of rendered. */
  reused: number;
}

export interface BuildResult extends Staged {
  pages: number;
  files: number;
  bytes: number;
  milliseconds: number;
  /** Every file written, as the negotiation data records it. */
  written: Map<string, Written>;
  /** Why the build cache's contents were not used, if they were not. */
  cacheIgnored?: string;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  await assertReplaceable(options);
  const staging = await StagingFolder.create(resolve(options.cwd, options.outDir));
  const cache = options.cache === undefined ? undefined : BuildCache.open(resolve(options.cwd, options.cache));
  try {
    const staged = await stage(options, staging, "build", cache);
    cache?.save(staged.records, staging);
    await (options.swap ? options.swap(() => staging.commit()) : staging.commit());
    let bytes = 0;
    for (const { bytes: size } of staging.written.values()) bytes += size;
    return { ...staged, pages: staged.manifest.routes.length, files: staging.written.size, bytes, milliseconds: Math.round(performance.now() - started), written: staging.written, cacheIgnored: cache?.found.ignored };
  } catch (error) {
    await staging.discard();
    throw error;
  }
}

/**
 * Runs the pipeline into `writer` (a staging folder, or the watch session's
 * patch of its folder): every planned file written, every link and budget
 * checked. Throws the problems it finds; in `check` mode the size budgets are
 * errors too. With a `store` of earlier results, unchanged posts are neither
 * parsed nor rendered again.
 */
export async function stage<W extends StagingFolder | PatchWriter>(options: PipelineOptions, writer: W, mode: "build" | "check", store?: ReuseStore<W>): Promise<Staged> {
  const contentRoot = resolve(options.cwd, options.contentDir);
  // Listed once: the number of posts decides the render lanes, and the listing is what loadContent reads.
  const list = () => listPostFiles(options.contentDir, options.cwd);
  const postFiles = options.postFiles ? options.postFiles(list) : list();
  const posts = postFiles.entries;
  if (writer instanceof StagingFolder && posts.length >= DISK_THREAD_FROM) writer.startDiskThread();
  // Given earlier results, most posts are neither parsed nor rendered: render lanes wait until the build knows how many pages are left.
  const laneless = !(writer instanceof StagingFolder) || (store?.records.size ?? 0) > 0;
  let pool = await RenderPool.start(laneless ? 0 : workerCount(posts.length, options.workers));
  try {
    const known = new Map([...(store?.records ?? [])].map(([key, record]) => [keyPath(contentRoot, key), record]));
    const hashes = new Map<string, string>();
    const vouched = (path: string) => store?.vouches?.(path) ?? false;
    // A body read to parse its file is kept for its page, unless the blog is so large that its bodies would crowd memory.
    const keepBodies = posts.length <= KEEP_BODIES_UP_TO;
    const parsePosts = pool.threads > 0 ? pool.postParser(known, hashes, keepBodies) : async (entries: SourceEntry[]) => collect(parseSources(entries, { known, vouched, keepBodies }), hashes);
    const [content, templateSources] = await Promise.all([loadContent(options.contentDir, { parsePosts, postFiles, cwd: options.cwd }), readTemplates(options.templatesDir, options.cwd)]);
    const { templates, assets, fingerprint, themeProblems } = await prepareTemplates(templateSources, { theme: content.site.theme });
    const manifest = buildManifest(content, { baseUrl: options.baseUrl, host: options.host, generated: options.generated, drafts: options.drafts && !options.production });
    const site = { file: content.siteFile, text: readFileSync(resolve(options.cwd, content.siteFile), "utf8") };
    const themeErrors = [...themeProblems, ...themeFileProblems(manifest, templates), ...listingTemplateProblems(manifest, templates)].map((problem) => siteSettingError(site, problem));
    if (themeErrors.length > 0) throw new SitegenErrors(themeErrors);
    const shell = pageFingerprint(manifest, { fingerprint }, options.headExtra);
    const keyOf = (route: PageRoute) => recordKey(contentRoot, route.sourcePath);
    const reuse = store && {
      recordFor: (route: PageRoute) => unchanged(store.records, keyOf(route), hashes.get(route.sourcePath), shell, route),
      restore: (record: PostRecord) => store.restore(record, writer),
    };
    if (writer instanceof StagingFolder && reuse && laneless) pool = await RenderPool.start(workerCount(manifest.listed.filter((route) => !reuse.recordFor(route)).length, options.workers));
    const plan = planSite(manifest, { assets: [...assets.keys()] });
    const context = { manifest, templates, assets, headExtra: options.headExtra, bodyOf: readPostBody, memo: options.memo };
    const lanes = pool.threads > 0 && writer instanceof StagingFolder ? { pool, stagingDir: writer.path, templatesDir: options.templatesDir, cwd: options.cwd, diskChannel: () => writer.diskChannel() } : undefined;
    const { facts, restored } = await executePlan(plan, { context, writer, lanes, reuse });
    // The workers' heaps are freed before the checks take memory of their own.
    await pool.close();
    // Post bodies were not kept: one is read again only to locate a broken link.
    const linkErrors = checkLinks(manifest, facts, readPostBody, { assets: assets.keys(), site, parts: options.memo?.parts });
    const sizes = sizeProblems(manifest, writer.written, mode);
    const surfacePages = surfacePageProblems(manifest, facts, mode);
    const hostFiles = manifest.host === "cloudflare" ? cloudflareFileProblems(writer.written) : { errors: [], warnings: [] };
    const placeholders = placeholderProblems(manifest, { production: options.production, mode, ...(options.baseUrl === undefined ? { site } : {}) });
    const errors = [...linkErrors, ...surfacePages.errors, ...sizes.errors, ...hostFiles.errors, ...placeholders.errors];
    if (errors.length > 0) throw new SitegenErrors(errors);
    const sources = new Map(content.posts.map((post) => [post.path, post]));
    // A page taken from its record keeps that record, the same object: what a watch session keeps by post stays valid.
    const recordFor = (route: PageRoute): PostRecord => restored.get(route) ?? recordOf(sources.get(route.sourcePath)!, route, hashes.get(route.sourcePath)!, shell, writer.written, facts.get(route.path)!);
    const records: PostRecords = new Map(store || options.records ? manifest.listed.map((route) => [keyOf(route), recordFor(route)]) : []);
    return { manifest, notes: [...content.notes.map((note) => findingOf(note, "note")), ...sitemapNotes(manifest)], warnings: [...content.warnings.map((warning) => findingOf(warning, "warning")), ...scheduledWarnings(manifest), ...templateWarnings(templateSources, manifest), ...unaddressableTagWarnings(manifest), ...pageWarnings(manifest, facts), ...surfacePages.warnings, ...sizes.warnings, ...hostFiles.warnings, ...placeholders.warnings, ...refusedDrafts(options)], records, reused: restored.size };
  } finally {
    // Stop the workers before the caller removes a folder one may still be writing into.
    await pool.close();
  }
}

/** Drafts asked for in a production build are left out, and the build says why. */
function refusedDrafts(options: PipelineOptions): Finding[] {
  if (!options.drafts || !options.production) return [];
  return [{ level: "warning", code: "E_USAGE", message: `drafts left out: this is ${options.production}, and no production build has drafts`, hint: "drafts are for previews: \`sitegen serve --watch\`, \`sitegen build --drafts\` elsewhere, Netlify's deploy previews and branch deploys" }];
}

/** A post dated after the build's time is not an error, but the build says it left it out. */
function scheduledWarnings(manifest: Manifest): Finding[] {
  return manifest.scheduled.map(({ source, published }) => ({
    level: "warning",
    code: "E_CONTENT",
    message: `dated ${published}, after the time this build stands for (${manifest.generated}): left out until a build at or after that time`,
    file: source,
    hint: "a post dated in the future is published by the first build after its date; for a draft, set `status: draft`",
  }));
}

/** A sitemap too large for one file is not a problem, but the build says it split it, and where the limit is. */
function sitemapNotes(manifest: Manifest): Finding[] {
  const parts = manifest.sitemapParts;
  if (parts.length === 0) return [];
  return [{
    level: "note",
    code: "E_CHECK",
    message: `${manifest.routes.length} URLs, over the ${SITEMAP_LIMITS.urls} one sitemap file may list (sitemaps.org): ${manifest.surface.sitemap.path} is a sitemap index of ${parts.length} files, ${parts[0].path} to ${parts[parts.length - 1].path}`,
    file: manifest.surface.sitemap.file,
    hint: "search engines read the index and its files; robots.txt names the index, as it named the sitemap",
  }];
}

/** Parsed sources as loadContent takes them, their hashes kept aside. */
function collect(parsed: ParsedSources, hashes: Map<string, string>): { posts: ParsedSources["posts"]; errors: ParsedSources["errors"] } {
  for (const [path, hash] of parsed.hashes) hashes.set(path, hash);
  return { posts: parsed.posts, errors: parsed.errors };
}

/**
 * A build replaces its output folder whole, so that folder must be one sitegen
 * wrote, or empty: `--out .` or `--out content` must never swap a project away.
 */
export async function assertReplaceable(options: Pick<BuildOptions, "outDir" | "contentDir" | "templatesDir" | "cwd">): Promise<void> {
  const out = resolve(options.cwd, options.outDir);
  for (const source of [options.contentDir, options.templatesDir]) {
    const path = resolve(options.cwd, source);
    if (path === out || !relative(out, path).startsWith("..")) {
      throw new SitegenError("E_USAGE", `refusing to build into ${options.outDir}: it holds ${source}, and a build replaces its output folder whole`, { hint: "choose an output folder of its own, such as dist" });
    }
  }
  const entries = await readdir(out).catch(() => undefined);
  if (entries === undefined || entries.length === 0) return;
  const marker = NEGOTIATION_PATH.slice(1);
  const previous = await stat(join(out, marker)).then(() => true, () => false);
  if (!previous) {
    throw new SitegenError("E_USAGE", `refusing to replace ${options.outDir}: it is not empty and holds no earlier sitegen build (no ${marker.split("/").join(sep)})`, {
      hint: "empty it, or choose another output folder",
    });
  }
}
