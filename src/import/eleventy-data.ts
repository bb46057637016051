/**
 * Eleventy's data cascade as the import reads it, never run: each folder's
 * and template's data file (JSON, or JavaScript that exports a literal
 * object), applied beneath a file's front matter. What code computes is
 * named, not guessed; a `permalink` computed so (a function, or
 * `eleventyComputed.permalink`) is an address only Eleventy can give.
 */
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { isRecord, terms } from "./read.ts";
import type { LeftOut } from "./model.ts";
import { readScript } from "./script.ts";
import { isCall, isObject, Scope, UNKNOWN, type Value } from "./script-values.ts";

const DATA_FILE = /\.(11tydata\.(?:c|m)?js|11tydata\.json|json)$/i;

/** A permalink that code computes: where (the data file, and its field), and whether it is `eleventyComputed`'s, which is over the front matter's own. */
export interface ComputedPermalink {
  where: string;
  computed: boolean;
}

export interface Cascade {
  dataFiles: Set<string>;
  of(path: string): Record<string, unknown>;
  /** The permalink code computes for a file, where the last data file to set one does so. */
  computedPermalink(path: string): ComputedPermalink | undefined;
  /** The data files of a file's cascade whose fields code computes (some or all), each with what the report says of it. */
  codeOf(path: string): { path: string; left: LeftOut; whole: boolean }[];
}

export function dataCascade(
  input: string,
  paths: string[],
  shown: (path: string) => string,
  left: LeftOut[],
): Cascade {
  const present = new Set(paths);
  const dataFiles = new Set<string>();
  const read = new Map<string, Record<string, unknown>>();
  const permalinks = new Map<string, ComputedPermalink>();
  const code = new Map<string, { left: LeftOut; whole: boolean }>();
  const load = (path: string): Record<string, unknown> => {
    const known = read.get(path);
    if (known) return known;
    const source = readFileSync(join(input, path), "utf8");
    const exported: ReturnType<typeof literalExport> = path.endsWith(".json")
      ? { data: safeJson(source), computed: [] }
      : literalExport(source, join(input, path), input);
    const data = exported.data;
    const file = shown(join(input, path));
    // A file computed whole by code (`module.exports = () => ({…})`) that names a permalink may set one.
    const field =
      exported.permalinkField ??
      (data === undefined && /\bpermalink\b/.test(source) ? "permalink" : undefined);
    if (field)
      permalinks.set(path, {
        where: `\`${field}\` in ${file}`,
        computed: field.startsWith("eleventyComputed"),
      });
    const computed =
      exported.computed.length > 0
        ? `, less what code computes (${exported.computed.map((name) => `\`${name}\``).join(", ")}): sitegen runs none`
        : "";
    const said: LeftOut = {
      file,
      why: data
        ? `Eleventy's data file: its fields were applied to the pages it is for${computed}; it is not published`
        : "Eleventy's data file computed by code: sitegen runs none, so its fields were not applied; set what a page needs in its front matter",
    };
    left.push(said);
    if (!data || exported.computed.length > 0) code.set(path, { left: said, whole: !data });
    read.set(path, data ?? {});
    return data ?? {};
  };
  const candidates = (stem: string) =>
    [".11tydata.json", ".11tydata.js", ".11tydata.cjs", ".11tydata.mjs", ".json"]
      .map((suffix) => `${stem}${suffix}`)
      .filter((path) => present.has(path));
  for (const path of paths) {
    if (!DATA_FILE.test(path)) continue;
    const stem = path.replace(DATA_FILE, "");
    const folder = stem.includes("/") ? stem.slice(0, stem.lastIndexOf("/")) : "";
    const own = basename(stem);
    // A folder's data file is named as its folder; a template's, as the template.
    if (
      basename(folder) === own ||
      paths.some((other) => other !== path && other.replace(/\.[^./]+$/, "") === stem)
    )
      dataFiles.add(path);
  }
  for (const path of dataFiles) load(path);
  const filesOf = (path: string) => {
    const parts = path.replace(/\.[^./]+$/, "").split("/");
    const stems = [
      ...parts.slice(0, -1).map((_part, index) => `${parts.slice(0, index + 1).join("/")}/${parts[index]}`),
      parts.join("/"),
    ];
    return stems.flatMap(candidates);
  };
  return {
    dataFiles,
    codeOf: (path) =>
      filesOf(path).flatMap((file) => (code.has(file) ? [{ path: file, ...code.get(file)! }] : [])),
    computedPermalink(path) {
      let found: ComputedPermalink | undefined;
      // The nearest data file that sets a permalink decides it: a value over code, or code over a value.
      for (const file of filesOf(path)) {
        const data = load(file);
        if (permalinks.has(file)) found = permalinks.get(file);
        else if (data.permalink !== undefined) found = undefined;
      }
      return found;
    },
    of(path) {
      const merged: Record<string, unknown> = {};
      for (const file of filesOf(path)) {
        const data = load(file);
        const tags = [...terms(merged.tags), ...terms(data.tags)];
        Object.assign(merged, data);
        if (tags.length > 0) merged.tags = [...new Set(tags)];
      }
      return merged;
    },
  };
}

