/**
 * Liquid's `replace` and `replace_first` as Jekyll's Ruby runs them: `gsub`
 * and `sub` of a string, whose replacement may name the match (`\&`, `\0`),
 * the text before it (`` \` ``) and after it (`\'`); `\1`…`\9` name groups a
 * string has none of, so they are empty, and `\\` is one backslash. A site
 * writes `| replace: '&', '\&amp;'` to escape each ampersand: since a string
 * keeps its backslashes as Ruby reads it (src/content/liquid-string-backslashes.ts),
 * the replacement reaches the filter as written, and is read here as Ruby
 * reads it. A replacement with no backslash is LiquidJS's own filter's.
 */

/** What LiquidJS calls a filter with: its render's context, for the memory it bounds. */
interface FilterThis {
  context: { memoryLimit: { use(count: number): void } };
}

type Filter = (this: FilterThis, input: unknown, pattern: unknown, replacement?: unknown) => unknown;

/** LiquidJS's `replace` (`all`) or `replace_first`, reading a replacement with a backslash as Ruby's `gsub` or `sub` does. */
export function rubyReplace(own: Filter, all: boolean): Filter {
  return function (this: FilterThis, input, pattern, replacement = "") {
    if (typeof replacement !== "string" || !replacement.includes("\\"))
      return own.call(this, input, pattern, replacement);
    const text = asText(input);
    const find = asText(pattern);
    const parts: string[] = [];
    let from = 0;
    for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, next(text, at, find))) {
      const end = at + find.length;
      parts.push(text.slice(from, at), substituted(replacement, text, at, end));
      this.context.memoryLimit.use(parts[parts.length - 1].length);
      from = end;
      if (!all || at >= text.length) break;
    }
    parts.push(text.slice(from));
    return parts.join("");
  };
}

/** Where to look for the next match: after this one; after its character too where the pattern is empty, as Ruby steps. */
function next(text: string, at: number, find: string): number {
  if (find !== "") return at + find.length;
  if (at >= text.length) return text.length + 1;
  return at + (text.codePointAt(at)! > 0xffff ? 2 : 1);
}

/** The replacement with each of Ruby's back-references read: the match between `start` and `end` of `text`. */
function substituted(replacement: string, text: string, start: number, end: number): string {
  return replacement.replace(/\\([\\&0-9`']?)/g, (written, named: string) => {
    if (named === "\\") return "\\";
    if (named === "&" || named === "0") return text.slice(start, end);
    if (named === "`") return text.slice(0, start);
    if (named === "'") return text.slice(end);
    if (named !== "") return "";
    return written;
  });
}

function asText(value: unknown): string {
  return value === undefined || value === null ? "" : String(value);
}
