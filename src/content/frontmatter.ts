/**
 * Splits a Markdown file into frontmatter and body, keeping enough position
 * information to point every error at a line and column of the original file.
 * Frontmatter is YAML between `---` lines (Jekyll, Eleventy, Hugo), TOML
 * between `+++` lines (Hugo's default archetype, src/content/toml.ts) or JSON
 * after `---json` (Eleventy; JSON is YAML). JavaScript frontmatter
 * (Eleventy's `---js`) is refused: the build never runs code from content.
 */
import { errorsOf, SitegenError } from "../errors.ts";
import { LIMIT_HINTS, MAX_FRONTMATTER_CHARACTERS } from "./frontmatter-limits.ts";
import type { ParsedMarkdownFile, ParsedYaml } from "./frontmatter-types.ts";
import { jsLiterals } from "./js-literals.ts";
import { isMdx, withoutModuleCode } from "./mdx.ts";
import { mdxCommentsAsHtml } from "./mdx-comments.ts";
import { parseToml } from "./toml.ts";
import { parseYaml } from "./yaml.ts";

/** The opening line of each kind of frontmatter, and the line that closes it. */
const OPENERS: { open: RegExp; close: RegExp; language: "yaml" | "toml" | "js" }[] = [
  { open: /^---[ \t]*$/, close: /^---[ \t]*$/, language: "yaml" },
  { open: /^\+\+\+[ \t]*$/, close: /^\+\+\+[ \t]*$/, language: "toml" },
  { open: /^---json[ \t]*$/, close: /^---[ \t]*$/, language: "yaml" },
  // Eleventy's JavaScript frontmatter: read only when it writes plain values (src/content/js-literals.ts), never run.
  { open: /^---(?:js|javascript|cjs|mjs)[ \t]*$/i, close: /^---[ \t]*$/, language: "js" },
];

/**
 * The Markdown body that starts at 1-based line `bodyLine` of a file's text:
 * BOM dropped, lines split at LF or CRLF and joined with LF, found without
 * splitting the whole file. `file` names it: an MDX file's module code is
 * not part of its text (src/content/mdx.ts), and its comments are hidden as
 * MDX hides them (src/content/mdx-comments.ts).
 */
export function bodyAt(text: string, bodyLine: number, file: string): string {
  const body = markdownAt(text, bodyLine);
  return isMdx(file) ? mdxCommentsAsHtml(withoutModuleCode(body), bodyLine).body : body;
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
      throw new SitegenError(
        "E_CONTENT",
        `the frontmatter does not close within its first ${MAX_FRONTMATTER_CHARACTERS} characters (1 MB), the most sitegen reads`,
        {
          kind: "frontmatter",
          location: { file, line: 1, column: 1 },
          sourceLine: lines[0],
          hint: LIMIT_HINTS.size,
        },
      );
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
    read =
      fence!.language === "toml"
        ? parseToml(block, file, 2)
        : fence!.language === "js"
          ? parseJs(block, file, lines[0])
          : parseYaml(block, file, 2);
  } catch (error) {
    // A `---` in the body (a rule, a code block's frontmatter) read as the closing line of frontmatter left open.
    const fields =
      fence!.language === "yaml"
        ? fieldsBeforeBody(lines.slice(1, end), file, errorsOf(error)?.[0]?.location?.line)
        : undefined;
    if (!fields) throw error;
    throw new SitegenError(
      "E_CONTENT",
      `unterminated frontmatter: no \`---\` line closes its fields, so the body was read as YAML up to the \`---\` at line ${end + 1}`,
      {
        kind: "frontmatter",
        location: { file, line: 1, column: 1 },
        sourceLine: lines[0],
        hint: closeAfter(fields),
        cause: error,
      },
    );
  }
  // Frontmatter with no fields (`---` then `---`) is a page with none, as Jekyll and Eleventy read it.
  const parsed =
    read.data == null && block.split("\n").every((line) => /^\s*(?:#.*)?$/.test(line))
      ? { ...read, data: {} }
      : read;
  if (!isPlainObject(parsed.data)) {
    throw new SitegenError(
      "E_CONTENT",
      `frontmatter must be a mapping of fields, not ${describeValue(parsed.data)}`,
      {
        kind: "frontmatter",
        location: { file, line: 2, column: 1 },
        sourceLine: lines[1],
        hint: "write one `field: value` a line, e.g. `title: My post`",
      },
    );
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
  const fieldCount = [stray, blank].find(
    (count) => count > 0 && isMapping(after.slice(0, count).join("\n"), file),
  );
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
    throw new SitegenError(
      "E_CONTENT",
      "JavaScript frontmatter that computes its values is not read: sitegen never runs code from the content",
      {
        kind: "frontmatter",
        location: { file, line: 1, column: 1 },
        sourceLine: opener,
        hint: "write the fields as YAML between `---` lines (or TOML between `+++` lines); a value a script computed can be written out as it is",
      },
    );
  }
  const locate = (path: (string | number)[]) => ({ line: 1 + (read.lines[String(path[0])] ?? 0), column: 1 });
  return {
    data: read.data,
    locate,
    locateKey: locate,
    lenient: [
      {
        line: 1,
        column: 1,
        kind: "js-frontmatter",
        message: "JavaScript frontmatter that writes plain values: read as data, not run",
        hint: "write the fields as YAML between `---` lines, which every generator reads",
      },
    ],
  };
}

/** The kind of frontmatter a file's first line opens, or an error that says what sitegen reads. */
function openingFence(line: string, file: string, text: string): (typeof OPENERS)[number] {
  const fence = OPENERS.find((each) => each.open.test(line));
  if (fence) return fence;
  // A NUL among the first bytes is binary data, as git tells it: named, not shown.
  if (text.lastIndexOf("\0", 8000) !== -1) {
    throw new SitegenError(
      "E_CONTENT",
      "not a text file: it holds binary data (a NUL byte), so it is no page or post",
      {
        kind: "frontmatter",
        location: { file },
        hint: "an image or other file goes in content/static/ (or beside its post, in the post's folder), under its own extension",
      },
    );
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

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
