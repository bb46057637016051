/**
 * What frontmatter may cost to read: its size and its depth are bounded, and
 * each check is linear in the text, so a hostile file (a million keys, a
 * 50 MB string, a YAML alias bomb, a TOML key of 5,000 dotted parts, lists
 * nested ten thousand deep) ends in an error at its line, not in minutes of
 * work, gigabytes of memory or a stack overflow. Real frontmatter is a few
 * hundred bytes, two or three levels deep.
 */
import { isAlias, isMap, isScalar, isSeq, type Document, type Node, type Pair, type YAMLMap } from "yaml";

/** Frontmatter longer than this is refused, at its first line: a post's fields, not its text. */
export const MAX_FRONTMATTER_CHARACTERS = 1024 * 1024;
/** Lists and mappings nested deeper than this are refused: the readers after the parser recurse. */
export const MAX_FRONTMATTER_DEPTH = 64;
/** Aliases (`*name`) a document may use, as `yaml` counts them; past this, an alias bomb (its own default). */
export const MAX_ALIASES = 100;

export const LIMIT_HINTS = {
  size: "frontmatter holds a page's fields: move long text into the body, below the closing line",
  depth: `write fields at most ${MAX_FRONTMATTER_DEPTH} lists or mappings deep`,
  aliases: `use at most ${MAX_ALIASES} aliases (\`*name\`): each one repeats what its anchor holds`,
} as const;

export interface StructureProblem {
  /** Offset in the parsed text. */
  offset: number;
  /** A key written again in its mapping, which Jekyll's and PyYAML's YAML read (the last one counts): its name. */
  repeated?: string;
  message: string;
  hint: string;
}

/**
 * A repeated key in any mapping of a YAML document, and nesting past the
 * limit, in one pass over its nodes without recursion. (`yaml`'s own
 * `uniqueKeys` compares each key with every earlier one: 40,000 keys took 39 s.)
 */
export function structureProblems(doc: Document): StructureProblem[] {
  const problems: StructureProblem[] = [];
  const stack: { node: unknown; depth: number }[] = [{ node: doc.contents, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (!isMap(node) && !isSeq(node)) continue;
    if (depth > MAX_FRONTMATTER_DEPTH) {
      problems.push({
        offset: node.range?.[0] ?? 0,
        message: `lists and mappings nested more than ${MAX_FRONTMATTER_DEPTH} deep`,
        hint: LIMIT_HINTS.depth,
      });
      return problems;
    }
    if (isMap(node)) {
      const keys = new Set<unknown>();
      for (const pair of node.items) {
        if (isScalar(pair.key)) {
          if (keys.has(pair.key.value))
            problems.push({
              offset: pair.key.range?.[0] ?? 0,
              message: "Map keys must be unique",
              hint: "each field may appear once",
              repeated: String(pair.key.value),
            });
          keys.add(pair.key.value);
        }
        stack.push({ node: pair.key, depth: depth + 1 }, { node: pair.value, depth: depth + 1 });
      }
    } else {
      for (const item of node.items) stack.push({ node: item, depth: depth + 1 });
    }
  }
  return problems.sort((a, b) => a.offset - b.offset);
}

/** The offset of the first alias (`*name`) in a document, for an alias bomb's message. */
export function firstAliasOffset(doc: Document): number | undefined {
  const stack: unknown[] = [doc.contents];
  let first: number | undefined;
  while (stack.length > 0) {
    const node = stack.pop();
    if (isAlias(node)) first = Math.min(first ?? Infinity, node.range?.[0] ?? 0);
    else if (isMap(node)) for (const pair of node.items) stack.push(pair.key, pair.value);
    else if (isSeq(node)) for (const item of node.items) stack.push(item);
  }
  return first;
}

/** The depth of nested arrays and objects in a value, counted without recursion; stops counting past `limit`. */
export function depthOf(value: unknown, limit = MAX_FRONTMATTER_DEPTH): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: item, depth } = stack.pop()!;
    if (typeof item !== "object" || item === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) stack.push({ value: child, depth: depth + 1 });
  }
  return deepest;
}

const pairsByKey = new WeakMap<YAMLMap, Map<unknown, Pair>>();

/** The pair of a mapping whose scalar key is `key`: an index made once per mapping, not a search per question. */
export function pairOf(map: YAMLMap, key: unknown): Pair | undefined {
  let index = pairsByKey.get(map);
  if (!index) {
    index = new Map();
    // The last of a key written twice is the one read (as Jekyll's and PyYAML's YAML read it, and `toJS`).
    for (const pair of map.items) if (isScalar(pair.key)) index.set(pair.key.value, pair as Pair);
    pairsByKey.set(map, index);
  }
  return index.get(key);
}

/** A node found by a path of keys and indexes, each step an index lookup (`Document.getIn` searches each mapping). */
export function nodeAt(doc: Document, path: readonly (string | number)[]): Node | undefined {
  let node: unknown = doc.contents;
  for (const step of path) {
    if (isMap(node)) node = pairOf(node, step)?.value;
    else if (isSeq(node) && typeof step === "number") node = node.items[step];
    else return undefined;
  }
  return (node ?? undefined) as Node | undefined;
}
