/**
 * A field name that is most likely a typo of one sitegen knows (`tittle`),
 * and a required field that is missing, pointed at its misspelling. Its own
 * module because it measures names against the known ones
 * (src/content/field-names.ts) after the mapping, for the notices and the
 * schema's errors, and is no part of reading a field as sitegen's.
 */
import type { FindingKind } from "../policy.ts";
import { editDistance } from "./edit-distance.ts";
import { SYNONYMS } from "./field-names.ts";
import type { FieldProblem } from "./foreign-fields.ts";

/**
 * A field name one or two edits from one sitegen knows (`tittle`,
 * `descripion`): most likely a typo of it, which the build would otherwise
 * keep as a param and the page would miss.
 */
export function likelyMeant(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  const synonyms = SYNONYMS.filter(([field]) => known.includes(field)).map(([, other]) => other);
  // No name more than two letters longer or shorter is two edits away: those are not measured (a key may be a megabyte long).
  const candidates = [...known, ...synonyms].map((field) => ({
    field,
    distance:
      lower === field ? 1 : Math.abs(lower.length - field.length) > 2 ? Infinity : editDistance(lower, field),
  }));
  const closest = candidates.sort((a, b) => a.distance - b.distance || a.field.localeCompare(b.field))[0];
  const allowed = closest && closest.field.length <= 4 ? 1 : 2;
  return closest && closest.distance <= allowed ? closest.field : undefined;
}

/** The field kept as a param that is most likely `missing` misspelt: `tittle` for a missing `title`. */
export function misspelling(
  missing: string,
  params: Record<string, unknown>,
  known: readonly string[],
): string | undefined {
  return Object.keys(params).find((name) => likelyMeant(name, known) === missing);
}

/** A required field that is missing, pointed at its misspelling when the file has one; `kind` as src/policy.ts names it. */
export function missingField(
  field: string,
  misspelt: string | undefined,
  hint: string,
  kind: FindingKind = "bad-field",
): FieldProblem {
  if (misspelt === undefined)
    return { kind, path: [], key: false, message: `missing required field \`${field}\``, hint };
  return {
    kind,
    path: [misspelt],
    key: true,
    message: `missing required field \`${field}\`: did you mean \`${field}\` instead of \`${misspelt}\`?`,
    hint: `rename \`${misspelt}\` to \`${field}\``,
  };
}
