/**
 * The build cache's objects (`objects/<id>` in its folder): the bytes of each
 * post page's files, each named by its ETag: where they are, and which a
 * build keeps. Bytes from outside the build are let in only through the
 * checks of object-checks.ts (a regular file of the folder, no link
 * followed, of the size its record says, its bytes hashing to its name) and
 * the links of object-links.ts (the very file checked, no byte copied); the
 * rest of the cache (cache.ts) deals in records and never touches an
 * object's bytes.
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, sep } from "node:path";
import type { Written } from "./output.ts";
import type { PostRecords } from "./post-records.ts";
import { linkOrCopy, type StagingFolder } from "./staging.ts";

/** An ETag without its quotes: 22 base64url characters, safe as a file name. */
export function objectId(etag: string): string {
  return etag.slice(1, -1);
}

/**
 * Keeps the files of every record in the cache folder `dir`, each once, by
 * its ETag: an object this build read and found to hash to its name
 * (`verified`) is there already; any other is written from the page just
 * built, over whatever has its name. Everything else in objects/ goes.
 */
export function keepObjects(
  dir: string,
  records: PostRecords,
  staging: StagingFolder,
  verified: ReadonlySet<string>,
): void {
  const objects = join(dir, "objects");
  mkdirSync(objects, { recursive: true });
  const kept = new Set<string>();
  for (const record of records.values()) {
    for (const { file, written } of record.files) {
      const id = objectId(written.etag);
      if (kept.has(id)) continue;
      kept.add(id);
      // An object this build did not verify may be anything (a link, an edited file): the page just written replaces it.
      if (verified.has(id)) continue;
      const object = objectPath(dir, id);
      rmSync(object, { force: true, recursive: true });
      linkOrCopy(staging.pathOf(file), object);
    }
  }
  // Whatever else the folder holds, no record names: the folder is sitegen's (its mark says so), so it goes.
  for (const name of readdirSync(objects))
    if (!kept.has(name)) rmSync(objectPath(dir, name), { force: true, recursive: true });
}

/** Every object the records name, once, by id: what the first record naming it says of it. */
export function namedObjects(records: PostRecords): Map<string, Written> {
  const objects = new Map<string, Written>();
  for (const record of records.values())
    for (const { written } of record.files) {
      const id = objectId(written.etag);
      if (!objects.has(id)) objects.set(id, written);
    }
  return objects;
}

/** Where an object is: a string joined, not a path resolved, for each of twenty thousand files of a large blog. */
export function objectPath(dir: string, id: string): string {
  return `${dir}${sep}objects${sep}${id}`;
}
