/**
 * Whether the old site showed an image's title as its caption: an Eleventy
 * site's markdown-it-image-figures with `figcaption: true` (or `'title'`)
 * turns `![A quay](quay.jpg "Low tide")` into a figure captioned "Low tide".
 * The new site's site.yaml then says `markdown.image_captions: title`, so
 * the caption stays words people read. The plugin is often set up in a
 * module the configuration imports (`src/markdown.ts`), so every script of
 * the site outside its dependencies and output is read, never run.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Generator } from "./model.ts";

const PLUGIN = /["'`]markdown-it-image-figures["'`]/;
const TITLE_CAPTIONS = /figcaption\s*:\s*(?:true|["'`]title["'`])/;
const SCRIPT = /\.(?:[cm]?js|[cm]?ts)$/;
const NOT_THE_SITES = new Set(["node_modules", ".git", "_site", "dist", "public", ".cache"]);

export function imageCaptionsOf(generator: Generator, root: string): "title" | undefined {
  if (generator !== "eleventy") return undefined;
  return scripts(root, 4).some((text) => PLUGIN.test(text) && TITLE_CAPTIONS.test(text))
    ? "title"
    : undefined;
}

/** The text of each script under `folder`, `depth` folders down at most. */
function scripts(folder: string, depth: number): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory())
      return depth > 0 && !NOT_THE_SITES.has(entry.name) ? scripts(path, depth - 1) : [];
    return entry.isFile() && SCRIPT.test(entry.name) && !entry.name.endsWith(".d.ts")
      ? [readFileSync(path, "utf8")]
      : [];
  });
}
