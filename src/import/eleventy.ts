/**
 * An Eleventy site as Eleventy 3 reads it, without running its code: the
 * configuration's literal `dir` (input, includes, data, layouts, output) and
 * `addPassthroughCopy` calls; every template in the input folder (Markdown
 * becomes a page or post; Nunjucks, Liquid, HTML and JavaScript templates are
 * the theme's, left out with their addresses); the data cascade (directory
 * and template data files, JSON or a JavaScript file that exports a literal
 * object; what a data file of code gives, as the site's own Eleventy computed
 * it: eleventy-computed.ts) beneath each file's front matter, applied and
 * never published; a post is what the cascade tags `posts` (or, where
 * nothing is tagged so, the collection the site's feed lists, else what sits
 * in a `blog/` or `posts/` folder), with the files of its folder;
 * a page keeps its path; only passed-through files are published as they are.
 * Which documents are posts, and what each takes with it, is
 * eleventy-posts.ts's.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative, resolve, sep } from "node:path";
import { isMarkdown, readDocument, terms, text } from "./read.ts";
import { eleventyUrl } from "./permalinks.ts";
import type { ImportedDocument, ImportedSite } from "./model.ts";
import { folderInside, walkSource, type Refusal } from "./walk.ts";
import {
  ELEVENTY_CONFIGS,
  findEleventyConfig,
  passthroughOf,
  readEleventyConfig,
} from "./eleventy-config.ts";
import { fedCollections, listedAtBlog, sortPosts } from "./eleventy-posts.ts";
import { pathLanguage } from "./eleventy-i18n.ts";
import { passedFromOutside, transformedImages } from "./eleventy-passthrough.ts";
import { pushAll } from "../collector.ts";
import { dataCascade, type ComputedPermalink } from "./eleventy-data.ts";
import { computedByEleventy } from "./eleventy-computed.ts";

export { ELEVENTY_CONFIGS };
const TEMPLATE = /\.(njk|liquid|html?|11ty\.(?:c|m)?js|hbs|mustache|ejs|haml|pug|webc)$/i;

export function readEleventy(
  root: string,
  shown: (path: string) => string,
  refused: Refusal[],
  env: NodeJS.ProcessEnv = {},
): ImportedSite {
  const site: ImportedSite = {
    generator: "eleventy",
    site: { basePath: "", languages: [] },
    posts: [],
    pages: [],
    files: [],
    left: [],
    notes: [],
  };
  const found = findEleventyConfig(root);
  const configFile = found.file;
  const settings = readEleventyConfig(root, configFile, shown, site.left);
  // The command line's folders are over the configuration's, as Eleventy reads them.
  if (found.input) settings.input = found.input;
  if (found.output) settings.output = found.output;
  // `pathPrefix`: the folder of the host the site was served under (`/harbour/`), which Eleventy's own addresses leave out.
  const basePath = (found.pathPrefix ?? settings.pathPrefix ?? "").replace(/^\/*/, "/").replace(/\/+$/, "");
  site.site.basePath = basePath;
  const at = (url: string) => `${basePath}${url}`;
  if (configFile)
    site.left.push({
      file: shown(configFile),
      why: `Eleventy's configuration${found.script ? ` (as \`npm run ${found.script}\` names it)` : ""}: sitegen runs no code; its folders and passthrough copies were read`,
    });
  const input = resolve(root, settings.input);
  const where = folderInside(root, input);
  if (where.outside) {
    refused.push({
      path: configFile ?? input,
      why: `its input folder \`${settings.input}\` is outside the source site (${where.outside}): not read`,
    });
    return site;
  }
  const fromInput = (path: string) => relative(input, join(root, path)).split(sep).join("/");
  const theirs = new Set(
    [settings.includes, settings.data, settings.layouts, fromInput(settings.output)]
      .filter((dir): dir is string => dir !== undefined)
      .map((dir) => dir.replace(/^\.\/|\/$/g, "")),
  );
  const walk = walkSource(
    root,
    input,
    (path, folder) =>
      (folder && (path === "node_modules" || theirs.has(path))) ||
      (!folder &&
        (ELEVENTY_CONFIGS.includes(path) ||
          ["package.json", "package-lock.json", "README.md", "LICENSE"].includes(path))),
  );
  pushAll(refused, walk.refused);
  for (const dir of theirs)
    if (existsSync(join(input, dir)) && dir !== fromInput(settings.output))
      site.left.push({
        file: shown(join(input, dir)),
        why: "Eleventy's includes, layouts and data: sitegen's templates are in templates/, and it reads no data files",
      });

  const cascade = dataCascade(
    input,
    walk.files.map((file) => file.path),
    shown,
    site.left,
  );
  // What a data file of code gives a text (its tags, its date), as the site's own Eleventy computed it, where it runs here.
  const computed = computedByEleventy(
    root,
    input,
    walk.files.map((file) => file.path).filter(isMarkdown),
    cascade,
    env,
  );
  const passed = passthroughOf(settings, root, input);
  const documents: (ImportedDocument & { path: string; real: string })[] = [];
  const templates: { path: string; text: string }[] = [];
  for (const { path, real } of walk.files) {
    const file = shown(join(input, path));
    if (cascade.dataFiles.has(path)) continue;
    const copiedTo = passed(path);
    if (copiedTo !== undefined) {
      site.files.push({ name: copiedTo, path: real, oldUrl: at(`/${copiedTo}`) });
      continue;
    }
    if (TEMPLATE.test(path)) {
      const read = readDocument(real, file);
      templates.push({ path, text: readFileSync(real, "utf8") });
      const data = { ...cascade.of(path), ...("problem" in read ? {} : read.data) };
      // A JavaScript template that names a permalink gives it from its code (`data()`, a class's `data`): Eleventy's to give.
      const scripted =
        /\.11ty\.(?:c|m)?js$/i.test(path) && /\bpermalink\b/.test(readFileSync(real, "utf8"))
          ? { where: `\`permalink\` in ${file}`, computed: true }
          : undefined;
      const url =
        computedUrl(scripted ?? cascade.computedPermalink(path), "problem" in read ? {} : read.data) ??
        eleventyUrl(path, data);
      const oldUrls = typeof url === "string" ? [at(url)] : [];
      site.left.push({
        file,
        why: data.pagination
          ? "an Eleventy template that paginates a collection: sitegen's blog page and index list the posts"
          : "an Eleventy template (Nunjucks, Liquid, HTML or JavaScript): sitegen runs none; its pages are Markdown and its templates are in templates/",
        oldUrls,
        ...listedAtBlog(data.pagination),
      });
      continue;
    }
    if (!isMarkdown(path)) continue;
    const read = readDocument(real, file);
    if ("problem" in read) {
      // A text no reader can read would not arrive, and may be a post: it stops the import.
      site.left.push({ file, why: read.problem, post: true });
      continue;
    }
    const { tags: computedTags, ...fields } = computed(path) ?? {};
    const data: Record<string, unknown> = { ...cascade.of(path), ...fields, ...read.data };
    // Eleventy's words for a file's own day (`date: Last Modified`, `git Created`): the day Eleventy gave it, else the day of the file, as Eleventy reads it where the history is not at hand.
    if (typeof data.date === "string" && FILE_DAY.test(data.date.trim()))
      data.date = fields.date ?? fileDay(real, /modified/i.test(data.date));
    const tags = [
      ...new Set([...terms(cascade.of(path).tags), ...terms(computedTags), ...terms(read.data.tags)]),
    ];
    if (tags.length > 0) data.tags = tags;
    if (data.draft === true) {
      site.left.push({ file, why: "a draft: Eleventy's configuration leaves it out" });
      continue;
    }
    const url = computedUrl(cascade.computedPermalink(path), read.data) ?? eleventyUrl(path, data);
    if (url === undefined) {
      site.left.push({ file, why: "`permalink: false`: Eleventy writes no page for it" });
      continue;
    }
    // A Markdown file that paginates is a template of lists (a tag's page each, `/blog/tags/{{ tag | slugify }}/`), as a Nunjucks one is: moved as a post it would be one post made of its front matter.
    if (data.pagination) {
      site.left.push({
        file,
        why: "an Eleventy template that paginates a collection: sitegen's blog page and index list the posts",
        oldUrls: typeof url === "string" ? [at(url)] : [],
        ...listedAtBlog(data.pagination),
      });
      continue;
    }
    const stem = basename(path).replace(/\.[^.]+$/, "");
    documents.push({
      file,
      ...read,
      data,
      kind: "page",
      stem,
      path,
      real,
      oldUrls: typeof url === "string" ? [at(url)] : [],
      ...(typeof url === "string" ? {} : { oldUrlUnknown: url.unknown }),
      bundle: [],
      ...(url === "/" ? { role: "home" as const } : {}),
    });
  }
  for (const { name, real } of passedFromOutside(settings, root, input, refused))
    site.files.push({ name, path: real, oldUrl: at(`/${name}`) });
  // Its old address was the processed copy's (`/img/<hash>-400.webp`): the picture keeps the one its text names.
  if (settings.imageTransform)
    for (const { name, real } of transformedImages(
      documents,
      input,
      new Set(site.files.map((file) => file.name)),
    ))
      site.files.push({ name, path: real });
  // The languages the data gives the pages (`lang: "de"` in a folder's data file), else, where the I18n plugin is added, the
  // one its path names, and its translations the same path in another language's folder; the plugin's default first.
  const byPath = (document: { path: string }) =>
    settings.defaultLanguage !== undefined ? pathLanguage(document.path) : undefined;
  const langOf = (document: ImportedDocument & { path: string }) =>
    text(document.data.lang) ?? byPath(document)?.lang;
  for (const document of documents) document.translationKey ??= byPath(document)?.translationKey;
  const langs = [
    ...new Set(documents.map(langOf).filter((lang): lang is string => lang !== undefined)),
  ].sort();
  if (langs.length > 1) {
    const first =
      settings.defaultLanguage && langs.includes(settings.defaultLanguage)
        ? settings.defaultLanguage
        : langs[0];
    site.site.languages = [first, ...langs.filter((lang) => lang !== first)];
    for (const document of documents) document.lang = langOf(document);
  }
  sortPosts(site, documents, walk.files, {
    root,
    input,
    ownFile: (path) => !isMarkdown(path) && !TEMPLATE.test(path) && !cascade.dataFiles.has(path),
    fed: fedCollections(templates),
  });
  // A picture passed through from a post's folder moves with the post, its old address with it: a copy at the old path too would make that path a folder of files, where the post's alias must answer.
  const bundled = new Set(site.posts.flatMap((post) => post.bundle.map((file) => file.path)));
  site.files = site.files.filter((file) => !bundled.has(file.path));
  return site;
}

/** Eleventy's words for a file's own day (`date: Last Modified`, `git Created`). */
const FILE_DAY = /^(?:git )?(?:last modified|created)$/i;

/**
 * A file whose permalink code computes (a function in a data file, or
 * `eleventyComputed.permalink`, which is over its front matter's): its
 * address is Eleventy's alone to give. It comes from the site's own
 * `eleventy --to=json` where the site has installed Eleventy
 * (published/generator.ts), else from the built folder (`--old-site`), else
 * it is unknown and the report says so.
 */
function computedUrl(
  code: ComputedPermalink | undefined,
  frontMatter: Record<string, unknown>,
): { unknown: string } | undefined {
  if (!code || (!code.computed && frontMatter.permalink !== undefined)) return undefined;
  return {
    unknown: `its permalink is computed by code (${code.where}), which sitegen does not run: the site's own Eleventy gives it (npm install in the site), or its built folder (--old-site)`,
  };
}

/** The day of a file as Eleventy's `Last Modified` or `Created` reads it (its modification time, else its birth time). */
function fileDay(real: string, modified: boolean): string {
  const stat = statSync(real);
  return (modified || !(stat.birthtimeMs > 0) ? stat.mtime : stat.birthtime).toISOString().slice(0, 10);
}
