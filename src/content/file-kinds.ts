/**
 * What a file of the content tree is by its name: Markdown (`.md`,
 * `.markdown`, MDX's `.mdx`), a folder's own page (`index.md`, Hugo's
 * `_index.md`), or another generator's own file or folder (its
 * configuration, data files, layouts), which is left out with what sitegen
 * does instead. Its own module because the content listing
 * (src/content/tree.ts), a post's bundle (src/content/post-bundle.ts) and the
 * content root's files (src/content/site-files.ts) all ask it.
 */
import { extname } from "node:path";

export const MARKDOWN_EXTENSIONS = [".md", ".markdown", ".mdx"];

export function isMarkdown(name: string): boolean {
  return MARKDOWN_EXTENSIONS.includes(extname(name).toLowerCase());
}

/** A folder's own page: `index.md`, or Hugo's `_index.md` (a section's page), which a docs tree copied from Hugo has. */
export function isFolderPage(name: string): boolean {
  return /^_?index\.(md|markdown|mdx)$/i.test(name);
}

/** Another generator's own file or folder: what it is, and what sitegen does instead. */
export function generatorFile(name: string, folder: boolean): { what: string; instead: string } | undefined {
  const lower = name.toLowerCase();
  if (!folder && /^_index\.(md|markdown|mdx|html)$/.test(lower))
    return {
      what: "Hugo's section list page",
      instead: "sitegen's blog page is content/pages/blog.md, which lists the posts itself",
    };
  if (!folder && /\.11tydata\.(c?js|mjs|json)$/.test(lower))
    return {
      what: "Eleventy's data file",
      instead: "sitegen reads no data files and runs no code: write the fields in each post's frontmatter",
    };
  if (!folder && /^_config\.(ya?ml|toml)$/.test(lower))
    return {
      what: "Jekyll's configuration",
      instead: "sitegen's is content/site.yaml; `sitegen import` reads a Jekyll site's _config.yml",
    };
  if (!folder && /^(hugo|config)\.(toml|ya?ml|json)$/.test(lower))
    return {
      what: "Hugo's configuration",
      instead: "sitegen's is content/site.yaml; `sitegen import` reads a Hugo site's configuration",
    };
  if (!folder && /^eleventy\.config\.(c?js|mjs|ts)$/.test(lower))
    return {
      what: "Eleventy's configuration",
      instead: "sitegen's is content/site.yaml, and it runs no code",
    };
  if (folder && ["_layouts", "_includes", "layouts", "archetypes", "_data", "themes"].includes(lower))
    return {
      what: `another generator's ${lower.replace(/^_/, "")} folder`,
      instead: "sitegen's templates are the templates/ folder, and it reads no data files",
    };
  return undefined;
}
