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
import type { ParsedYaml } from "./frontmatter-types.ts";
import { depthOf, LIMIT_HINTS, MAX_FRONTMATTER_DEPTH } from "./frontmatter-limits.ts";

export function parseToml(text: string, file: string, firstLine: number): ParsedYaml {
  let data: unknown;
  const lines = text.split("\n");
  try {
    const parsed = parse(text);
    // asWritten recurses, as everything after the parse does: the depth is counted first, without recursion.
    if (depthOf(parsed) > MAX_FRONTMATTER_DEPTH) throw new RangeError("nested too deep");
    data = asWritten(parsed);
  } catch (error) {
    if (error instanceof RangeError) {
      // smol-toml recurses into a dotted key's parts and nested arrays (`a.b.c…` of 5,000 parts overflowed the stack).
      const line = deepestLine(lines);
      throw new SitegenError(
        "E_CONTENT",
        `invalid TOML: tables, arrays or dotted keys nested more than ${MAX_FRONTMATTER_DEPTH} deep`,
        {
          kind: "frontmatter",
          location: { file, line: line + firstLine, column: 1 },
          sourceLine: lines[line],
          hint: LIMIT_HINTS.depth,
          cause: error,
        },
      );
    }
    if (!(error instanceof TomlError)) throw error;
    const line = Math.min(Math.max(error.line, 1), Math.max(lines.length, 1));
    throw new SitegenError(
      "E_CONTENT",
      `invalid TOML: ${error.message.split("\n")[0].replace(/^Invalid TOML document: /, "")}`,
      {
        kind: "frontmatter",
        location: { file, line: line + firstLine - 1, column: error.column },
        sourceLine: lines[line - 1],
        hint: 'quote text values (`title = "My post"`), and write lists as `tags = ["a", "b"]`',
        cause: error,
      },
    );
  }
  let assigning: Map<string, number> | undefined;
  const locate = (path: (string | number)[]) => {
    // A top-level key is the line that assigns it; anything else, the block's first line.
    const key = typeof path[0] === "string" ? path[0] : undefined;
    assigning ??= assignments(lines);
    const index = key === undefined ? -1 : (assigning.get(key) ?? -1);
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
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asWritten(item)]));
  return value;
}

/** The line that first assigns each key (`key = …`, `"key" = …`), found in one pass over the lines. */
function assignments(lines: string[]): Map<string, number> {
  const found = new Map<string, number>();
  lines.forEach((line, index) => {
    const key = /^\s*(?:"([^"]*)"|'([^']*)'|([^\s=]+))\s*=/.exec(line);
    const name = key && (key[1] ?? key[2] ?? key[3]);
    if (name && !found.has(name)) found.set(name, index);
  });
  return found;
}

/** The index of the line with the most nesting (dots, brackets, braces): where a too-deep document is deepest. */
function deepestLine(lines: string[]): number {
  let deepest = 0;
  let most = -1;
  lines.forEach((line, index) => {
    const count = line.replace(/"[^"]*"|'[^']*'/g, "").replace(/[^.[{]/g, "").length;
    if (count > most) [deepest, most] = [index, count];
  });
  return deepest;
}
