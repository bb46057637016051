/** Reads the templates folder: top-level files are templates, `assets/` is copied as is. */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { SitegenError } from "../errors.ts";
import { TemplateSet } from "./template.ts";

export interface LoadedTemplates {
  templates: TemplateSet;
  /** Output path (`assets/site.css`) → bytes. */
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
  const assets = new Map<string, Uint8Array>();
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  for (const file of files.sort()) {
    const relativePath = file.slice(root.length).replace(/^[\\/]+/, "").split(/[\\/]/).join("/");
    if (relativePath.startsWith("assets/")) assets.set(relativePath, await readFile(file));
    else if (!relativePath.includes("/")) sources.set(relativePath, await readFile(file, "utf8"));
  }
  for (const name of REQUIRED) {
    if (!sources.has(name)) throw new SitegenError("E_TEMPLATE", `missing template \`${name}\``, { location: { file: join(dir, name) }, hint: `the templates folder needs ${REQUIRED.join(", ")}` });
  }
  const hash = createHash("sha256");
  for (const [name, source] of [...sources, ...assets]) hash.update(name).update("\0").update(source).update("\0");
  return { templates: new TemplateSet(sources, { dir }), assets, fingerprint: hash.digest("base64url") };
}
