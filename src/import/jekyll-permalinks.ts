/**
 * A Jekyll 4.3 document's address on its old site, computed as Jekyll
 * computes it, so that it can redirect to the document's new one; each rule
 * is checked against Jekyll itself in test/generators.test.ts. The other
 * generators' addresses are in src/import/permalinks.ts.
 *
 * A post's `permalink` (its own, a front matter default's, or
 * the site's named style or pattern); `:year`…`:second`, `:y_day`, `:week`
 * (ISO 8601), `:short_day` and the other date tokens from the post's date in
 * the site's `timezone`; `:title` from the file's name (cased), `:slug`
 * lowercased; `:categories` from the folders above `_posts` and the
 * `categories`/`category` fields, lowercased. A page is at `/:path/` when it
 * is an index, else `/:path/:basename` with the suffix of the site's style
 * (`/` for pretty and styles ending in `/`, `.html` for date, ordinal,
 * weekdate, none and styles ending in `:output_ext`); a collection's
 * document at its collection's `permalink`, or `/:collection/:path` so
 * suffixed (Jekyll's Utils.add_permalink_suffix).
 */
import { readDateZoned } from "../content/dates.ts";
import { MONTHS } from "../content/calendar.ts";
import { dayOfYear, LONG_DAYS, SHORT_DAYS } from "./calendar.ts";

/** Jekyll's named permalink styles (Jekyll 4.3). */
export const JEKYLL_STYLES: Record<string, string> = {
  date: "/:categories/:year/:month/:day/:title:output_ext",
  pretty: "/:categories/:year/:month/:day/:title/",
  ordinal: "/:categories/:year/:y_day/:title:output_ext",
  weekdate: "/:categories/:year/W:week/:short_day/:title:output_ext",
  none: "/:categories/:title:output_ext",
};

export interface JekyllPost {
  /** The file's name without its date and extension. */
  name: string;
  /** The post's date as written (frontmatter or file name); a collection's document may have none. */
  date?: string;
  categories: string[];
  slug?: string;
  /** The post's own `permalink` (or its front matter defaults'). */
  permalink?: string;
  /** A collection's document: its collection's name and its path in it, without the extension. */
  collection?: { label: string; path: string };
}

export interface JekyllSite {
  permalink?: string;
  timezone?: string;
}

