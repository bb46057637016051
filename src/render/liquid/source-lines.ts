/**
 * Where what Liquid made came from: the text rendered a part at a time, each
 * part with the line of the author's text it stands for. Its own module
 * because mapping lines back is what lets every warning about a Jekyll page,
 * Liquid's or Markdown's, name the line the author wrote, apart from running
 * the tags (src/render/liquid/engine.ts).
 */
import { Context, TokenKind, type Liquid } from "liquidjs";

/**
 * The text rendered a part at a time, in one context (what `assign` sets
 * holds for the rest), with where each part came from: a part of plain text
 * is its own lines, what a tag or an output made is the tag's line. Links
 * and warnings Markdown finds in what Liquid made are told at the line the
 * author wrote.
 */
export function rendered(
  engine: Liquid,
  source: string,
  scope: object,
): { output: string; lineOf: (line: number) => number } {
  const context = new Context(scope, engine.options, { sync: true }, { liquid: engine });
  const parts: { from: number; line: number; text: boolean }[] = [];
  const faults: unknown[] = [];
  const lineOfSource = lineCounter(source);
  let output = "";
  let lines = 1;
  for (const template of engine.parse(source)) {
    const token = (template as { token?: { kind: number; begin: number } }).token;
    if (token)
      parts.push({ from: lines, line: lineOfSource(token.begin), text: token.kind === TokenKind.HTML });
    let made = "";
    try {
      made = engine.renderSync([template], context);
    } catch (error) {
      // Every part that cannot render is found in one run (LiquidJS collects a part's own, `catchAllErrors`).
      faults.push(...((error as { errors?: unknown[] }).errors ?? [error]));
    }
    output += made;
    for (let at = made.indexOf("\n"); at !== -1; at = made.indexOf("\n", at + 1)) lines++;
  }
  if (faults.length > 0)
    throw Object.assign(new Error(`${faults.length} parts cannot render`), { errors: faults });
  return {
    output,
    lineOf: (line) => {
      // The last part starting at or before the line: parts are in the order of their lines (a page may have thousands of findings).
      let low = 0;
      let high = parts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (parts[middle].from <= line) low = middle;
        else high = middle - 1;
      }
      const part = parts[low];
      return part === undefined || part.from > line
        ? line
        : part.text
          ? part.line + line - part.from
          : part.line;
    },
  };
}

/** The line of each offset of a text, asked in increasing order: counted once through the text, not from its start for each. */
function lineCounter(text: string): (offset: number) => number {
  let line = 1;
  let at = 0;
  return (offset) => {
    for (
      let next = text.indexOf("\n", at);
      next !== -1 && next < offset;
      next = text.indexOf("\n", next + 1)
    ) {
      line++;
      at = next + 1;
    }
    return line;
  };
}
