/**
 * The negotiation data as a host reads it: through its static store, one file
 * at a time, each read once for as long as the host keeps the same `SiteMemo`
 * (the preview server until it reloads, the edge function for one deploy).
 */
import { canonicalCandidates } from "./decide.ts";
import { closestPosts, slugNodePath, type ClosestPost, type SlugNode, type SlugTree } from "./slug-index.ts";
import { NEGOTIATION_PATH, shardOf, shardPath, type NegotiationData, type RouteShard } from "./table.ts";

/** A static file's bytes, by path from the site root; null when the store has no such file. */
export type StoreRead = (path: string) => Promise<BodyInit | null>;

/** What a host keeps between requests: the data files it has read. */
export interface SiteMemo {
  negotiation?: Promise<NegotiationData>;
  shards: Map<number, Promise<RouteShard>>;
  /** Slug index nodes, by file path. */
  slugNodes: Map<string, Promise<SlugNode>>;
  /** Other data files (`/mcp`'s: src/negotiation/mcp/), by file path. */
  files: Map<string, Promise<unknown>>;
}

export function newSiteMemo(): SiteMemo {
  return { shards: new Map(), slugNodes: new Map(), files: new Map() };
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
    return remembered(this.memo.shards, index, () => this.json<RouteShard>(shardPath(index)));
  }

  /** The canonical page a near-miss path meant (`/about` → `/about/`), if any: its path and URLs. */
  async canonicalFor(path: string): Promise<{ path: string; url: string; markdownUrl: string } | undefined> {
    for (const candidate of canonicalCandidates(path)) {
      const { pages } = await this.routesFor(candidate);
      if (Object.hasOwn(pages, candidate))
        return { path: candidate, url: pages[candidate].url, markdownUrl: pages[candidate].markdownUrl };
    }
    return undefined;
  }

  /** The `count` published posts whose slugs are closest to `path`, nearest first (src/negotiation/slug-index.ts). */
  async closestPosts(path: string, count: number): Promise<ClosestPost[]> {
    const { slugIndex } = await this.negotiation();
    return closestPosts(path, slugIndex, count, (tree, node) => this.slugNode(tree, node));
  }

  /** A data file's JSON, read once while the memo lasts. */
  data<T>(path: string): Promise<T> {
    return remembered(this.memo.files, path, () => this.json<T>(path)) as Promise<T>;
  }

  /** A static file's text. */
  async text(path: string): Promise<string> {
    return new Response(await this.body(path)).text();
  }

  /** A static file's bytes; a file the data names must exist. */
  async body(path: string): Promise<BodyInit> {
    const body = await this.read(path);
    if (body === null)
      throw new Error(
        `the negotiation data names ${path}, but the static store has no such file: is the deploy complete?`,
      );
    return body;
  }

  private slugNode(tree: SlugTree, node: number): Promise<SlugNode> {
    const path = slugNodePath(tree, node);
    return remembered(this.memo.slugNodes, path, () => this.json<SlugNode>(path));
  }

  private async json<T>(path: string): Promise<T> {
    return (await new Response(await this.body(path)).json()) as T;
  }
}

/** `memo`'s promise for `key`, read once; a failed read is not remembered, so the next request tries again. */
function remembered<K, T>(memo: Map<K, Promise<T>>, key: K, read: () => Promise<T>): Promise<T> {
  let value = memo.get(key);
  if (!value) {
    value = read();
    memo.set(key, value);
    value.catch(() => memo.delete(key));
  }
  return value;
}

function checkVersion(data: NegotiationData): NegotiationData {
  if (data.version !== 3)
    throw new Error(
      `${NEGOTIATION_PATH} has version ${String(data.version)}; this sitegen reads version 3: rebuild the site`,
    );
  return data;
}
