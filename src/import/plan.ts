/**
 * A source site as the files of a sitegen site: each post at
 * content/blog/ under its own file name (a bundle as a folder with its
 * files), its frontmatter as YAML with its old URL among its `aliases`, its
 * template forms converted; pages at content/pages/<name>.md with the
 * `updated` day a page needs; site-wide files at content/static/. Pure: the
 * files are planned here and written by write.ts.
 */
import { readFileSync } from "node:fs";
import { stringify } from "yaml";
import { readFileName } from "../content/file-name.ts";
import { STATIC_DIR } from "../content/site-files.ts";
import { slugify, slugProblem } from "../content/slug.ts";
import { convertBody } from "./convert.ts";
import type { ImportedDocument, ImportedSite } from "./model.ts";
import { terms, text } from "./read.ts";

export interface PlannedFile {
  /** Inside the site, `/`-separated: `content/blog/x.md`. */
  path: string;
  body: string | Uint8Array;
  /** The source it comes from, as messages name it. */
  from: string;
}

export interface ImportPlan {
  files: PlannedFile[];
  /** Each template form converted, with how many. */
  converted: Map<string, number>;
  /** Template tags left as written, by `file:line`. */
  notConverted: { file: string; line: number; tag: string }[];
  /** How many old addresses became aliases. */
  aliases: number;
  /** Posts whose old address could not be computed, with why. */
  unknownUrls: { file: string; why: string }[];
  /** The fields kept as params, by name, with how many files have each. */
  kept: Map<string, number>;
  /** Source documents not moved, with why. */
  skipped: { file: string; why: string }[];
}

/** The fields sitegen reads (with other generators' names for them): any other is kept as a param. */
const READ_FIELDS = new Set(["title", "description", "summary", "excerpt", "date", "updated", "lastmod", "last_modified_at", "tags", "categories", "category", "lang", "status", "draft", "published", "slug", "author", "image", "aliases", "redirect_from"]);

export function planImport(site: ImportedSite, options: { date: string }): ImportPlan {
  const plan: ImportPlan = { files: [], converted: new Map(), notConverted: [], aliases: 0, unknownUrls: [], kept: new Map(), skipped: [] };
  const posts = site.posts.map((post) => ({ post, slug: newSlug(post) }));
  const pages = site.pages.map((page) => ({ page, name: slugify(page.stem) || "page" }));
  const byStem = new Map(posts.map(({ post, slug }) => [post.stem, `/blog/${slug}/`]));
  const bySource = new Map<string, string>([
    ...posts.map(({ post, slug }): [string, string] => [post.file, `/blog/${slug}/`]),
    ...pages.map(({ page, name }): [string, string] => [page.file, name === "index" ? "/" : `/${name}/`]),
  ]);
  const conversions = {
    postUrl: (name: string) => byStem.get(name.replace(/\.(md|markdown)$/, "")),
    linkUrl: (path: string) => [...bySource].find(([file]) => file === path || file.endsWith(`/${path}`))?.[1],
  };
  const convert = (document: ImportedDocument) => {
    const result = convertBody(document.body, document.bodyLine, conversions);
    for (const [kind, count] of result.converted) plan.converted.set(kind, (plan.converted.get(kind) ?? 0) + count);
    plan.notConverted.push(...result.left.map((tag) => ({ file: document.file, ...tag })));
    for (const name of Object.keys(document.data)) if (!READ_FIELDS.has(name)) plan.kept.set(name, (plan.kept.get(name) ?? 0) + 1);
    return result.body;
  };

  const taken = new Set<string>();
  for (const { post, slug } of posts) {
    const data = { ...post.data };
    if (typeof data.slug === "string" && slugProblem(data.slug)) data.slug = slug;
    const aliases = [...new Set([...terms(data.aliases, /,/), ...terms(data.redirect_from, /,/)])];
    delete data.redirect_from;
    if (post.oldUrl !== undefined && post.oldUrl !== `/blog/${slug}/` && !aliases.includes(post.oldUrl)) {
      aliases.push(post.oldUrl);
      plan.aliases++;
    } else if (post.oldUrl === undefined && post.oldUrlUnknown && data.draft !== true && data.published !== false) {
      plan.unknownUrls.push({ file: post.file, why: post.oldUrlUnknown });
    }
    if (aliases.length > 0) data.aliases = aliases;
    else delete data.aliases;
    const base = post.bundle.length > 0 || post.file.match(/(^|\/)index\.(md|markdown)$/) ? `content/blog/${post.stem}/index.md` : `content/blog/${post.file.split("/").at(-1)}`;
    if (taken.has(base)) {
      plan.skipped.push({ file: post.file, why: `another post of the source is written to ${base}` });
      continue;
    }
    taken.add(base);
    plan.files.push({ path: base, body: document(data, convert(post)), from: post.file });
    for (const file of post.bundle) plan.files.push({ path: `content/blog/${post.stem}/${file.name}`, body: readFileSync(file.path), from: file.path });
  }
  for (const { page, name } of pages) {
    if (name === "index") {
      plan.skipped.push({ file: page.file, why: "the source's home page: the site's own content/pages/index.md is kept; move its words there by hand" });
      continue;
    }
    const data = { ...page.data };
    data.title ??= page.stem;
    if (data.updated === undefined && data.lastmod === undefined && data.last_modified_at === undefined && data.date === undefined) data.updated = options.date;
    plan.files.push({ path: `content/pages/${name}.md`, body: document(data, convert(page)), from: page.file });
  }
  for (const file of site.files) plan.files.push({ path: `content/${STATIC_DIR}/${file.name}`, body: readFileSync(file.path), from: file.path });
  return plan;
}

/** The slug sitegen gives the post: its `slug:` made valid, else its file name's (src/content/file-name.ts). */
function newSlug(post: ImportedDocument): string {
  const written = text(post.data.slug);
  if (written !== undefined) return slugProblem(written) ? slugify(written) : written;
  return readFileName(post.stem).slug || "post";
}

/** A Markdown file with YAML frontmatter. */
function document(data: Record<string, unknown>, body: string): string {
  const yaml = Object.keys(data).length > 0 ? stringify(data, { lineWidth: 0 }) : "";
  return `---\n${yaml}---\n${body.startsWith("\n") ? "" : "\n"}${body}`;
}
