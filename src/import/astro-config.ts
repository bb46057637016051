/**
 * Astro's two configurations, read as programs (script.ts) and never run:
 * astro.config.* for the site's `site`, `base`, `build.format` and
 * Starlight's locales; the content configuration for its collections, each
 * however it is written (`export const collections = { posts }` naming a
 * `const posts = defineCollection(…)`, a spread, a constant imported from
 * another file), with its `glob()` loader's `base` and `pattern`, Starlight's
 * `docsLoader()`, or no loader (Astro 4's src/content/<name>/; Starlight's
 * docs there where `docs` has its `docsSchema()`).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { LeftOut } from "./model.ts";
import { readScript } from "./script.ts";
import { globsRegExp } from "./glob.ts";
import { schemaDate } from "./astro-schema.ts";
import { isCall, isObject, Scope, textOf, type Value } from "./script-values.ts";

export const ASTRO_CONFIGS = [
  "astro.config.mjs",
  "astro.config.js",
  "astro.config.ts",
  "astro.config.mts",
  "astro.config.cjs",
];
const CONTENT_CONFIGS = [
  "src/content.config.ts",
  "src/content.config.mjs",
  "src/content.config.js",
  "src/content/config.ts",
  "src/content/config.mjs",
  "src/content/config.js",
];

export interface AstroConfig {
  file?: string;
  origin?: string;
  basePath: string;
  /** `build.format: "file"`: each page at `x.html`. */
  fileFormat: boolean;
  /** Starlight's languages: the folder of each in the docs collection ("" for the root locale), its language tag; the default's first. */
  starlight?: { locales: { dir: string; lang: string }[] };
  /** Astro's own `i18n`: each locale's folder (its path) and language tag, the `defaultLocale`'s first. */
  i18n?: { locales: { dir: string; lang: string }[] };
}

export interface Collection {
  name: string;
  dir: string;
  /** The `glob()` loader's pattern, where it names one. */
  pattern?: RegExp;
  /** Starlight's docs: each entry a page at its id, with no route of the site's own. */
  docs?: boolean;
  /** The field its schema types as a date (`published: z.coerce.date()`), the post's date where it names none of Astro's usual ones. */
  date?: string;
}

/** A program of the site, with its bindings; a problem is reported where it is, and nothing of it read. */
function scopeOf(
  root: string,
  path: string,
  shown: (path: string) => string,
  left: LeftOut[],
): Scope | undefined {
  const read = readScript(readFileSync(path, "utf8"), /\.m?ts$/.test(path));
  if (read.program) return new Scope(read.program, path, root);
  left.push({
    file: shown(path),
    line: read.line,
    why: `could not be read as JavaScript (${read.problem}): its settings were not applied`,
  });
  return undefined;
}

