/**
 * The slug index's files (src/negotiation/slug-index.ts): each tree's nodes
 * in the order of their numbers, the root first, then each level below it.
 */
import type { PageRoute } from "../../manifest/manifest.ts";
import {
  FANOUT,
  HALO,
  LEAF,
  SLUG_TREES,
  treeKey,
  type IndexedPost,
  type SlugNode,
  type SlugTree,
} from "../../negotiation/slug-index.ts";

/** Both trees' nodes, the forward tree's first, and each node's file. */
export interface SlugFiles {
  trees: SlugNode[][];
  /** Each node's JSON file, in the order of `trees.flat()`. */
  files: string[];
  /** The posts' slugs, in the manifest's order, that the trees were made of. */
  slugs: string;
}

/**
 * The slug index's files. Given the files of the last rebuild (a watch
 * session's), the same slugs give the same trees: only the leaves that list
 * a post whose title changed are made again, not the sort of every slug.
 */
export function slugFiles(posts: PageRoute[], earlier?: SlugFiles): SlugFiles {
  const slugs = posts.map((post) => post.slug!).join("\n");
  if (earlier?.slugs === slugs)
    return retitled(earlier, new Map(posts.map((post) => [post.slug!, post.title])));
  const trees = SLUG_TREES.map((tree) => slugTree(tree, posts));
  return { trees, files: trees.flat().map(nodeFile), slugs };
}

function retitled(earlier: SlugFiles, titles: Map<string, string>): SlugFiles {
  const files = [...earlier.files];
  let at = 0;
  const trees = earlier.trees.map((tree) =>
    tree.map((node) => {
      const index = at++;
      if (!node.posts?.some(([slug, title]) => titles.get(slug) !== title)) return node;
      const leaf: SlugNode = { posts: node.posts.map(([slug]): IndexedPost => [slug, titles.get(slug)!]) };
      files[index] = nodeFile(leaf);
      return leaf;
    }),
  );
  return { trees, files, slugs: earlier.slugs };
}

function nodeFile(node: SlugNode): string {
  return `${JSON.stringify(node)}\n`;
}

/** A node while the tree is built: where its first own key is in the sorted list, and its children by index in the level below. */
interface Built {
  from: number;
  keys?: string[];
  children?: number[];
  posts?: IndexedPost[];
}

export function slugTree(tree: SlugTree, posts: PageRoute[]): SlugNode[] {
  const sorted = posts
    .map((post): [key: string, post: IndexedPost] => [treeKey(tree, post.slug!), [post.slug!, post.title]])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.length === 0) return [];
  const keys = sorted.map(([key]) => key);
  const leaves = spans(sorted.length, LEAF).map(
    ([from, to]): Built => ({
      from,
      posts: sorted.slice(Math.max(0, from - HALO), to + HALO).map(([, post]) => post),
    }),
  );
  const levels = [leaves];
  while (levels[0].length > 1) {
    const below = levels[0];
    levels.unshift(
      spans(below.length, FANOUT).map(
        ([from, to]): Built => ({
          from: below[from].from,
          keys: below.slice(from, to).map((child) => separator(keys, child.from)),
          children: indexes(from, to),
        }),
      ),
    );
  }
  // Root first: a child's number is its level's offset plus its index in that level.
  const offsets = levels.map((_, depth) =>
    levels.slice(0, depth).reduce((sum, level) => sum + level.length, 0),
  );
  return levels.flatMap((level, depth) =>
    level.map(
      ({ keys: nodeKeys, children, posts: leafPosts }): SlugNode =>
        children
          ? { keys: nodeKeys, children: children.map((child) => offsets[depth + 1] + child) }
          : { posts: leafPosts },
    ),
  );
}

/**
 * The shortest prefix of the key at `at` that still sorts after the key before
 * it: every key under a child is at least its separator, every key under the
 * child before is less. The first child's is empty.
 */
function separator(keys: string[], at: number): string {
  if (at === 0) return "";
  const key = keys[at];
  const before = keys[at - 1];
  let length = 1;
  while (length < key.length && key.slice(0, length) <= before) length++;
  return key.slice(0, length);
}

/** `[from, to)` of each run of `size` in `0..count`, the last shorter. */
function spans(count: number, size: number): [number, number][] {
  return Array.from({ length: Math.ceil(count / size) }, (_, index) => [
    index * size,
    Math.min(count, (index + 1) * size),
  ]);
}

function indexes(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, index) => from + index);
}
