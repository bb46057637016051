/**
 * The checks a record of the build cache's index passes before anything of
 * it is used. The index arrives from outside the build (a cache committed by
 * mistake, one a CI restored), so a record is data like a post file: held to
 * a schema (src/schemas/cache-record.schema.json), and its slug, aliases and
 * key to the rules a post's own are held to. A record that fails is dropped,
 * and its post is read and built again; its status is never taken from it
 * (src/execute/sources.ts reads it from the file each build).
 */
import { readAlias } from "../content/aliases.ts";
import { SLUG_PATTERN } from "../content/slug.ts";
import type { PostRecord } from "./post-records.ts";
import { describeSchemaError, validateCacheRecord } from "../schemas/index.ts";

/** A post file's path below the content folder, `/`-separated: no `.` or `..` segment, no backslash, no NUL, not from the root. */
const KEY = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[^\\\0]+$/;

/** Why the record read by `key` cannot be used, or undefined when it passes every check. */
export function recordProblem(key: string, record: unknown): string | undefined {
  if (!KEY.test(key)) return "its key is not the path of a post file";
  if (!validateCacheRecord(record))
    return `it is not a record sitegen writes: ${describeSchemaError(validateCacheRecord.errors![0])}`;
  const { post } = record as PostRecord;
  if (!SLUG_PATTERN.test(post.slug)) return `its slug ${JSON.stringify(post.slug)} is not one`;
  const alias = post.aliases.find(({ path }) => !("path" in readAlias(path)));
  if (alias) return `its alias ${JSON.stringify(alias.path)} is not one`;
  const day = [post.date, post.updated].find((date) => date !== undefined && !isDay(date));
  if (day !== undefined || Number.isNaN(Date.parse(post.published)))
    return `its date ${JSON.stringify(day ?? post.published)} is no day`;
  // As post.ts reads `image`: a path of the site or an http(s) URL; any other scheme is never used.
  if (
    post.image !== undefined &&
    /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(post.image) &&
    !/^https?:\/\//i.test(post.image)
  )
    return `its image ${JSON.stringify(post.image)} is neither a path of the site nor an http(s) URL`;
  return undefined;
}

/** Whether YYYY-MM-DD names a day of the calendar (not 2024-13-45). */
function isDay(date: string): boolean {
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(date);
}
