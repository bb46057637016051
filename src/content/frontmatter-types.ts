/**
 * What a frontmatter dialect reads (YAML in yaml.ts, TOML in toml.ts,
 * Eleventy's JavaScript in frontmatter.ts): the data with the way back to a
 * line of the file. Types only, so each dialect and what locates its errors
 * (locate.ts) name it from below all of them.
 */
import type { FindingKind } from "../policy.ts";

export interface ParsedYaml {
  data: unknown;
  /** Line and column of the value at a path such as ["tags", 1]. */
  locate(path: (string | number)[]): { line: number; column: number } | undefined;
  /** Line and column of the key that names the field at a path such as ["author"]. */
  locateKey(path: (string | number)[]): { line: number; column: number } | undefined;
  /** What was read as another generator reads it and sitegen's own formats do not (`nonstandard-yaml` unless it says): each at its line of the file. */
  lenient?: { line: number; column: number; message: string; hint: string; kind?: FindingKind }[];
}

export interface ParsedMarkdownFile extends ParsedYaml {
  body: string;
  /** 1-based line of the first body line in the file. */
  bodyLine: number;
}
