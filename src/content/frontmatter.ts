/**
 * Splits a Markdown file into frontmatter and body, keeping enough position
 * information to point every error at a line and column of the original file.
 * Frontmatter is YAML between `---` lines (Jekyll, Eleventy, Hugo), TOML
 * between `+++` lines (Hugo's default archetype, src/content/toml.ts) or JSON
 * after `---json` (Eleventy; JSON is YAML). JavaScript frontmatter
 * (Eleventy's `---js`) is refused: the build never runs code from content.
 */
import { LineCounter, parseDocument, isMap, type Document } from "yaml";
import type { ErrorObject } from "ajv";
import { errorsOf, SitegenError, SitegenErrors } from "../errors.ts";
import type { FindingKind } from "../policy.ts";
import { describeSchemaError } from "../schemas/index.ts";
import { FOREIGN_FIELD_HINTS, missingField } from "./foreign-fields.ts";
import { locatedError } from "./locate.ts";
import { firstAliasOffset, LIMIT_HINTS, MAX_ALIASES, MAX_FRONTMATTER_CHARACTERS, MAX_FRONTMATTER_DEPTH, nodeAt, pairOf, structureProblems } from "./frontmatter-limits.ts";
import { jsLiterals } from "./js-literals.ts";
import { isMdx, withoutModuleCode } from "./mdx.ts";
import { parseToml } from "./toml.ts";

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

