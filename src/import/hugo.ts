/**
 * A Hugo site: its configuration (`hugo.toml`, `hugo.yaml`, `config.toml`…),
 * content/ with a section per folder (its regular pages the posts; leaf
 * bundles, `<name>/index.md`, with their files), top-level pages, and
 * static/ published as it is.
 */
import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { filesUnder, isMarkdown, readConfig, readDocument, text } from "./read.ts";
import { hugoUrl } from "./permalinks.ts";
import type { ImportedDocument, ImportedSite } from "./model.ts";

export const HUGO_CONFIGS = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json"];

export function readHugo(root: string, shown: (path: string) => string): ImportedSite {
  const configFile = HUGO_CONFIGS.map((name) => join(root, name)).find((path) => existsSync(path))!;
  const config = readConfig(configFile);
  const params = (config.params ?? {}) as Record<string, unknown>;
  const permalinks = sectionPatterns(config.permalinks);
  const site: ImportedSite = {
    generator: "hugo",
    site: { name: text(config.title), description: text(params.description), baseUrl: text(config.baseURL ?? config.baseurl)?.replace(/\/+$/, ""), language: text(config.languageCode ?? config.defaultContentLanguage)?.split(/[-_]/)[0] },
    posts: [],
    pages: [],
    files: filesUnder(join(root, "static")).map((name) => ({ name, path: join(root, "static", name) })),
    left: [{ file: shown(configFile), why: "Hugo's configuration: its title, description, baseURL and language went to site.yaml" }],
  };
  for (const folder of ["layouts", "themes", "archetypes", "assets", "data", "i18n"]) {
    if (existsSync(join(root, folder))) site.left.push({ file: shown(join(root, folder)), why: `Hugo's ${folder}/: sitegen's templates are in templates/, and it reads no data files` });
  }
  const content = join(root, "content");
  const all = filesUnder(content);
  const bundles = new Set(all.filter((path) => /(^|\/)index\.(md|markdown)$/.test(path)).map((path) => path.replace(/\/?index\.(md|markdown)$/, "")));
  for (const path of all) {
    const file = shown(join(content, path));
    const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    const inBundle = [...bundles].find((bundle) => bundle !== "" && (folder === bundle || folder.startsWith(`${bundle}/`)));
    if (/(^|\/)_index\.(md|markdown|html)$/.test(path)) {
      site.left.push({ file, why: "Hugo's list page of a section: sitegen's blog page (content/pages/blog.md) lists the posts" });
      continue;
    }
    if (!isMarkdown(path)) {
      if (!inBundle) site.files.push({ name: path, path: join(content, path) });
      continue;
    }
    if (inBundle && !/(^|\/)index\.(md|markdown)$/.test(path)) {
      site.left.push({ file, why: "a second Markdown file in a page bundle: Hugo treats it as a resource, not a page" });
      continue;
    }
    const read = readDocument(join(content, path), file);
    if ("problem" in read) {
      site.left.push({ file, why: read.problem });
      continue;
    }
    const bundleDir = bundles.has(folder) && folder !== "" && /(^|\/)index\.(md|markdown)$/.test(path) ? folder : undefined;
    const stem = bundleDir ? basename(bundleDir) : basename(path).replace(/\.[^.]+$/, "");
    const bundle = bundleDir ? all.filter((each) => each.startsWith(`${bundleDir}/`) && !isMarkdown(each)).map((each) => ({ name: each.slice(bundleDir.length + 1), path: join(content, each) })) : [];
    const section = path.split("/")[0];
    const document: ImportedDocument = { file, ...read, stem, bundle };
    if (!path.includes("/")) {
      site.pages.push(document);
      continue;
    }
    const draft = read.data.draft === true;
    site.posts.push(draft ? document : { ...document, oldUrl: hugoUrl({ section, filename: stem, title: text(read.data.title) ?? stem, date: text(read.data.date), slug: text(read.data.slug), url: text(read.data.url) }, permalinks) });
  }
  return site;
}

/** `[permalinks]` by section, in both of Hugo's forms (`posts = …` and `[permalinks.page] posts = …`). */
function sectionPatterns(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null) return {};
  const table = value as Record<string, unknown>;
  const page = (typeof table.page === "object" && table.page !== null ? table.page : {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries({ ...table, ...page }).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
