/** Reading parsed JSON of unknown shape without casts at every step. */

/** `value[key]` when `value` is an object or array, else undefined. */
export function field(value: unknown, key: string | number): unknown {
  return typeof value === "object" && value !== null
    ? (value as Record<string | number, unknown>)[key]
    : undefined;
}

/** Follows a local JSON reference (`#/components/...`, an RFC 6901 pointer) inside `root`. */
export function resolveRef(root: unknown, value: unknown, depth = 0): unknown {
  const ref = field(value, "$ref");
  if (typeof ref !== "string" || !ref.startsWith("#/") || depth > 16) return value;
  let target: unknown = root;
  for (const token of ref.slice(2).split("/"))
    target = field(target, token.replace(/~1/g, "/").replace(/~0/g, "~"));
  return resolveRef(root, target, depth + 1);
}
