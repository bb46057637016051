/**
 * A JavaScript or TypeScript configuration (Astro's content.config.ts,
 * Eleventy's eleventy.config.js) read by acorn as a program, never run.
 * TypeScript is JavaScript with types, which acorn does not read: the
 * annotations a configuration writes (`: Type`, `as const`, `satisfies
 * Config`, `x!`, `import type`, `type` and `interface` declarations, a
 * call's `<Type>`) are blanked out over acorn's own tokens first, each in
 * one pass, so reading is linear in the file's size. The blanks keep every
 * line where it was, so a problem is reported at the line the author wrote.
 * What the pass reads the tokens with is script-tokens.ts's.
 */
import { Parser, tokenizer, type Program } from "acorn";
import {
  angleEnd,
  annotationStops,
  blank,
  endsExpression,
  insideImportOrExport,
  isParameterList,
  matching,
  typeEnd,
  type Token,
} from "./script-tokens.ts";

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
