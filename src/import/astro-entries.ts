/**
 * What of one Astro entry is read beside its text: its fields under
 * sitegen's names, its dates as Astro's schema coerces them, its pictures,
 * its locale and the text it translates, and the MDX code and components it
 * holds. Apart from readAstro (astro.ts), which walks the collections.
 */
import { basename, posix, resolve } from "node:path";
import type { MdxPart } from "../content/mdx.ts";
import { text } from "./read.ts";
import type { ImportedDocument, LeftOut } from "./model.ts";
import { folderInside } from "./walk.ts";

/**
 * Entries that name the text they translate (`translationId: x`, the id of
 * that text, its `slug:` where it has one) share its key; the others are
 * paired by their path below their locale's folder (`en/x.md`, `pt/x.md`).
 */
export function pairNamed(named: Map<ImportedDocument, { id: string; names?: string }>): void {
  const byId = new Map([...named].map(([document, { id }]) => [id, document]));
  for (const [document, { names }] of named) {
    const other = names !== undefined ? byId.get(names) : undefined;
    if (other && other !== document && other.translationKey) document.translationKey = other.translationKey;
  }
}

/**
 * What an entry in a locale's folder says it translates, where its
 * frontmatter names it (`translationId: first-post`, the id of the text in
 * the default language): its key. Else its path below the locale's folder
 * is (`en/x.md` and `pt/x.md` are one text), as a theme's helper pairs them.
 */
export function translationOf(data: Record<string, unknown>): string | undefined {
  for (const field of ["translationKey", "translationId", "translation_key", "translation"]) {
    const value = text(data[field]);
    if (value !== undefined && value.trim() !== "") return value.trim().replace(/^\/+|\/+$/g, "");
  }
  return undefined;
}

/**
 * A post's picture as Astro blogs write it: the blog starter's `heroImage`,
 * a schema's `heroImage: { src, alt }`, a theme's `coverImage: { src, alt }`:
 * its path and its text.
 */
export function astroPicture(written: Record<string, unknown>): { src?: string; alt?: string } {
  for (const picture of [written.heroImage, written.coverImage]) {
    if (typeof picture === "string" && text(picture) !== undefined) return { src: text(picture) };
    if (typeof picture === "object" && picture !== null) {
      const { src, alt } = picture as Record<string, unknown>;
      if (text(src) !== undefined) return { src: text(src), alt: text(alt) };
    }
  }
  return {};
}

/** The names sitegen reads a picture's text by (src/content/field-names.ts): one written beside the picture is the one kept. */
const ALT_NAMES = ["image_alt", "alt", "imageAlt", "heroImageAlt", "heroAlt"];

/**
 * Astro's names for a post's facts as sitegen's: `pubDate` (`pubDatetime`) is `date`, `updatedDate` (`modDatetime`) is `updated`, `heroImage` is `image`, and its `alt` (`heroImage: { src, alt }`) is `image_alt`.
 * Where none of the usual names is written, the field the collection's schema types as a date (`dateField`, `published`) is the date.
 */
export function astroFields(written: Record<string, unknown>, dateField?: string): Record<string, unknown> {
  // AstroPaper, among the most used themes, names them `pubDatetime` and `modDatetime`.
  const { pubDate, publishDate, pubDatetime, updatedDate, modDatetime, heroImage, ...rest } = written;
  const data: Record<string, unknown> = { ...rest };
  let date = rest.date ?? pubDate ?? publishDate ?? pubDatetime;
  if (date === undefined && dateField !== undefined && rest[dateField] !== undefined) {
    date = rest[dateField];
    delete data[dateField];
  }
  if (date !== undefined) data.date = astroDate(date);
  const updated = updatedDate ?? modDatetime;
  if (updated !== undefined && updated !== null && rest.updated === undefined)
    data.updated = astroDate(updated);
  const picture = astroPicture(written);
  if (picture.src !== undefined && /^(\/|https?:)/.test(picture.src)) data.image = picture.src;
  if (picture.alt !== undefined && !ALT_NAMES.some((name) => rest[name] !== undefined))
    data.image_alt = picture.alt;
  return data;
}

/** A date as Astro's schema coerces it (`z.coerce.date()`, JavaScript's Date: `Jul 08 2022` too), as the day it names. */
function astroDate(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== "string" || /^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const time = Date.parse(`${value} UTC`) || Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString().slice(0, 10);
}

/** Which of Starlight's locales an entry is in (by the first folder of its id), and its id below it. */
export function localeOf(
  id: string,
  locales: { dir: string; lang: string }[] | undefined,
): { lang: string; rest: string } | undefined {
  if (!locales || locales.length < 2) return undefined;
  const [first, ...rest] = id.split("/");
  const own = locales.find((locale) => locale.dir !== "" && locale.dir === first);
  if (own) return { lang: own.lang, rest: rest.join("/") };
  const root = locales.find((locale) => locale.dir === "") ?? locales[0];
  return { lang: root.lang, rest: root.dir === "" ? id : rest.join("/") };
}

/**
 * The pictures a text shows by a path relative to its file, that are there:
 * each copied with it, under its own name; one from outside its folder
 * (`../../assets/x.png`) is named by its file name, and the text says so.
 */
export function imagesBeside(
  root: string,
  folder: string,
  body: string,
): { body: string; files: { name: string; path: string }[] } {
  const files = new Map<string, { name: string; path: string }>();
  const text = body.replace(
    /(!\[[^\]\n]*\]\()(<[^>\n]+>|[^\s()<>]+)(?=[\s)])/g,
    (all, head: string, written: string) => {
      const url = written.replace(/^<|>$/g, "");
      if (/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(url)) return all;
      let path = url.replace(/[?#].*$/, "");
      try {
        path = decodeURI(path);
      } catch {
        // as written
      }
      const where = folderInside(root, resolve(folder, path));
      if (!where.real) return all;
      // Its name as a file's, decoded: `./varhandle%E7%B1%BB.png` is the file `varhandle类.png`, as Astro reads it.
      const inside = posix.normalize(path.replace(/^\.\//, ""));
      const name = inside.startsWith("../") ? basename(where.real) : inside;
      files.set(name, { name, path: where.real });
      return name === inside
        ? all
        : `${head}${written.startsWith("<") ? `<./${name}>` : `./${encodeURI(name)}`}`;
    },
  );
  return { body: text, files: [...files.values()] };
}

/** A hero image beside the entry (`../../assets/x.jpg`, Astro's `image()`), copied beside the post. */
export function heroFile(
  root: string,
  folder: string,
  hero: string,
): { name: string; path: string } | undefined {
  const path = resolve(folder, hero);
  const where = folderInside(root, path);
  return where.real ? { name: basename(path), path: where.real } : undefined;
}

/** An MDX file's code and components, each at its line (src/content/mdx.ts): the code is left out of the moved text, the components stay. */
export function mdxLeft(file: string, parts: MdxPart[] = []): LeftOut[] {
  return parts.map((part) => ({
    file,
    line: part.line,
    why:
      part.kind === "code"
        ? `MDX code \`${part.text}\`: sitegen runs none, so it was left out`
        : `the MDX component <${part.text}>: not converted, left in the text as written`,
  }));
}

/** An MDX file's comments, each moved as an HTML comment (src/content/mdx-comments.ts): named at its line, since the moved text differs there. */
export function mdxCommentNotes(file: string, lines: number[] = []): LeftOut[] {
  return lines.map((line) => ({
    file,
    line,
    why: "an MDX comment `{/* … */}`: moved as an HTML comment `<!-- … -->`, its words kept and hidden as before",
  }));
}
