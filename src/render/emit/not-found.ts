/** The Markdown recovery map that a 404 answers to `Accept: text/markdown` (spec §7.1). */
import type { Manifest } from "../../manifest/manifest.ts";
import type { TemplateSet } from "../template.ts";

export function notFoundMarkdown(manifest: Manifest, templates: TemplateSet): string {
  const entry = (route: Manifest["routes"][number]) => ({
    title: route.title,
    url: route.url,
    markdownUrl: route.markdownUrl,
  });
  return templates.render("404.md", {
    site: manifest.site,
    pages: manifest.pages.map(entry),
    posts: manifest.posts.map(entry),
    files: manifest.files.map((file) => ({ path: file.path, url: file.url, summary: file.summary })),
  });
}
