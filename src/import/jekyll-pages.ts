/**
 * What Jekyll makes of a page or a post beyond its address: whether an HTML
 * page is a text of its own or a template of the site's lists, and the day a
 * post's time shows on a site with a `timezone`.
 */
import { readDateZoned } from "../content/dates.ts";
import { zonedTime } from "./jekyll-permalinks.ts";

/**
 * A post's time written with an offset, as Jekyll shows it on a site with a
 * `timezone`: the same moment in that zone's offset, so that the day sitegen
 * shows (the one written) is the day the old site showed: `2012-10-26
 * 18:13:57+00:00` in Asia/Hong_Kong is `2012-10-27 02:13:57 +08:00`. A time
 * without an offset Jekyll reads in that zone already: kept as written.
 */
export function inZone(written: string, timeZone: string): string | undefined {
  const { read, zoned } = readDateZoned(written);
  if (!zoned || "problem" in read) return undefined;
  let local: ReturnType<typeof zonedTime>;
  try {
    local = zonedTime(written, timeZone);
  } catch {
    // A zone Intl does not know: the time as written.
    return undefined;
  }
  const minutes = Math.round(
    (Date.UTC(
      Number(local.year),
      Number(local.month) - 1,
      Number(local.day),
      Number(local.hour),
      Number(local.minute),
      Number(local.second),
    ) -
      Math.floor(Date.parse(read.time) / 1000) * 1000) /
      60_000,
  );
  const offset = `${minutes < 0 ? "-" : "+"}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0")}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;
  return `${local.year}-${local.month}-${local.day} ${local.hour}:${local.minute}:${local.second} ${offset}`;
}

/**
 * What of the site an HTML page's Liquid lists, where it loops over or
 * takes one of Jekyll's lists (`{% for post in paginator.posts %}`, `{%
 * assign tags_list = site.tags %}`): such a page is a template of the site's
 * lists, not a text of its own. Undefined for a page that lists nothing. A
 * page that lists a collection of the site's own (`site.regattas`) is moved
 * as a page: the new site's Liquid gives it the collection as Jekyll did.
 */
export function listingOf(body: string): { of: string; term?: string } | undefined {
  const lists = [
    "posts",
    "tags",
    "categories",
    "pages",
    "html_pages",
    "documents",
    "collections",
    "static_files",
  ];
  const reads = new RegExp(
    `\\{%-?\\s*(?:for\\s+\\w+\\s+in|assign\\s+\\w+\\s*=)\\s*(paginator|site\\.(?:${lists.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")}))\\b`,
  ).exec(body);
  if (!reads) return undefined;
  // One term's posts: `site.categories["Elixir in Production"]`, `site.tags.releases`.
  const term = /^\s*(?:\[\s*(["'])(.+?)\1\s*\]|\.([\w-]+))/.exec(body.slice(reads.index + reads[0].length));
  const of =
    reads[1] === "paginator" ? "posts" : reads[1].slice("site.".length).replace("html_pages", "pages");
  return { of, ...((of === "tags" || of === "categories") && term ? { term: term[2] ?? term[3] } : {}) };
}

/**
 * The one category or tag a paginated list's front matter names
 * (jekyll-paginate-v2's `pagination:`, octopress-paginate's `paginate:`,
 * each with `category:` or `tag:`): its pages, `/blog/releases/` and its
 * `/blog/releases/2/` on, listed only that term's posts.
 */
function paginatedTerm(data: Record<string, unknown>): { of: string; term: string } | undefined {
  for (const key of ["pagination", "paginate"]) {
    const settings = data[key];
    if (typeof settings !== "object" || settings === null) continue;
    for (const [field, of] of [
      ["category", "categories"],
      ["categories", "categories"],
      ["tag", "tags"],
      ["tags", "tags"],
    ]) {
      const value = (settings as Record<string, unknown>)[field];
      if (typeof value === "string" && value.trim() !== "" && !/[,;]/.test(value))
        return { of, term: value.trim() };
    }
  }
  return undefined;
}

/**
 * What a page lists: what its Liquid or its layout lists (`found`), or, for a
 * page that is front matter alone, the posts its paginator fills it with
 * (`pagination:` or `paginate:` set), where its Liquid is in an include; a
 * list of every post that its front matter paginates by one term
 * (`paginatedTerm`) is that term's list.
 */
export function pageList<L extends { of: string; term?: string }>(
  found: L | undefined,
  data: Record<string, unknown>,
  body: string,
): L | { of: string; term?: string; paginated: true } | undefined {
  const paginated = ["pagination", "paginate"].some((key) => isOn(data[key]));
  const lists =
    found ?? (paginated && !hasOwnText(body) ? { of: "posts", paginated: true as const } : undefined);
  const term = lists?.of === "posts" ? paginatedTerm(data) : undefined;
  return term ? { ...lists!, ...term } : lists;
}

function isOn(setting: unknown): boolean {
  if (setting === true) return true;
  if (typeof setting !== "object" || setting === null) return false;
  return (setting as { enabled?: unknown }).enabled !== false;
}

/** Whether a text has words of its own besides its Liquid and its tags. */
function hasOwnText(body: string): boolean {
  return /\p{L}/u.test(body.replace(/\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}|<[^>]*>/g, ""));
}

/** An address a page answers at: a folder's, or a file's ending in .html. */
export function isPageAddress(url: string | undefined): boolean {
  return url !== undefined && (url.endsWith("/") || /\.html?$/i.test(url));
}