export function readAstroConfig(root: string, shown: (path: string) => string, left: LeftOut[]): AstroConfig {
  const file = ASTRO_CONFIGS.map((name) => join(root, name)).find((path) => existsSync(path));
  const scope = file ? scopeOf(root, file, shown, left) : undefined;
  const exported = scope?.exported("default");
  const config = isCall(exported, "defineConfig") ? exported.args[0] : exported;
  if (!isObject(config)) return { file, basePath: "", fileFormat: false };
  const origin = textOf(config.site)
    ?.replace(/\/+$/, "")
    .match(/^https?:\/\/[^/?#]+/i)?.[0];
  const basePath = (textOf(config.base) ?? "").replace(/\/+$/, "").replace(/^(?=[^/])/, "/");
  const fileFormat = isObject(config.build) && config.build.format === "file";
  const integrations = Array.isArray(config.integrations) ? config.integrations.flat() : [];
  const starlight = integrations.find((integration) => isCall(integration, "starlight"));
  const i18n = i18nOf(config.i18n);
  return {
    file,
    origin,
    basePath,
    fileFormat,
    ...(isCall(starlight) ? { starlight: { locales: localesOf(starlight.args[0]) } } : {}),
    ...(i18n ? { i18n: { locales: i18n } } : {}),
  };
}

/** Astro's `i18n: { locales: ["pt", "en"], defaultLocale: "pt" }`, a locale written as `{ path: "spanish", codes: ["es"] }` too. */
function i18nOf(options: Value): { dir: string; lang: string }[] | undefined {
  if (!isObject(options) || !Array.isArray(options.locales)) return undefined;
  const locales = options.locales.flatMap((locale) => {
    if (typeof locale === "string") return [{ dir: locale, lang: locale }];
    const codes =
      isObject(locale) && Array.isArray(locale.codes)
        ? locale.codes.map(textOf).filter((code): code is string => code !== undefined)
        : [];
    return isObject(locale) && textOf(locale.path) !== undefined && codes.length > 0
      ? [{ dir: textOf(locale.path)!, lang: codes[0] }]
      : [];
  });
  const first = locales.findIndex((locale) => locale.dir === textOf(options.defaultLocale));
  if (locales.length < 2) return undefined;
  return first > 0 ? [locales[first], ...locales.filter((_locale, index) => index !== first)] : locales;
}

/** Starlight's `locales` and `defaultLocale`: `root` is the locale at the top of the docs, any other in its own folder. */
function localesOf(options: Value): { dir: string; lang: string }[] {
  if (!isObject(options) || !isObject(options.locales)) return [{ dir: "", lang: "en" }];
  const fallback = textOf(options.defaultLocale);
  const locales = Object.entries(options.locales).map(([key, locale]) => ({
    dir: key === "root" ? "" : key,
    lang: (isObject(locale) ? textOf(locale.lang) : undefined) ?? (key === "root" ? "en" : key),
  }));
  const first = locales.findIndex((locale) => locale.dir === (fallback === "root" ? "" : (fallback ?? "")));
  return first > 0 ? [locales[first], ...locales.filter((_locale, index) => index !== first)] : locales;
}

/** The content collections, as the content configuration defines them; else every folder of src/content/. */
export function readCollections(
  root: string,
  shown: (path: string) => string,
  left: LeftOut[],
): Collection[] {
  const file = CONTENT_CONFIGS.map((name) => join(root, name)).find((path) => existsSync(path));
  const scope = file ? scopeOf(root, file, shown, left) : undefined;
  const collections: Collection[] = [];
  const defined = scope?.exported("collections");
  if (isObject(defined)) {
    for (const [name, value] of Object.entries(defined)) {
      const options = isCall(value, "defineCollection") ? value.args[0] : value;
      const loader = isObject(options) ? options.loader : undefined;
      const date = isObject(options) ? schemaDate(options.schema) : undefined;
      const dated = date !== undefined ? { date } : {};
      // Starlight for Astro 4 names no loader: its docs are the collection `docs` of `docsSchema()`, pages at their ids.
      if (loader === undefined)
        collections.push({
          name,
          dir: join(root, "src/content", name),
          ...(name === "docs" && isObject(options) && isCall(options.schema, "docsSchema")
            ? { docs: true }
            : {}),
          ...dated,
        });
      else if (isCall(loader, "docsLoader"))
        collections.push({ name, dir: join(root, "src/content/docs"), docs: true });
      else if (isCall(loader, "glob") && isObject(loader.args[0])) {
        const { base, pattern } = loader.args[0];
        const patterns = (Array.isArray(pattern) ? pattern : [pattern])
          .map((each) => textOf(each))
          .filter((each): each is string => each !== undefined);
        collections.push({
          name,
          dir: resolve(root, textOf(base) ?? "."),
          ...(patterns.length > 0 ? { pattern: globsRegExp(patterns) } : {}),
          ...dated,
        });
      } else
        left.push({
          file: shown(file!),
          why: `the collection ${name} has a loader sitegen does not read (${isCall(loader) && loader.call !== "=>" ? `${loader.call}()` : "computed"}): its entries were not moved`,
        });
    }
  } else if (file && scope)
    left.push({
      file: shown(file),
      why: "its `collections` are computed: every folder of src/content/ was taken as a collection",
    });
  if (collections.length === 0 && existsSync(join(root, "src/content"))) {
    for (const name of readdirNames(join(root, "src/content")))
      collections.push({
        name,
        dir: join(root, "src/content", name),
        ...(name === "docs" ? { docs: true } : {}),
      });
  }
  return collections.sort((a, b) => a.name.localeCompare(b.name));
}

function readdirNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name);
}
