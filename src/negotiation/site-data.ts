/**
 * The negotiation data as a host reads it: through its static store, one file
 * at a time, each read once for as long as the host keeps the same `SiteMemo`
 * (the preview server until it reloads, the edge function for one deploy).
 */
import { canonicalCandidates } from "./decide.ts";
import { NEGOTIATION_PATH, shardOf, shardPath, type NegotiationData, type RouteShard } from "./table.ts";

/** A static file's bytes, by path from the site root; null when the store has no such file. */
export type StoreRead = (path: string) => Promise<BodyInit | null>;

/** What a host keeps between requests: the data files it has read. */
export interface SiteMemo {
  negotiation?: Promise<NegotiationData>;
  shards: Map<number, Promise<RouteShard>>;
}

export function newSiteMemo(): SiteMemo {
  return { shards: new Map() };
}

export class SiteData {
  constructor(
    readonly read: StoreRead,
    private readonly memo: SiteMemo = newSiteMemo(),
  ) {}

  negotiation(): Promise<NegotiationData> {
    if (!this.memo.negotiation) {
      this.memo.negotiation = this.json<NegotiationData>(NEGOTIATION_PATH).then(checkVersion);
      // A failed read is not remembered: the next request tries again.
      this.memo.negotiation.catch(() => (this.memo.negotiation = undefined));
    }
    return this.memo.negotiation;
  }

  /** The shard that holds `path`'s facts, if it has any. */
  async routesFor(path: string): Promise<RouteShard> {
    const index = shardOf(path, (await this.negotiation()).shards);
    let shard = this.memo.shards.get(index);
    if (!shard) {
      shard = this.json<RouteShard>(shardPath(index));
      this.memo.shards.set(index, shard);
      shard.catch(() => this.memo.shards.delete(index));
    }
    return shard;
  }

  /** The canonical page a near-miss path meant (`/about` → `/about/`), if any: its path and URL. */
  async canonicalFor(path: string): Promise<{ path: string; url: string } | undefined> {
    for (const candidate of canonicalCandidates(path)) {
      const { pages } = await this.routesFor(candidate);
      if (Object.hasOwn(pages, candidate)) return { path: candidate, url: pages[candidate].url };
    }
    return undefined;
  }

  /** A static file's bytes; a file the data names must exist. */
  async body(path: string): Promise<BodyInit> {
    const body = await this.read(path);
    if (body === null) throw new Error(`the negotiation data names ${path}, but the static store has no such file: is the deploy complete?`);
    return body;
  }

  private async json<T>(path: string): Promise<T> {
    return (await new Response(await this.body(path)).json()) as T;
  }
}

function checkVersion(data: NegotiationData): NegotiationData {
  if (data.version !== 2) throw new Error(`${NEGOTIATION_PATH} has version ${String(data.version)}; this sitegen reads version 2: rebuild the site`);
  return data;
}
