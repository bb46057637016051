/**
 * Files Eleventy copies from outside its input folder: eleventy-base-blog's
 * `addPassthroughCopy({ "./public/": "/" })` with `input: "content"` puts
 * the author's pictures, stylesheets and pages of HTML at the site's root.
 * The input folder's walk never sees them; each is read from its own folder
 * (inside the source site: a link out of it is refused as any other) and
 * published where Eleventy published it.
 */
import { statSync } from "node:fs";
import { basename, relative, resolve, sep } from "node:path";
import type { Settings } from "./eleventy-config.ts";
import { folderInside, walkSource, type Refusal } from "./walk.ts";
import { pushAll } from "../collector.ts";

/** Each file a passthrough copy takes from outside the input folder: its path from the output's root, and the file. */
export function passedFromOutside(
  settings: Settings,
  root: string,
  input: string,
  refused: Refusal[],
): { name: string; real: string }[] {
  const files: { name: string; real: string }[] = [];
  for (const { from, to } of settings.passthrough) {
    // A glob is Eleventy's to expand, within the input folder; a dependency's file (`node_modules/…`) is the theme's.
    if (/[*{?[]/.test(from) || /(?:^|\/)node_modules\//.test(from)) continue;
    const source = resolve(root, from);
    const fromInput = relative(input, source);
    if (!fromInput.startsWith(`..${sep}`) && fromInput !== "..") continue;
    const place = folderInside(root, source);
    if (place.outside || place.real === undefined) continue;
    // Where Eleventy writes it: under `to` when given, else at its path from the project's root.
    const target = (to ?? relative(root, source).split(sep).join("/")).replace(/^\.?\/+|\/+$/g, "");
    if (statSync(place.real).isFile()) {
      files.push({ name: target || basename(source), real: place.real });
      continue;
    }
    const walk = walkSource(root, source);
    pushAll(refused, walk.refused);
    for (const { path, real } of walk.files)
      files.push({ name: [target, path].filter(Boolean).join("/"), real });
  }
  return files;
}

/** A picture a text names from the site's root, in Markdown or HTML: `![x](/img/a.png)`, `<img src="/img/a.png">`. */
const FROM_ROOT = /!\[[^\]]*\]\(\s*<?(\/(?!\/)[^)\s>]+)|<img\b[^>]*?\bsrc\s*=\s*["'](\/(?!\/)[^"']+)["']/gi;

/**
 * The pictures Eleventy Image's transform published from the input folder:
 * it reads each page's `<img>` and finds a path from the root in the input
 * folder (`/img/a.png` is `src/img/a.png`), which no passthrough copy names.
 * Each is moved to that path, where the moved text names it.
 */
export function transformedImages(
  texts: { body: string }[],
  input: string,
  taken: Set<string>,
): { name: string; real: string }[] {
  const files: { name: string; real: string }[] = [];
  for (const { body } of texts)
    for (const match of body.matchAll(FROM_ROOT)) {
      let name: string;
      try {
        name = decodeURI(match[1] ?? match[2])
          .replace(/[?#].*$/, "")
          .slice(1);
      } catch {
        continue;
      }
      if (taken.has(name)) continue;
      const place = folderInside(input, resolve(input, name));
      if (place.outside || place.real === undefined || !statSync(place.real).isFile()) continue;
      taken.add(name);
      files.push({ name, real: place.real });
    }
  return files;
}
