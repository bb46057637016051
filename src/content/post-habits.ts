/**
 * What other generators' posts say in their own ways, read as sitegen's
 * fields: Jekyll's tags split on spaces, the day a dated permalink names, a
 * file that lists posts rather than being one, and a date from the file, as
 * Eleventy takes it.
 */
import { readDate } from "./dates.ts";
import type { FileDate, FileTime } from "./file-dates.ts";
import type { FieldProblem } from "./foreign-fields.ts";

/**
 * Tags and categories as Jekyll reads a string of them: split on spaces
 * (`tags: alpha beta` is two tags; Jekyll's `pluralized_array_from_hash`),
 * where the post is Jekyll's: named by its day (`2019-02-03-title.md`, as
 * Jekyll's `_posts/` requires), or addressed by a Jekyll permalink
 * (`/:year/:title/`). Hugo and Eleventy read such a string as one tag, and so
 * does sitegen elsewhere; a string with commas is a list of them anywhere
 * (src/content/foreign-fields.ts), as its author meant. Jekyll reads the
 * singular `category` as one.
 */
export function jekyllTerms(written: Record<string, unknown>, name: string): Record<string, unknown> {
  const spaced = (field: string) =>
    typeof written[field] === "string" &&
    /\s/.test((written[field] as string).trim()) &&
    !(written[field] as string).includes(",");
  if (!["tags", "categories"].some(spaced)) return written;
  const jekyll =
    /^\d{4}-\d{1,2}-\d{1,2}-/.test(name) ||
    (typeof written.permalink === "string" && /(^|\/):[a-z_]+/.test(written.permalink));
  if (!jekyll) return written;
  const split = { ...written };
  for (const field of ["tags", "categories"])
    if (spaced(field)) split[field] = (written[field] as string).trim().split(/\s+/);
  return split;
}

/**
 * The fields that give a post's own address in the generators that have one
 * (Zola's `path`, Hugo's `url`, Jekyll's and Eleventy's `permalink`) and its
 * old addresses (`aliases`, Jekyll's `redirect_from`), in that order.
 */
const ADDRESS_FIELDS = ["path", "url", "permalink", "aliases", "redirect_from"];
/** A day as a dated permalink writes it: `2019/05/15/` as whole segments of the path. */
const DAY_IN_PATH = /(?:^|\/)(\d{4})\/(\d{2})\/(\d{2})(?:\/|$)/;

/** The first day an address field of the frontmatter names, with where it is; none when no field names a day that exists. */
export function datedAddress(
  written: Record<string, unknown>,
): { date: string; address: string; at: (string | number)[] } | undefined {
  for (const field of ADDRESS_FIELDS) {
    const value = written[field];
    const addresses = Array.isArray(value)
      ? value.map((item, index) => [item, [field, index]] as const)
      : [[value, [field]] as const];
    for (const [address, at] of addresses) {
      const day = typeof address === "string" ? DAY_IN_PATH.exec(address) : null;
      if (!day) continue;
      const date = `${day[1]}-${day[2]}-${day[3]}`;
      const read = readDate(date);
      if (!("problem" in read) && read.day === date) return { date, address, at: [...at] };
    }
  }
  return undefined;
}

/** A file that lists posts rather than being one: it paginates (Eleventy, jekyll-paginate-v2), or its `permalink` is a folder's (`/blog/`). */
export function isListPage(params: Record<string, unknown>): boolean {
  const permalink = params.permalink;
  return (
    params.pagination !== undefined ||
    (typeof permalink === "string" && !permalink.includes("{") && /(?:\/|\/index\.html)$/.test(permalink))
  );
}

/**
 * The warning of a post dated by its file, as Eleventy dates one: by git's
 * first commit of it, reproducible; or by its modification time, which a
 * copy or a fresh checkout changes, so that the post's date, and the build,
 * are the same again only once the frontmatter says it.
 */
export function datedByFile(written: FileDate, keyword?: string): FieldProblem {
  const day = written.time.slice(0, 10);
  const changed = keyword !== undefined && ELEVENTY_DATES[keyword.trim().toLowerCase()] === "modified";
  const from =
    written.from === "git"
      ? changed
        ? "the day git last saw it change, as Eleventy reads it"
        : "the day git first saw the file, as Eleventy's `git Created` dates it"
      : "the file's modification time, as Eleventy dates a file git does not track; a copy or a fresh checkout changes it, so the build is not reproducible until the post says its date";
  const what = keyword === undefined ? "no `date`" : `\`date: ${keyword}\``;
  return {
    kind: "date-from-file",
    path: keyword === undefined ? [] : ["date"],
    key: false,
    message: `${what}: dated ${day}, ${from}`,
    hint: `${keyword === undefined ? "add" : "write"} \`date: ${day}\` ${keyword === undefined ? "to" : "in"} the frontmatter`,
  };
}

/** Eleventy's `date` values naming the file's times, lowercased as Eleventy compares them. */
export const ELEVENTY_DATES: Record<string, FileTime | undefined> = Object.assign(Object.create(null), {
  "git created": "created",
  created: "created",
  "git last modified": "modified",
  "last modified": "modified",
});
