/**
 * Reads the templates folder: top-level files are templates, `assets/` is
 * published under fingerprinted names (assets.ts), and `root/` is published
 * at the site root as it is, for the few addresses clients ask for by name
 * without a link (`/favicon.ico`).
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fingerprintAssets, rewriteAssetUrls } from "./assets.ts";
import { SitegenError } from "./errors.ts";
import { isDocumentPath } from "./negotiation/decide.ts";
import { TemplateSet } from "./template.ts";

export interface LoadedTemplates {
  templates: TemplateSet;
  /** Output path (`assets/site.3f2a9c1b0d.css`, `favicon.ico`) → bytes. */
  assets: Map<string, Uint8Array>;
}

const REQUIRED = ["layout.html", "home.html", "page.html", "blog.html", "post.html", "post-item.html", "404.html", "404.md"];

export async function loadTemplates(dir: string): Promise<LoadedTemplates> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    throw new SitegenError("E_TEMPLATE", `cannot read the templates folder ${dir}`, { location: { file: dir }, cause: error });
  }
  const sources = new Map<string, string>();
  const assetSources = new Map<string, Uint8Array>();
  const rootFiles = new Map<string, Uint8Array>();
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  for (const file of files.sort()) {
    const relativePath = file.slice(dir.length).replace(/^[\\/]+/, "").split(/[\\/]/).join("/");
    if (relativePath.startsWith("assets/")) assetSources.set(relativePath, await readFile(file));
    else if (relativePath.startsWith("root/")) rootFiles.set(rootOutput(relativePath, file), await readFile(file));
    else if (!relativePath.includes("/")) sources.set(relativePath, await readFile(file, "utf8"));
  }
  for (const name of REQUIRED) {
    if (!sources.has(name)) throw new SitegenError("E_TEMPLATE", `missing template \`${name}\``, { location: { file: join(dir, name) }, hint: `the templates folder needs ${REQUIRED.join(", ")}` });
  }
  const shown = dir.replace(/[\\/]+$/, "");
  const { files: assets, urls } = fingerprintAssets(assetSources, shown);
  for (const [name, source] of sources) sources.set(name, rewriteAssetUrls(source, urls, `${shown}/${name}`));
  return { templates: new TemplateSet(sources, { dir, assetUrls: urls }), assets: new Map([...assets, ...rootFiles]) };
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
