/**
 * Where each moved text goes in the new site, the plan's first stage: posts
 * at content/blog/ under their own file names (a bundle as its folder, a
 * translation beside its text in its language), pages at their old
 * addresses in the nested layout. What cannot be placed (a second post of
 * one slug, a page at /blog/) is left out with why.
 */
import { canonicalTag } from "../content/languages.ts";
import { readFileName } from "../content/file-name.ts";
import { slugify, slugProblem } from "../content/slug.ts";
import type { ImportedDocument, LeftOut } from "./model.ts";
import { text } from "./read.ts";

export interface Placed {
  document: ImportedDocument;
  /** Its canonical path in the new site. */
  path: string;
  /** Its file in the new site. */
  target: string;
}

/** Posts at content/blog/ by file name (a bundle as its folder); a translation beside its text, in its language. */
export function placePosts(
  documents: ImportedDocument[],
  defaultLang: string | undefined,
  skipped: LeftOut[],
): Placed[] {
  const slugs = new Map<string, string>();
  for (const document of documents)
    if (isDefault(document, defaultLang) && document.translationKey)
      slugs.set(document.translationKey, newSlug(document));
  const taken = new Set<string>();
  const placed: Placed[] = [];
  for (const document of documents) {
    const lang = isDefault(document, defaultLang)
      ? undefined
      : (canonicalTag(document.lang!) ?? document.lang);
    const own = lang
      ? `${slugs.get(document.translationKey ?? "") ?? newSlug(document)}-${lang.toLowerCase()}`
      : newSlug(document);
    // Posts of one name on different days (`2017-05-01-meetings.md`, `2018-06-19-meetings.md`): each later one has its day after its name.
    const day = (/^\d{4}-\d{2}-\d{2}/.exec(document.stem) ??
      /^\d{4}-\d{2}-\d{2}/.exec(String(document.data.date ?? "")))?.[0];
    const slug =
      taken.has(`slug:${own}`) && day
        ? `${own.slice(0, 60 - day.length - 1).replace(/-+$/, "")}-${day}`
        : own;
    // Its own file name, as a Markdown file sitegen reads (`.mdx` is written as `.md`).
    const written = document.file
      .split("/")
      .at(-1)!
      .replace(/\.(?!md$|markdown$)[^.]+$/i, ".md");
    // A folder's own file (a bundle's `index.md` with no files beside it) is named as its folder.
    const name = /^index(\.[\w-]+)?\.(md|markdown)$/i.test(written) ? `${document.stem}.md` : written;
    const file =
      document.bundle.length > 0
        ? `${document.stem}${lang ? `-${lang.toLowerCase()}` : ""}/index.md`
        : lang
          ? `${document.stem}.${lang}.md`
          : name;
    // Two files of one name in different folders: the later one is written under its day, or a number.
    const target = taken.has(`content/blog/${file}`)
      ? `content/blog/${file.replace(/(\.[\w-]+)?\.md$|\/index(\.[\w-]+)?\.md$/, (ending) => `-${day ?? taken.size}${ending}`)}`
      : `content/blog/${file}`;
    if (taken.has(target) || taken.has(`slug:${slug}`)) {
      skipped.push({
        file: document.file,
        why: `another post of the source is written to ${target} (the slug ${slug})`,
        oldUrls: document.oldUrls,
      });
      continue;
    }
    taken.add(target).add(`slug:${slug}`);
    // A file written under its day (`notes-2020-07-02.md`) would be published at that name: its slug says where it is.
    const renamed = target !== `content/blog/${file}`;
    placed.push({
      document:
        lang || slug !== newSlug(document) || renamed
          ? { ...document, data: { ...document.data, slug, lang } }
          : document,
      path: `/blog/${slug}/`,
      target,
    });
  }
  return placed;
}

/**
 * Pages at their old addresses (a base path left out, `.html` and `index`
 * dropped, each segment made a slug), a folder's page as its index.md; the
 * home's and the blog's list pages as the site's own home and blog pages.
 */
export function placePages(
  documents: ImportedDocument[],
  basePath: string,
  defaultLang: string | undefined,
  skipped: LeftOut[],
): Placed[] {
  const wanted = documents.map((document) => {
    if (document.role && isDefault(document, defaultLang))
      return { document, path: document.role === "home" ? "" : "blog" };
    const old = document.oldUrls[0];
    const from = old !== undefined ? stripBase(old, basePath) : `/${document.stem}`;
    // Each segment made a slug; one in a script with no Latin spelling (Hugo's `/ja/リンク/`) takes the file's own name.
    const parts = from
      .replace(/(\/index)?\.html?$/i, "")
      .split("/")
      .filter(Boolean);
    const segments = parts.map((segment, index) =>
      slugProblem(segment)
        ? slugify(safeDecode(segment)) ||
          (index === parts.length - 1 ? slugify(document.stem.replace(/^_?index$/, "")) : "") ||
          "page"
        : segment,
    );
    return { document, path: segments.join("/") };
  });
  const all = new Set(wanted.map(({ path }) => path));
  const taken = new Set<string>();
  const placed: Placed[] = [];
  for (const { document, path } of wanted) {
    if (path === "blog" && document.role !== "blog") {
      skipped.push({
        file: document.file,
        why: "a page at /blog/, where the site's blog page lists the posts: its words go there by hand",
        oldUrls: document.oldUrls,
      });
      continue;
    }
    if (path.startsWith("blog/")) {
      skipped.push({
        file: document.file,
        why: `a page at /${path}/, under /blog/, where the posts are: not moved`,
        oldUrls: document.oldUrls,
      });
      continue;
    }
    if (taken.has(path)) {
      skipped.push({
        file: document.file,
        why: `another page of the source has the address /${path}/`,
        oldUrls: document.oldUrls,
      });
      continue;
    }
    taken.add(path);
    const hasChildren = path !== "" && [...all].some((other) => other.startsWith(`${path}/`));
    const target =
      path === ""
        ? "content/pages/index.md"
        : hasChildren
          ? `content/pages/${path}/index.md`
          : `content/pages/${path}.md`;
    placed.push({ document, path: path === "" ? "/" : `/${path}/`, target });
  }
  return placed;
}

export function stripBase(old: string, basePath: string): string {
  return basePath && (old === basePath || old.startsWith(`${basePath}/`))
    ? old.slice(basePath.length) || "/"
    : old;
}

export function isDefault(document: ImportedDocument, defaultLang: string | undefined): boolean {
  return (
    document.lang === undefined ||
    defaultLang === undefined ||
    document.lang.toLowerCase() === defaultLang.toLowerCase()
  );
}

/** The slug sitegen gives the post: its `slug:` made valid, else its file name's (src/content/file-name.ts). */
export function newSlug(post: ImportedDocument): string {
  const written = text(post.data.slug);
  if (written !== undefined) return slugProblem(written) ? slugify(written) || "post" : written;
  return readFileName(post.stem).slug || "post";
}

export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
