/**
 * What a page's and a post's frontmatter share once read as sitegen's fields
 * (src/content/foreign-fields.ts): the schema, and the title. A field the
 * schema refuses is an error only when it decides what is published (a
 * post's `status`, a title that is a list); any other is set aside for the
 * templates, as the field of a theme would be, and the file is published
 * without it, as the other generators publish it. A file without `title:`
 * takes its body's first level-1 heading.
 */
import type { ErrorObject } from "ajv";
import type { SitegenError } from "../errors.ts";
import { describeSchemaError } from "../schemas/index.ts";
import type { FieldProblem, MappedFields } from "./foreign-fields.ts";
import { missingField } from "./misspelt-fields.ts";
import { schemaErrors, schemaHint } from "./field-errors.ts";
import type { ParsedYaml } from "./frontmatter-types.ts";
import { titleOfName } from "./file-name.ts";
import { titleHeading } from "./title-heading.ts";

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The errors that leave the file out; the fields set aside are pushed onto `mapped.readPast`. */
export function holdToSchema(
  mapped: MappedFields,
  validate: Validate,
  deciding: readonly string[],
  where: { located: ParsedYaml; file: string; text: string },
): SitegenError[] {
  if (validate(mapped.data)) return [];
  const errors = validate.errors ?? [];
  const fieldOf = (error: ErrorObject) =>
    error.instancePath.split("/")[1] ?? (error.params as { missingProperty?: string }).missingProperty ?? "";
  const fatal = errors.filter((error) => deciding.includes(fieldOf(error)) || fieldOf(error) === "");
  for (const error of errors.filter((each) => !fatal.includes(each))) {
    const field = fieldOf(error);
    if (!(field in mapped.data)) continue;
    mapped.params[field] = mapped.data[field];
    mapped.setAside.push(field);
    delete mapped.data[field];
    mapped.readPast.push({
      kind: "unread-field",
      path: [field],
      key: false,
      message: `${describeSchemaError(error)}: \`${field}\` is not used, but kept for the templates as \`params.${field}\``,
      hint: schemaHint(error) ?? "write the field as text, or a list of text",
    });
  }
  return schemaErrors(fatal, where.located, where.file, where.text);
}

/**
 * The title as written, else the body's first level-1 heading (reported:
 * `title-from-heading`), else the words of the file's name, as Jekyll titles
 * a post without one (`title-from-file-name`); with none of those, nothing
 * to take a title from: an error, as there is nothing to head the page with.
 * A title written under a misspelt name (`misspelt`: `tittle`) is an error
 * too, pointed at that name: the author wrote a title, and the page would be
 * published under another.
 */
export function readTitle(
  written: unknown,
  from: { body: string; bodyLine: number; name: string; misspelt?: string },
  report: { readPast: (problem: FieldProblem) => void; fatal: (problem: FieldProblem) => void },
): string | undefined {
  if (typeof written === "string" && written.trim() !== "") return fieldText("title", written, report);
  if (from.misspelt !== undefined) {
    report.fatal(missingField("title", from.misspelt, "add `title:` to the frontmatter", "no-title"));
    return undefined;
  }
  const heading = titleHeading(from.body);
  if (heading) {
    report.readPast({
      kind: "title-from-heading",
      path: [],
      key: false,
      at: { line: from.bodyLine + heading.line - 1, column: 1 },
      message: `no \`title\`: the heading \`${heading.text}\` is the title`,
      hint: "add `title:` to the frontmatter",
    });
    return heading.text;
  }
  const named = titleOfName(from.name);
  if (named !== "") {
    report.readPast({
      kind: "title-from-file-name",
      path: [],
      key: false,
      message: `no \`title\`, and no heading: the file's name gives it, \`${named}\`, as Jekyll gives a post its title`,
      hint: "add `title:` to the frontmatter",
    });
    return named;
  }
  report.fatal({
    kind: "no-title",
    path: [],
    key: false,
    message: "no `title`, no heading in the body and no word in the file's name to take one from",
    hint: "add `title:` to the frontmatter",
  });
  return undefined;
}

