/**
 * The build cache's objects (`objects/<id>` in its folder): the bytes of each
 * post page's files, each named by its ETag. Its own module because this is
 * where bytes from outside the build are let in: an object is read only as a
 * regular file of the folder (no link followed), of the size its record says,
 * and used only when its bytes hash to its name; the rest of the cache
 * (cache.ts) deals in records and never touches an object's bytes.
 */
import { createHash } from "node:crypto";
import { closeSync, fstatSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, sep } from "node:path";
import { openNoFollow, readWhole } from "./cache-folder.ts";
import { etagOf, type Written } from "./output.ts";
import type { PostRecords } from "./post-records.ts";
import { linkOrCopy, type StagingFolder } from "./staging.ts";

/** An ETag without its quotes: 22 base64url characters, safe as a file name. */
export function objectId(etag: string): string {
  return etag.slice(1, -1);
}

/** An object's bytes in the cache folder `dir`, checked against what its record says; else why they cannot be used. */
export function readObject(dir: string, written: Written): Buffer | string {
  const id = objectId(written.etag);
  const name = `objects/${id}`;
  let fd: number;
  try {
    fd = openNoFollow(objectPath(dir, id));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT"
      ? `${name} is missing`
      : code === "ELOOP"
        ? `${name} is a link, not a file of the cache`
        : `${name} cannot be read (${code ?? (error as Error).message})`;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return `${name} is not a file of the cache`;
    if (stat.size !== written.bytes)
      return `${name} holds ${stat.size} bytes, not the ${written.bytes} its record says`;
    const bytes = readWhole(fd, stat.size);
    if (bytes === undefined) return `${name} was cut short while it was read`;
    return etagOf(createHash("sha256").update(bytes)) === written.etag
      ? bytes
      : `${name} does not match its hash (edited, or damaged)`;
  } catch (error) {
    return `${name} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  } finally {
    closeSync(fd);
  }
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

/** Where an object is: a string joined, not a path resolved, for each of twenty thousand files of a large blog. */
function objectPath(dir: string, id: string): string {
  return `${dir}${sep}objects${sep}${id}`;
}
