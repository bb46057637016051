/**
 * Frontmatter's YAML dialect: the plain shape read without a YAML document,
 * anything else with the yaml package's positions, and a YAML error pointed
 * at the line a writer has to change (src/content/yaml-errors.ts). A quoted
 * value continued at column 0 is read as the other generators' YAML reads it
 * (src/content/yaml-continued-quotes.ts).
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
import { quotedAtColumnZero } from "./yaml-continued-quotes.ts";
import { firstSentence, yamlErrorOffset, yamlHint } from "./yaml-errors.ts";

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
  if (quoted) return own(quoted[1]);
  if (PLAIN.test(value)) return NOT_STRINGS.test(value) ? undefined : own(value);
  const list = WORD_LIST.exec(value);
  if (!list) return undefined;
  const items = list[1] === undefined ? [] : list[1].split(", ");
  return items.some((item) => NOT_STRINGS.test(item)) ? undefined : items.map(own);
}

/**
 * A value with characters of its own. What a match or a split cuts from the
 * frontmatter is, in V8, a view into the whole block, which then lives as
 * long as the value: at 10,000 posts the titles and tags a build keeps to its
 * end held each post's block, 3 MB of its heap. A copy holds only itself.
 */
function own(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
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
