/**
 * A Hugo 0.111 site's configuration as Hugo reads it: a root `hugo.*` or
 * `config.*` in TOML, YAML or JSON, and the files of `config/_default/`, each
 * named for the key it sets (`languages.fr.toml` for one language's), with
 * its keys in any case; from it, the site's
 * languages with their content folders and its `[permalinks]` by section.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { isRecord, readConfig, text } from "./read.ts";
import type { LeftOut } from "./model.ts";

const NAMES = ["hugo", "config"];
const FORMATS = ["toml", "yaml", "yml", "json"];
export const HUGO_CONFIGS = NAMES.flatMap((name) => FORMATS.map((format) => `${name}.${format}`));
const CONFIG_DIR = "config/_default";

/** Whether a folder is a Hugo site: a configuration at its root or in config/_default/. */
export function isHugoSite(root: string): boolean {
  return HUGO_CONFIGS.some(
    (name) => existsSync(join(root, name)) || existsSync(join(root, CONFIG_DIR, name)),
  );
}

export interface Language {
  name: string;
  weight: number;
  contentDir: string;
  code?: string;
}

/** Hugo's configuration: a root file, then config/_default/, whose `params.toml` sets `params` and so on. */
export function hugoConfig(
  root: string,
  shown: (path: string) => string,
): { config: Record<string, unknown>; left: LeftOut[] } {
  const config: Record<string, unknown> = {};
  const left: LeftOut[] = [];
  const dir = join(root, CONFIG_DIR);
  const inDir = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => FORMATS.some((format) => name.endsWith(`.${format}`)))
        .sort()
    : [];
  for (const name of inDir) {
    const path = join(dir, name);
    const read = readConfig(path, shown(path));
    const key = name.replace(/\.[^.]+$/, "");
    const [setting, lang, ...rest] = key.split(".");
    if (NAMES.includes(key)) Object.assign(config, read.data);
    else if (lang === undefined) config[key] = merged(config[key], read.data);
    else if (rest.length === 0) {
      // A language's own file: `languages.fr.toml` is the language `fr` (its contentDir too), `menus.fr.toml` its menus, as Hugo reads them.
      const languages = (config.languages = isRecord(config.languages) ? config.languages : {});
      languages[lang] =
        setting.toLowerCase() === "languages"
          ? merged(languages[lang], read.data)
          : { ...(isRecord(languages[lang]) ? languages[lang] : {}), [setting]: read.data };
    }
    left.push({
      file: shown(path),
      why:
        read.problem ?? "Hugo's configuration: read for the site's title, languages, addresses and sections",
    });
  }
  const rootFile = HUGO_CONFIGS.map((name) => join(root, name)).find((path) => existsSync(path));
  if (rootFile) {
    const read = readConfig(rootFile, shown(rootFile));
    for (const [key, value] of Object.entries(read.data))
      config[key] = isRecord(value) && isRecord(config[key]) ? { ...config[key], ...value } : value;
    left.push({
      file: shown(rootFile),
      why:
        read.problem ?? "Hugo's configuration: read for the site's title, languages, addresses and sections",
    });
  }
  return { config: lowerKeys(config) as Record<string, unknown>, left };
}

function merged(before: unknown, data: Record<string, unknown>): Record<string, unknown> {
  return isRecord(before) ? { ...before, ...data } : data;
}

/** A configuration as Hugo reads it: its keys in any case (`[Languages.it]`, `baseURL`, `mainSections`), as Hugo lowercases them all. */
function lowerKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lowerKeys);
  if (!isRecord(value)) return value;
  const lowered: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const name = key.toLowerCase();
    lowered[name] =
      isRecord(lowered[name]) && isRecord(inner)
        ? { ...(lowered[name] as object), ...(lowerKeys(inner) as object) }
        : lowerKeys(inner);
  }
  return lowered;
}

/** The site's languages by weight, the default first, each with its content folder. */
export function languagesOf(config: Record<string, unknown>): Language[] {
  const contentDir = (text(config.contentdir) ?? "content").replace(/\/+$/, "");
  const defaultLang = (text(config.defaultcontentlanguage) ?? "en").toLowerCase();
  const declared = isRecord(config.languages)
    ? Object.entries(config.languages).filter(([, value]) => !(isRecord(value) && value.disabled === true))
    : [];
  const languages = declared.map(([name, value], index): Language => {
    const settings = isRecord(value) ? value : {};
    return {
      name: name.toLowerCase(),
      weight: typeof settings.weight === "number" ? settings.weight : 1000 + index,
      contentDir: (text(settings.contentdir) ?? contentDir).replace(/\/+$/, ""),
      code: text(settings.languagecode)?.split(/[-_]/)[0] ?? name.toLowerCase(),
    };
  });
  if (!languages.some((language) => language.name === defaultLang))
    languages.push({
      name: defaultLang,
      weight: -1,
      contentDir,
      code: text(config.languagecode)?.split(/[-_]/)[0] ?? defaultLang,
    });
  return languages.sort((a, b) =>
    a.name === defaultLang
      ? -1
      : b.name === defaultLang
        ? 1
        : a.weight - b.weight || a.name.localeCompare(b.name),
  );
}

/** `[permalinks]` by section, in both of Hugo's forms (`posts = …` and `[permalinks.page] posts = …`). */
export function sectionPatterns(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const page = isRecord(value.page) ? value.page : {};
  return Object.fromEntries(
    Object.entries({ ...value, ...page }).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}
