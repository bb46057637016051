/**
 * The folders a build is given and whether it may use them: the build cache
 * is opened only when it is apart from the content, the templates and the
 * output, and the output folder is replaced only when sitegen wrote it.
 */
import { readdir, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { SitegenError } from "./errors.ts";
import { NEGOTIATION_PATH } from "./negotiation/table.ts";
import { highlighterId } from "./render/media/highlight.ts";
import { BuildCache } from "./write/cache.ts";
import { HighlightFiles } from "./write/highlight-store.ts";
import { ImageFiles } from "./write/image-store.ts";

/** The folders of a run, as the user named them, resolved against `cwd`. */
export interface BuildFolders {
  contentDir: string;
  templatesDir: string;
  /** The folder messages name files relative to (the user's working folder). */
  cwd: string;
  outDir?: string;
  /** The build cache folder, and whether the user left it to the default (src/cli/commands/build.ts). */
  cache?: { dir: string; implied?: boolean };
}

/**
 * The build cache folder, opened, or why the run goes without it (`unused`,
 * also said when the folder's contents are not trusted). It must be apart
 * from the folders a build reads and the one it replaces: a cache inside the
 * output would be published, and one holding the content would be read as
 * content. A folder named so is an error; the default one, a note. `check`
 * opens it too, with the built folder it cross-checks as the output.
 */
export function openCache(
  options: BuildFolders,
  command: "build" | "check" = "build",
): { cache?: BuildCache; unused?: string } {
  if (!options.cache) return {};
  const dir = resolve(options.cwd, options.cache.dir);
  const overlapping = (["outDir", "contentDir", "templatesDir"] as const).find(
    (key) => options[key] !== undefined && overlap(dir, resolve(options.cwd, options[key])),
  );
  if (overlapping === undefined) {
    const opened = BuildCache.open(dir, resolve(options.cwd, options.contentDir));
    if ("cache" in opened) return { cache: opened.cache, unused: opened.cache.found.ignored };
    if ("unusable" in opened || options.cache.implied)
      return { unused: "unusable" in opened ? opened.unusable : opened.refused };
    throw new SitegenError(
      "E_USAGE",
      `refusing to ${command}: the build cache ${options.cache.dir} is not sitegen's to empty: ${opened.refused}`,
      { hint: "name a new or empty folder, or one an earlier build made (it holds sitegen's CACHEDIR.TAG)" },
    );
  }
  const message = `the build cache ${options.cache.dir} and ${options[overlapping]} overlap, and a build ${overlapping === "outDir" ? "replaces its output folder whole" : "reads every file there"}`;
  if (options.cache.implied) return { unused: message };
  throw new SitegenError("E_USAGE", `refusing to ${command}: ${message}`, {
    hint: "choose a cache folder of its own, such as .sitegen-cache (the default)",
  });
}

/** The cache's stores of highlighted code and narrower images, for the pipeline; none without a cache. */
export function cacheStores(cache: BuildCache | undefined): { highlights?: string; images?: ImageFiles } {
  return cache
    ? {
        highlights: HighlightFiles.folderFor(cache.highlights, highlighterId()),
        images: new ImageFiles(cache.images),
      }
    : {};
}

/** Whether one folder is the other or inside it. */
function overlap(a: string, b: string): boolean {
  const within = (inner: string, outer: string) =>
    inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : `${outer}${sep}`);
  return within(a, b) || within(b, a);
}

/**
 * A build replaces its output folder whole, so that folder must be one sitegen
 * wrote, or empty: `--out .` or `--out content` must never swap a project away.
 */
export async function assertReplaceable(options: BuildFolders & { outDir: string }): Promise<void> {
  const out = resolve(options.cwd, options.outDir);
  for (const source of [options.contentDir, options.templatesDir]) {
    const path = resolve(options.cwd, source);
    if (path === out || !relative(out, path).startsWith("..")) {
      throw new SitegenError(
        "E_USAGE",
        `refusing to build into ${options.outDir}: it holds ${source}, and a build replaces its output folder whole`,
        { hint: "choose an output folder of its own, such as dist" },
      );
    }
  }
  const entries = await readdir(out).catch(() => undefined);
  if (entries === undefined || entries.length === 0) return;
  const marker = NEGOTIATION_PATH.slice(1);
  const previous = await stat(join(out, marker)).then(
    () => true,
    () => false,
  );
  if (!previous) {
    throw new SitegenError(
      "E_USAGE",
      `refusing to replace ${options.outDir}: it is not empty and holds no earlier sitegen build (no ${marker.split("/").join(sep)})`,
      {
        hint: "empty it, or choose another output folder",
      },
    );
  }
}
