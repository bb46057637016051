/** Reading a source site's files: its documents' frontmatter and bodies, and its configuration. */
import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { parseMarkdownFile } from "../content/frontmatter.ts";
import { isMdx, mdxParts, withoutModuleCode, type MdxPart } from "../content/mdx.ts";
import { mdxCommentsAsHtml } from "../content/mdx-comments.ts";
import { parseToml } from "../content/toml.ts";
import { parseYaml } from "../content/yaml.ts";
import { errorsOf, formatError } from "../errors.ts";

export const MARKDOWN = new Set([".md", ".markdown", ".mkdown", ".mkd", ".mdown"]);

export function isMarkdown(path: string): boolean {
  return MARKDOWN.has(extname(path).toLowerCase());
}

export interface ReadDocument {
  data: Record<string, unknown>;
  /** Its text, an MDX file's without its code (src/content/mdx.ts). */
  body: string;
  bodyLine: number;
  /** An MDX file's code and components, for the report. */
  mdx?: MdxPart[];
  /** The line of each MDX comment (`{/* … *\/}`), moved as an HTML comment. */
  mdxComments?: number[];
}

/** A document's frontmatter and body; a file with none is all body. A failure says why, as the build would. */
export function readDocument(path: string, file: string): ReadDocument | { problem: string } {
  const text = readFileSync(path, "utf8");
  const mdx = (bodyLine: number) => {
    if (!isMdx(file)) return {};
    const body = text
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/)
      .slice(bodyLine - 1)
      .join("\n");
    const comments = mdxCommentsAsHtml(withoutModuleCode(body), bodyLine);
    return { mdx: mdxParts(text, bodyLine), mdxComments: comments.lines, body: comments.body };
  };
  if (!/^(\ufeff)?(---|\+\+\+)/.test(text)) return { data: {}, body: text, bodyLine: 1, ...mdx(1) };
  // Read as the build reads it (src/content/frontmatter.ts): empty frontmatter is a page with no fields, and a quoted value that runs on at the left margin is read as Hugo's and Jekyll's YAML read it.
  try {
    const parsed = parseMarkdownFile(text, file);
    return {
      data: parsed.data as Record<string, unknown>,
      body: parsed.body,
      bodyLine: parsed.bodyLine,
      ...mdx(parsed.bodyLine),
    };
  } catch (error) {
    const located = errorsOf(error);
    if (!located) throw error;
    return { problem: located.map((each) => formatError(each).split("\n")[0]).join("; ") };
  }
}

/** A configuration file's data: TOML, YAML or JSON by its extension; `problem` when it cannot be read. */
export function readConfig(
  path: string,
  file: string = path,
): { data: Record<string, unknown>; problem?: string } {
  try {
    const text = readFileSync(path, "utf8");
    const data =
      extname(path) === ".toml"
        ? parseToml(text, file, 1).data
        : extname(path) === ".json"
          ? JSON.parse(text)
          : parseYaml(text, file).data;
    return { data: isRecord(data) ? data : {} };
  } catch (error) {
    const located = errorsOf(error);
    return {
      data: {},
      problem: located
        ? located.map((each) => formatError(each).split("\n")[0]).join("; ")
        : (error as Error).message,
    };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value as text, where it is text. */
export function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== ""
    ? value
    : typeof value === "number"
      ? String(value)
      : undefined;
}

/** A list of terms, as generators write them: a list, or a string of words (Jekyll's `categories: a b`). */
export function terms(value: unknown, separator: RegExp = /\s+/): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "string") return value.split(separator).filter((term) => term !== "");
  return [];
}
