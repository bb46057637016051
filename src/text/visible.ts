/**
 * Text from outside the program (a file's name, a slug, an alias, a form's
 * field) made safe to print on a terminal: every control character is shown
 * as an escape instead of acting. A terminal obeys what it is sent, so an
 * ESC in a file name (`\x1b]0;…\x07` sets the window's title, `\x1b[2J`
 * clears the screen) or a CR in an alias (which rewrites the line, or starts
 * a fake one) would otherwise speak to the operator in sitegen's voice. This
 * holds with and without colour: NO_COLOR turns off sitegen's own escapes,
 * not the ones a name carries.
 *
 * Made visible: C0 controls and DEL, C1 controls (0x9b is a one-byte CSI on
 * some terminals), the line and paragraph separators, and the bidirectional
 * controls that reorder what a line shows (CVE-2021-42574, "Trojan Source").
 */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same, but for the line feed: for text whose lines are its own (a form's value, a tool's output). */
const CONTROL_BUT_LINE_FEED =
  /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * A C0 control as `\x1b`; DEL, a C1 control and the rest as `\u009b`, `\u200f`: JSON.stringify writes every
 * C0 control as an escape of its own, but none of these, so the form made here must be one JSON reads too
 * (`--json` output is printed through this, and a Hebrew text's right-to-left mark had made it unreadable).
 */
function shown(char: string): string {
  const code = char.charCodeAt(0);
  return (
    NAMED[char] ??
    (code < 0x7f ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`)
  );
}

/** One line of text with every control character, line breaks included, shown as an escape (`\x1b`, `\n`). */
export function visible(text: string): string {
  return text.replace(CONTROL, shown);
}

/** Text of several lines: the line feeds kept, every other control character shown as an escape. */
export function visibleLines(text: string): string {
  return text.replace(CONTROL_BUT_LINE_FEED, shown);
}
