/**
 * A glob as the generators' file finders read one (fast-glob's, micromatch's):
 * `**\/` any folders, `*` and `?` within a name, `{md,mdx}` either, `[^_]` a
 * class; a pattern starting with `!` leaves out what it matches. Astro's
 * `glob()` loader and Eleventy's passthrough copies read them.
 */

/** A glob's patterns (`**\/*.{md,mdx}`, `**\/[^_]*.md`) as one expression; a `!` pattern excludes. */
export function globsRegExp(patterns: string[]): RegExp {
  const include = patterns.filter((pattern) => !pattern.startsWith("!")).map(globSource);
  const exclude = patterns.filter((pattern) => pattern.startsWith("!")).map((pattern) => globSource(pattern.slice(1)));
  return new RegExp(`^${exclude.length > 0 ? `(?!(?:${exclude.join("|")})$)` : ""}(?:${include.join("|") || ".*"})$`);
}

function globSource(glob: string): string {
  let out = "";
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    if (glob.startsWith("**/", index)) {
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
        out += `(?:${glob.slice(index + 1, close).split(",").map(globSource).join("|")})`;
        index = close;
      }
    } else if (char === "[") {
      const close = glob.indexOf("]", index);
      if (close === -1) out += "\\[";
      else {
        out += `[${glob.slice(index + 1, close).replace(/^!/, "^").replace(/\\/g, "\\\\")}]`;
        index = close;
      }
    } else out += char.replace(/[.+^$()|\\/]/g, "\\$&");
  }
  return out;
}
