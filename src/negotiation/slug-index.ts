/**
 * The slug index: how a 404 finds the published posts whose slugs are closest
 * to the path that was asked for, in the same bounded work at any number of
 * posts. No `node:` imports: this module runs in Deno too.
 *
 * Two search trees of the slugs, kept as small JSON files beside the route
 * shards: one ordered by the slug, one by the slug read backwards. A slug
 * mistyped after its first letters sorts next to the right one in the first;
 * one mistyped early (a dropped `the-`, a wrong first word) sorts next to it
 * in the second. A lookup walks each tree from its root to one leaf, takes
 * the posts beside the place the path would sort, and ranks them by edit
 * distance (`slugDistance`). Every node holds at most FANOUT keys or
 * LEAF + 2 × HALO posts, and a tree of depth d holds FANOUT^(d-1) × LEAF
 * posts: three levels hold 262,144 posts, four hold 16 million. A leaf
 * repeats HALO posts of each neighbour, so the posts beside any place are in
 * one leaf.
 */

/** A post as a leaf holds it. */
export type IndexedPost = [slug: string, title: string];

export interface SlugNode {
  /** Inner node: the smallest key under each child (or a prefix of it), in order, and the children's node numbers. */
  keys?: string[];
  children?: number[];
  /** Leaf: posts in key order, with HALO posts of each neighbouring leaf. */
  posts?: IndexedPost[];
}

export type SlugTree = "forward" | "backward";
export const SLUG_TREES: readonly SlugTree[] = ["forward", "backward"];

/** What `negotiation.json` says about the index. */
export interface SlugIndexInfo {
  /** Node files in each tree; 0 when no post is published. The root is node 0. */
  nodes: number;
  /** A post's URLs, `{slug}` standing for its slug: the manifest's shape of them. */
  url: string;
  markdownUrl: string;
  /** How many posts the Markdown 404 names. */
  closest: number;
}

export const LEAF = 64;
export const HALO = 6;
export const FANOUT = 64;

export function slugNodePath(tree: SlugTree, node: number): string {
  return `/_sitegen/slugs/${tree === "forward" ? "f" : "b"}/${node}.json`;
}

/** The key a tree orders a slug (or a query) by. */
export function treeKey(tree: SlugTree, slug: string): string {
  if (tree === "forward") return slug;
  // Slugs are ASCII: reversed unit by unit. Anything else (a path asked for) by code point.
  if (!/^[\x00-\x7f]*$/.test(slug)) return [...slug].reverse().join("");
  // Made whole from its units, not grown a unit at a time: a string grown so is a chain of pieces that each
  // comparison of the build's sort walked again (at 10,000 slugs, 100 ms of CPU to make and sort the keys,
  // where whole ones take 20 ms).
  const units: number[] = new Array(slug.length);
  for (let at = 0; at < slug.length; at++) units[slug.length - 1 - at] = slug.charCodeAt(at);
  if (units.length <= UNITS_AT_ONCE) return String.fromCharCode.apply(null, units);
  let reversed = "";
  for (let at = 0; at < units.length; at += UNITS_AT_ONCE)
    reversed += String.fromCharCode.apply(null, units.slice(at, at + UNITS_AT_ONCE));
  return reversed;
}

/** Units given to one String.fromCharCode call: a path asked for may be long, and a call's arguments are bounded. */
const UNITS_AT_ONCE = 4096;

/** Nodes per level of a tree of `posts` posts, leaves first; none for no posts. */
export function treeLevels(posts: number): number[] {
  if (posts === 0) return [];
  const levels = [Math.ceil(posts / LEAF)];
  while (levels.at(-1)! > 1) levels.push(Math.ceil(levels.at(-1)! / FANOUT));
  return levels;
}

export interface ClosestPost {
  slug: string;
  title: string;
  url: string;
  markdownUrl: string;
  /** Edits between the asked-for slug and this one. */
  distance: number;
}

/**
 * The `count` published posts closest to `path`, nearest first. Reads one
 * node per level of each tree: 2 × depth small files, whatever the blog's size.
 */
