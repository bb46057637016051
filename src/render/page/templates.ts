/**
 * Reads the templates folder: top-level files are templates, `assets/` is
 * published under fingerprinted names (assets.ts), and `root/` is published
 * at the site root as it is, for the few addresses clients ask for by name
 * without a link (`/favicon.ico`).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { SitegenError } from "../../errors.ts";
import { isDocumentPath } from "../../negotiation/decide.ts";
import { fingerprintAssets, rewriteAssetUrls } from "./assets.ts";
import { dimensionsOf, isImageName, type Dimensions } from "../../content/image-size.ts";
import type { SiteTheme } from "../../content/site-settings.ts";
import { REQUIRED_TEMPLATES, TemplateSet } from "./template.ts";
import { themeStylesheet, type ThemeProblem } from "./theme.ts";

export interface LoadedTemplates {
  templates: TemplateSet;
  /** Output path (`assets/site.css`, `assets/site.3f2a9c1b0d.css`, `favicon.ico`) → bytes. */
  assets: Map<string, Uint8Array>;
  /** A hash of every template and asset: pages made from the same templates have the same. */
  fingerprint: string;
  /** What keeps the theme's accents out of the stylesheet (theme.ts); none when they are in. */
  themeProblems: ThemeProblem[];
}

/** A templates folder as read, before its assets are fingerprinted and the theme applied. */
export interface TemplateSources {
  /** The folder as the user named it, for messages. */
  dir: string;
  /** Top-level templates by name. */
  sources: Map<string, string>;
  /** `assets/…` paths → bytes. */
  assetSources: Map<string, Uint8Array>;
  /** Output paths of root/'s files → bytes. */
  rootFiles: Map<string, Uint8Array>;
}

/** The templates folder's stylesheet, which the theme's accents go into. */
export const STYLESHEET = "assets/site.css";

/** Reads `dir` (relative to `cwd`) and makes it ready to render with `options.theme`; messages name files as `dir/name`. */
export async function loadTemplates(
  dir: string,
  cwd: string,
  options: { theme?: SiteTheme } = {},
): Promise<LoadedTemplates> {
  return prepareTemplates(await readTemplates(dir, cwd), options);
}

/** Reads `dir` (relative to `cwd`). */
export async function readTemplates(dir: string, cwd: string): Promise<TemplateSources> {
  const root = resolve(cwd, dir);
  let entries;
  try {
    entries = readdirSync(root, { withFileTypes: true, recursive: true });
  } catch (error) {
    throw new SitegenError("E_TEMPLATE", `cannot read the templates folder ${dir}`, {
      location: { file: dir },
      cause: error,
    });
  }
  const sources = new Map<string, string>();
  const assetSources = new Map<string, Uint8Array>();
  const rootFiles = new Map<string, Uint8Array>();
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  for (const file of files.sort()) {
    const relativePath = file
      .slice(root.length)
      .replace(/^[\\/]+/, "")
      .split(/[\\/]/)
      .join("/");
    // Small files read one after another: synchronous reads cost less than a promise each (a watch rebuild reads them all).
    if (relativePath.startsWith("assets/")) assetSources.set(relativePath, readFileSync(file));
    else if (relativePath.startsWith("root/"))
      rootFiles.set(rootOutput(relativePath, join(dir, relativePath)), readFileSync(file));
    else if (!relativePath.includes("/")) sources.set(relativePath, readFileSync(file, "utf8"));
  }
  for (const name of REQUIRED_TEMPLATES) {
    if (!sources.has(name))
      throw new SitegenError("E_TEMPLATE", `missing template \`${name}\``, {
        location: { file: join(dir, name) },
        hint: `the templates folder needs ${REQUIRED_TEMPLATES.join(", ")}`,
      });
  }
  return { dir, sources, assetSources, rootFiles };
}

/**
 * The templates ready to render: the theme's accents in the stylesheet, every
 * asset fingerprinted and every reference to one rewritten. Pure, so a render
 * lane that reads the same folder with the same theme gets the same bytes.
 * Problems with the theme come back as `themeProblems` for the caller to
 * place in site.yaml; the stylesheet is then left as it is.
 */
export async function prepareTemplates(
  read: TemplateSources,
  options: { theme?: SiteTheme } = {},
): Promise<LoadedTemplates> {
  const { dir, rootFiles } = read;
  const sources = new Map(read.sources);
  const assetSources = new Map(read.assetSources);
  const stylesheet = assetSources.get(STYLESHEET);
  const themed = await themeStylesheet(
    options.theme,
    stylesheet === undefined ? "" : Buffer.from(stylesheet).toString("utf8"),
  );
  const themeProblems =
    stylesheet === undefined && themed.css !== "" ? [noStylesheet(options.theme!, dir)] : themed.problems;
  if (stylesheet !== undefined && themeProblems.length === 0)
    assetSources.set(STYLESHEET, Buffer.from(themed.css, "utf8"));
  const hash = createHash("sha256");
  for (const [name, source] of [...sources, ...assetSources, ...rootFiles])
    hash.update(name).update("\0").update(source).update("\0");
  const shown = dir.replace(/[\\/]+$/, "");
  const { files: assets, urls } = fingerprintAssets(assetSources, shown);
  for (const [name, source] of sources) sources.set(name, rewriteAssetUrls(source, urls, `${shown}/${name}`));
  // Each asset is published twice: under its plain name, which Markdown and
  // other sites may link to and which revalidates, and under its fingerprinted
  // name, which the templates use and which is cached for a year.
  return {
    templates: new TemplateSet(sources, { dir, assetUrls: urls, assetSizes: imageSizes(assetSources) }),
    assets: new Map([...assetSources, ...assets, ...rootFiles]),
    fingerprint: hash.digest("base64url"),
    themeProblems,
  };
}

/** The width and height of each asset that is an image, by its plain URL. */
function imageSizes(assetSources: Map<string, Uint8Array>): Map<string, Dimensions> {
  const sizes = new Map<string, Dimensions>();
  for (const [path, bytes] of assetSources) {
    const size = isImageName(path) ? dimensionsOf(bytes) : undefined;
    if (size) sizes.set(`/${path}`, size);
  }
  return sizes;
}

function noStylesheet(theme: SiteTheme, dir: string): ThemeProblem {
  const key = theme.accent !== undefined ? "accent" : "accent_dark";
  return {
    path: ["theme", key],
    message: `\`theme.${key}\` colours ${dir.replace(/[\\/]+$/, "")}/${STYLESHEET}, which these templates do not have`,
    hint: "add the stylesheet, coloured with `var(--accent)`, or leave the accent out and colour the templates' own stylesheet",
  };
}

/**
 * Where a file of `root/` is published. Only files directly in it, and never
 * a document path: the negotiation answers those (spec §7.4.1), so the file
 * would never be served.
 */
function rootOutput(relativePath: string, file: string): string {
  const name = relativePath.slice("root/".length);
  if (name.includes("/"))
    throw new SitegenError("E_TEMPLATE", `${relativePath}: root/ holds files, not folders`, {
      location: { file },
      hint: "put files that need a folder under assets/, where they get fingerprinted names",
    });
  if (isDocumentPath(`/${name}`)) {
    throw new SitegenError(
      "E_TEMPLATE",
      `${relativePath} would be answered by the negotiation, never served: a file at the root needs an asset extension such as .ico or .png`,
      {
        location: { file },
        hint: "pages, agent files and crawl files are generated; root/ is for files like favicon.ico",
      },
    );
  }
  return name;
}
