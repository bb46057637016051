/**
 * A backslash in a quoted string of a Jekyll site's Liquid,
 * `{% assign path = "C:\Program Files\Bitcoin" %}`. Ruby's Liquid has no
 * escapes in a string: it ends at the next quote of its kind, and every
 * backslash in it is a backslash, so `"a\"` is the string `a\`. LiquidJS reads
 * a backslash as an escape: `\P` is `P`, and `"a\"` runs on past its quote,
 * so the page loses the backslashes and the words they joined. Read here as
 * Jekyll reads it: each such backslash is doubled, which LiquidJS reads as
 * one backslash, and each output or tag whose strings change so is told at
 * its line. No line break is added, so every line stays where it was.
 *
 * Jekyll's `include` reads its parameters itself: there `\"` in a `"…"` value
 * (`\'` in a `'…'` one) is the quote, as in LiquidJS, and every other
 * backslash is itself. Not in `{% raw %}` or `{% comment %}`, whose text is
 * no Liquid, nor in the tags that take their text as written (`post_url`,
 * `link`, `highlight`), nor outside a tag or an output. A backslash that
 * reaches `replace` in its replacement (`'\&amp;'`) is then read as Ruby's
 * `gsub` reads one (src/render/liquid/ruby-replace.ts).
 */
import { lineAt } from "../text/lines.ts";
import { liquidMarkups } from "./liquid-markup.ts";

export interface RubyStrings {
  /** The text with each backslash that Ruby's Liquid reads as itself written as LiquidJS reads one. */
  text: string;
  /** The line (1-based) of each output or tag whose strings change, and the output or tag as written. */
  found: { line: number; written: string }[];
}

/**
 * The text as LiquidJS should read it. `added` is what goes before each such
 * backslash: another backslash, for LiquidJS; a mark of the caller's, for a
 * copy of the text kept a character for a character beside it, with which
 * a tag taken from that copy is shown as written by leaving the marks out.
 */
export function rubyStrings(text: string, added = "\\"): RubyStrings {
  const found: { line: number; written: string }[] = [];
  const parts: string[] = [];
  let last = 0;
  for (const { written, index, output, tag, name } of liquidMarkups(text)) {
    // An inline comment (`{% # … %}`) is no Liquid to read, and a tag that takes its text as written has no strings.
    if (output === undefined && (/^\s*#/.test(tag ?? "") || (name !== undefined && AS_WRITTEN.has(name))))
      continue;
    const at = name !== undefined && INCLUDES.has(name) ? includeBackslashes : backslashes;
    const offsets = at(written);
    if (offsets.length === 0) continue;
    for (const offset of offsets) {
      parts.push(text.slice(last, index + offset), added);
      last = index + offset;
    }
    found.push({ line: lineAt(text, index), written });
  }
  parts.push(text.slice(last));
  return { text: parts.join(""), found };
}

/** Tags whose text is read as written, by Jekyll and here: a backslash in them is none of Liquid's. */
const AS_WRITTEN = new Set(["post_url", "link", "highlight"]);
/** Jekyll's include tags, and jekyll-include-cache's, which read their parameters as Jekyll's `include` does. */
const INCLUDES = new Set(["include", "include_relative", "include_cached"]);

/** The offsets in `markup` of the backslashes inside its quoted strings, each of which ends at the next quote of its kind. */
function backslashes(markup: string): number[] {
  const found: number[] = [];
  let quote: string | undefined;
  for (let at = 0; at < markup.length; at++) {
    const char = markup[at];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === "\\") found.push(at);
    } else if (char === '"' || char === "'") quote = char;
  }
  return found;
}

/**
 * The same for Jekyll's `include`, whose quoted values pair a backslash with
 * the character after it: `\"` is the quote and does not end the value
 * (LiquidJS reads it so too); any other pair is both characters as written.
 */
function includeBackslashes(markup: string): number[] {
  const found: number[] = [];
  let quote: string | undefined;
  for (let at = 0; at < markup.length; at++) {
    const char = markup[at];
    if (quote === undefined) {
      if (char === '"' || char === "'") quote = char;
    } else if (char === quote) quote = undefined;
    else if (char === "\\") {
      if (markup[at + 1] === quote) {
        at++;
        continue;
      }
      found.push(at);
      // The character paired with it is written as it is; a second backslash is one LiquidJS reads as an escape too.
      if (markup[at + 1] === "\\") found.push(at + 1);
      at++;
    }
  }
  return found;
}

/** A character the text does not hold, to mark the backslashes added to a copy of it. */
export function unusedCharacter(text: string): string {
  let code = 0xe000;
  while (text.includes(String.fromCharCode(code))) code++;
  return String.fromCharCode(code);
}

/** What a warning of such strings says, in a page or an include. */
export function backslashMessage(written: string): string {
  const shown = written.length > 80 ? `${written.slice(0, 77)}…` : written;
  return `\`${shown.replace(/\s+/g, " ")}\`: a backslash in a quoted string, which Jekyll's Liquid reads as a backslash and LiquidJS as an escape: read as Jekyll reads it`;
}

export const BACKSLASH_HINT =
  "nothing to change for this site; to mean the same in every Liquid, keep backslashes out of quoted strings (set the text in the page, or in _config.yml or _data/, and name it)";
