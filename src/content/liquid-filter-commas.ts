/**
 * A comma right after a filter's name, `{{ text | replace, "$(OK)", "OK" }}`,
 * in a Jekyll site's Liquid. Ruby's Liquid, as Jekyll runs it (its
 * `error_mode: warn`), warns that the output does not parse and reads it
 * leniently: a comma there separates the filter's arguments as the colon
 * does, so the filter runs with them. LiquidJS stops reading the output at
 * the comma: the filter runs with no arguments and the filters after it are
 * left out, so the page shows `$(OK)` where the old one showed `OK`. Read
 * here as Jekyll reads it, in a page's text and in an include: the comma
 * becomes the colon, a character for a character so that every line stays
 * where it was, and each is told at its line.
 *
 * Only where Ruby's Liquid reads a filter: in an output (`{{ … }}`) and in
 * an `assign` or `echo` tag; never in `{% raw %}` or `{% comment %}`, whose
 * text is no Liquid, and never inside a quoted string.
 */
import { lineAt } from "../text/lines.ts";
import { liquidMarkups } from "./liquid-markup.ts";

/** The text with each such comma read as a colon, and the line (1-based) and the output or tag of each. */
export function filterCommas(text: string): { text: string; found: { line: number; written: string }[] } {
  const found: { line: number; written: string }[] = [];
  let out = text;
  for (const { written, index, output, name } of liquidMarkups(text)) {
    if (output === undefined && name !== "assign" && name !== "echo") continue;
    const commas = commasIn(written);
    if (commas.length === 0) continue;
    for (const at of commas) {
      const offset = index + at;
      out = `${out.slice(0, offset)}:${out.slice(offset + 1)}`;
    }
    found.push({ line: lineAt(text, index), written });
  }
  return { text: out, found };
}

/** A filter's name and the comma right after it, from a `|`. */
const NAME_THEN_COMMA = /\|\s*[A-Za-z_][\w-]*\??\s*,/y;

/** The offsets in `markup` of the commas right after a filter's name, outside quoted strings. */
function commasIn(markup: string): number[] {
  const commas: number[] = [];
  let quote: string | undefined;
  for (let at = 0; at < markup.length; at++) {
    const char = markup[at];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "|") {
      NAME_THEN_COMMA.lastIndex = at;
      if (NAME_THEN_COMMA.test(markup)) commas.push(NAME_THEN_COMMA.lastIndex - 1);
    }
  }
  return commas;
}

/** What a warning of such a comma says, in a page or an include. */
export function filterCommaMessage(written: string): string {
  const shown = written.length > 80 ? `${written.slice(0, 77)}…` : written;
  return `\`${shown.replace(/\s+/g, " ")}\`: a comma right after a filter's name, which Jekyll's Liquid reads as the colon before the filter's arguments: read as Jekyll reads it`;
}

export const FILTER_COMMA_HINT =
  'write a colon after the filter\'s name (`| replace: "a", "b"`), as Liquid\'s syntax has it';
