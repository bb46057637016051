/**
 * A YAML error said where a writer fixes it: the parser reports where it gave
 * up, which for an unclosed `[`, `{` or quote is the end of the block, so the
 * error points at the opener instead, with a hint of what to write. Its own
 * module because it reads the `yaml` package's messages and codes, apart from
 * reading the document (src/content/yaml.ts).
 */

/** Where to point for a YAML error: the opener of what is left unclosed, else where the parser gave up, within the written text. */
export function yamlErrorOffset(text: string, offset: number, message: string): number {
  const quote = /^Missing closing (["'])/.exec(message)?.[1];
  const opener = quote
    ? openingQuote(text, offset, quote)
    : /^Flow (sequence|mapping)/.test(message)
      ? unclosedBracket(text, offset)
      : -1;
  if (opener >= 0) return opener;
  const lastWritten = Math.max(text.trimEnd().length - 1, 0);
  return Math.min(offset, lastWritten);
}

/** The last `quote` before `offset`, skipping `\"` inside double quotes. */
function openingQuote(text: string, offset: number, quote: string): number {
  let at = text.lastIndexOf(quote, offset - 1);
  while (at > 0 && quote === '"' && text[at - 1] === "\\") at = text.lastIndexOf(quote, at - 1);
  return at;
}

/** The last `[` or `{` before `offset` that nothing closes. */
function unclosedBracket(text: string, offset: number): number {
  let depth = 0;
  for (let i = offset - 1; i >= 0; i--) {
    if (text[i] === "]" || text[i] === "}") depth++;
    else if (text[i] === "[" || text[i] === "{") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

export function yamlHint(code: string, message: string): string | undefined {
  if (/^Flow sequence/.test(message))
    return "close the list on the same line, e.g. `tags: [a, b]`, or write one `- item` per line";
  if (/^Flow mapping/.test(message)) return "close the mapping with `}` on the same line";
  if (/^Missing closing/.test(message)) return "close the quoted value on the same line";
  if (code === "DUPLICATE_KEY") return "each field may appear once";
  if (code === "BAD_INDENT" || code === "MISSING_CHAR")
    return "check the indentation and quote values that contain `:` or `#`";
  return "quote values that contain `:`, `#`, `[` or `{`";
}

export function firstSentence(message: string): string {
  return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}