/**
 * Inline HTML elements, each opened and closed, that a title or an author is
 * written with for a theme that prints it as HTML (`<i>Fast properties</i>
 * in V8`, `<del>Frameworks</del>`): markup, not words about a tag (`The new
 * <picture> element` keeps its words).
 */
const INLINE_ELEMENT =
  /<(abbr|b|cite|code|del|em|i|ins|kbd|mark|q|s|small|span|strong|sub|sup|u)\b[^<>]*>([^<>]*)<\/\1\s*>/gi;
/** A Markdown link or image, `[@cam](https://x.example/cam)`, for a theme that prints the field through Markdown (`markdownify`). */
const MARKDOWN_LINK = /!?\[([^[\]]*)\]\(\s*<?[^\s()<>]*>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;

/**
 * Markdown's emphasis and code spans, for a theme that prints the field
 * through Markdown (Hugo's `markdownify`, Jekyll's): `*x*`, `**x**`, `_x_`
 * and `` `x` `` around words, the markers against a letter or digit inside
 * and none outside. Where CommonMark would read emphasis a title's author is
 * likelier to have typed as text, it stays: stars among punctuation
 * (`webkit-*, moz-*`) or within a word (`2*3*4`), underscores within a word
 * (`snake_case_name`) and Python's `__init__`, as a theme that prints the
 * title as text shows them. Dashes are left as written, as in the body (no
 * typographer).
 */
const STAR_EMPHASIS = /(^|[^\p{L}\p{N}*])(\*{1,2})([\p{L}\p{N}](?:[^*]*[\p{L}\p{N}])?)\2(?![\p{L}\p{N}*])/gu;
const UNDERSCORE_EMPHASIS = /(^|[^\p{L}\p{N}_])_([\p{L}\p{N}](?:[^_]*[\p{L}\p{N}])?)_(?![\p{L}\p{N}_])/gu;
const CODE_SPAN = /`([^`]+)`/g;

/** Text without the Markdown emphasis and code spans around its words; a code span's own text is kept as written (`` `__init__` ``). */
function withoutEmphasis(text: string): string {
  const parts = text.split(CODE_SPAN);
  // split() with a group: the text between code spans at even indexes, each span's text at odd ones.
  return parts
    .map((part, index) => {
      if (index % 2 === 1) return part;
      let plain = part;
      for (let before = ""; before !== plain; )
        [before, plain] = [plain, plain.replace(STAR_EMPHASIS, "$1$3").replace(UNDERSCORE_EMPHASIS, "$1$2")];
      return plain;
    })
    .join("");
}

/**
 * A field that is text (a title, an author) goes into the page's heading or
 * byline, its `<title>`, the feed, the indexes and the Markdown, each escaped
 * for its place, so markup in it would show as written (`Why I _feel_ fine`).
 * A field written with HTML elements, Markdown links or Markdown emphasis is
 * their text, reported (`field-markup`): the same words everywhere, the
 * heading included, as for HTML elements.
 */
export function fieldText(
  field: "title" | "author",
  written: string,
  report: { readPast: (problem: FieldProblem) => void },
): string {
  let text = written;
  for (let before = ""; before !== text; ) [before, text] = [text, text.replace(INLINE_ELEMENT, "$2")];
  const html = text !== written;
  const linked = text.replace(MARKDOWN_LINK, "$1");
  const plain = withoutEmphasis(linked);
  if (plain === written) return written;
  const markup = [
    ...(html ? ["HTML elements"] : []),
    ...(linked !== text ? ["Markdown links"] : []),
    ...(plain !== linked ? ["Markdown emphasis"] : []),
  ].join(" and ");
  report.readPast({
    kind: "field-markup",
    path: [field],
    key: false,
    message: `\`${field}\` holds ${markup}: the ${field} is their text, \`${plain}\``,
    hint: `write the ${field} as text: it is shown escaped wherever it goes (${field === "title" ? "the heading, <title>, the feed, the indexes" : "the byline, the feed, the structured data, the Markdown"})`,
  });
  return plain;
}
