/**
 * Template syntax left in a page's text. sitegen never executes it: a Liquid
 * tag (`{% … %}`, `{{ … }}`) or a Hugo shortcode (`{{< … >}}`, `{{% … %}}`)
 * would reach readers as it is written, so the build names each one, by its
 * line, for the author to convert (`sitegen import` converts the common
 * ones). Inside fenced code, indented code and inline code such text is an
 * example, and is left alone; so is a Liquid or Hugo `highlight` block,
 * which the renderer shows as code (src/render/markdown/code.ts), tags and all.
 */

export interface TemplateTag {
  /** 1-based line in the file. */
  line: number;
  /** The tag as written, shortened. */
  tag: string;
}

const TAG = /\{%-?\s*[A-Za-z_][^%]*?-?%\}|\{\{[<%]\s*\/?\s*[\w./-]+.*?[>%]\}\}|\{\{-?\s*[\w.$"'[\]|: -]+?-?\}\}/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * A Liquid or Hugo highlight block's first and last lines, as a post copied
 * from Jekyll or Hugo has them: `{% highlight ruby %}` … `{% endhighlight %}`,
 * `{{< highlight go "linenos=table" >}}` … `{{< /highlight >}}`. The language
 * is the first group that matched.
 */
export const HIGHLIGHT_OPEN = /^ {0,3}(?:\{%-?\s*highlight\s+([^\s%]+)[^%]*?-?%\}|\{\{[<%]\s*highlight\s+"?([^\s"<>%]+)"?[^<>%]*?[>%]\}\})\s*$/;
export const HIGHLIGHT_CLOSE = /^ {0,3}(?:\{%-?\s*endhighlight\s*-?%\}|\{\{[<%]\s*\/\s*highlight\s*[>%]\}\})\s*$/;

/** Each template tag in `body` outside code, with its line; `bodyLine` is the body's first line in the file. */
export function templateTags(body: string, bodyLine: number): TemplateTag[] {
  const found: TemplateTag[] = [];
  let fence: string | undefined;
  let highlightEnd = -1;
  let previousBlank = true;
  const lines = body.split("\n");
  lines.forEach((line, index) => {
    if (index <= highlightEnd) return;
    if (fence === undefined && HIGHLIGHT_OPEN.test(line)) {
      const close = lines.findIndex((later, at) => at > index && HIGHLIGHT_CLOSE.test(later));
      if (close !== -1) {
        highlightEnd = close;
        return;
      }
    }
    const opener = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (opener !== undefined && opener[0] === fence[0] && opener.length >= fence.length && line.trim() === opener) fence = undefined;
      return;
    }
    if (opener !== undefined) {
      fence = opener;
      return;
    }
    const indentedCode = previousBlank && /^(?: {4}|\t)/.test(line);
    previousBlank = line.trim() === "";
    if (indentedCode || !line.includes("{")) return;
    const outsideCode = line.replace(/(`+)[\s\S]*?\1/g, (code) => " ".repeat(code.length));
    for (const match of outsideCode.matchAll(TAG)) found.push({ line: bodyLine + index, tag: match[0].length > 60 ? `${match[0].slice(0, 57)}…` : match[0] });
  });
  return found;
}
