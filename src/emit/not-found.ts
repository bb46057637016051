/** The Markdown recovery map that a 404 answers to `Accept: text/markdown` (spec §7.1). */
import { absoluteUrl, type Manifest } from "../manifest.ts";
import type { TemplateSet } from "../template.ts";

export function notFoundMarkdown(manifest: Manifest, templates: TemplateSet): string {
  const entry = (route: Manifest["routes"][number]) => ({
    title: route.title,
    url: absoluteUrl(manifest, route.path),
    markdownUrl: absoluteUrl(manifest, route.markdownPath),
  });
  return templates.render("404.md", {
    site: manifest.site,
    pages: manifest.pages.map(entry),
    posts: manifest.posts.map(entry),
    files: manifest.files.map((file) => ({ path: file.path, url: absoluteUrl(manifest, file.path), summary: file.summary })),
  });
}
