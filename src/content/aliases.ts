/**
 * A post's old addresses (Hugo's `aliases`, jekyll-redirect-from's
 * `redirect_from`): each answers with a permanent redirect to the post
 * (src/manifest/redirects.ts). An alias is the path of a page as it was
 * linked, so it is a path from the site root with no query or fragment, and
 * a document's path (no extension, or `.html`): an image or a script at the
 * old address is the CDN's, never the negotiation core's.
 */
import { isDocumentPath } from "../negotiation/decide.ts";
import type { FieldProblem } from "./foreign-fields.ts";

/** Why `alias` cannot be one, or undefined when it can. */
export function aliasProblem(alias: string): string | undefined {
  if (!alias.startsWith("/") || alias.startsWith("//")) return "an alias is a path from the site root, starting with one `/`";
  if (/[?#]/.test(alias)) return "an alias is a path alone, without a query (`?`) or a fragment (`#`)";
  if (/\s/.test(alias)) return "an alias has no spaces; write a space as `%20`";
  if (alias.split("/").some((segment) => segment === "." || segment === "..")) return "an alias has no `.` or `..` segments";
  if (!isDocumentPath(alias)) return "it is not a page's address (a path with no extension, or ending in .html)";
  return undefined;
}

/**
 * The `aliases` of a page or post, each with its line; an error (through
 * `problem`) for each that cannot be one.
 */
export function readAliases(written: string[] | undefined, lineOf: (index: number) => number | undefined, problem: (at: FieldProblem) => void): { path: string; line?: number }[] {
  return (written ?? []).flatMap((alias, index) => {
    const wrong = aliasProblem(alias);
    if (wrong === undefined) return [{ path: alias, line: lineOf(index) }];
    problem({ path: ["aliases", index], key: false, message: `\`${alias}\` cannot be an alias: ${wrong}`, hint: "write the old address as it was linked, from its first slash: `/2013/05/06/old-title.html` or `/posts/old-title/`" });
    return [];
  });
}
