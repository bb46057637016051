/**
 * What of `_config.yml` shapes each file's reading: its values for Liquid,
 * its collections, its front matter defaults, and why a folder of Jekyll's
 * own is not moved. Apart from the walk in jekyll.ts, which reads a site's
 * files with them.
 */
import { isRecord, text } from "./read.ts";

interface Collection {
  output: boolean;
  permalink?: string;
}

interface Default {
  path: string;
  type?: string;
  values: Record<string, unknown>;
}

/**
 * Each text, number and true or false of `_config.yml` by its dotted path (`author.name`): what Liquid fills
 * `{{ site.author.name }}` with. Lists and what Jekyll computes (its pages, posts, time) are no such value.
 */
export function configValues(
  data: Record<string, unknown>,
  prefix = "",
  values = new Map<string, string>(),
): Map<string, string> {
  for (const [name, value] of Object.entries(data)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      values.set(`${prefix}${name}`, String(value));
    else if (value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date))
      configValues(value as Record<string, unknown>, `${prefix}${name}.`, values);
  }
  return values;
}

export function collectionsOf(value: unknown): Map<string, Collection> {
  const collections = new Map<string, Collection>([["posts", { output: true }]]);
  if (Array.isArray(value)) for (const label of value) collections.set(String(label), { output: false });
  else if (isRecord(value)) {
    for (const [label, meta] of Object.entries(value))
      collections.set(label, {
        output: isRecord(meta) && meta.output === true,
        permalink: isRecord(meta) ? text(meta.permalink) : undefined,
      });
  }
  collections.delete("posts");
  return collections;
}

export function defaultsOf(value: unknown): Default[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((entry) => {
    const scope = isRecord(entry.scope) ? entry.scope : {};
    return {
      path: (text(scope.path) ?? "").replace(/^\/+|\/+$/g, ""),
      type: text(scope.type),
      values: isRecord(entry.values) ? entry.values : {},
    };
  });
}

/** Front matter defaults that apply to a file (by path prefix and type), later ones over earlier ones, as Jekyll merges them. */
export function defaultsFor(defaults: Default[], path: string, type: string): Record<string, unknown> {
  const applied: Record<string, unknown> = {};
  for (const entry of defaults) {
    if (entry.type !== undefined && entry.type !== type) continue;
    if (
      entry.path !== "" &&
      path !== entry.path &&
      !path.startsWith(`${entry.path}/`) &&
      !new RegExp(`^${entry.path.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}(/|$)`).test(
        path,
      )
    )
      continue;
    Object.assign(applied, entry.values);
  }
  return applied;
}

export function leftWhy(folder: string): string {
  if (folder === "_layouts" || folder === "_includes")
    return "Jekyll's templates: sitegen's are in templates/";
  if (folder === "_data") return "Jekyll's data files: sitegen reads none; site.yaml holds the site's facts";
  if (folder === "_drafts") return "a Jekyll draft: not published there, and not moved";
  if (folder === "_sass") return "Jekyll's stylesheets: sitegen's are in templates/assets/";
  return `in Jekyll's ${folder}/ folder, which it does not publish`;
}
