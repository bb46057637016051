/**
 * TOML frontmatter, as Hugo's default archetype writes it between `+++`
 * lines, read with smol-toml (TOML 1.0). Its values become what YAML
 * frontmatter gives: a date or date-time is the text it was written as
 * (`2025-01-29`, `2025-01-29T18:15:32+05:30`), read later by
 * src/content/dates.ts like any other date. TOML keeps no positions, so a
 * field is located by the line that assigns it.
 */
import { parse, TomlDate, TomlError } from "smol-toml";
import { SitegenError } from "../errors.ts";
import type { ParsedYaml } from "./frontmatter.ts";

export function parseToml(text: string, file: string, firstLine: number): ParsedYaml {
  let data: unknown;
  const lines = text.split("\n");
  try {
    data = asWritten(parse(text));
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const line = Math.min(Math.max(error.line, 1), Math.max(lines.length, 1));
    throw new SitegenError("E_CONTENT", `invalid TOML: ${error.message.split("\n")[0].replace(/^Invalid TOML document: /, "")}`, {
      location: { file, line: line + firstLine - 1, column: error.column },
      sourceLine: lines[line - 1],
      hint: "quote text values (`title = \"My post\"`), and write lists as `tags = [\"a\", \"b\"]`",
      cause: error,
    });
  }
  const locate = (path: (string | number)[]) => {
    // A top-level key is the line that assigns it; anything else, the block's first line.
    const key = typeof path[0] === "string" ? path[0] : undefined;
    const index = key === undefined ? -1 : lines.findIndex((line) => new RegExp(`^\\s*["']?${escapeRegExp(key)}["']?\\s*=`).test(line));
    const at = index === -1 ? 0 : index;
    return { line: at + firstLine, column: index === -1 ? 1 : lines[at].search(/\S/) + 1 };
  };
  return { data, locate, locateKey: locate };
}

/** TOML's dates as the text they were written as; tables and arrays walked. */
function asWritten(value: unknown): unknown {
  // smol-toml writes a time with milliseconds; the text had none unless they were not zero.
  if (value instanceof TomlDate) return value.toISOString().replace(/\.000(?=Z|[+-]\d|$)/, "");
  if (Array.isArray(value)) return value.map(asWritten);
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asWritten(item)]));
  return value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
