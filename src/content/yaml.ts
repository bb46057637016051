/**
 * Frontmatter's YAML dialect: the plain shape read without a YAML document,
 * anything else with the yaml package's positions, and a YAML error pointed
 * at the line a writer has to change.
 */
import { LineCounter, parseDocument, isMap, type Document } from "yaml";
import { SitegenError, SitegenErrors } from "../errors.ts";
import {
  firstAliasOffset,
  LIMIT_HINTS,
  MAX_ALIASES,
  MAX_FRONTMATTER_DEPTH,
  nodeAt,
  pairOf,
  structureProblems,
} from "./frontmatter-limits.ts";
import type { ParsedYaml } from "./frontmatter-types.ts";

/**
 * Parses YAML text that starts at `firstLine` of `file`. Throws SitegenErrors
 * naming the line. Frontmatter in the plain shape of `simpleMapping` is read
 * without building a YAML document; positions for error messages then come
 * from parsing it fully, which only a file that fails validation needs.
 */
export function parseYaml(text: string, file: string, firstLine = 1): ParsedYaml {
  const data = simpleMapping(text);
  if (data === undefined) return parseYamlDocument(text, file, firstLine);
  let document: ParsedYaml | undefined;
  const full = () => (document ??= parseYamlDocument(text, file, firstLine));
  return { data, locate: (path) => full().locate(path), locateKey: (path) => full().locateKey(path) };
}

const KEY_VALUE = /^([a-z][a-z_]*): (.*)$/;
/** A double-quoted scalar with no escapes and no control characters. */
const QUOTED = /^"([^"\\\x00-\x1f\x7f\x85\u2028\u2029\ufeff]*)"$/;
/** Plain scalars that YAML 1.2's core schema reads as strings: a date, or words of letters, digits and hyphens. */
const PLAIN = /^(?:\d{4}-\d{2}-\d{2}|[A-Za-z][A-Za-z0-9-]*(?: [A-Za-z0-9-]+)*)$/;
const NOT_STRINGS = /^(?:true|True|TRUE|false|False|FALSE|null|Null|NULL)$/;
/** A flow list of lowercase words, as tags are written. */
const WORD_LIST = /^\[((?:[a-z][a-z0-9-]*)(?:, [a-z][a-z0-9-]*)*)?\]$/;

/**
 * The value of a YAML mapping written one `key: value` a line, each value a
 * double-quoted string without escapes, a plain word, words or date, or a flow
 * list of lowercase words: the shape `sitegen new` writes and posts keep. Such
 * text means the same to `yaml` (YAML 1.2, core schema); the tests check that
 * on every file of the site and on generated variations. Anything else, or a
 * repeated key, is undefined: left to `yaml`.
 */
export function simpleMapping(text: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  for (const line of text.split("\n")) {
    const match = KEY_VALUE.exec(line);
    if (!match || Object.hasOwn(data, match[1]) || NOT_STRINGS.test(match[1])) return undefined;
    const value = scalarOrList(match[2]);
    if (value === undefined) return undefined;
    data[match[1]] = value;
  }
  return data;
}

function scalarOrList(value: string): string | string[] | undefined {
  const quoted = QUOTED.exec(value);
  if (quoted) return quoted[1];
  if (PLAIN.test(value)) return NOT_STRINGS.test(value) ? undefined : value;
  const list = WORD_LIST.exec(value);
  if (!list) return undefined;
  const items = list[1] === undefined ? [] : list[1].split(", ");
  return items.some((item) => NOT_STRINGS.test(item)) ? undefined : items;
}

