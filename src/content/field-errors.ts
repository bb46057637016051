/**
 * A frontmatter or site.yaml field the schema refuses, said as a writer can
 * fix it: pointed at the key or the value in the file, with a hint of what to
 * write.
 */
import type { ErrorObject } from "ajv";
import { SitegenError } from "../errors.ts";
import type { FindingKind } from "../policy.ts";
import { describeSchemaError } from "../schemas/index.ts";
import { FOREIGN_FIELD_HINTS } from "./field-names.ts";
import { missingField } from "./misspelt-fields.ts";
import type { ParsedYaml } from "./frontmatter-types.ts";
import { locatedError } from "./locate.ts";

/**
 * Ajv errors as SitegenErrors located at the offending YAML key. A missing
 * required field that `misspelt` finds written under another name (`tittle`)
 * is pointed at that name. `kind` is the findings' kind (src/policy.ts).
 */
export function schemaErrors(
  errors: ErrorObject[],
  parsed: ParsedYaml,
  file: string,
  sourceText: string,
  misspelt: (field: string) => string | undefined = () => undefined,
  kind: FindingKind = "bad-field",
): SitegenError[] {
  const sourceLines = sourceText.split(/\r?\n/);
  return errors.map((error) => {
    const typo =
      error.keyword === "required"
        ? misspelt((error.params as { missingProperty: string }).missingProperty)
        : undefined;
    if (typo !== undefined)
      return locatedError(
        parsed,
        file,
        sourceText,
        missingField(
          (error.params as { missingProperty: string }).missingProperty,
          typo,
          "add the field to the frontmatter",
        ),
      );
    const path = error.instancePath
      .split("/")
      .slice(1)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    // An unknown field is pointed at by its key, a wrong value by the value.
    const unknown = error.keyword === "additionalProperties";
    if (unknown) path.push((error.params as { additionalProperty: string }).additionalProperty);
    const position = unknown ? parsed.locateKey(path) : parsed.locate(path);
    const form =
      error.keyword === "pattern"
        ? patternInWords(error.instancePath, valueAt(parsed.data, path))
        : undefined;
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
    [
      /^\/security\//,
      "a source a Content-Security-Policy can name",
      "write an origin (`https://cdn.example`, `https://*.example`, `https://cdn.example:8443`), a scheme (`data:`, `https:`), `'self'` or a hash (`'sha256-…'`), with no space, comma or semicolon",
    ],
    [
      /^\/base_url$/,
      "an origin",
      "write the site's origin with no path and no trailing slash, e.g. `https://example.com`",
    ],
    [/^\/locales?\b|\/locale$/, "a locale", "write a language and a country as `en_US`, `de_DE`"],
    [
      /^\/redirects\b/,
      "a path from the site root",
      "write a path that starts with `/` and holds no space, e.g. `/old-tag/`",
    ],
  ];
  const [, what, hint] = forms.find(([path]) => path.test(instancePath)) ?? [
    undefined,
    "in the form this setting takes",
    "check the setting in the documentation (Content: site.yaml)",
  ];
  return { message: `${where} is ${written}, not ${what}`, hint };
}

/** The value at `path` in what YAML read, or undefined. */
function valueAt(data: unknown, path: (string | number)[]): unknown {
  let value = data;
  for (const part of path)
    value =
      value !== null && typeof value === "object" && Object.hasOwn(value, part)
        ? (value as Record<string | number, unknown>)[part]
        : undefined;
  return value;
}

export function schemaHint(error: ErrorObject): string | undefined {
  if (error.keyword === "format" && (error.params as { format: string }).format === "date")
    return "write dates as YYYY-MM-DD, e.g. 2025-03-04";
  if (error.keyword === "type" && /^\/(date|updated)$/.test(error.instancePath))
    return "write dates as YYYY-MM-DD, e.g. 2025-03-04, or a time as 2025-03-04T10:00:00Z";
  if (error.keyword === "additionalProperties") {
    const field = (error.params as { additionalProperty: string }).additionalProperty.toLowerCase();
    return (
      (Object.hasOwn(FOREIGN_FIELD_HINTS, field) ? FOREIGN_FIELD_HINTS[field] : undefined) ??
      "remove the field or check its spelling"
    );
  }
  if (error.keyword === "required") return "add the field to the frontmatter";
  if (error.keyword === "enum") return "use one of the values listed";
  if (error.keyword === "type") {
    const type = (error.params as { type: string }).type;
    if (type === "array") return "write a list, e.g. `[kafka, retries]`, or `[]` for none";
    if (type === "string") return "write text; quote it if it looks like a number, a date or a list";
    return `write a value of type ${type}`;
  }
  if (error.keyword === "pattern" && /tags/.test(error.instancePath))
    return "a tag is lowercase letters and digits joined by hyphens, e.g. `event-sourcing`";
  if (error.keyword === "uniqueItems") return "remove the repeated item";
  if (error.keyword === "minLength") return "write a value; it may not be empty";
  return undefined;
}
