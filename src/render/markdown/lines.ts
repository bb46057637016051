/**
 * The line of the body each part of a paragraph stands on. markdown-it gives
 * lines to blocks only (`token.map`); a link, an image or a tag of raw HTML
 * within a paragraph of many lines is on the paragraph's first line plus the
 * line breaks before it: the text's own (softbreak, hardbreak) and those
 * inside raw HTML or a formula that runs over lines. (A code span over two
 * lines keeps no trace of its break, and counts as one.)
 */
import type Token from "markdown-it/lib/token.mjs";

/** The line each of an inline token's children starts on, the first at `first`. */
export function childLines(children: Token[], first: number): number[] {
  const lines: number[] = [];
  let line = first;
  for (const child of children) {
    lines.push(line);
    if (child.type === "softbreak" || child.type === "hardbreak") line++;
    else if (child.type === "html_inline") line += newlines(child.content);
    else if (child.type === "math_inline")
      line += newlines(String((child.meta as { written?: string } | null)?.written ?? ""));
  }
  return lines;
}

function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  return count;
}
