/**
 * An Astro post whose date names no day. A collection typed `z.string()`
 * publishes `pubDate: 2025/06/56` as the text it is, where sitegen's build
 * refuses a post's date it cannot read: moved as written, the post would
 * stop the build. It is dated by its file instead, as Eleventy dates a post
 * with no date, the written text is kept beside it, and the report names
 * the line.
 */
import { readFileSync, statSync } from "node:fs";
import { readDate } from "../content/dates.ts";
import type { LeftOut } from "./model.ts";

/** The field the written date is kept in: sitegen's build keeps an unknown field for the templates, and says so. */
export const DATE_AS_WRITTEN = "date_as_written";

/** `data` with a date sitegen reads: its own, or the day `real` was created where its own names no day. */
export function readableDate(
  data: Record<string, unknown>,
  file: string,
  real: string,
  notes: LeftOut[],
  /** The field the collection's schema types as a date, where the post may write its date under it. */
  dateField?: string,
): Record<string, unknown> {
  if (typeof data.date !== "string") return data;
  const read = readDate(data.date);
  if (!("problem" in read)) return data;
  const stat = statSync(real);
  const day = (stat.birthtimeMs > 0 ? stat.birthtime : stat.mtime).toISOString().slice(0, 10);
  notes.push({
    file,
    line: dateLine(real, dateField),
    why: `its date \`${data.date}\` names no day (${read.problem}): dated ${day}, the day its file was created, and the text kept as \`${DATE_AS_WRITTEN}\`; write the real day as its date`,
  });
  return { ...data, date: day, [DATE_AS_WRITTEN]: data.date };
}

/** The frontmatter line that writes the post's date, under any of the names Astro's themes give it. */
function dateLine(real: string, dateField?: string): number | undefined {
  const lines = readFileSync(real, "utf8").split(/\r?\n/);
  const names = new Set(["date", "pubDate", "publishDate", "pubDatetime", ...(dateField ? [dateField] : [])]);
  const index = lines.findIndex((line) => names.has(line.match(/^([\w-]+)\s*:/)?.[1] ?? ""));
  return index < 0 ? undefined : index + 1;
}