/** The opening line of each kind of frontmatter, and the line that closes it. */
const OPENERS: { open: RegExp; close: RegExp; language: "yaml" | "toml" | "js" }[] = [
  { open: /^---[ \t]*$/, close: /^---[ \t]*$/, language: "yaml" },
  { open: /^\+\+\+[ \t]*$/, close: /^\+\+\+[ \t]*$/, language: "toml" },
  { open: /^---json[ \t]*$/, close: /^---[ \t]*$/, language: "yaml" },
  // Eleventy's JavaScript frontmatter: read only when it writes plain values (src/content/js-literals.ts), never run.
  { open: /^---(?:js|javascript|cjs|mjs)[ \t]*$/i, close: /^---[ \t]*$/, language: "js" },
];

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
    return new SitegenError("E_CONTENT", message, { kind: "frontmatter", location: { file, line: line + firstLine - 1, column }, sourceLine: (textLines ??= text.split("\n"))[line - 1], hint, cause });
  };
  let doc: Document;
  try {
    // Repeated keys are found by structureProblems, in one pass: `yaml`'s own check is quadratic.
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  } catch (error) {
    // The parser recurses into nested flow collections (`[[[[…`): past the stack, a RangeError.
    if (!(error instanceof RangeError)) throw error;
    throw at(0, `invalid YAML: lists and mappings nested too deep to read (at most ${MAX_FRONTMATTER_DEPTH})`, LIMIT_HINTS.depth, error);
  }
  // Read as the other generators' YAML reads it, when a quoted value continued at column 0 is what keeps YAML 1.2 from reading it.
  const lenient = !repaired && doc.errors.some((error) => /^Missing closing/.test(error.message)) ? quotedAtColumnZero(text, firstLine) : undefined;
  if (lenient) {
    try {
      const read = parseYamlDocument(lenient.text, file, firstLine, true);
      return { ...read, lenient: [...lenient.lines, ...(read.lenient ?? [])].sort((a, b) => a.line - b.line) };
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
        return new SitegenError("E_CONTENT", tooDeep ? `invalid YAML: lists and mappings nested too deep to read (at most ${MAX_FRONTMATTER_DEPTH})` : `invalid YAML: ${firstSentence(error.message)}`, {
          kind: "frontmatter",
          location: { file, line: line + firstLine - 1, column },
          sourceLine: sourceLines[line - 1],
          hint: tooDeep ? LIMIT_HINTS.depth : yamlHint(error.code, error.message),
          cause: error,
        });
      }),
    );
  }
  const problems = structureProblems(doc);
  // A key written twice is read as Jekyll's YAML (Psych) and PyYAML read it, the last one counting; Hugo's, as YAML 1.2, refuses it.
  const repeated = problems.filter((problem) => problem.repeated !== undefined);
  const refused = problems.filter((problem) => !repeated.includes(problem));
  if (refused.length > 0) throw new SitegenErrors(refused.map((problem) => at(problem.offset, `invalid YAML: ${problem.message}`, problem.hint)));
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    // `yaml` refuses a document whose aliases expand past the count: a "billion laughs".
    if (!(error instanceof ReferenceError)) throw error;
    throw at(firstAliasOffset(doc) ?? 0, `invalid YAML: its aliases (\`*name\`) repeat more than ${MAX_ALIASES} times what their anchors hold`, LIMIT_HINTS.aliases, error);
  }
  const twice = repeated.map((problem) => {
    const { line, col: column } = lineCounter.linePos(problem.offset);
    return { line: line + firstLine - 1, column, message: `\`${problem.repeated}\` is written a second time: read as Jekyll's and PyYAML's YAML read it, the last one counting (Hugo's YAML refuses it)`, hint: "keep one of them: YAML 1.2 allows a field once" };
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
function quotedAtColumnZero(text: string, firstLine: number): { text: string; lines: NonNullable<ParsedYaml["lenient"]> } | undefined {
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
        if (found.at(-1)?.line !== open.line) found.push({ line: open.line, column: open.column, message: `\`${open.key}\` is a quoted value continued at the start of the next line: read as Jekyll's, Hugo's and PyYAML's YAML read it`, hint: "indent the lines that continue it by a space, or write the value on one line: then it is standard YAML (1.2), which every reader reads alike" });
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
 * The Markdown body that starts at 1-based line `bodyLine` of a file's text:
 * BOM dropped, lines split at LF or CRLF and joined with LF, found without
 * splitting the whole file. `file` names it: an MDX file's module code is
 * not part of its text (src/content/mdx.ts).
 */
export function bodyAt(text: string, bodyLine: number, file: string): string {
  const body = markdownAt(text, bodyLine);
  return isMdx(file) ? withoutModuleCode(body) : body;
}

function markdownAt(text: string, bodyLine: number): string {
  const clean = withoutBom(text);
  let start = 0;
  for (let line = 1; line < bodyLine; line++) {
    const end = clean.indexOf("\n", start);
    if (end === -1) return "";
    start = end + 1;
  }
  const body = clean.slice(start);
  return body.includes("\r\n") ? body.replace(/\r\n/g, "\n") : body;
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function parseMarkdownFile(text: string, file: string): ParsedMarkdownFile {
  // Only the frontmatter is split into lines: a post's body can be long.
  const clean = withoutBom(text);
  const lines: string[] = [];
  let fence: (typeof OPENERS)[number] | undefined;
  let end = -1;
  let start = 0;
  while (start <= clean.length) {
    if (start > MAX_FRONTMATTER_CHARACTERS) {
      throw new SitegenError("E_CONTENT", `the frontmatter does not close within its first ${MAX_FRONTMATTER_CHARACTERS} characters (1 MB), the most sitegen reads`, { kind: "frontmatter", location: { file, line: 1, column: 1 }, sourceLine: lines[0], hint: LIMIT_HINTS.size });
    }
    const newline = clean.indexOf("\n", start);
    const line = clean.slice(start, newline === -1 ? clean.length : newline).replace(/\r$/, "");
    lines.push(line);
    if (lines.length === 1) fence = openingFence(line, file, clean);
    else if (fence!.close.test(line)) {
      end = lines.length - 1;
      break;
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  const closer = fence!.language === "toml" ? "+++" : "---";
  if (end === -1) {
    const fields = fence!.language === "yaml" ? fieldsBeforeBody(lines.slice(1), file) : undefined;
    throw new SitegenError("E_CONTENT", `unterminated frontmatter: no closing \`${closer}\` line`, {
      kind: "frontmatter",
      location: { file, line: 1, column: 1 },
      sourceLine: lines[0],
      hint: fields ? closeAfter(fields) : `close the frontmatter with a line that is exactly \`${closer}\``,
    });
  }
  const block = lines.slice(1, end).join("\n");
  let read: ParsedYaml;
  try {
    read = fence!.language === "toml" ? parseToml(block, file, 2) : fence!.language === "js" ? parseJs(block, file, lines[0]) : parseYaml(block, file, 2);
  } catch (error) {
    // A `---` in the body (a rule, a code block's frontmatter) read as the closing line of frontmatter left open.
    const fields = fence!.language === "yaml" ? fieldsBeforeBody(lines.slice(1, end), file, errorsOf(error)?.[0]?.location?.line) : undefined;
    if (!fields) throw error;
    throw new SitegenError("E_CONTENT", `unterminated frontmatter: no \`---\` line closes its fields, so the body was read as YAML up to the \`---\` at line ${end + 1}`, {
      kind: "frontmatter",
      location: { file, line: 1, column: 1 },
      sourceLine: lines[0],
      hint: closeAfter(fields),
      cause: error,
    });
  }
  // Frontmatter with no fields (`---` then `---`) is a page with none, as Jekyll and Eleventy read it.
  const parsed = read.data == null && block.split("\n").every((line) => /^\s*(?:#.*)?$/.test(line)) ? { ...read, data: {} } : read;
  if (!isPlainObject(parsed.data)) {
    throw new SitegenError("E_CONTENT", `frontmatter must be a mapping of fields, not ${describeValue(parsed.data)}`, {
      kind: "frontmatter",
      location: { file, line: 2, column: 1 },
      sourceLine: lines[1],
      hint: "write one `field: value` a line, e.g. `title: My post`",
    });
  }
  return { ...parsed, body: bodyAt(text, end + 2, file), bodyLine: end + 2 };
}

/** Where frontmatter left open ends: its last field's line, and the body's first, both 1-based lines of the file. */
interface OpenFields {
  lastField: number;
  bodyStart: number;
}

/** A line that can be one of YAML's fields: `key: value`, an indented line, a list item, a comment, or blank. */
const YAML_LINE = /^(?:[A-Za-z_][\w-]*[ \t]*:(?:[ \t]|$)|[ \t]|- |#|$)/;

/**
 * Whether the lines after an opening `---` (the file's lines from 2) are
 * fields and then a body, as in a file whose closing `---` was forgotten: a
 * line that is no field, list item, indented line or comment comes at or
 * before the first line YAML could not read (`errorLine`, a line of the
 * file), and the lines before it, or before the last blank line above it,
 * are a mapping. Undefined when they are not.
 */
function fieldsBeforeBody(after: string[], file: string, errorLine?: number): OpenFields | undefined {
  const stray = after.findIndex((line) => !YAML_LINE.test(line));
  if (stray <= 0 || (errorLine !== undefined && errorLine - 2 < stray)) return undefined;
  // The lines that read as fields: those before the stray line, or else those before the last blank line above it (two parses at most, whatever the file).
  let blank = stray - 1;
  while (blank > 0 && after[blank].trim() !== "") blank--;
  const fieldCount = [stray, blank].find((count) => count > 0 && isMapping(after.slice(0, count).join("\n"), file));
  if (fieldCount === undefined) return undefined;
  // A comment after the fields, `## Heading`, is the body's.
  let lastField = fieldCount - 1;
  while (lastField > 0 && (after[lastField].trim() === "" || after[lastField].startsWith("#"))) lastField--;
  const bodyStart = after.findIndex((line, index) => index > lastField && line.trim() !== "");
  return { lastField: lastField + 2, bodyStart: bodyStart + 2 };
}

function isMapping(text: string, file: string): boolean {
  try {
    return isPlainObject(parseYaml(text, file, 2).data);
  } catch {
    return false;
  }
}

function closeAfter(fields: OpenFields): string {
  return `add a line \`---\` after line ${fields.lastField}, the last field: the body starts at line ${fields.bodyStart}`;
}

/**
 * Eleventy's JavaScript frontmatter, read when it writes plain values
 * (reported as `js-frontmatter`), never run: anything else is code, which
 * cannot be read at all.
 */
function parseJs(block: string, file: string, opener: string): ParsedYaml {
  const read = jsLiterals(block);
  if (!read) {
    throw new SitegenError("E_CONTENT", "JavaScript frontmatter that computes its values is not read: sitegen never runs code from the content", {
      kind: "frontmatter",
      location: { file, line: 1, column: 1 },
      sourceLine: opener,
      hint: "write the fields as YAML between `---` lines (or TOML between `+++` lines); a value a script computed can be written out as it is",
    });
  }
  const locate = (path: (string | number)[]) => ({ line: 1 + (read.lines[String(path[0])] ?? 0), column: 1 });
  return {
    data: read.data,
    locate,
    locateKey: locate,
    lenient: [{ line: 1, column: 1, kind: "js-frontmatter", message: "JavaScript frontmatter that writes plain values: read as data, not run", hint: "write the fields as YAML between `---` lines, which every generator reads" }],
  };
}

/** The kind of frontmatter a file's first line opens, or an error that says what sitegen reads. */
function openingFence(line: string, file: string, text: string): (typeof OPENERS)[number] {
  const fence = OPENERS.find((each) => each.open.test(line));
  if (fence) return fence;
  // A NUL among the first bytes is binary data, as git tells it: named, not shown.
  if (text.lastIndexOf("\0", 8000) !== -1) {
    throw new SitegenError("E_CONTENT", "not a text file: it holds binary data (a NUL byte), so it is no page or post", {
      kind: "frontmatter",
      location: { file },
      hint: "an image or other file goes in content/static/ (or beside its post, in the post's folder), under its own extension",
    });
  }
  // Jekyll publishes a file without frontmatter as it is, not as a page: it is not a page or post here either.
  throw new SitegenError("E_CONTENT", "no frontmatter, so not a page or post: left out", {
    kind: "left-out",
    location: { file, line: 1, column: 1 },
    sourceLine: line,
    hint: "to publish it, start the file with `---`, the fields (title, date, ...), and another `---`; a file to publish as it is goes in content/static/",
  });
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  return `a ${typeof value} (\`${String(value).slice(0, 40)}\`)`;
}

/**
 * Ajv errors as SitegenErrors located at the offending YAML key. A missing
 * required field that `misspelt` finds written under another name (`tittle`)
 * is pointed at that name. `kind` is the findings' kind (src/policy.ts).
 */
export function schemaErrors(errors: ErrorObject[], parsed: ParsedYaml, file: string, sourceText: string, misspelt: (field: string) => string | undefined = () => undefined, kind: FindingKind = "bad-field"): SitegenError[] {
  const sourceLines = sourceText.split(/\r?\n/);
  return errors.map((error) => {
    const typo = error.keyword === "required" ? misspelt((error.params as { missingProperty: string }).missingProperty) : undefined;
    if (typo !== undefined) return locatedError(parsed, file, sourceText, missingField((error.params as { missingProperty: string }).missingProperty, typo, "add the field to the frontmatter"));
    const path = error.instancePath.split("/").slice(1).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    // An unknown field is pointed at by its key, a wrong value by the value.
    const unknown = error.keyword === "additionalProperties";
    if (unknown) path.push((error.params as { additionalProperty: string }).additionalProperty);
    const position = unknown ? parsed.locateKey(path) : parsed.locate(path);
    const form = error.keyword === "pattern" ? patternInWords(error.instancePath, valueAt(parsed.data, path)) : undefined;
    return new SitegenError("E_CONTENT", form?.message ?? describeSchemaError(error), {
      kind,
      location: { file, line: position?.line, column: position?.column },
      sourceLine: position ? sourceLines[position.line - 1] : undefined,
      hint: form?.hint ?? schemaHint(error),
    });
  });
}

/**
 * A value that does not have the form a setting takes, said in words: the
 * schema's regular expression is for the validator, and a person reading
 * `must match pattern "^(?:'self'|…"` learns nothing of what to write.
 */
function patternInWords(instancePath: string, value: unknown): { message: string; hint: string } {
  const where = `\`${instancePath.slice(1).replaceAll("/", ".")}\``;
  const written = typeof value === "string" ? `\`${value}\`` : "the value";
  const forms: [RegExp, string, string][] = [
    [/^\/security\//, "a source a Content-Security-Policy can name", "write an origin (`https://cdn.example`, `https://*.example`, `https://cdn.example:8443`), a scheme (`data:`, `https:`), `'self'` or a hash (`'sha256-…'`), with no space, comma or semicolon"],
    [/^\/base_url$/, "an origin", "write the site's origin with no path and no trailing slash, e.g. `https://example.com`"],
    [/^\/locales?\b|\/locale$/, "a locale", "write a language and a country as `en_US`, `de_DE`"],
    [/^\/redirects\b/, "a path from the site root", "write a path that starts with `/` and holds no space, e.g. `/old-tag/`"],
  ];
  const [, what, hint] = forms.find(([path]) => path.test(instancePath)) ?? [undefined, "in the form this setting takes", "check the setting in the documentation (Content: site.yaml)"];
  return { message: `${where} is ${written}, not ${what}`, hint };
}

/** The value at `path` in what YAML read, or undefined. */
function valueAt(data: unknown, path: (string | number)[]): unknown {
  let value = data;
  for (const part of path) value = value !== null && typeof value === "object" && Object.hasOwn(value, part) ? (value as Record<string | number, unknown>)[part] : undefined;
  return value;
}

export function schemaHint(error: ErrorObject): string | undefined {
  if (error.keyword === "format" && (error.params as { format: string }).format === "date") return "write dates as YYYY-MM-DD, e.g. 2025-03-04";
  if (error.keyword === "type" && /^\/(date|updated)$/.test(error.instancePath)) return "write dates as YYYY-MM-DD, e.g. 2025-03-04, or a time as 2025-03-04T10:00:00Z";
  if (error.keyword === "additionalProperties") {
    const field = (error.params as { additionalProperty: string }).additionalProperty.toLowerCase();
    return (Object.hasOwn(FOREIGN_FIELD_HINTS, field) ? FOREIGN_FIELD_HINTS[field] : undefined) ?? "remove the field or check its spelling";
  }
  if (error.keyword === "required") return "add the field to the frontmatter";
  if (error.keyword === "enum") return "use one of the values listed";
  if (error.keyword === "type") {
    const type = (error.params as { type: string }).type;
    if (type === "array") return "write a list, e.g. `[kafka, retries]`, or `[]` for none";
    if (type === "string") return "write text; quote it if it looks like a number, a date or a list";
    return `write a value of type ${type}`;
  }
  if (error.keyword === "pattern" && /tags/.test(error.instancePath)) return "a tag is lowercase letters and digits joined by hyphens, e.g. `event-sourcing`";
  if (error.keyword === "uniqueItems") return "remove the repeated item";
  if (error.keyword === "minLength") return "write a value; it may not be empty";
  return undefined;
}

/**
 * Where to point for a YAML error. The parser reports where it gave up, which for
 * an unclosed `[`, `{` or quote is the end of the block: point at the opener
 * instead. Anything else at the end of the text points at the last written line.
 */
function yamlErrorOffset(text: string, offset: number, message: string): number {
  const quote = /^Missing closing (["'])/.exec(message)?.[1];
  const opener = quote ? openingQuote(text, offset, quote) : /^Flow (sequence|mapping)/.test(message) ? unclosedBracket(text, offset) : -1;
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
  if (/^Flow sequence/.test(message)) return "close the list on the same line, e.g. `tags: [a, b]`, or write one `- item` per line";
  if (/^Flow mapping/.test(message)) return "close the mapping with `}` on the same line";
  if (/^Missing closing/.test(message)) return "close the quoted value on the same line";
  if (code === "DUPLICATE_KEY") return "each field may appear once";
  if (code === "BAD_INDENT" || code === "MISSING_CHAR") return "check the indentation and quote values that contain `:` or `#`";
  return "quote values that contain `:`, `#`, `[` or `{`";
}

function firstSentence(message: string): string {
  return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
