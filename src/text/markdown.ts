/**
 * Text from the content placed inside Markdown that sitegen writes (a link's
 * words, a list item): escaped for that place, as HTML is for HTML (STYLE
 * guideline 14), so a name cannot close the link it labels, open a new line
 * or start a construct of its own. CommonMark lets a backslash escape any
 * ASCII punctuation (spec §2.4); these are the characters that could mean
 * something inside a line.
 */
const INLINE = /[\\`*_[\]<>!|~#]/g;

/** `text` as the words of a link or an item: on one line, its punctuation escaped. */
export function markdownLabel(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(INLINE, (char) => `\\${char}`);
}
