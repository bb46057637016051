/**
 * A Jekyll site's own files kept beside site.yaml: its configuration
 * (content/_config.yml), its includes (content/_includes/) and its data
 * (content/_data/: YAML, JSON, and tables of comma- or tab-separated
 * values). Either of the first two makes the content Jekyll's
 * dialect, whose posts' Liquid the build runs as Jekyll runs it
 * (src/render/liquid/): `sitegen import` moves them from a Jekyll site, and
 * a blog copied from one brings them along. Content without them is never
 * run as Liquid: `{{ }}` means something else to Hugo and Eleventy, and is
 * text in plain Markdown. Read here, at the edge, so that rendering reads no
 * file: an include is looked up in `includes` and nowhere else.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SitegenError } from "../errors.ts";
import { parseYaml } from "./yaml.ts";
import { readTable } from "./csv-table.ts";
import { FILTER_COMMA_HINT, filterCommaMessage, filterCommas } from "./liquid-filter-commas.ts";
import { BACKSLASH_HINT, backslashMessage, rubyStrings } from "./liquid-string-backslashes.ts";
import type { JekyllFiles } from "./types.ts";

export const JEKYLL_CONFIG = "_config.yml";
export const INCLUDES_DIR = "_includes";
export const DATA_DIR = "_data";
/** An include or data file larger than this is left out: such a file is no template. */
const MAX_FILE_BYTES = 1_000_000;

/** The Jekyll files of a content folder, or undefined when it has neither a _config.yml nor an _includes/ folder; with what could not be read. */
export function readJekyllFiles(
  root: string,
  display: (path: string) => string,
): { files?: JekyllFiles; problems: SitegenError[] } {
  const configPath = join(root, JEKYLL_CONFIG);
  const includesPath = join(root, INCLUDES_DIR);
  if (!existsSync(configPath) && !existsSync(includesPath)) return { problems: [] };
  const problems: SitegenError[] = [];
  const read = (path: string): string | undefined => {
    try {
      const stat = lstatSync(path);
      if (!stat.isFile()) {
        problems.push(
          new SitegenError("E_CONTENT", "not a regular file (a symbolic link, or a folder): not read", {
            kind: "outside-tree",
            location: { file: display(path) },
            hint: "copy the file itself into the content folder; sitegen reads nothing outside it",
          }),
        );
        return undefined;
      }
      if (stat.size > MAX_FILE_BYTES) {
        problems.push(
          new SitegenError("E_CONTENT", `larger than ${MAX_FILE_BYTES / 1_000_000} MB: not read`, {
            kind: "left-out",
            location: { file: display(path) },
            hint: "an include or data file is a small template or table; move a large file to content/static/",
          }),
        );
        return undefined;
      }
      return readFileSync(path, "utf8");
    } catch (error) {
      problems.push(
        new SitegenError("E_CONTENT", `cannot be read (${(error as NodeJS.ErrnoException).code})`, {
          kind: "unreadable",
          location: { file: display(path) },
          hint: "make it a readable file, or remove it",
        }),
      );
      return undefined;
    }
  };
  const yaml = (text: string, path: string): unknown => {
    try {
      if (path.endsWith(".json")) return JSON.parse(text);
      const parsed = parseYaml(text, display(path));
      // What was read as Jekyll's YAML reads it and YAML 1.2 does not (a quoted value continued at column 0), told at its line.
      for (const { line, column, message, hint, kind = "nonstandard-yaml" } of parsed.lenient ?? [])
        problems.push(
          new SitegenError("E_CONTENT", message, {
            kind,
            location: { file: display(path), line, column },
            hint,
          }),
        );
      return parsed.data;
    } catch (error) {
      problems.push(
        new SitegenError(
          "E_CONTENT",
          `cannot be read as ${path.endsWith(".json") ? "JSON" : "YAML"}: ${(error as Error).message.split("\n")[0]}`,
          {
            kind: "left-out",
            location: { file: display(path) },
            hint: "fix the file: Liquid reads it as `site.<name>`, and without it such a tag is empty",
          },
        ),
      );
      return undefined;
    }
  };
  const configText = existsSync(configPath) ? read(configPath) : undefined;
  const config = configText === undefined ? {} : yaml(configText, configPath);
  const includes: Record<string, string> = {};
  for (const name of filesUnder(includesPath)) {
    const text = read(join(includesPath, name));
    if (text === undefined) continue;
    const lax = filterCommas(text);
    const strings = rubyStrings(lax.text);
    const file = display(join(includesPath, name));
    for (const [found, message, hint] of [
      [lax.found, filterCommaMessage, FILTER_COMMA_HINT],
      [rubyStrings(text).found, backslashMessage, BACKSLASH_HINT],
    ] as const)
      for (const { line, written } of found)
        problems.push(
          new SitegenError("E_CONTENT", message(written), {
            kind: "lax-liquid",
            location: { file, line },
            hint,
          }),
        );
    includes[name] = strings.text;
  }
  const data: Record<string, unknown> = {};
  const dataPath = join(root, DATA_DIR);
  for (const name of filesUnder(dataPath).filter((each) => /\.(ya?ml|json|csv|tsv)$/i.test(each))) {
    const text = read(join(dataPath, name));
    // A table (`sponsors.csv`) is a list of its rows, each by its columns' names, as Jekyll reads one.
    const table = /\.(csv|tsv)$/i.exec(name)?.[1].toLowerCase();
    const value =
      text === undefined
        ? undefined
        : table
          ? readTable(text, table === "csv" ? "," : "\t")
          : yaml(text, join(dataPath, name));
    if (value !== undefined) setPath(data, name.replace(/\.[^.]+$/, "").split("/"), value);
  }
  return { files: { config: isRecord(config) ? config : {}, includes, data }, problems };
}

/** Every regular file below a folder, by its `/`-separated path, sorted; none when there is no such folder. Dot files are no include, and a symbolic link is not followed: nothing outside the folder is read. */
function filesUnder(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder, { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  return names
    .map((name) => name.split("\\").join("/"))
    .filter(
      (name) =>
        !name.split("/").some((part) => part.startsWith(".")) && lstatSync(join(folder, name)).isFile(),
    )
    .sort();
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let at = target;
  for (const part of path.slice(0, -1))
    at = isRecord(at[part]) ? (at[part] as Record<string, unknown>) : (at[part] = {});
  at[path.at(-1)!] = value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
