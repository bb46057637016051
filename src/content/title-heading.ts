/**
 * The title a file without `title:` has in its body: its first level-1
 * heading (`# Title`, or `Title` underlined with `===`), as
 * jekyll-titles-from-headings reads it. Headings in code (fenced, or a
 * Liquid `{% highlight %}` block, where `# comment` is a shell comment) are
 * not headings.
 */
import { fenceAfter } from "../text/code-fences.ts";

export interface TitleHeading {
  text: string;
  /** 1-based line in the body. */
  line: number;
}

const HIGHLIGHT_OPEN = /^\s*\{%-?\s*highlight\b/;
const HIGHLIGHT_CLOSE = /^\s*\{%-?\s*endhighlight\b/;
const ATX = /^ {0,3}#(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^ {0,3}=+[ \t]*$/;
/** Attributes after a heading (`{#id .class}`, kramdown's `{: #id}`): not a part of its text. */
const ATTRIBUTES = /\s*\{:?\s*[#.][^}]*\}\s*$/;

export function titleHeading(body: string): TitleHeading | undefined {
  const lines = body.split("\n");
  let fence: string | undefined;
  let highlight = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (highlight) {
      highlight = !HIGHLIGHT_CLOSE.test(line);
      continue;
    }
    const fenced = fenceAfter(fence, line);
    fence = fenced.open;
    if (fenced.code) continue;
    if (HIGHLIGHT_OPEN.test(line)) highlight = true;
    else {
      const atx = ATX.exec(line);
      const text = atx
        ? (atx[1] ?? "")
        : SETEXT.test(lines[index + 1] ?? "") && line.trim() !== "" && !/^ {4}/.test(line)
          ? line.trim()
          : undefined;
      const title = text?.replace(ATTRIBUTES, "").trim();
      if (title) return { text: title, line: index + 1 };
    }
  }
  return undefined;
}