export function jekyllUrl(post: JekyllPost, site: JekyllSite): string {
  const style = site.permalink ?? "date";
  const pattern =
    post.permalink ??
    (post.collection ? withPermalinkSuffix("/:collection/:path", style) : (JEKYLL_STYLES[style] ?? style));
  const values: Record<string, string> = {
    ...(post.date !== undefined ? dateTokens(zonedTime(post.date, site.timezone)) : {}),
    title: post.slug ? jekyllSlug(post.slug, { cased: true }) : jekyllSlug(post.name, { cased: true }),
    slug: jekyllSlug(post.slug ?? post.name, { cased: false, mode: "default" }),
    name: jekyllSlug(post.name, { cased: false, mode: "default" }),
    categories: [...new Set(post.categories.map((category) => category.toLowerCase()))]
      .map(encodeURIComponent)
      .join("/"),
    slugified_categories: [
      ...new Set(post.categories.map((category) => jekyllSlug(category, { cased: false }))),
    ].join("/"),
    collection: post.collection?.label ?? "posts",
    path: post.collection?.path ?? post.name,
    output_ext: ".html",
  };
  const url = fillJekyll(pattern, values);
  if (/:[a-z_]+/.test(url.replace(/^[^:]*:\/\//, "")))
    throw new Error(`its permalink ${pattern} needs a date it does not have`);
  return url;
}

/** A Jekyll page's or collection document's address when it sets no `permalink` of its own (Jekyll's Page#template). */
export function jekyllPageUrl(
  page: { path: string; basename: string; permalink?: string; collection?: string },
  site: JekyllSite,
): string {
  const template =
    page.permalink ??
    (page.basename === "index" && !page.collection
      ? "/:path/"
      : withPermalinkSuffix(
          page.collection ? "/:collection/:path" : "/:path/:basename",
          site.permalink ?? "date",
        ));
  const values: Record<string, string> = {
    path: page.path,
    basename: page.basename,
    collection: page.collection ?? "",
    name: jekyllSlug(page.basename, { cased: false, mode: "default" }),
    title: jekyllSlug(page.basename, { cased: true }),
    slug: jekyllSlug(page.basename, { cased: false, mode: "default" }),
    output_ext: ".html",
  };
  return fillJekyll(template, values);
}

/** Jekyll's Utils.add_permalink_suffix. */
function withPermalinkSuffix(template: string, style: string): string {
  if (style === "pretty") return `${template}/`;
  if (["date", "ordinal", "none", "weekdate"].includes(style)) return `${template}:output_ext`;
  if (style.endsWith("/")) return `${template}/`;
  if (style.endsWith(":output_ext")) return `${template}:output_ext`;
  return template;
}

const JEKYLL_TOKEN =
  /:(slugified_categories|output_ext|categories|collection|short_year|short_month|long_month|short_day|long_day|basename|i_month|w_year|y_day|w_day|i_day|minute|second|month|title|week|year|hour|slug|name|path|day)/g;

function fillJekyll(pattern: string, values: Record<string, string>): string {
  const filled = pattern.replace(JEKYLL_TOKEN, (all, key: string) => values[key] ?? all);
  return `/${filled}`.replace(/\/{2,}/g, "/").replace(/\/index\.html$/, "/");
}

/** Jekyll's date tokens (Jekyll::Drops::UrlDrop): strftime's `%Y`, `%m`, `%j`, `%V`, `%G`, `%u`, `%a`… of the date in the site's zone. */
function dateTokens(time: ZonedTime): Record<string, string> {
  const day = new Date(Date.UTC(Number(time.year), Number(time.month) - 1, Number(time.day)));
  const week = isoWeek(day);
  return {
    year: time.year,
    month: time.month,
    i_month: String(Number(time.month)),
    short_month: MONTHS[Number(time.month) - 1].slice(0, 3),
    long_month: MONTHS[Number(time.month) - 1],
    day: time.day,
    i_day: String(Number(time.day)),
    short_year: time.year.slice(2),
    hour: time.hour,
    minute: time.minute,
    second: time.second,
    y_day: dayOfYear(time),
    week: String(week.week).padStart(2, "0"),
    w_year: String(week.year),
    w_day: String(day.getUTCDay() || 7),
    short_day: SHORT_DAYS[day.getUTCDay()],
    long_day: LONG_DAYS[day.getUTCDay()],
  };
}

/** ISO 8601's week of a day, and the year it belongs to (strftime's `%V` and `%G`). */
function isoWeek(day: Date): { week: number; year: number } {
  const thursday = new Date(day);
  thursday.setUTCDate(day.getUTCDate() + 3 - ((day.getUTCDay() + 6) % 7));
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() + 3 - ((firstThursday.getUTCDay() + 6) % 7));
  return { week: 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000)), year };
}

/** Jekyll's `slugify`: in its "pretty" mode (`:title`) `._~!$&'()+,;=@` are kept, in its default mode (`:slug`, `:name`) only letters and digits. */
export function jekyllSlug(name: string, options: { cased: boolean; mode?: "pretty" | "default" }): string {
  const slug = name
    .replace(options.mode === "default" ? /[^\p{L}\p{N}]+/gu : /[^\p{L}\p{N}._~!$&'()+,;=@]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return options.cased ? slug : slug.toLowerCase();
}

export interface ZonedTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/**
 * The date's calendar fields in the site's time zone: a date with an offset
 * is that moment there; one without is already the site's local time, as
 * Jekyll reads it. The date is read as the build reads it
 * (src/content/dates.ts), every form alike: a form the build reads and the
 * import called "not a date" (`2023-01-29 18:30:22 2023 -0800`, as Ruby
 * reads it) lost the post its old address.
 */
export function zonedTime(written: string, timeZone: string | undefined): ZonedTime {
  const { read, zoned } = readDateZoned(written);
  if ("problem" in read) throw new Error(`not a date: ${written}`);
  // The time as written, in its own offset: `2025-03-04T10:00:00+01:00`.
  const [, year, month, day, hour, minute, second] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(
    read.time,
  )!;
  if (!zoned || timeZone === undefined) return { year, month, day, hour, minute, second };
  const instant = new Date(read.time);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}
