/**
 * A Jekyll site: `_config.yml`, posts in `_posts/` (and in `<category>/_posts/`)
 * named `YYYY-MM-DD-title.md`, Markdown pages beside them, and every other
 * file not starting with `_` or `.` published as it is.
 */
import { basename, join } from "node:path";
import { readConfig, filesUnder, isMarkdown, readDocument, terms, text } from "./read.ts";
import { jekyllUrl } from "./permalinks.ts";
import type { ImportedDocument, ImportedSite } from "./model.ts";

const DATED = /^(\d{4}-\d{2}-\d{2})-(.+)$/;
const NOT_PUBLISHED = new Set(["Gemfile", "Gemfile.lock", "README.md", "README.markdown", "LICENSE", "CNAME", "package.json", "package-lock.json", "node_modules", "vendor"]);

export function readJekyll(root: string, shown: (path: string) => string): ImportedSite {
  const config = readConfig(join(root, "_config.yml"));
  const exclude = new Set(terms(config.exclude).concat([...NOT_PUBLISHED]));
  const site: ImportedSite = {
    generator: "jekyll",
    site: { name: text(config.title), description: text(config.description), baseUrl: text(config.url), language: text(config.lang) },
    posts: [],
    pages: [],
    files: [],
    left: [{ file: shown(join(root, "_config.yml")), why: "Jekyll's configuration: its title, description, url and lang went to site.yaml" }],
  };
  const all = filesUnder(root, (name) => exclude.has(name) || name === "_site");
  for (const path of all) {
    const parts = path.split("/");
    const postsAt = parts.indexOf("_posts");
    const file = shown(join(root, path));
    if (postsAt >= 0 && isMarkdown(path)) {
      const document = readPost(root, path, file, parts.slice(0, postsAt), config);
      if ("problem" in document) site.left.push({ file, why: document.problem });
      else site.posts.push(document);
    } else if (parts.some((part) => part.startsWith("_"))) {
      if (path !== "_config.yml") site.left.push({ file, why: leftWhy(parts.find((part) => part.startsWith("_"))!) });
    } else if (isMarkdown(path)) {
      const read = readDocument(join(root, path), file);
      if ("problem" in read) site.left.push({ file, why: read.problem });
      else site.pages.push({ file, ...read, stem: basename(path).replace(/\.[^.]+$/, ""), bundle: [] });
    } else if (/\.html?$/i.test(path)) {
      site.left.push({ file, why: "an HTML page of Jekyll's templates: sitegen's pages are Markdown, and its templates are in templates/" });
    } else {
      site.files.push({ name: path, path: join(root, path) });
    }
  }
  return site;
}

function readPost(root: string, path: string, file: string, folders: string[], config: Record<string, unknown>): ImportedDocument | { problem: string } {
  const read = readDocument(join(root, path), file);
  if ("problem" in read) return read;
  const stem = basename(path).replace(/\.[^.]+$/, "");
  const dated = DATED.exec(stem);
  const date = text(read.data.date) ?? dated?.[1];
  const categories = [...folders, ...terms(read.data.categories), ...terms(read.data.category)];
  const document: ImportedDocument = { file, ...read, stem, bundle: [] };
  if (read.data.published === false) return document;
  if (date === undefined) return { ...document, oldUrlUnknown: "it has no date, in its frontmatter or its name" };
  try {
    const oldUrl = jekyllUrl({ name: dated?.[2] ?? stem, date, categories, slug: text(read.data.slug), permalink: text(read.data.permalink) }, { permalink: text(config.permalink), timezone: text(config.timezone) });
    return { ...document, oldUrl };
  } catch (error) {
    return { ...document, oldUrlUnknown: (error as Error).message };
  }
}

function leftWhy(folder: string): string {
  if (folder === "_layouts" || folder === "_includes") return "Jekyll's templates: sitegen's are in templates/";
  if (folder === "_data") return "Jekyll's data files: sitegen reads none; site.yaml holds the site's facts";
  if (folder === "_drafts") return "a Jekyll draft: not published there, and not moved";
  if (folder === "_sass") return "Jekyll's stylesheets: sitegen's are in templates/assets/";
  return `in Jekyll's ${folder}/ folder, which it does not publish`;
}
