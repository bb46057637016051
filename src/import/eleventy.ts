/**
 * An Eleventy site: its input folder (a literal `input` in its configuration,
 * read without running it, else the project folder), posts in a `blog/` or
 * `posts/` folder (a folder post with its files beside it), other Markdown
 * files as pages, and its data files and includes left behind.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { filesUnder, isMarkdown, readDocument, text } from "./read.ts";
import { eleventyUrl } from "./permalinks.ts";
import type { ImportedDocument, ImportedSite } from "./model.ts";

export const ELEVENTY_CONFIGS = ["eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs", ".eleventy.js"];
const POST_FOLDERS = new Set(["blog", "posts", "post"]);

export function readEleventy(root: string, shown: (path: string) => string): ImportedSite {
  const configFile = ELEVENTY_CONFIGS.map((name) => join(root, name)).find((path) => existsSync(path));
  const input = (configFile && /\binput\s*:\s*["'`]([^"'`]+)["'`]/.exec(readFileSync(configFile, "utf8"))?.[1]) || ".";
  const dir = join(root, input);
  const site: ImportedSite = { generator: "eleventy", site: {}, posts: [], pages: [], files: [], left: configFile ? [{ file: shown(configFile), why: "Eleventy's configuration: sitegen runs no code; its input folder was read" }] : [] };
  const all = filesUnder(dir, (name, folder) => (folder && ["node_modules", "_site"].includes(name)) || name === "package.json" || name === "package-lock.json" || ELEVENTY_CONFIGS.includes(name));
  const postFolders = (path: string) => path.split("/").slice(0, -1).some((part) => POST_FOLDERS.has(part));
  // A folder post: a Markdown file named `index` or as its folder, under a posts folder.
  const folderPosts = new Set(all.filter((path) => isMarkdown(path) && postFolders(path) && isFolderPost(path)).map((path) => path.slice(0, path.lastIndexOf("/"))));
  for (const path of all) {
    const file = shown(join(dir, path));
    const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    if (/\.11tydata\.(c?js|mjs|json)$/.test(path) || path.split("/").some((part) => part === "_data" || part === "_includes")) {
      site.left.push({ file, why: /11tydata/.test(path) ? "Eleventy's data file: its fields (tags, layout) are not applied; set what a post needs in its frontmatter" : "Eleventy's includes and data: sitegen's templates are in templates/" });
      continue;
    }
    const bundle = [...folderPosts].find((post) => folder === post || folder.startsWith(`${post}/`));
    if (!isMarkdown(path)) {
      if (!bundle) site.files.push({ name: path, path: join(dir, path) });
      continue;
    }
    const read = readDocument(join(dir, path), file);
    if ("problem" in read) {
      site.left.push({ file, why: read.problem });
      continue;
    }
    const stem = bundle && isFolderPost(path) ? basename(bundle) : basename(path).replace(/\.[^.]+$/, "");
    const files = bundle && isFolderPost(path) ? all.filter((each) => each.startsWith(`${bundle}/`) && !isMarkdown(each)).map((each) => ({ name: each.slice(bundle.length + 1), path: join(dir, each) })) : [];
    const oldUrl = eleventyUrl(path, read.data.permalink);
    const document: ImportedDocument = { file, ...read, stem, bundle: files, ...(oldUrl ? { oldUrl } : { oldUrlUnknown: "its permalink is computed by a template" }) };
    if (postFolders(path)) site.posts.push(document);
    else if (text(read.data.title) !== undefined || path !== "index.md") site.pages.push(document);
  }
  return site;
}

function isFolderPost(path: string): boolean {
  const parts = path.replace(/\.[^./]+$/, "").split("/");
  return parts.length > 1 && (parts.at(-1) === "index" || parts.at(-1) === parts.at(-2));
}
