/**
 * `sitegen check`: runs the build's pipeline into a folder it discards, so
 * that it finds exactly what a build would (content, templates, links, size
 * budgets, each at the level src/policy.ts gives it, `--strict` raising
 * warnings as for a build), and, given a built folder, cross-checks its artifacts
 * against each other and the manifest: the OpenAPI slug enum, the blog index,
 * the sitemap, the `.md` files and the negotiation data name the same posts.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { BuildOptions } from "./build.ts";
import { stage, type PipelineOptions, type Staged } from "./pipeline.ts";
import { cacheStores, openCache } from "./build-folders.ts";
import { SitegenError } from "./errors.ts";
import { FailedRun, findingOf, findingsOfThrown, type Finding } from "./findings.ts";
import { allRoutes } from "./hosts/preview/folder.ts";
import { INTERNAL_DIR, slugOfPostPath, type Manifest } from "./manifest/manifest.ts";
import { NEGOTIATION_PATH } from "./negotiation/table.ts";
import { StagingFolder } from "./write/staging.ts";

export interface CheckOptions extends PipelineOptions {
  /** A built folder to cross-check, if it holds a build. */
  distDir?: string;
  /** The build cache to read, as `build` names it: posts a build kept there are taken from it, not rendered again. */
  cache?: BuildOptions["cache"];
}

export interface CheckResult {
  /** Every finding, errors first, each at the level src/policy.ts gives it. */
  findings: Finding[];
  /** What was checked, for the summary line. */
  checked: { pages: number; posts: number; dist: boolean };
  /** The build cache, when the check had one: its folder as given, the posts taken from it, and why its contents were not used, if so. */
  cache?: { dir: string; reused: number; note?: string };
}

/**
 * A check reads the build cache but never writes its index: a post a build
 * kept is taken from it with its findings, as a warm build takes it, so the
 * check after a build in CI costs what the warm build did. Its scratch folder
 * is in the cache folder, where the kept files are linked from.
 */
export async function check(options: CheckOptions): Promise<CheckResult> {
  const { cache, unused } = openCache({ ...options, outDir: options.distDir }, "check");
  const reported = (reused: number) =>
    options.cache && {
      cache: { dir: options.cache.dir, reused, ...(unused ? { note: `not used: ${unused}` } : {}) },
    };
  let staged: Staged;
  try {
    const scratch = await StagingFolder.create(
      cache ? join(cache.dir, "check") : join(tmpdir(), "sitegen-check"),
    );
    try {
      staged = await stage({ ...options, ...cacheStores(cache), checking: true }, scratch, cache);
    } finally {
      await scratch.discard();
    }
  } catch (error) {
    const checked = error instanceof FailedRun ? error.checked : undefined;
    return {
      findings: findingsOfThrown(error, options),
      checked: { pages: checked?.pages ?? 0, posts: checked?.posts ?? 0, dist: false },
      ...reported(0),
    };
  } finally {
    cache?.close();
  }
  const { manifest, findings } = staged;
  const distDir = options.distDir && resolve(options.cwd, options.distDir);
  const dist =
    distDir &&
    (await stat(join(distDir, NEGOTIATION_PATH)).then(
      () => true,
      () => false,
    ));
  const stale = dist
    ? (await crossCheck(manifest, distDir, options.distDir!)).map((error) => findingOf(error, options))
    : [];
  return {
    findings: [...stale, ...findings],
    checked: { pages: manifest.pages.length, posts: manifest.posts.length, dist: Boolean(dist) },
    ...reported(staged.reused),
  };
}

/** Every artifact of a built folder must name exactly the manifest's published posts. */
/** `distDir` is the folder to read; `shown`, its name as messages give it. */
export async function crossCheck(
  manifest: Manifest,
  distDir: string,
  shown = distDir,
): Promise<SitegenError[]> {
  // The indexes name the published posts; a build that shows drafts (a preview) serves those too.
  const published = manifest.posts.map((post) => post.slug!).sort();
  const served = manifest.listed.map((post) => post.slug!).sort();
  const postSlugs = (paths: string[]) =>
    paths.map(slugOfPostPath).filter((slug): slug is string => slug !== undefined);
  const sources: [string, () => Promise<string[]>, string[]][] = [
    [
      manifest.surface.openapi.file,
      async () => {
        const doc = JSON.parse(await readFile(join(distDir, manifest.surface.openapi.file), "utf8"));
        const param = doc.paths?.["/blog/{slug}.md"]?.get?.parameters?.find(
          (p: { name: string }) => p.name === "slug",
        );
        return param?.schema?.enum ?? [];
      },
      published,
    ],
    [
      manifest.surface.blogIndex.file,
      async () => {
        const index = JSON.parse(await readFile(join(distDir, manifest.surface.blogIndex.file), "utf8"));
        if (index.count !== index.posts?.length)
          throw new Error(`count is ${index.count} but posts has ${index.posts?.length} entries`);
        return index.posts.map((post: { slug: string }) => post.slug);
      },
      published,
    ],
    [
      manifest.surface.sitemap.file,
      async () => {
        const xml = await readFile(join(distDir, manifest.surface.sitemap.file), "utf8");
        const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
        return postSlugs(
          locs
            .filter((loc) => loc.startsWith(`${manifest.baseUrl}/`))
            .map((loc) => loc.slice(manifest.baseUrl.length)),
        );
      },
      published,
    ],
    // A site without posts has no blog/ folder: no post siblings.
    [
      "blog/*.md",
      async () =>
        (
          await readdir(join(distDir, "blog")).catch((error: NodeJS.ErrnoException) =>
            error.code === "ENOENT" && served.length === 0 ? [] : Promise.reject(error),
          )
        )
          .filter((name) => name.endsWith(".md"))
          .map((name) => name.slice(0, -3)),
      served,
    ],
    [`${INTERNAL_DIR}/`, async () => postSlugs(Object.keys((await allRoutes(distDir)).pages)), served],
  ];
  const errors: SitegenError[] = [];
  for (const [file, read, expected] of sources) {
    let slugs: string[];
    try {
      slugs = (await read()).slice().sort();
    } catch (error) {
      errors.push(
        new SitegenError("E_CHECK", `cannot read the post slugs: ${(error as Error).message}`, {
          kind: "stale-build",
          location: { file: join(shown, file) },
          cause: error,
        }),
      );
      continue;
    }
    const missing = expected.filter((slug) => !slugs.includes(slug));
    const extra = slugs.filter((slug) => !expected.includes(slug));
    if (missing.length > 0 || extra.length > 0) {
      const parts = [
        missing.length ? `missing ${missing.join(", ")}` : "",
        extra.length ? `not published: ${extra.join(", ")}` : "",
      ].filter(Boolean);
      errors.push(
        new SitegenError("E_CHECK", `post slugs disagree with the content: ${parts.join("; ")}`, {
          kind: "stale-build",
          location: { file: join(shown, file) },
          hint: "rebuild with `sitegen build`; a stale or hand-edited build drifts (a build made with `--drafts` is checked with `sitegen check --drafts`)",
        }),
      );
    }
  }
  return errors;
}
