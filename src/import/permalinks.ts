/**
 * A post's address on its old site, computed as the source generator
 * computes it, so that it can redirect to the post's new one.
 *
 * - Jekyll: the site's `permalink` (a named style or a pattern), or a post's
 *   own; `:year`, `:month`, `:day` and the time from the post's date in the
 *   site's `timezone`; `:title` from the file's name (cased), `:slug`
 *   lowercased; `:categories` from `categories`/`category` and the folders
 *   above `_posts`, lowercased.
 * - Hugo: the section's `permalinks` pattern, or `/<section>/<slug or file
 *   name>/`; `url:` overrides both; the date as written; paths lowercased.
 * - Eleventy: the file's path in the input folder, a folder's own file
 *   (`index.md`, or one named as its folder) at the folder; `permalink:`
 *   overrides it.
 */

/** Jekyll's named permalink styles (Jekyll 4). */
const JEKYLL_STYLES: Record<string, string> = {
  date: "/:categories/:year/:month/:day/:title:output_ext",
  pretty: "/:categories/:year/:month/:day/:title/",
  ordinal: "/:categories/:year/:y_day/:title:output_ext",
  weekdate: "/:categories/:year/W:week/:short_day/:title:output_ext",
  none: "/:categories/:title:output_ext",
};

export interface JekyllPost {
  /** The file's name without its date and extension. */
  name: string;
  /** The post's date as written (frontmatter or file name). */
  date: string;
  categories: string[];
  slug?: string;
  permalink?: string;
}

export function jekyllUrl(post: JekyllPost, site: { permalink?: string; timezone?: string }): string {
  const pattern = post.permalink ?? JEKYLL_STYLES[site.permalink ?? "date"] ?? site.permalink ?? JEKYLL_STYLES.date;
  const time = zonedTime(post.date, site.timezone);
  const title = post.slug ?? jekyllSlug(post.name, { cased: true });
  const values: Record<string, string> = {
    year: time.year,
    month: time.month,
    i_month: String(Number(time.month)),
    day: time.day,
    i_day: String(Number(time.day)),
    short_year: time.year.slice(2),
    hour: time.hour,
    minute: time.minute,
    second: time.second,
    y_day: dayOfYear(time),
    title,
    slug: post.slug ?? jekyllSlug(post.name, { cased: false }),
    name: post.name,
    categories: [...new Set(post.categories.map((category) => category.toLowerCase()))].map(encodeURIComponent).join("/"),
    output_ext: ".html",
  };
  const filled = pattern.replace(/:(output_ext|categories|short_year|i_month|i_day|y_day|year|month|day|hour|minute|second|title|slug|name)/g, (_all, key: string) => values[key]);
  return `/${filled}`.replace(/\/{2,}/g, "/").replace(/\/index\.html$/, "/");
}

/** Jekyll's `slugify` in its "pretty" mode: what a file name becomes in a URL. */
function jekyllSlug(name: string, options: { cased: boolean }): string {
  const slug = name.replace(/[^\p{L}\p{N}._~!$&'()+,;=@]+/gu, "-").replace(/^-+|-+$/g, "");
  return options.cased ? slug : slug.toLowerCase();
}

interface ZonedTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const WRITTEN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The date's calendar fields in the site's time zone: a date with an offset
 * is that moment there; one without is already the site's local time, as
 * Jekyll reads it.
 */
export function zonedTime(written: string, timeZone: string | undefined): ZonedTime {
  const match = WRITTEN.exec(written.trim());
  if (!match) throw new Error(`not a date: ${written}`);
  const [, year, month, day, hour = "00", minute = "00", second = "00", offset] = match;
  if (offset === undefined || timeZone === undefined) return { year, month, day, hour, minute, second };
  const zone = offset.toUpperCase() === "Z" ? "Z" : `${offset.slice(0, 3)}:${offset.slice(-2)}`;
  const instant = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${zone}`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

function dayOfYear(time: ZonedTime): string {
  const start = Date.UTC(Number(time.year), 0, 1);
  const day = Math.floor((Date.UTC(Number(time.year), Number(time.month) - 1, Number(time.day)) - start) / 86_400_000) + 1;
  return String(day).padStart(3, "0");
}

export interface HugoPage {
  section: string;
  /** The file's name without its extension, or its folder's for a bundle. */
  filename: string;
  title: string;
  date?: string;
  slug?: string;
  url?: string;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

export function hugoUrl(page: HugoPage, permalinks: Record<string, string>): string {
  if (page.url) return withSlashes(page.url.toLowerCase());
  const pattern = permalinks[page.section];
  const slug = urlize(page.slug ?? page.title);
  if (!pattern) return withSlashes(`/${page.section}/${page.slug ? urlize(page.slug) : urlize(page.filename)}/`);
  const [year = "", month = "", day = ""] = (page.date ?? "").slice(0, 10).split("-");
  const values: Record<string, string> = {
    year,
    month,
    monthname: MONTHS[Number(month) - 1] ?? "",
    day,
    section: page.section,
    sections: page.section,
    title: urlize(page.title),
    slug,
    filename: urlize(page.filename),
    slugorfilename: page.slug ? urlize(page.slug) : urlize(page.filename),
    contentbasename: urlize(page.filename),
    slugorcontentbasename: page.slug ? urlize(page.slug) : urlize(page.filename),
  };
  const filled = pattern.replace(/:(slugorcontentbasename|contentbasename|slugorfilename|monthname|filename|sections|section|title|year|month|slug|day)/g, (_all, key: string) => values[key]);
  return withSlashes(filled.toLowerCase());
}

/** Hugo's `urlize`: spaces to hyphens, and only letters, digits, `-`, `.`, `_`, `~` and `/` kept, lowercased. */
export function urlize(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\p{L}\p{N}\-._~/]/gu, "")
    .toLowerCase();
}

function withSlashes(path: string): string {
  const rooted = path.startsWith("/") ? path : `/${path}`;
  return /\.[a-z0-9]+$/i.test(rooted) || rooted.endsWith("/") ? rooted : `${rooted}/`;
}

/** Eleventy's default permalink: the path in the input folder, a folder's own file at the folder. */
export function eleventyUrl(relativePath: string, permalink?: unknown): string | undefined {
  if (typeof permalink === "string") return permalink.includes("{") ? undefined : withSlashes(permalink);
  if (permalink === false) return undefined;
  const parts = relativePath.replace(/\.[^./]+$/, "").split("/");
  const name = parts.at(-1);
  if (name === "index" || (parts.length > 1 && name === parts.at(-2))) parts.pop();
  return parts.length === 0 ? "/" : `/${parts.join("/")}/`;
}
