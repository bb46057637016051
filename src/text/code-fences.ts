/**
 * Fenced code in Markdown, line by line, as CommonMark reads it: a run of
 * three or more backticks or tildes opens a fence, and only a line of the
 * same character, at least as many, and nothing else closes it. Shared by
 * every scan of a text's lines that must step over code (template tags,
 * title headings, MDX's module code, kramdown's `markdown="1"` blocks).
 */

/** A line's fence marker, when it opens or closes one: the first group. */
export const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The fence open after `line`, given the one open before it (undefined:
 * none), and whether the line is code: a fence's own line or one inside it.
 */
export function fenceAfter(open: string | undefined, line: string): { open?: string; code: boolean } {
  const marker = FENCE.exec(line)?.[1];
  if (open !== undefined)
    return marker !== undefined && closes(open, marker, line) ? { code: true } : { open, code: true };
  return marker !== undefined ? { open: marker, code: true } : { code: false };
}

/** Whether `line`, whose marker is `marker`, closes the fence opened by `open`. */
export function closes(open: string, marker: string, line: string): boolean {
  return marker[0] === open[0] && marker.length >= open.length && line.trim() === marker;
}
