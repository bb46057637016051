/**
 * src/pages/ of an Astro site as Astro routes it: which route lists each
 * collection, which pages are Markdown moved at their paths, and which are
 * code sitegen does not run. Apart from readAstro (astro.ts), which gives
 * each collection's entries their addresses from these routes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { withSlashes } from "./permalinks.ts";
import { walkSource, type Refusal } from "./walk.ts";
import { pushAll } from "../collector.ts";

/** The files Astro reads as Markdown entries and pages. */
export const ENTRY = /\.(md|mdx|markdown)$/i;

interface Routes {
  /** The folder of the route that lists each collection's entries, by collection. */
  collections: Map<string, string>;
  /** The folders of the dynamic routes (`[...slug].astro`), for a collection none names. */
  dynamicFolders: string[];
  markdown: { file: string; real: string; url: string }[];
  left: { file: string; why: string; url?: string }[];
}

/** src/pages/ as Astro routes it: a file's path is its address; `[...slug]` and `[slug]` routes list a collection. */
export function pageRoutes(root: string, refused: Refusal[]): Routes {
  const routes: Routes = { collections: new Map(), dynamicFolders: [], markdown: [], left: [] };
  const walk = walkSource(root, join(root, "src/pages"));
  pushAll(refused, walk.refused);
  for (const { path, real } of walk.files) {
    const parts = path.replace(/\.[^./]+$/, "").split("/");
    const dynamic = parts.findIndex((part) => /^\[.+\]$/.test(part));
    const folder = `/${parts.slice(0, dynamic === -1 ? -1 : dynamic).join("/")}`;
    if (dynamic !== -1) {
      if (/^\[\.\.\.(slug|id)\]$|^\[(slug|id)\]$/.test(parts[dynamic]) && dynamic === parts.length - 1)
        routes.dynamicFolders.push(folder === "/" ? "" : folder);
      const source = readFileSync(real, "utf8");
      for (const call of source.matchAll(/getCollection\(\s*["'`]([^"'`]+)["'`]/g))
        if (!routes.collections.has(call[1])) routes.collections.set(call[1], folder);
      routes.left.push({
        file: `src/pages/${path}`,
        why: "an Astro page route (code): its pages are the collection's entries, moved as posts or pages",
      });
      continue;
    }
    const last = parts.at(-1)!;
    const url = withSlashes(`${folder}/${last === "index" ? "" : last}/`.replace(/\/{2,}/g, "/"));
    if (ENTRY.test(path)) routes.markdown.push({ file: path, real, url });
    else if (/\.astro$/.test(path))
      routes.left.push({
        file: `src/pages/${path}`,
        why: "an Astro page (a component): sitegen runs none; its words go into a Markdown page by hand",
        url,
      });
    else
      routes.left.push({
        file: `src/pages/${path}`,
        why: "an Astro endpoint (code): sitegen makes its own feeds and indexes",
        url: `/${path.replace(/\.(js|ts)$/, "")}`,
      });
  }
  return routes;
}
