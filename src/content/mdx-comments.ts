/**
 * MDX's comments (`{/* a note *\/}`), which MDX leaves out of the page, as
 * HTML comments (`<!-- a note -->`), which Markdown leaves out too: the
 * author's words are kept in the file and hidden as before, where Markdown
 * would show the braces and all. Code (fenced, indented or inline) is an
 * example, and is left alone. Each keeps its lines, so that what follows is
 * named at its own line.
 */
import { proseOf } from "./template-tags.ts";

/** An expression that holds only comments: `{/* a *\/}`, `{ /* a *\/ /* b *\/ }`; a comment's text holds no `*\/`. */
const COMMENTS = /\{\s*(?:\/\*(?:[^*]|\*(?!\/))*\*\/\s*)+\}/g;

export interface MdxComments {
  body: string;
  /** The line of each comment converted, in the file (`bodyLine` is the body's first). */
  lines: number[];
}

/** The body with each MDX comment outside code as an HTML comment. */
export function mdxCommentsAsHtml(body: string, bodyLine: number): MdxComments {
  if (!body.includes("/*")) return { body, lines: [] };
  const prose = proseOf(body, { liquid: false });
  const lines: number[] = [];
  let out = "";
  let from = 0;
  COMMENTS.lastIndex = 0;
  for (let match = COMMENTS.exec(prose); match !== null; match = COMMENTS.exec(prose)) {
    // Found in the prose, where code is blanked; converted as the source wrote it.
    const written = body.slice(match.index, match.index + match[0].length);
    lines.push(bodyLine + (body.slice(0, match.index).match(/\n/g)?.length ?? 0));
    out += body.slice(from, match.index) + asHtml(written);
    from = match.index + match[0].length;
  }
  return { body: out + body.slice(from), lines };
}

/**
 * `{/* words *\/}` as `<!-- words -->`: between the first `/*` and the last
 * `*\/`, each line kept; a `--` in the words is spaced (`- -`), since it
 * would end or break the HTML comment, and the words are spaced from the
 * markers, so that one starting `>` or ending `-` cannot close it early.
 */
function asHtml(written: string): string {
  const open = written.indexOf("/*");
  const close = written.lastIndexOf("*/");
  const before = written.slice(0, open).replace(/[^\n]/g, "");
  const after = written.slice(close + 2).replace(/[^\n]/g, "");
  const words = written.slice(open + 2, close).replace(/-(?=-)/g, "- ");
  const padded = `${/^\s/.test(words) ? "" : " "}${words}${/\s$/.test(words) ? "" : " "}`;
  return `${before}<!--${padded}-->${after}`;
}