function safeJson(source: string): Record<string, unknown> | undefined {
  try {
    const data = JSON.parse(source);
    return isRecord(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** The object a JavaScript data file exports, when it is a literal (strings, numbers, booleans, lists, objects): read as data, never run. */
function literalExport(
  source: string,
  file: string,
  root: string,
): { data: Record<string, unknown> | undefined; computed: string[]; permalinkField?: string } {
  const read = readScript(source, false);
  if (!read.program) return { data: undefined, computed: [] };
  const scope = new Scope(read.program, file, root);
  // `export default {…}`, or CommonJS's `module.exports = {…}`.
  let value: Value = scope.exported("default");
  for (const statement of read.program.body as unknown as Record<string, any>[]) {
    const { expression } = statement;
    if (
      statement.type === "ExpressionStatement" &&
      expression?.type === "AssignmentExpression" &&
      expression.left.type === "MemberExpression" &&
      expression.left.object?.name === "module" &&
      expression.left.property?.name === "exports"
    )
      value = scope.value(expression.right);
  }
  if (!isObject(value)) return { data: undefined, computed: [] };
  const computedField =
    isObject(value.eleventyComputed) &&
    "permalink" in value.eleventyComputed &&
    plainOf(value.eleventyComputed.permalink) === UNKNOWN;
  // The fields written as values apply; what a function computes (`eleventyComputed`) is named, not guessed.
  const data: Record<string, unknown> = {};
  const computed: string[] = [];
  for (const [name, field] of Object.entries(value)) {
    const plain = plainOf(field);
    if (plain === UNKNOWN) computed.push(name);
    else data[name] = plain;
  }
  // A file all of whose fields code computes is computed by code.
  const permalinkField = computed.includes("permalink")
    ? "permalink"
    : computedField
      ? "eleventyComputed.permalink"
      : undefined;
  return Object.keys(data).length === 0 && computed.length > 0
    ? { data: undefined, computed, permalinkField }
    : { data, computed, permalinkField };
}

/** A value as data, or UNKNOWN where any part of it is computed. */
function plainOf(value: Value): unknown {
  if (value === UNKNOWN || typeof value === "symbol" || isCall(value)) return UNKNOWN;
  if (Array.isArray(value)) {
    const items = value.map(plainOf);
    return items.includes(UNKNOWN) ? UNKNOWN : items;
  }
  if (isObject(value)) {
    const entries = Object.entries(value).map(([name, field]) => [name, plainOf(field)] as const);
    return entries.some(([, field]) => field === UNKNOWN) ? UNKNOWN : Object.fromEntries(entries);
  }
  return value;
}
