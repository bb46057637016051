/**
 * A post's old addresses (Hugo's `aliases`, jekyll-redirect-from's
 * `redirect_from`): each answers with a permanent redirect to the post
 * (src/manifest/redirects.ts). An alias is the path of a page as it was
 * linked, so it is a path from the site root with no query or fragment, and
 * a document's path (no extension, or `.html`): an image or a script at the
 * old address is the CDN's, never the negotiation core's.
 */
import { isDocumentPath, pathOfSegments } from "../negotiation/decide.ts";
import type { FieldProblem } from "./foreign-fields.ts";

/**
 * An alias as requests for it are looked up (`normalizePath`'s form), or why
 * it cannot be one. It is read as it would be requested: decoded segment by
 * segment first, so that `%2e%2e` is the `..` it stands for and `%2B` the
 * `+`, then written in the one form every host looks routes up by.
 */
export function readAlias(alias: string): { path: string } | { problem: string } {
  if (!alias.startsWith("/") || alias.startsWith("//"))
    return { problem: "an alias is a path from the site root, starting with one `/`" };
  if (/[?#]/.test(alias))
    return {
      problem:
        "an alias is a path alone, without a query (`?`) or a fragment (`#`); write a `?` or `#` of the address as `%3F` or `%23`",
    };
  if (/\s/.test(alias)) return { problem: "an alias has no spaces; write a space as `%20`" };
  const segments: string[] = [];
  for (const written of alias.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(written);
    } catch {
      return {
        problem: `\`${written}\` is not percent-encoded UTF-8 (a \`%\` stands before two hex digits)`,
      };
    }
    if (segment.includes("/"))
      return { problem: "an alias has no encoded `/` (`%2F`): hosts disagree on whether it ends a segment" };
    if (segment === "." || segment === "..")
      return {
        problem: `an alias has no \`.\` or \`..\` segments${segment === written ? "" : `, encoded or not (\`${written}\`)`}`,
      };
    if (/[\u0000-\u001f\u007f-\u009f]/.test(segment))
      return { problem: "an alias has no control characters, encoded or not" };
    segments.push(segment);
  }
  if (segments[1] === "_sitegen")
    return {
      problem:
        "/_sitegen/ holds the site's own data, which the hosts read: no address under it can be an alias",
    };
  const path = pathOfSegments(segments);
  if (!isDocumentPath(path))
    return { problem: "it is not a page's address (a path with no extension, or ending in .html)" };
  return { path };
}

/**
 * The `aliases` of a page or post, each with its line; each that cannot be
 * one is left out and reported through `problem`. One written without its
 * first `/` (`2019/05/15/name.html`) is read from the site root, as Zola
 * and jekyll-redirect-from read it, and reported: Hugo reads it from the
 * post's section, which a post copied into the blog no longer names.
 */
export function readAliases(
  written: string[] | undefined,
  lineOf: (index: number) => number | undefined,
  problem: (at: FieldProblem) => void,
): { path: string; line?: number }[] {
  return (written ?? []).flatMap((written, index) => {
    const rooted = fromRoot(written);
    const alias = asFolder(rooted ?? written);
    const read = readAlias(alias);
    if ("path" in read && rooted !== undefined) {
      problem({
        kind: "relative-alias",
        path: ["aliases", index],
        key: false,
        message: `\`${written}\` has no first \`/\`: read from the site root, as Zola and jekyll-redirect-from read it, as \`${alias}\``,
        hint: `write \`${alias}\`; a post from Hugo had it under its section (\`/posts/${written}\`)`,
      });
    }
    if ("path" in read) return [{ path: alias, line: lineOf(index) }];
    problem({
      kind: "alias",
      path: ["aliases", index],
      key: false,
      message: `\`${written}\` cannot be an alias: ${read.problem}; it is left out`,
      hint: "write the old address as it was linked, from its first slash: `/2013/05/06/old-title.html` or `/posts/old-title/`",
    });
    return [];
  });
}

/** A path written without its first `/` (not a URL, not `./` or `../`), from the site root; undefined for anything else. */
function fromRoot(alias: string): string | undefined {
  if (
    alias.startsWith("/") ||
    alias.trim() === "" ||
    /^[A-Za-z][A-Za-z\d+.-]*:/.test(alias) ||
    /^\.\.?(\/|$)/.test(alias)
  )
    return undefined;
  return `/${alias}`;
}

/**
 * An alias whose last segment's dot starts no file extension names no file:
 * one ending in a number (`/releases/1.94.1`), or in a version within words
 * (`/2022/12/21/sass-converter-3.0-released`, as Jekyll's own blog has it).
 * Hugo and Zola publish it as a folder's page, `/releases/1.94.1/`, which is
 * how it is read. One ending in a file's extension (`/old.php`) stays as
 * written.
 */
function asFolder(alias: string): string {
  const after = /\.([^./]*)$/.exec(alias)?.[1];
  return after !== undefined && (/^\d+$/.test(after) || /[^A-Za-z\d]/.test(after)) ? `${alias}/` : alias;
}
