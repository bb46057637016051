/**
 * What a post's file name says, as Jekyll and Hugo name posts: a
 * `YYYY-MM-DD-` prefix is the post's date (when its frontmatter gives none)
 * and not part of its slug, and the rest is the slug, made valid when it is
 * not (`Sass_Converter-3.0 released` → `sass-converter-3-0-released`).
 */
import { slugify, slugProblem } from "./slug.ts";

export interface FileName {
  /** The day of a `YYYY-MM-DD-` prefix, as written. */
  date?: string;
  /** The slug the name gives; "" when it gives none. */
  slug: string;
  /** Whether the slug is not the name as written (less its date): `check` says which it chose. */
  changed: boolean;
  /** The date as written, when it has a one-digit month or day (`2017-4-20`), which Jekyll reads and sitegen reports. */
  looseDate?: string;
}

/** Jekyll's `DATE_FILENAME_MATCHER` reads a one-digit month or day too: `2017-4-20-title.md`. */
const DATE_PREFIX = /^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$/;

/** `stem` is the file's name without its extension (a bundle's folder name, for `index.md`). */
export function readFileName(stem: string, lang?: string): FileName {
  const dated = DATE_PREFIX.exec(stem);
  const rest = dated ? dated[4] : stem;
  const slug =
    slugProblem(rest) === undefined ? rest : slugify(rest.replace(/[._\s]+/g, "-"), lang).replace(/-+$/, "");
  const loose =
    dated && (dated[2].length === 1 || dated[3].length === 1)
      ? { looseDate: `${dated[1]}-${dated[2]}-${dated[3]}` }
      : {};
  return {
    ...(dated ? { date: `${dated[1]}-${dated[2].padStart(2, "0")}-${dated[3].padStart(2, "0")}` } : {}),
    slug,
    changed: slug !== rest,
    ...loose,
  };
}

/**
 * A title made of a file's name, as Jekyll gives a post without one
 * (`Utils.titleize_slug`): the slug's words, each capitalised
 * (`the-problem-with-build` → `The Problem With Build`).
 */
export function titleOfName(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
