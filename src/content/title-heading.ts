/**
 * The title a file without `title:` has in its body: its first level-1
 * heading (`# Title`, or `Title` underlined with `===`), as
 * jekyll-titles-from-headings reads it. Headings in code (fenced, or a
 * Liquid `{% highlight %}` block, where `# comment` is a shell comment) are
 * not headings.
 */

export interface TitleHeading {
  text: string;
  /** 1-based line in the body. */
  line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
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
    const opener = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (
        opener !== undefined &&
        opener[0] === fence[0] &&
        opener.length >= fence.length &&
        line.trim() === opener
      )
        fence = undefined;
      continue;
    }
    if (highlight) {
      highlight = !HIGHLIGHT_CLOSE.test(line);
      continue;
    }
    if (opener !== undefined) fence = opener;
    else if (HIGHLIGHT_OPEN.test(line)) highlight = true;
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
