/**
 * Jekyll's filters that LiquidJS has not: the site's own addresses
 * (`relative_url`, `absolute_url`) and Markdown (`markdownify`); and
 * `group_by` as Jekyll gives its groups, with their `size`; and, so that a
 * build gives the same pages every time, "now" in the date filters is the
 * build's time (`site.time`, SOURCE_DATE_EPOCH when set) and `sample` takes
 * the first items, not random ones. The rest
 * Jekyll adds (`date_to_xmlschema`, `date_to_string`, `xml_escape`,
 * `cgi_escape`, `uri_escape`, `jsonify`, `slugify`, `number_of_words`,
 * `where`, `where_exp`, `group_by`, `sort`, `array_to_sentence_string`…)
 * LiquidJS has as Jekyll writes them.
 */
import { renderMarkdown } from "../markdown/index.ts";

/** A URL with a scheme (`https:`, `mailto:`): Jekyll's URL filters leave it as it is. */
const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;

/**
 * Jekyll's `relative_url`: the path from the site's root, a slash put before
 * one without (Jekyll puts `baseurl` there, and a site here is served at its
 * origin's root: src/render/liquid/links.ts).
 */
export function relativeUrl(input: unknown): unknown {
  if (input === undefined || input === null) return input;
  const text = String(input);
  return ABSOLUTE.test(text) ? text : text.replace(/^(?!\/)/, "/");
}

/** Jekyll's `absolute_url`: the path from the site's root after the site's origin. */
export function absoluteUrl(origin: string): (input: unknown) => unknown {
  return (input) => {
    const relative = relativeUrl(input);
    return typeof relative === "string" && !ABSOLUTE.test(relative) ? `${origin}${relative}` : relative;
  };
}

/** Jekyll's `markdownify`: the text as HTML, as the page's own Markdown is rendered. */
export function markdownify(input: unknown): string {
  return input === undefined || input === null ? "" : renderMarkdown(String(input)).html;
}

/** One group of Jekyll's `group_by` and `group_by_exp`. */
interface Group {
  name: unknown;
  items: unknown[];
}

/**
 * A grouping filter of LiquidJS's that gives each group its `size` too, as
 * Jekyll's does (`{{ group.size }}`): LiquidJS's groups have only `name`
 * and `items`, and the size of such a group is its two keys.
 */
export function withSizes(grouping: (...args: unknown[]) => Generator<unknown, Group[], unknown>) {
  return function* (
    this: unknown,
    ...args: unknown[]
  ): Generator<unknown, (Group & { size: number })[], unknown> {
    const groups = yield* grouping.apply(this, args);
    return groups.map((group) => ({ ...group, size: group.items.length }));
  };
}

/**
 * A value as Jekyll prints it where it is output as it is (`{{ page.date }}`):
 * a time as Ruby writes one, `2024-03-05 00:00:00 +0000` (in UTC, as the
 * date filters here read it), where LiquidJS would write JavaScript's long
 * form; anything else as LiquidJS writes it.
 */
export function asJekyllPrints(value: unknown): string {
  // LiquidJS writes what this gives as it is: anything but a time is handed back, and written as LiquidJS writes it.
  return (
    value instanceof Date && !Number.isNaN(value.getTime())
      ? value
          .toISOString()
          .replace("T", " ")
          .replace(/(\.\d+)?Z$/, " +0000")
      : value
  ) as string;
}

/** A date filter that reads "now" and "today" as the build's time (`site.time` of the render's scope), not the clock's. */
export function atBuildTime(filter: (...args: unknown[]) => unknown) {
  return function (
    this: { context: { environments: unknown } },
    input: unknown,
    ...args: unknown[]
  ): unknown {
    const time = (this.context.environments as { site?: { time?: unknown } }).site?.time;
    return filter.call(
      this,
      (input === "now" || input === "today") && time instanceof Date ? time : input,
      ...args,
    );
  };
}

/** `sample` that takes the same items at every build: the first `count`, one item itself for one. */
export function firstSample(input: unknown, count = 1): unknown {
  const items = Array.isArray(input)
    ? input
    : input === undefined || input === null
      ? []
      : [...String(input)];
  return count === 1 ? items[0] : items.slice(0, count);
}
