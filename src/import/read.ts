/** Reading a source site's files: its documents' frontmatter and bodies, and its folders, walked in a stable order. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { parseMarkdownFile } from "../content/frontmatter.ts";
import { parseToml } from "../content/toml.ts";
import { parseYaml } from "../content/frontmatter.ts";
import { errorsOf, formatError } from "../errors.ts";

export const MARKDOWN = new Set([".md", ".markdown", ".mkdown", ".mkd", ".mdown"]);

export function isMarkdown(path: string): boolean {
  return MARKDOWN.has(extname(path).toLowerCase());
}

/** Every file under `dir` (hidden ones and those `skip` names passed over), by `/`-separated path from it, sorted. */
export function filesUnder(dir: string, skip: (name: string, folder: boolean) => boolean = () => false): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    let names: string[];
    try {
      names = readdirSync(folder).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith(".")) continue;
      const path = join(folder, name);
      const isFolder = statSync(path).isDirectory();
      if (skip(name, isFolder)) continue;
      if (isFolder) walk(path);
      else found.push(relative(dir, path).split(sep).join("/"));
    }
  };
  walk(dir);
  return found;
}

export interface ReadDocument {
  data: Record<string, unknown>;
  body: string;
  bodyLine: number;
}

/** A document's frontmatter and body; a file with none is all body. A failure says why, as the build would. */
export function readDocument(path: string, file: string): ReadDocument | { problem: string } {
  const text = readFileSync(path, "utf8");
  if (!/^(\ufeff)?(---|\+\+\+)/.test(text)) return { data: {}, body: text, bodyLine: 1 };
  try {
    const parsed = parseMarkdownFile(text, file);
    return { data: parsed.data as Record<string, unknown>, body: parsed.body, bodyLine: parsed.bodyLine };
  } catch (error) {
    const located = errorsOf(error);
    if (!located) throw error;
    return { problem: located.map((each) => formatError(each).split("\n")[0]).join("; ") };
  }
}

/** A configuration file's data: TOML or YAML by its extension; {} when it cannot be read. */
export function readConfig(path: string): Record<string, unknown> {
  try {
    const text = readFileSync(path, "utf8");
    const data = extname(path) === ".toml" ? parseToml(text, path, 1).data : extname(path) === ".json" ? JSON.parse(text) : parseYaml(text, path).data;
    return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A value as text, where it is text. */
export function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : typeof value === "number" ? String(value) : undefined;
}

/** A list of terms, as generators write them: a list, or a string of words (Jekyll's `categories: a b`). */
export function terms(value: unknown, separator: RegExp = /\s+/): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string") return value.split(separator).filter((term) => term !== "");
  return [];
}