export async function closestPosts(
  path: string,
  info: SlugIndexInfo,
  count: number,
  read: (tree: SlugTree, node: number) => Promise<SlugNode>,
): Promise<ClosestPost[]> {
  if (info.nodes === 0 || count === 0) return [];
  const query = slugQuery(path);
  const candidates = new Map<string, string>();
  for (const tree of SLUG_TREES) {
    for (const [slug, title] of await nearby(tree, treeKey(tree, query), read)) candidates.set(slug, title);
  }
  // The nearest `count`, nearest first, ties by slug. A candidate that cannot
  // beat the last of them is given up as soon as that is certain.
  const nearest: ClosestPost[] = [];
  for (const [slug, title] of [...candidates].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const limit = nearest.length < count ? Infinity : nearest[count - 1].distance;
    const distance = slugDistance(query, slug, limit + 1);
    if (distance > limit) continue;
    let at = nearest.length;
    while (at > 0 && nearest[at - 1].distance > distance) at--;
    nearest.splice(at, 0, {
      slug,
      title,
      url: info.url.replace("{slug}", slug),
      markdownUrl: info.markdownUrl.replace("{slug}", slug),
      distance,
    });
    nearest.length = Math.min(nearest.length, count);
  }
  return nearest;
}

/** The posts beside the place `key` sorts in `tree`: one root-to-leaf walk. */
async function nearby(
  tree: SlugTree,
  key: string,
  read: (tree: SlugTree, node: number) => Promise<SlugNode>,
): Promise<IndexedPost[]> {
  let node = await read(tree, 0);
  while (node.keys && node.children)
    node = await read(tree, node.children[Math.max(0, sortedPosition(node.keys, key) - 1)]);
  const posts = node.posts ?? [];
  const at = sortedPosition(
    posts.map(([slug]) => treeKey(tree, slug)),
    key,
  );
  return posts.slice(Math.max(0, at - HALO), at + HALO);
}

/** How many of the sorted `keys` are at most `key`. */
function sortedPosition(keys: string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (keys[middle] <= key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The slug a path most likely meant: its last segment, lowercased, without a
 * document extension or `index.html`, at most as long as a slug can be.
 * `/blog/Some-Post.md` → `some-post`; `/posts/some-post/index.html` → `some-post`.
 */
export function slugQuery(path: string): string {
  const segments = path
    .toLowerCase()
    .split("/")
    .map((segment) => segment.replace(/\.(md|html?|txt|json|xml)$/, ""))
    .filter((segment) => segment !== "" && segment !== "index");
  return (segments.at(-1) ?? "").slice(0, MAX_SLUG);
}

/** Slugs are cut at 60 characters (src/content/slug.ts); a longer guess is compared as the slug it would have made. */
const MAX_SLUG = 60;

/**
 * How far `query` is from `slug`, in edits: Levenshtein distance
 * (insertions, deletions and substitutions, each one edit), except that
 * leaving whole words off either end of the slug costs one edit per end,
 * since that is how people shorten an address (`transactional-outbox` for
 * `the-transactional-outbox-pattern`). One table of query × slug, and
 * `limit` at most: once a row shows the slug cannot come under the limit,
 * the rest is not computed.
 */
export function slugDistance(query: string, slug: string, limit = Infinity): number {
  const n = slug.length;
  // Row 0: reaching slug position j having read none of the query. Skipping up to just after a hyphen is one edit.
  let previous = new Float64Array(n + 1);
  for (let j = 1; j <= n; j++)
    previous[j] = Math.min(previous[j - 1] + 1, slug.charCodeAt(j - 1) === HYPHEN ? 1 : Infinity);
  let current = new Float64Array(n + 1);
  for (let i = 1; i <= query.length; i++) {
    current[0] = i;
    let least = i;
    for (let j = 1; j <= n; j++) {
      const cell = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (query.charCodeAt(i - 1) === slug.charCodeAt(j - 1) ? 0 : 1),
      );
      current[j] = cell;
      if (cell < least) least = cell;
    }
    // Row minima never fall: every way to the end passes through this row.
    if (least >= limit) return limit;
    [previous, current] = [current, previous];
  }
  // The rest of the slug after position j: deleted letter by letter, or dropped from a hyphen on for one edit.
  let best = previous[n];
  let tail = 0;
  for (let j = n - 1; j >= 0; j--) {
    tail = Math.min(tail + 1, slug.charCodeAt(j) === HYPHEN ? 1 : Infinity);
    best = Math.min(best, previous[j] + tail);
  }
  return Math.min(best, limit);
}

const HYPHEN = 45;
