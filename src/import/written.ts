/**
 * A moved text as the file sitegen reads, the plan's last stage: its
 * frontmatter in sitegen's words (old addresses as aliases, a page dated,
 * dates written as RFC 3339 writes them, tags as lists) above its body.
 */
import { stringify } from "yaml";
import { canonicalTag } from "../content/languages.ts";
import { readFileName } from "../content/file-name.ts";
import { slugProblem } from "../content/slug.ts";
import type { ImportedDocument } from "./model.ts";
import { isDefault, newSlug } from "./place.ts";
import { terms, text } from "./read.ts";

/** The old addresses that are not the new one, and the no-slash form of a kept address, which the old host answered. */
export function aliasesOf(document: ImportedDocument, path: string): string[] {
  const written = [...terms(document.data.aliases, /,/), ...terms(document.data.redirect_from, /,/)].filter(
    (alias) => alias.startsWith("/"),
  );
  const aliases = new Set<string>(written);
  for (const old of document.oldUrls) {
    const bare = old.replace(/\/+$/, "");
    if (old === path) {
      if (bare !== "") aliases.add(bare);
      continue;
    }
    aliases.add(old);
    // GitHub Pages and Netlify answer `/x.html` as `/x` too.
    if (/\.html$/i.test(bare) && !/\/index\.html$/i.test(bare)) aliases.add(bare.replace(/\.html$/i, ""));
  }
  // An address with a space (Eleventy's `/posts/night market/`, from the file's name) is written as it is requested:
  // sitegen reads an alias encoded.
  return [...aliases].filter((alias) => alias !== path).map((alias) => alias.replace(/ /g, "%20"));
}

/** An image beside the post (Hugo's `image: cover.jpg` in a bundle, Astro's hero image) as its published path. */
export function imageOf(document: ImportedDocument, path: string): string | undefined {
  const image = text(document.data.image);
  if (image === undefined || /^(\/|[a-z][a-z0-9+.-]*:)/i.test(image)) return undefined;
  const name = image.replace(/^\.\//, "");
  return document.bundle.some((file) => file.name === name) ? `${path}${encodeURI(name)}` : "";
}

/** The frontmatter as sitegen reads it: the old addresses as aliases (a `permalink` or `url` is one of them now), a page dated. */
export function frontmatter(
  document: ImportedDocument,
  options: { aliases: string[]; defaultLang?: string; date: string; image?: string; siteName?: string },
): Record<string, unknown> {
  const {
    aliases: _aliases,
    redirect_from: _redirects,
    permalink: _permalink,
    url: _url,
    ...data
  } = document.data;
  if (document.kind === "page") {
    data.title ??=
      document.role === "home" ? (options.siteName ?? "Home") : document.stem.replace(/^_index$/, "Home");
    // A page has one date, the day it last changed: Hugo's `date` beside its `lastmod` is when it was first written.
    if (
      data.date !== undefined &&
      [data.updated, data.lastmod, data.last_modified_at].some((value) => value !== undefined)
    )
      delete data.date;

    if (
      data.updated === undefined &&
      data.lastmod === undefined &&
      data.last_modified_at === undefined &&
      data.date === undefined
    )
      data.updated = options.date;
    delete data.draft;
    delete data.published;
    delete data.slug;
  } else if (typeof data.slug === "string" && slugProblem(data.slug)) {
    data.slug = newSlug(document);
  }
  // An image named relative to a post that has no such file: the post is moved without it.
  if (options.image === "") delete data.image;
  else if (options.image) data.image = options.image;
  // `title: 404` is a number to YAML, and text to the generators that showed it.
  for (const field of ["title", "description"])
    if (typeof data[field] === "number" || typeof data[field] === "boolean")
      data[field] = String(data[field]);
  // A description left empty, or written as a list, is the build's to make, or joined into one.
  if (data.description !== undefined && typeof data.description !== "string")
    data.description = Array.isArray(data.description) ? data.description.map(String).join(" ") : undefined;
  if (typeof data.description === "string" && data.description.trim() === "") data.description = undefined;
  if (data.description === undefined) delete data.description;
  // Hugo reads `2019-01-15T8:00:00`; sitegen reads dates as RFC 3339 writes them.
  for (const field of ["date", "updated", "lastmod", "last_modified_at", "publishDate"])
    if (typeof data[field] === "string") data[field] = paddedDate(data[field] as string);
  // A post without a title (Hugo's regular page without one) is titled from its name, as Jekyll titles one.
  if (document.kind === "post" && (typeof data.title !== "string" || data.title.trim() === ""))
    data.title = (readFileName(document.stem).slug || document.stem)
      .split("-")
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(" ");
  // A list page or a post that only links elsewhere has a title and no words: its title then says what it is.
  if (
    data.description === undefined &&
    data.summary === undefined &&
    data.excerpt === undefined &&
    data.title !== undefined &&
    !hasParagraph(document.body, data.markup === "html")
  )
    data.description = String(data.title);
  // Tags as their author wrote them: the build shows each so, its page's address made of its slug (one in a script with no
  // Latin spelling is shown without a page, with a warning); a tag is never left out.
  for (const field of ["tags", "categories", "category"]) {
    if (data[field] === undefined) continue;
    const written = Array.isArray(data[field])
      ? (data[field] as unknown[]).map(String)
      : typeof data[field] === "string"
        ? (data[field] as string).split(",").map((term) => term.trim())
        : [String(data[field])];
    const kept = written.map((term) => term.trim()).filter((term) => term !== "");
    if (kept.length > 0) data[field] = [...new Set(kept)];
    else delete data[field];
  }
  if (document.lang && !isDefault(document, options.defaultLang))
    data.lang = canonicalTag(document.lang) ?? document.lang;
  if (data.lang === undefined) delete data.lang;
  if (options.aliases.length > 0) data.aliases = options.aliases;
  return data;
}

/** A date with its hour, minute, month or day written in one digit, written in two. */
function paddedDate(written: string): string {
  const match =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:([T ])(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?(\.\d+)?)?(\s*(?:Z|[+-]\d{2}:?\d{2}))?$/i.exec(
      written.trim(),
    );
  if (!match) return written;
  const [, year, month, day, separator, hour, minute, second, fraction = "", zone = ""] = match;
  const two = (part: string) => part.padStart(2, "0");
  return `${year}-${two(month)}-${two(day)}${hour !== undefined ? `${separator}${two(hour)}:${two(minute)}${second !== undefined ? `:${two(second)}` : ""}${fraction}` : ""}${zone}`;
}

/** Whether a text has a paragraph of words outside code, lists, headings and template tags: where the build takes a description from. */
function hasParagraph(body: string, html: boolean): boolean {
  let fence = false;
  return body.split("\n").some((line) => {
    if (!html && /^ {0,3}(`{3,}|~{3,})/.test(line)) fence = !fence;
    // Indented, a line of Markdown is code; a line of HTML is as much text indented as not.
    if (fence || (!html && /^( {4}|\t)/.test(line))) return false;
    const words = line.replace(/\{\{[^}]*\}\}|\{%[^%]*%\}|<[^>]*>|!\[[^\]]*\]\([^)]*\)/g, "").trim();
    return /^[^#>|*+\-\d\s=]/u.test(words) && /\p{L}/u.test(words);
  });
}

/** A Markdown file with YAML frontmatter. */
export function markdownFile(data: Record<string, unknown>, body: string): string {
  const yaml = Object.keys(data).length > 0 ? stringify(data, { lineWidth: 0 }) : "";
  return `---\n${yaml}---\n${body.startsWith("\n") ? "" : "\n"}${body}`;
}
