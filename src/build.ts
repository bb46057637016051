/**
 * The pipeline end to end: content → manifest → plan → jobs run into a
 * staging folder → link check and size budgets. `sitegen build` then swaps the
 * staging folder into place; `sitegen check` runs the same pipeline into a
 * folder it discards.
 */
import { readdir, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { listMarkdown, loadContent } from "./content/load.ts";
import { SitegenError, SitegenErrors } from "./errors.ts";
import { executePlan } from "./execute/execute.ts";
import { readPostBody } from "./execute/lane.ts";
import { RenderPool, workerCount } from "./execute/pool.ts";
import type { Finding } from "./findings.ts";
import { buildManifest, type Manifest } from "./manifest/manifest.ts";
import { sizeProblems } from "./plan/budgets.ts";
import { planSite } from "./plan/plan.ts";
import { NEGOTIATION_PATH } from "./negotiation/table.ts";
import { checkLinks } from "./render/links.ts";
import { loadTemplates } from "./render/templates.ts";
import { StagingFolder } from "./write/staging.ts";

export interface PipelineOptions {
  contentDir: string;
  templatesDir: string;
  baseUrl?: string;
  /** The time the build stands for: SOURCE_DATE_EPOCH, or now. */
  generated: Date;
  /** Markup added to every page's <head>: the watch-mode reload script. */
  headExtra?: string;
  /** Render worker threads; by default one per core beyond the first, for a large blog. */
  workers?: number;
  /** The folder messages name files relative to (the user's working folder). */
  cwd: string;
}

export interface BuildOptions extends PipelineOptions {
  outDir: string;
}

export interface Staged {
  manifest: Manifest;
  /** The budget warnings: a build reports them and succeeds. */
  warnings: Finding[];
}

export interface BuildResult extends Staged {
  pages: number;
  files: number;
  bytes: number;
  milliseconds: number;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  await assertReplaceable(options);
  const staging = await StagingFolder.create(resolve(options.cwd, options.outDir));
  try {
    const staged = await stage(options, staging, "build");
    await staging.commit();
    let bytes = 0;
    for (const { bytes: size } of staging.written.values()) bytes += size;
    return { ...staged, pages: staged.manifest.routes.length, files: staging.written.size, bytes, milliseconds: Math.round(performance.now() - started) };
  } catch (error) {
    await staging.discard();
    throw error;
  }
}

/**
 * Runs the pipeline into `staging`: every planned file written, every link
 * and budget checked. Throws the problems it finds; in `check` mode the size
 * budgets are errors too.
 */
export async function stage(options: PipelineOptions, staging: StagingFolder, mode: "build" | "check"): Promise<Staged> {
  const posts = await listMarkdown(join(options.contentDir, "blog"), options.cwd).catch(() => []);
  const pool = await RenderPool.start(workerCount(posts.length, options.workers));
  try {
    // The parsed content is dropped once the manifest holds what the build needs of it.
    const [manifest, { templates, assets }] = await Promise.all([
      loadContent(options.contentDir, { parsePosts: pool.parsePosts, cwd: options.cwd }).then((content) => buildManifest(content, { baseUrl: options.baseUrl, generated: options.generated })),
      loadTemplates(options.templatesDir, options.cwd),
    ]);
    const plan = planSite(manifest, { assets: [...assets.keys()] });
    const context = { manifest, templates, assets, headExtra: options.headExtra, bodyOf: readPostBody };
    const lanes = pool.threads > 0 ? { pool, stagingDir: staging.path, templatesDir: options.templatesDir, cwd: options.cwd } : undefined;
    const facts = await executePlan(plan, { context, writer: staging, lanes });
    // The workers' heaps are freed before the checks take memory of their own.
    await pool.close();
    // Post bodies were not kept: one is read again only to locate a broken link.
    const linkErrors = checkLinks(manifest, facts, readPostBody);
    const sizes = sizeProblems(manifest, staging.written, mode);
    if (linkErrors.length > 0 || sizes.errors.length > 0) throw new SitegenErrors([...linkErrors, ...sizes.errors]);
    return { manifest, warnings: sizes.warnings };
  } finally {
    // Stop the workers before the caller removes a folder one may still be writing into.
    await pool.close();
  }
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
