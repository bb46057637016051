/**
 * A glob as the generators' file finders read one (fast-glob's, micromatch's):
 * `**\/` any folders, `*` and `?` within a name, `{md,mdx}` either, `[^_]` a
 * class, `@(md|mdx)` and the other extended globs; a pattern starting with
 * `!` leaves out what it matches. Astro's
 * `glob()` loader and Eleventy's passthrough copies read them.
 */

/** A glob's patterns (`**\/*.{md,mdx}`, `**\/[^_]*.md`) as one expression; a `!` pattern excludes. */
export function globsRegExp(patterns: string[]): RegExp {
  const include = patterns.filter((pattern) => !pattern.startsWith("!")).map(globSource);
  const exclude = patterns
    .filter((pattern) => pattern.startsWith("!"))
    .map((pattern) => globSource(pattern.slice(1)));
  return new RegExp(
    `^${exclude.length > 0 ? `(?!(?:${exclude.join("|")})$)` : ""}(?:${include.join("|") || ".*"})$`,
  );
}

function globSource(glob: string): string {
  let out = "";
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    // An extended glob, as micromatch reads one: `@(md|mdx)`, `*(…)`, `?(…)`, `+(…)`, `!(…)`, or a bare group `.md(*|x)`.
    const group = extglob(glob, index);
    if (group) {
      out += group.source;
      index = group.end;
    } else if (glob.startsWith("**/", index)) {
      out += "(?:.*/)?";
      index += 2;
    } else if (glob.startsWith("**", index)) {
      out += ".*";
      index += 1;
    } else if (char === "*") out += "[^/]*";
    else if (char === "?") out += "[^/]";
    else if (char === "{") {
      const close = glob.indexOf("}", index);
      if (close === -1) out += "\\{";
      else {
        out += `(?:${glob
          .slice(index + 1, close)
          .split(",")
          .map(globSource)
          .join("|")})`;
        index = close;
      }
    } else if (char === "[") {
      const close = glob.indexOf("]", index);
      if (close === -1) out += "\\[";
      else {
        out += `[${glob
          .slice(index + 1, close)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\")}]`;
        index = close;
      }
    } else out += char.replace(/[.+^$()|\\/]/g, "\\$&");
  }
  return out;
}

/** The extended glob starting at `index` (an operator and a parenthesised list of alternatives), as an expression, and where it ends. */
function extglob(glob: string, index: number): { source: string; end: number } | undefined {
  const operator =
    "@?+*!".includes(glob[index]) && glob[index + 1] === "("
      ? glob[index]
      : glob[index] === "("
        ? "@"
        : undefined;
  if (operator === undefined) return undefined;
  const open = glob[index] === "(" ? index : index + 1;
  let depth = 0;
  let close = -1;
  for (let at = open; at < glob.length; at++) {
    if (glob[at] === "(") depth++;
    else if (glob[at] === ")" && --depth === 0) {
      close = at;
      break;
    }
  }
  if (close === -1) return undefined;
  const alternatives = splitTop(glob.slice(open + 1, close))
    .map(globSource)
    .join("|");
  const source =
    operator === "!"
      ? `(?:(?!(?:${alternatives}))[^/]*)`
      : `(?:${alternatives})${operator === "@" ? "" : operator}`;
  return { source, end: close };
}

/** A group's alternatives, split at its own `|`s. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    if (text[at] === "(") depth++;
    else if (text[at] === ")") depth--;
    else if (text[at] === "|" && depth === 0) {
      parts.push(text.slice(start, at));
      start = at + 1;
    }
  }
  return [...parts, text.slice(start)];
}
