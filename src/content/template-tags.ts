/**
 * Template syntax left in a page's text. sitegen never executes it: a Liquid
 * tag (`{% … %}`, `{{ … }}`) or a Hugo shortcode (`{{< … >}}`, `{{% … %}}`)
 * would reach readers as it is written, so the build names each one, by its
 * line, for the author to convert (`sitegen import` converts the common
 * ones). Inside fenced code, indented code and inline code such text is an
 * example, and is left alone.
 */

export interface TemplateTag {
  /** 1-based line in the file. */
  line: number;
  /** The tag as written, shortened. */
  tag: string;
}

const TAG = /\{%-?\s*[A-Za-z_][^%]*?-?%\}|\{\{[<%]\s*\/?\s*[\w./-]+.*?[>%]\}\}|\{\{-?\s*[\w.$"'[\]|: -]+?-?\}\}/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Each template tag in `body` outside code, with its line; `bodyLine` is the body's first line in the file. */
export function templateTags(body: string, bodyLine: number): TemplateTag[] {
  const found: TemplateTag[] = [];
  let fence: string | undefined;
  let previousBlank = true;
  body.split("\n").forEach((line, index) => {
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
