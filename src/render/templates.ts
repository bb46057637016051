/**
 * Reads the templates folder: top-level files are templates, `assets/` is
 * published under fingerprinted names (assets.ts), and `root/` is published
 * at the site root as it is, for the few addresses clients ask for by name
 * without a link (`/favicon.ico`).
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { SitegenError } from "../errors.ts";
import { isDocumentPath } from "../negotiation/decide.ts";
import { fingerprintAssets, rewriteAssetUrls } from "./assets.ts";
import { TemplateSet } from "./template.ts";

export interface LoadedTemplates {
  templates: TemplateSet;
  /** Output path (`assets/site.css`, `assets/site.3f2a9c1b0d.css`, `favicon.ico`) → bytes. */
  assets: Map<string, Uint8Array>;
  /** A hash of every template and asset: pages made from the same templates have the same. */
  fingerprint: string;
}

const REQUIRED = ["layout.html", "home.html", "page.html", "blog.html", "post.html", "post-item.html", "404.html", "404.md"];

/** Reads `dir` (relative to `cwd`); messages name files as `dir/name`. */
export async function loadTemplates(dir: string, cwd: string): Promise<LoadedTemplates> {
  const root = resolve(cwd, dir);
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true, recursive: true });
  } catch (error) {
    throw new SitegenError("E_TEMPLATE", `cannot read the templates folder ${dir}`, { location: { file: dir }, cause: error });
  }
  const sources = new Map<string, string>();
  const assetSources = new Map<string, Uint8Array>();
  const rootFiles = new Map<string, Uint8Array>();
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  for (const file of files.sort()) {
    const relativePath = file.slice(root.length).replace(/^[\\/]+/, "").split(/[\\/]/).join("/");
    if (relativePath.startsWith("assets/")) assetSources.set(relativePath, await readFile(file));
    else if (relativePath.startsWith("root/")) rootFiles.set(rootOutput(relativePath, join(dir, relativePath)), await readFile(file));
    else if (!relativePath.includes("/")) sources.set(relativePath, await readFile(file, "utf8"));
  }
  for (const name of REQUIRED) {
    if (!sources.has(name)) throw new SitegenError("E_TEMPLATE", `missing template \`${name}\``, { location: { file: join(dir, name) }, hint: `the templates folder needs ${REQUIRED.join(", ")}` });
  }
  const hash = createHash("sha256");
  for (const [name, source] of [...sources, ...assetSources, ...rootFiles]) hash.update(name).update("\0").update(source).update("\0");
  const shown = dir.replace(/[\\/]+$/, "");
  const { files: assets, urls } = fingerprintAssets(assetSources, shown);
  for (const [name, source] of sources) sources.set(name, rewriteAssetUrls(source, urls, `${shown}/${name}`));
  // Each asset is published twice: under its plain name, which Markdown and
  // other sites may link to and which revalidates, and under its fingerprinted
  // name, which the templates use and which is cached for a year.
  return { templates: new TemplateSet(sources, { dir, assetUrls: urls }), assets: new Map([...assetSources, ...assets, ...rootFiles]), fingerprint: hash.digest("base64url") };
}

/**
 * Where a file of `root/` is published. Only files directly in it, and never
 * a document path: the negotiation answers those (spec §7.4.1), so the file
 * would never be served.
 */
function rootOutput(relativePath: string, file: string): string {
  const name = relativePath.slice("root/".length);
  if (name.includes("/")) throw new SitegenError("E_TEMPLATE", `${relativePath}: root/ holds files, not folders`, { location: { file }, hint: "put files that need a folder under assets/, where they get fingerprinted names" });
  if (isDocumentPath(`/${name}`)) {
    throw new SitegenError("E_TEMPLATE", `${relativePath} would be answered by the negotiation, never served: a file at the root needs an asset extension such as .ico or .png`, {
      location: { file },
      hint: "pages, agent files and crawl files are generated; root/ is for files like favicon.ico",
    });
  }
  return name;
}