function parseYamlDocument(text: string, file: string, firstLine: number, repaired = false): ParsedYaml {
  const lineCounter = new LineCounter();
  let textLines: string[] | undefined;
  const at = (offset: number, message: string, hint: string, cause?: unknown) => {
    const { line, col: column } = lineCounter.linePos(offset);
    return new SitegenError("E_CONTENT", message, {
      kind: "frontmatter",
      location: { file, line: line + firstLine - 1, column },
      sourceLine: (textLines ??= text.split("\n"))[line - 1],
      hint,
      cause,
    });
  };
  let doc: Document;
  try {
    // Repeated keys are found by structureProblems, in one pass: `yaml`'s own check is quadratic.
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  } catch (error) {
    // The parser recurses into nested flow collections (`[[[[…`): past the stack, a RangeError.
    if (!(error instanceof RangeError)) throw error;
    throw at(
      0,
      `invalid YAML: lists and mappings nested too deep to read (at most ${MAX_FRONTMATTER_DEPTH})`,
      LIMIT_HINTS.depth,
      error,
    );
  }
  // Read as the other generators' YAML reads it, when a quoted value continued at column 0 is what keeps YAML 1.2 from reading it.
  const lenient =
    !repaired && doc.errors.some((error) => /^Missing closing/.test(error.message))
      ? quotedAtColumnZero(text, firstLine)
      : undefined;
  if (lenient) {
    try {
      const read = parseYamlDocument(lenient.text, file, firstLine, true);
      return {
        ...read,
        lenient: [...lenient.lines, ...(read.lenient ?? [])].sort((a, b) => a.line - b.line),
      };
    } catch {
      // Something else is wrong too: the text as written is reported.
    }
  }
  if (doc.errors.length > 0) {
    const sourceLines = text.split("\n");
    throw new SitegenErrors(
      doc.errors.map((error) => {
        const { line, col: column } = lineCounter.linePos(yamlErrorOffset(text, error.pos[0], error.message));
        // `yaml` reports the stack overflow of a document nested past what it can read as an error of its own.
        const tooDeep = /Maximum call stack/.test(error.message);
        return new SitegenError(
          "E_CONTENT",
          tooDeep
            ? `invalid YAML: lists and mappings nested too deep to read (at most ${MAX_FRONTMATTER_DEPTH})`
            : `invalid YAML: ${firstSentence(error.message)}`,
          {
            kind: "frontmatter",
            location: { file, line: line + firstLine - 1, column },
            sourceLine: sourceLines[line - 1],
            hint: tooDeep ? LIMIT_HINTS.depth : yamlHint(error.code, error.message),
            cause: error,
          },
        );
      }),
    );
  }
  const problems = structureProblems(doc);
  // A key written twice is read as Jekyll's YAML (Psych) and PyYAML read it, the last one counting; Hugo's, as YAML 1.2, refuses it.
  const repeated = problems.filter((problem) => problem.repeated !== undefined);
  const refused = problems.filter((problem) => !repeated.includes(problem));
  if (refused.length > 0)
    throw new SitegenErrors(
      refused.map((problem) => at(problem.offset, `invalid YAML: ${problem.message}`, problem.hint)),
    );
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    // `yaml` refuses a document whose aliases expand past the count: a "billion laughs".
    if (!(error instanceof ReferenceError)) throw error;
    throw at(
      firstAliasOffset(doc) ?? 0,
      `invalid YAML: its aliases (\`*name\`) repeat more than ${MAX_ALIASES} times what their anchors hold`,
      LIMIT_HINTS.aliases,
      error,
    );
  }
  const twice = repeated.map((problem) => {
    const { line, col: column } = lineCounter.linePos(problem.offset);
    return {
      line: line + firstLine - 1,
      column,
      message: `\`${problem.repeated}\` is written a second time: read as Jekyll's and PyYAML's YAML read it, the last one counting (Hugo's YAML refuses it)`,
      hint: "keep one of them: YAML 1.2 allows a field once",
    };
  });
  return {
    data,
    ...(twice.length > 0 ? { lenient: twice } : {}),
    locate(path) {
      const node = path.length === 0 ? doc.contents : nodeAt(doc, path);
      const offset = (node as { range?: [number, number] } | undefined)?.range?.[0];
      // A missing key has no node: point at the map that should hold it.
      if (offset === undefined) return path.length > 0 ? this.locate(path.slice(0, -1)) : undefined;
      const { line, col } = lineCounter.linePos(offset);
      return { line: line + firstLine - 1, column: col };
    },
    locateKey(path) {
      const parent = path.length > 1 ? nodeAt(doc, path.slice(0, -1)) : doc.contents;
      const pair = isMap(parent) ? pairOf(parent, path.at(-1)) : undefined;
      const offset = (pair?.key as { range?: [number, number] } | undefined)?.range?.[0];
      if (offset === undefined) return this.locate(path);
      const { line, col } = lineCounter.linePos(offset);
      return { line: line + firstLine - 1, column: col };
    },
  };
}

