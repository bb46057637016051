/** Pointing at the field of a file's frontmatter that a problem is about. */
import { SitegenError } from "../errors.ts";
import type { FieldProblem, MappedFields } from "./foreign-fields.ts";
import type { ParsedYaml } from "./frontmatter-types.ts";
import type { ContentNotice } from "./types.ts";

/** The parse, with fields that were renamed located where they were written (`description` at `summary:`). */
export function writtenAs(parsed: ParsedYaml, mapped: Pick<MappedFields, "writtenAs">): ParsedYaml {
  const renamed = (path: (string | number)[]) =>
    typeof path[0] === "string" && Object.hasOwn(mapped.writtenAs, path[0])
      ? [mapped.writtenAs[path[0]], ...path.slice(1)]
      : path;
  return {
    data: parsed.data,
    locate: (path) => parsed.locate(renamed(path)),
    locateKey: (path) => parsed.locateKey(renamed(path)),
  };
}

/** A problem the file cannot be read past, at its place: thrown, and the file left out. */
export function locatedError(
  parsed: ParsedYaml,
  file: string,
  text: string,
  problem: FieldProblem,
): SitegenError {
  const { line, column, sourceLine } = placeOf(parsed, text, problem);
  return new SitegenError("E_CONTENT", problem.message, {
    kind: problem.kind,
    location: { file, line, column },
    sourceLine,
    hint: problem.hint,
  });
}

/** A problem the file is read past, at its place: a notice its page carries (src/content/notices.ts reports it). */
export function locatedNotice(parsed: ParsedYaml, text: string, problem: FieldProblem): ContentNotice {
  const place = placeOf(parsed, text, problem);
  return {
    kind: "problem",
    problem: problem.kind,
    message: problem.message,
    hint: problem.hint,
    ...definedOf(place),
  };
}

/** What the frontmatter's YAML was read past, as the other generators read it (`nonstandard-yaml`), at its lines. */
export function lenientNotices(parsed: ParsedYaml, text: string): ContentNotice[] {
  const lines = parsed.lenient?.length ? text.split(/\r?\n/) : [];
  return (parsed.lenient ?? []).map(({ line, column, message, hint, kind = "nonstandard-yaml" }) => ({
    kind: "problem",
    problem: kind,
    message,
    hint,
    line,
    column,
    sourceLine: lines[line - 1],
  }));
}

function placeOf(
  parsed: ParsedYaml,
  text: string,
  problem: FieldProblem,
): { line?: number; column?: number; sourceLine?: string } {
  const at = problem.at
    ? { column: undefined, ...problem.at }
    : problem.key
      ? parsed.locateKey(problem.path)
      : parsed.locate(problem.path);
  return { line: at?.line, column: at?.column, sourceLine: at && text.split(/\r?\n/)[at.line - 1] };
}

/** Plain data without `undefined` members: a notice crosses threads and the build cache. */
function definedOf<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as Partial<T>;
}
