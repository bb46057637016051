/**
 * The characters XML 1.0 forbids (§2.2: a document holds only TAB, LF, CR,
 * U+0020 to U+D7FF, U+E000 to U+FFFD and U+10000 up): the other C0 controls
 * (a vertical tab or form feed pasted from a word processor, a NUL, a
 * backspace), U+FFFE, U+FFFF and a surrogate without its pair. One of them
 * makes a document ill-formed, and a feed reader refuses the whole feed.
 */
export const XML_FORBIDDEN =
  /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` without the characters XML 1.0 forbids. */
export function withoutXmlForbidden(text: string): string {
  return text.replace(XML_FORBIDDEN, "");
}

/** The first character XML 1.0 forbids in `text`, as `U+000B`, and where; undefined when there is none. */
export function firstXmlForbidden(text: string): { index: number; name: string; count: number } | undefined {
  return firstCharacterOf(XML_FORBIDDEN, text);
}

/** The first character `pattern` (global, one character a match) finds in `text`, named as `U+000B`, where, and how many there are. */
export function firstCharacterOf(
  pattern: RegExp,
  text: string,
): { index: number; name: string; count: number } | undefined {
  let first: { index: number; name: string } | undefined;
  let count = 0;
  for (const match of text.matchAll(pattern)) {
    count++;
    first ??= {
      index: match.index,
      name: `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
    };
  }
  return first && { ...first, count };
}
