/**
 * The field a collection's schema types as a date, where its posts name
 * their date otherwise than Astro's usual names (`published: z.coerce.date()`):
 * read from the schema as script-values.ts reads it, never run. Without it
 * every entry of such a collection would be taken for a page, and a page under
 * the posts' route is not moved: the posts would be lost without a word.
 */
import { isCall, isObject, type Value } from "./script-values.ts";

/** What a schema's field may be called on a date and still be one: `.optional()`, `.default(…)`, `.describe(…)`. */
const KEEPS_DATE = new Set(["optional", "nullable", "nullish", "default", "describe", "catch"]);
/** Of these, the ones that let a post have no date: a field so typed is a post's date only where no other is required. */
const MAY_BE_MISSING = new Set(["optional", "nullable", "nullish"]);
/** The names a date of an update goes by (astro-entries.ts reads them as `updated`): never the post's date. */
const UPDATE_NAMES = new Set([
  "updated",
  "updatedDate",
  "updatedAt",
  "updateDate",
  "modDatetime",
  "modified",
  "modifiedDate",
  "lastModified",
  "lastUpdated",
  "lastmod",
]);

/** How a field's type reads: not a date, a date every entry has, or a date one may leave out. */
function dateKind(value: Value): "required" | "optional" | undefined {
  if (!isCall(value)) return undefined;
  // `z.date()`, `z.coerce.date()`: a method of `z` (unread), not of a value (`z.string().date()` is a text).
  if (value.call === "date") return isCall(value.on) ? undefined : "required";
  if (!KEEPS_DATE.has(value.call)) return undefined;
  const inner = dateKind(value.on);
  return inner && (MAY_BE_MISSING.has(value.call) ? "optional" : inner);
}

/** The fields of a schema: `z.object({…})`, returned by `({ image }) => …`, with `.strict()` and the like after it. */
function fieldsOf(schema: Value): { [key: string]: Value } | undefined {
  let value = schema;
  for (let depth = 0; isCall(value) && depth < 20; depth++) {
    if (value.call === "object") return isObject(value.args[0]) ? value.args[0] : undefined;
    value = value.call === "=>" ? value.args[0] : value.on;
  }
  return undefined;
}

/** The field a schema types as the post's date: the first required date not named as an update, else the first optional one. */
export function schemaDate(schema: Value): string | undefined {
  const fields = fieldsOf(schema);
  if (!fields) return undefined;
  const dates = Object.entries(fields)
    .filter(([name]) => !UPDATE_NAMES.has(name))
    .map(([name, type]) => ({ name, kind: dateKind(type) }));
  return (dates.find(({ kind }) => kind === "required") ?? dates.find(({ kind }) => kind === "optional"))
    ?.name;
}
