/**
 * A JavaScript or TypeScript configuration (Astro's content.config.ts,
 * Eleventy's eleventy.config.js) read by acorn as a program, never run.
 * TypeScript is JavaScript with types, which acorn does not read: the
 * annotations a configuration writes (`: Type`, `as const`, `satisfies
 * Config`, `x!`, `import type`, `type` and `interface` declarations, a
 * call's `<Type>`) are blanked out over acorn's own tokens first, each in
 * one pass, so reading is linear in the file's size. The blanks keep every
 * line where it was, so a problem is reported at the line the author wrote.
 */
import { Parser, tokenizer, type Program, type Token as AcornToken } from "acorn";

/** A token with its value (a name's, an operator's), which acorn's types leave out. */
type Token = AcornToken & { value?: unknown };

export interface ReadScript {
  program?: Program;
  /** Why it could not be read, at `line`. */
  problem?: string;
  line?: number;
}

// No locations kept on the nodes, which would double the reading's cost: a problem's line is acorn's either way.
const OPTIONS = {
  ecmaVersion: "latest",
  sourceType: "module",
  allowHashBang: true,
  allowReturnOutsideFunction: true,
} as const;

export function readScript(source: string, typescript: boolean): ReadScript {
  try {
    const text = typescript ? withoutTypes(source) : source;
    return { program: Parser.parse(text, OPTIONS) };
  } catch (error) {
    const located = error as SyntaxError & { loc?: { line: number }; pos?: number };
    return { problem: located.message.replace(/\s*\(\d+:\d+\)$/, ""), line: located.loc?.line };
  }
}

/** The source with its type annotations blanked out (spaces, lines kept). */
export function withoutTypes(source: string): string {
  const tokens = [...tokenizer(source, OPTIONS)] as Token[];
  const pairs = matching(tokens);
  const erased: [number, number][] = [];
  const erase = (from: number, to: number) => to >= from && erased.push([tokens[from].start, tokens[to].end]);
  const is = (index: number, label: string, value?: string) =>
    tokens[index] !== undefined &&
    tokens[index].type.label === label &&
    (value === undefined || tokens[index].value === value);
  const named = (index: number, value: string) => is(index, "name", value);
  const params = new Set<number>();
  for (let index = 0; index < tokens.length; index++) {
    if (is(index, "(") && isParameterList(tokens, pairs, index)) params.add(index);
  }
  // The open bracket each token sits directly in.
  const within: number[] = [];
  const stack: number[] = [];
  for (let index = 0; index < tokens.length; index++) {
    within[index] = stack.at(-1) ?? -1;
    if (pairs.has(index) && pairs.get(index)! > index) stack.push(index);
    else if (pairs.has(index)) stack.pop();
  }
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    const label = token.type.label;
    const exported = label === "export" || named(index, "declare") ? 1 : 0;
    // `interface X {…}` and `type X = …;`, exported or not.
    if (named(index + exported, "interface") && is(index + exported + 1, "name")) {
      let open = index + exported + 2;
      while (open < tokens.length && !is(open, "{")) open++;
      const close = pairs.get(open) ?? tokens.length - 1;
      erase(index, close);
      index = close + 1;
      continue;
    }
    if (
      named(index + exported, "type") &&
      is(index + exported + 1, "name") &&
      (is(index + exported + 2, "=") || is(index + exported + 2, "</>/<=/>=", "<"))
    ) {
      const end = typeEnd(tokens, pairs, source, index + exported + 3, new Set([";"]));
      const through = is(end, ";") ? end : end - 1;
      erase(index, through);
      index = through + 1;
      continue;
    }
    // `import type …` and `export type { … }`: the whole statement.
    if (
      (label === "import" && named(index + 1, "type") && !is(index + 2, "=") && !is(index + 2, "string")) ||
      (label === "export" && named(index + 1, "type") && (is(index + 2, "{") || is(index + 2, "*")))
    ) {
      let end = index + 2;
      while (
        end < tokens.length &&
        !is(end, "string") &&
        !is(end, ";") &&
        !(label === "export" && is(end, "{"))
      )
        end++;
      if (is(end, "{")) end = pairs.get(end) ?? end;
      if (is(end + 1, ";")) end++;
      erase(index, end);
      index = end + 1;
      continue;
    }
    // `import { type A, b }`: the name and its comma.
    if (named(index, "type") && is(index + 1, "name") && (is(index - 1, "{") || is(index - 1, ","))) {
      const last = is(index + 2, ",") ? index + 2 : index + 1;
      erase(index, last);
      index = last + 1;
      continue;
    }
    if (label === ":") {
      const open = within[index];
      const stops = annotationStops(tokens, pairs, params, open, index);
      if (stops) {
        const end = typeEnd(tokens, pairs, source, index + 1, stops);
        const optional = is(index - 1, "?") ? index - 1 : index;
        // A return type is only one where an arrow or a body follows it; else the colon was a conditional's.
        if (!stops.has("=>") || is(end, "=>") || (stops.has("{") && is(end, "{"))) {
          erase(optional, end - 1);
          index = end;
          continue;
        }
      }
    }
    if (
      (named(index, "as") || named(index, "satisfies")) &&
      endsExpression(tokens[index - 1]) &&
      !insideImportOrExport(tokens, within, index)
    ) {
      const end = typeEnd(tokens, pairs, source, index + 1, new Set([",", ")", "]", "}", ";", "=", "=>"]));
      erase(index, end - 1);
      index = end;
      continue;
    }
    // `x!.y`: a non-null assertion.
    if (
      is(index, "!/~", "!") &&
      endsExpression(tokens[index - 1]) &&
      !/\n/.test(source.slice(tokens[index - 1].end, token.start)) &&
      [".", ")", "]", ",", ";", "?."].some((next) => is(index + 1, next))
    ) {
      erase(index, index);
      index++;
      continue;
    }
    // `defineCollection<Schema>(…)`: a call's type arguments.
    if (is(index, "</>/<=/>=", "<") && is(index - 1, "name")) {
      const close = angleEnd(tokens, pairs, index);
      if (close !== undefined && is(close + 1, "(")) {
        erase(index, close);
        index = close + 1;
        continue;
      }
    }
    index++;
  }
  return blank(source, erased);
}

/** Each bracket's partner, both ways: `(`/`)`, `[`/`]`, `{`/`}` and a template's `${`/`}`. */
function matching(tokens: Token[]): Map<number, number> {
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
function isParameterList(tokens: Token[], pairs: Map<number, number>, index: number): boolean {
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
function annotationStops(
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
function typeEnd(
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
function angleEnd(tokens: Token[], pairs: Map<number, number>, index: number): number | undefined {
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
function endsExpression(token: Token | undefined): boolean {
  return (
    token !== undefined &&
    ["name", "string", "num", ")", "]", "}", "`", "this", "true", "false", "null"].includes(token.type.label)
  );
}

/** Whether `as` sits in `import { a as b }`, `export { a as b }` or `import * as ns`. */
function insideImportOrExport(tokens: Token[], within: number[], index: number): boolean {
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
function blank(source: string, ranges: [number, number][]): string {
  let out = "";
  let at = 0;
  for (const [from, to] of ranges.sort((a, b) => a[0] - b[0])) {
    if (from < at) continue;
    out += source.slice(at, from) + source.slice(from, to).replace(/[^\n]/g, " ");
    at = to;
  }
  return out + source.slice(at);
}
