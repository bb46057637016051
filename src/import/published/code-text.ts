/**
 * A code block's text as a reader sees it in an old or a new page (page-text.ts), each line one: a
 * highlighter's spans cut words where its grammar does (a shell's `\w` is an escape to it), another's
 * elsewhere, so the block is read as its lines, less the line numbers a highlighter adds.
 */
import type { ChildNode } from "domhandler";
import { isElement } from "./elements.ts";

/**
 * A code block's text as written, less what a highlighter adds: its line
 * numbers, which it marks as no text to select (Hugo's lineNos, inline or by
 * class; Rouge's gutter; highlight.js's plugin). A number the highlighter
 * wraps as a token of the code (`<span class="hljs-number">1</span>.`) is
 * the author's. `unseen` names the elements no reader sees as text.
 */
export function codeText(nodes: ChildNode[], unseen: Set<string>): string {
  let text = "";
  for (const node of nodes) {
    if (node.type === "text") text += isNumberColumn(node.data) ? "" : node.data;
    // Eleventy's syntax highlighter (3.x) ends each line with a `<br>`, and no newline.
    else if (isElement(node) && node.name === "br") text += "\n";
    // Expressive Code (Starlight's) writes each line as a `<div class="ec-line">`, with no newline between them.
    else if (isElement(node) && !unseen.has(node.name) && !isGutter(node.attribs))
      text += node.name === "div" ? `${codeText(node.children, unseen)}\n` : codeText(node.children, unseen);
  }
  return text;
}

const GUTTER_CLASS =
  /(?:^|\s)(?:lnt?|lntd|gutter|rouge-gutter|gl|lineno|linenos|line-numbers?|line-numbers-rows|hljs-ln-n|hljs-ln-numbers)(?:\s|$)/;

/** An element that holds a code block's line numbers: by the class its highlighter names them with, or the style that keeps them out of a selection. */
export function isGutter(attribs: Record<string, string>): boolean {
  return GUTTER_CLASS.test(attribs.class ?? "") || /user-select\s*:\s*none/i.test(attribs.style ?? "");
}

/** A column of line numbers written as one text (`1\n2\n3\n`, a table's first cell): no line of code is a number alone, twice over. */
export function isNumberColumn(text: string): boolean {
  const lines = text.trim().split(/\s*\n\s*/);
  return lines.length > 1 && lines.every((line) => /^\d+$/.test(line));
}
