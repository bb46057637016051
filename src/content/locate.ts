/** Pointing at the field of a file's frontmatter that a problem is about. */
import { SitegenError } from "../errors.ts";
import type { FieldProblem, MappedFields } from "./foreign-fields.ts";
import type { ParsedYaml } from "./frontmatter.ts";

/** The parse, with fields that were renamed located where they were written (`description` at `summary:`). */
export function writtenAs(parsed: ParsedYaml, mapped: Pick<MappedFields, "writtenAs">): ParsedYaml {
  const renamed = (path: (string | number)[]) => (typeof path[0] === "string" && mapped.writtenAs[path[0]] ? [mapped.writtenAs[path[0]], ...path.slice(1)] : path);
  return { data: parsed.data, locate: (path) => parsed.locate(renamed(path)), locateKey: (path) => parsed.locateKey(renamed(path)) };
}

export function locatedError(parsed: ParsedYaml, file: string, text: string, problem: FieldProblem): SitegenError {
  const at = problem.key ? parsed.locateKey(problem.path) : parsed.locate(problem.path);
  return new SitegenError("E_CONTENT", problem.message, {
    location: { file, line: at?.line, column: at?.column },
    sourceLine: at && text.split(/\r?\n/)[at.line - 1],
    hint: problem.hint,
  });
}
