/**
 * What the TypeScript eraser (script.ts) reads acorn's tokens with: each
 * bracket's partner, where a type after `:`, `as` or a call's `<` ends,
 * and whether a token ends an expression; and the blanking that keeps every
 * line where it was. Apart from the eraser's one pass over the tokens, so
 * that pass reads as the list of what it erases.
 */
import type { Token as AcornToken } from "acorn";

/** A token with its value (a name's, an operator's), which acorn's types leave out. */
export type Token = AcornToken & { value?: unknown };

/** Each bracket's partner, both ways: `(`/`)`, `[`/`]`, `{`/`}` and a template's `${`/`}`. */
export function matching(tokens: Token[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const open: number[] = [];
  tokens.forEach((token, index) => {
    const label = token.type.label;
    if (label === "(" || label === "[" || label === "{" || label === "${" || label === "#{") open.push(index);
    else if ((label === ")" || label === "]" || label === "}") && open.length > 0) {
      const from = open.pop()!;
      pairs.set(from, index).set(index, from);
    }
  });
  return pairs;
}

/** Whether `(` opens a function's parameters: an arrow's, or one after `function`, or a method's. */
export function isParameterList(tokens: Token[], pairs: Map<number, number>, index: number): boolean {
  const close = pairs.get(index);
  if (close === undefined) return false;
  const after = tokens[close + 1]?.type.label;
  if (after === "=>") return true;
  const before = tokens[index - 1];
  if (
    before?.type.label === "function" ||
    (before?.type.label === "name" && tokens[index - 2]?.type.label === "function") ||
    (before?.type.label === "*" && tokens[index - 2]?.type.label === "function")
  )
    return true;
  // A method: `name(…) {` or `name(…): T {` in an object or a class.
  const previous = tokens[index - 2]?.type.label;
  return (
    before?.type.label === "name" &&
    (after === "{" || after === ":") &&
    (previous === "{" ||
      previous === "," ||
      previous === "}" ||
      previous === ";" ||
      (previous === "name" && ["async", "get", "set", "static"].includes(String(tokens[index - 2].value))))
  );
}

/** Where a type after `:` ends, or undefined when the colon is no annotation (an object's key, a conditional, a label). */
export function annotationStops(
  tokens: Token[],
  pairs: Map<number, number>,
  params: Set<number>,
  open: number,
  index: number,
): Set<string> | undefined {
  const before = tokens[index - 1];
  const label = before?.type.label;
  // A parameter's type: `(a: T, b?: U = …)`.
  if (
    open !== -1 &&
    params.has(open) &&
    (label === "name" || label === "?" || label === "]" || label === "}")
  )
    return new Set([",", ")", "="]);
  // A return type: `(…): T =>` or `function f(…): T {`.
  if (label === ")" && params.has(pairs.get(index - 1) ?? -1)) return new Set(["=>", "{"]);
  // A variable's type: `const x: T = …`.
  if (label === "name" && ["const", "let", "var"].includes(tokens[index - 2]?.type.label ?? ""))
    return new Set(["=", ",", ";"]);
  return undefined;
}

/** The index just after a type that starts at `from`: at a stop outside brackets, or at a line's end the type does not go on past. */
export function typeEnd(
  tokens: Token[],
  pairs: Map<number, number>,
  source: string,
  from: number,
  stops: Set<string>,
): number {
  let angles = 0;
  let index = from;
  while (index < tokens.length) {
    const token = tokens[index];
    const label = token.type.label;
    if (angles === 0 && stops.has(label)) return index;
    if (angles === 0 && (label === ")" || label === "]" || label === "}")) return index;
    if (
      angles === 0 &&
      index > from &&
      /\n/.test(source.slice(tokens[index - 1].end, token.start)) &&
      !continuesType(tokens[index - 1], token)
    )
      return index;
    if (label === "</>/<=/>=") angles += token.value === "<" ? 1 : token.value === ">" ? -1 : 0;
    else if (label === "<</>>/>>>") angles -= token.value === ">>" ? 2 : token.value === ">>>" ? 3 : 0;
    if (angles < 0) return index;
    const partner = pairs.get(index);
    index = partner !== undefined && partner > index ? partner + 1 : index + 1;
  }
  return index;
}

/** Whether a type runs on to the next line: a line ending in `|`, `&`, `=>`, `,`, `<`, or one starting with `|`, `&`, `.`. */
function continuesType(last: Token, next: Token): boolean {
  const ending = last.type.label;
  const starting = next.type.label;
  return (
    ["|", "&", "=>", ",", "?", ":", "."].includes(ending) ||
    (ending === "</>/<=/>=" && last.value === "<") ||
    ["|", "&", "."].includes(starting) ||
    (ending === "name" && ["extends", "keyof", "typeof"].includes(String(last.value)))
  );
}

/** The `>` closing a call's type arguments, where all between is a type's tokens. */
export function angleEnd(tokens: Token[], pairs: Map<number, number>, index: number): number | undefined {
  let depth = 0;
  for (let at = index; at < tokens.length; at++) {
    const label = tokens[at].type.label;
    if (label === "</>/<=/>=") depth += tokens[at].value === "<" ? 1 : tokens[at].value === ">" ? -1 : 0;
    else if (
      ![
        "name",
        ",",
        ".",
        "|",
        "&",
        "string",
        "num",
        "[",
        "]",
        "{",
        "}",
        ":",
        ";",
        "?",
        "typeof",
        "=>",
        "(",
        ")",
      ].includes(label)
    )
      return undefined;
    if (depth === 0) return at;
    const partner = pairs.get(at);
    if (partner !== undefined && partner > at) at = partner;
  }
  return undefined;
}

/** Whether a token ends an expression, so that `as`, `satisfies` or `!` after it is TypeScript's. */
export function endsExpression(token: Token | undefined): boolean {
  return (
    token !== undefined &&
    ["name", "string", "num", ")", "]", "}", "`", "this", "true", "false", "null"].includes(token.type.label)
  );
}

/** Whether `as` sits in `import { a as b }`, `export { a as b }` or `import * as ns`. */
export function insideImportOrExport(tokens: Token[], within: number[], index: number): boolean {
  if (tokens[index - 1]?.type.label === "*") return true;
  const open = within[index];
  const head = tokens[open - 1]?.type.label;
  return (
    open !== -1 &&
    tokens[open].type.label === "{" &&
    (head === "import" || head === "export" || (head === "," && tokens[open - 3]?.type.label === "import"))
  );
}

/** The source with each range blanked: spaces, its line breaks kept. */
export function blank(source: string, ranges: [number, number][]): string {
  let out = "";
  let at = 0;
  for (const [from, to] of ranges.sort((a, b) => a[0] - b[0])) {
    if (from < at) continue;
    out += source.slice(at, from) + source.slice(from, to).replace(/[^\n]/g, " ");
    at = to;
  }
  return out + source.slice(at);
}
