/**
 * A quoted value continued at the start of the next line, read as Jekyll's,
 * Hugo's and PyYAML's YAML read it, where YAML 1.2 finds no closing quote.
 * Its own module because it rewrites the text before the one YAML parser
 * reads it again (src/content/yaml.ts), as the other generators' readers
 * would: a repair, with the lines it made, not a part of the parse.
 */
import type { ParsedYaml } from "./frontmatter-types.ts";

/**
 * A quoted value continued on the next line at the start of the line:
 *
 *     description: "A long description
 *     that goes on"
 *
 * Jekyll's YAML (Psych, libyaml), Hugo's (go-yaml) and PyYAML read it as
 * one value, its lines folded with a space; YAML 1.2, and the `yaml`
 * package, end the value at a line less indented than its key's mapping
 * and find no closing quote. The same text with each such line indented
 * past the key's column (a space for frontmatter's keys; a data file's list
 * of mappings, `  - caption: "…`, five) means what those readers read: the text to parse instead, and the
 * lines of the values so read (at their key), or undefined when nothing is
 * continued at column 0. Lines keep their numbers.
 */
export function quotedAtColumnZero(
  text: string,
  firstLine: number,
): { text: string; lines: NonNullable<ParsedYaml["lenient"]> } | undefined {
  if (!/["']/.test(text)) return undefined;
  const lines = text.split("\n");
  const found: NonNullable<ParsedYaml["lenient"]> = [];
  let open: { quote: string; line: number; column: number; key: string; indent: string } | undefined;
  for (let index = 0; index < lines.length; index++) {
    let from = 0;
    if (open) {
      if (/^\S/.test(lines[index])) {
        lines[index] = `${open.indent}${lines[index]}`;
        from = open.indent.length;
        if (found.at(-1)?.line !== open.line)
          found.push({
            line: open.line,
            column: open.column,
            message: `\`${open.key}\` is a quoted value continued at the start of the next line: read as Jekyll's, Hugo's and PyYAML's YAML read it`,
            hint: "indent the lines that continue it past the key, or write the value on one line: then it is standard YAML (1.2), which every reader reads alike",
          });
      }
    } else {
      // A value that opens a quote: `key: "…`, or a list item `- "…`.
      const opening = /^(\s*(?:-\s+)?)([^\s"'#][^:#]*?):\s+(["'])|^(\s*-\s+)(["'])/.exec(lines[index]);
      if (!opening) continue;
      const quote = opening[3] ?? opening[5];
      from = opening[0].length;
      // Past the key's own column (a list item's, `  - caption: "…`, is 4): a line less indented ends the mapping it is in.
      const indent = " ".repeat((opening[1] ?? opening[4]).length + 1);
      open = { quote, line: index + firstLine, column: from, key: opening[2] ?? "-", indent };
    }
    const closed = closingQuote(lines[index], from, open.quote);
    if (closed !== -1) open = undefined;
  }
  return found.length > 0 ? { text: lines.join("\n"), lines: found } : undefined;
}

/** Where a quoted scalar that continues from `from` closes on `line`, or -1 when it goes on. */
function closingQuote(line: string, from: number, quote: string): number {
  for (let at = from; at < line.length; at++) {
    if (quote === '"' && line[at] === "\\") at++;
    else if (line[at] === quote) {
      if (quote === "'" && line[at + 1] === "'") at++;
      else return at;
    }
  }
  return -1;
}
