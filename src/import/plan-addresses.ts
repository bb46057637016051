/**
 * Where every old address of a source went, and what answers on the new
 * site: the map the links of every moved text are rewritten through
 * (links.ts) and the template tags converted with (convert.ts). Apart from
 * planImport (plan.ts), which places the texts first and writes them after.
 */
import { canonicalTag } from "../content/languages.ts";
import { anchorsOf, type Anchors } from "./anchors.ts";
import type { ConvertOptions } from "./convert.ts";
import { oldForms, type Moves } from "./links.ts";
import type { ImportedFile, ImportedSite } from "./model.ts";
import type { Placed } from "./place.ts";
import type { PlanOptions } from "./plan-model.ts";
import { text } from "./read.ts";

/** The files the build makes at the site's root: a source's own would be refused. */
export const BUILT = new Set([
  "robots.txt",
  "sitemap.xml",
  "llms.txt",
  "llms-full.txt",
  "agent-instructions.md",
  "blog-index.json",
  "openapi.json",
  "feed.xml",
  "atom.xml",
  "rss.xml",
  "index.xml",
  "404.html",
  "index.html",
  "index.md",
  "_headers",
  "_redirects",
  "_routes.json",
  "_worker.js",
]);

/** The addresses of a source once its texts are placed: what answers, where each old one went, and the site-wide files with why any is refused. */
export interface Addresses {
  byOld: Map<string, string>;
  current: Set<string>;
  answers: (path: string) => boolean;
  staticFiles: { file: ImportedFile; name: string; refused: string | undefined }[];
  moves: Moves;
  conversions: ConvertOptions;
}

export function addressesOf(
  site: ImportedSite,
  placed: Placed[],
  posts: Placed[],
  options: PlanOptions,
): Addresses {
  const defaultLang = site.site.languages[0];
  // Where every old address went: documents, then their own files.
  const byOld = new Map<string, string>();
  for (const { document, path } of placed)
    for (const old of document.oldUrls)
      for (const form of oldForms(old)) if (!byOld.has(form)) byOld.set(form, path);
  // A list the source made of a page (Jekyll's `blog.html`) is the new site's own list: links to it lead there.
  for (const { oldUrls, listedAt } of site.left)
    if (listedAt)
      for (const old of oldUrls ?? [])
        for (const form of oldForms(old)) if (!byOld.has(form)) byOld.set(form, listedAt);
  for (const { document, path } of placed.filter(({ document }) => document.kind === "post"))
    for (const file of document.bundle)
      if (file.oldUrl) byOld.set(decodeURI(file.oldUrl), `${path}${encodeURI(file.name)}`);
  const staticFiles = site.files
    .map((file) => ({ file, name: decodeURIComponent((file.oldUrl ?? `/${file.name}`).slice(1)) }))
    .map((each) => ({ ...each, refused: refusedStatic(each.name, options) }));
  const current = new Set([
    ...placed.map(({ path }) => path),
    ...staticFiles.filter(({ refused }) => !refused).map(({ name }) => `/${name}`),
    ...placed.flatMap(({ document, path }) => document.bundle.map((file) => `${path}${file.name}`)),
  ]);
  // Every sitegen site has a home and a blog page (the starter's, where the source had none).
  const answers = (path: string) =>
    path === "/" ||
    path === "/blog/" ||
    BUILT.has(path.slice(1)) ||
    current.has(path.replace(/\.md$/, "/")) ||
    path === "/index.md" ||
    (options.published?.(path) ?? false);
  const anchorsByPath = new Map(
    placed.map(({ document, path }) => [
      path,
      () =>
        anchorsOf(
          document.body,
          canonicalTag(document.lang ?? text(document.data.lang) ?? defaultLang ?? "en"),
          options.headingIds,
        ),
    ]),
  );
  const anchorCache = new Map<string, Anchors>();
  const anchors = (path: string) => {
    const make = anchorsByPath.get(path);
    if (!make) return undefined;
    if (!anchorCache.has(path)) anchorCache.set(path, make());
    return anchorCache.get(path);
  };
  const bySource = new Map(placed.map(({ document, path }) => [document.file, path]));
  const moves: Moves = { byOld, current, origin: site.site.origin, answers, anchors, bySource };
  const byStem = new Map(posts.map(({ document, path }) => [document.stem, path]));
  const conversions = {
    postUrl: (name: string) => byStem.get(name.replace(/\.(md|markdown)$/, "")),
    linkUrl: (path: string) =>
      [...bySource].find(([file]) => file === path || file.endsWith(`/${path.replace(/^\/+/, "")}`))?.[1],
    origin: site.site.origin,
    basePath: site.site.basePath,
    values: site.site.values,
    liquid: site.liquid !== undefined,
    templates: templatesOf(site.generator),
  };
  return { byOld, current, answers, staticFiles, moves, conversions };
}

/** The template language the source's texts were run through: Liquid's tags mean nothing to Hugo, which shows `{% raw %}` as written, nor Hugo's shortcodes to Jekyll. */
function templatesOf(generator: ImportedSite["generator"]): "liquid" | "hugo" | "none" {
  if (generator === "hugo") return "hugo";
  return generator === "astro" ? "none" : "liquid";
}

/** Why a site-wide file is not copied: the build makes one at its path, sitegen answers its path as a page's, or the target site has its own. */
function refusedStatic(name: string, options: PlanOptions): string | undefined {
  const last = name.slice(name.lastIndexOf("/") + 1);
  if (BUILT.has(name) || name.startsWith("_sitegen/")) return "a file the build makes itself";
  if (!last.includes(".") || last.endsWith("."))
    return "a file without an extension: sitegen answers such a path as a page's, so the file would not be reached";
  return options.taken?.(name);
}