/**
 * A quoted value continued on the next line at the start of the line:
 *
 *     description: "A long description
 *     that goes on"
 *
 * Jekyll's YAML (Psych, libyaml), Hugo's (go-yaml) and PyYAML read it as
 * one value, its lines folded with a space; YAML 1.2, and the `yaml`
 * package, end the value at a line less indented than its key's mapping
 * and find no closing quote. The same text with each such line indented by
 * a space means what those readers read: the text to parse instead, and the
 * lines of the values so read (at their key), or undefined when nothing is
 * continued at column 0. Lines keep their numbers.
 */
function quotedAtColumnZero(
  text: string,
  firstLine: number,
): { text: string; lines: NonNullable<ParsedYaml["lenient"]> } | undefined {
  if (!/["']/.test(text)) return undefined;
  const lines = text.split("\n");
  const found: NonNullable<ParsedYaml["lenient"]> = [];
  let open: { quote: string; line: number; column: number; key: string } | undefined;
  for (let index = 0; index < lines.length; index++) {
    let from = 0;
    if (open) {
      if (/^\S/.test(lines[index])) {
        lines[index] = ` ${lines[index]}`;
        from = 1;
        if (found.at(-1)?.line !== open.line)
          found.push({
            line: open.line,
            column: open.column,
            message: `\`${open.key}\` is a quoted value continued at the start of the next line: read as Jekyll's, Hugo's and PyYAML's YAML read it`,
            hint: "indent the lines that continue it by a space, or write the value on one line: then it is standard YAML (1.2), which every reader reads alike",
          });
      }
    } else {
      // A value that opens a quote: `key: "…`, or a list item `- "…`.
      const opening = /^(\s*(?:-\s+)?)([^\s"'#][^:#]*?):\s+(["'])|^(\s*-\s+)(["'])/.exec(lines[index]);
      if (!opening) continue;
      const quote = opening[3] ?? opening[5];
      from = opening[0].length;
      open = { quote, line: index + firstLine, column: from, key: opening[2] ?? "-" };
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

/**
 * Where to point for a YAML error. The parser reports where it gave up, which for
 * an unclosed `[`, `{` or quote is the end of the block: point at the opener
 * instead. Anything else at the end of the text points at the last written line.
 */
function yamlErrorOffset(text: string, offset: number, message: string): number {
  const quote = /^Missing closing (["'])/.exec(message)?.[1];
  const opener = quote
    ? openingQuote(text, offset, quote)
    : /^Flow (sequence|mapping)/.test(message)
      ? unclosedBracket(text, offset)
      : -1;
  if (opener >= 0) return opener;
  const lastWritten = Math.max(text.trimEnd().length - 1, 0);
  return Math.min(offset, lastWritten);
}

/** The last `quote` before `offset`, skipping `\"` inside double quotes. */
function openingQuote(text: string, offset: number, quote: string): number {
  let at = text.lastIndexOf(quote, offset - 1);
  while (at > 0 && quote === '"' && text[at - 1] === "\\") at = text.lastIndexOf(quote, at - 1);
  return at;
}

/** The last `[` or `{` before `offset` that nothing closes. */
function unclosedBracket(text: string, offset: number): number {
  let depth = 0;
  for (let i = offset - 1; i >= 0; i--) {
    if (text[i] === "]" || text[i] === "}") depth++;
    else if (text[i] === "[" || text[i] === "{") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

function yamlHint(code: string, message: string): string | undefined {
  if (/^Flow sequence/.test(message))
    return "close the list on the same line, e.g. `tags: [a, b]`, or write one `- item` per line";
  if (/^Flow mapping/.test(message)) return "close the mapping with `}` on the same line";
  if (/^Missing closing/.test(message)) return "close the quoted value on the same line";
  if (code === "DUPLICATE_KEY") return "each field may appear once";
  if (code === "BAD_INDENT" || code === "MISSING_CHAR")
    return "check the indentation and quote values that contain `:` or `#`";
  return "quote values that contain `:`, `#`, `[` or `{`";
}

function firstSentence(message: string): string {
  return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}
