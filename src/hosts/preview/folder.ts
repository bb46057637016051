/**
 * A built folder as a static store: what the preview server, `check` and the
 * tests read the negotiation data and bodies through.
 */
import { readFileSync } from "node:fs";
import { SitegenError } from "../../errors.ts";
import { SiteData, type StoreRead } from "../../negotiation/site-data.ts";
import {
  NEGOTIATION_PATH,
  shardPath,
  type NegotiationData,
  type RouteShard,
} from "../../negotiation/table.ts";
import { resolveInside } from "./static.ts";

/** Reads files below `root` by site path; a path that leaves it, or names no file, reads as null. */
export function folderStore(root: string): StoreRead {
  return async (path) => {
    const file = resolveInside(root, path);
    if (!file) return null;
    try {
      // Small files, read whole: a synchronous read costs less than a promise round trip.
      return readFileSync(file);
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === "ENOENT" ||
        (error as NodeJS.ErrnoException).code === "EISDIR"
      )
        return null;
      throw error;
    }
  };
}

/** The negotiation data of a built folder; a usage error when the folder holds no sitegen build. */
export async function openBuild(root: string): Promise<SiteData> {
  const site = new SiteData(folderStore(root));
  try {
    await site.negotiation();
  } catch (error) {
    throw new SitegenError(
      "E_USAGE",
      `${root}${NEGOTIATION_PATH} is missing or unreadable: is ${root} a sitegen build?`,
      { hint: "run `sitegen build` first", cause: error },
    );
  }
  return site;
}

/** Every route of a built folder at once, as the shards hold them: for checks and tests, never per request. */
export async function allRoutes(root: string): Promise<NegotiationData & RouteShard> {
  const site = await openBuild(root);
  const data = await site.negotiation();
  const all: RouteShard = { pages: {}, files: {} };
  for (let index = 0; index < data.shards; index++) {
    const shard = JSON.parse(String(await site.body(shardPath(index)))) as RouteShard;
    Object.assign(all.pages, shard.pages);
    Object.assign(all.files, shard.files);
  }
  return { ...data, ...all };
}
