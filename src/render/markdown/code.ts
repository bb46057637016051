/**
 * Code and tables. Fenced code is highlighted (highlight.ts); its language is
 * the info string's first word, as CommonMark says, or pandoc's first class
 * (```` ```{.python} ````), or a kramdown `{: .language-ruby}` after it
 * (attributes.ts). A Liquid or Hugo `highlight` block copied as it is
 * (`{% highlight ruby %}` … `{% endhighlight %}`) is a fence too, so a
 * `# comment` inside it is code, not a heading. Code blocks and tables scroll
 * sideways in boxes a keyboard can reach (WCAG 2.1.1; axe's
 * `scrollable-region-focusable`).
 */
import type MarkdownIt from "markdown-it";
import type StateBlock from "markdown-it/lib/rules_block/state_block.mjs";
import { HIGHLIGHT_CLOSE, HIGHLIGHT_OPEN } from "../../content/template-tags.ts";
import { highlightCode } from "../media/highlight.ts";
import { readAttributes } from "./attribute-lists.ts";

export function codePlugin(md: MarkdownIt): void {
  const { escapeHtml, unescapeAll } = md.utils;
  md.block.ruler.before("fence", "template_highlight", templateHighlight, {
    alt: ["paragraph", "reference", "blockquote", "list"],
  });
  md.renderer.rules.fence = (tokens, index, _options, _env, self) => {
    const token = tokens[index];
    const language = languageOf(unescapeAll(token.info));
    const code = highlightCode(token.content, language) ?? escapeHtml(token.content);
    const type = language ? ` class="language-${escapeHtml(language)}"` : "";
    const pre = `<pre tabindex="0"${self.renderAttrs(token)}><code${type}>${code}</code></pre>`;
    // The block's title (`title="src/main.rs"`, Expressive Code's and Docusaurus's), shown above it as they show it.
    const title = titleOf(unescapeAll(token.info));
    return title === undefined
      ? `${pre}\n`
      : `<figure class="code-title"><figcaption>${escapeHtml(title)}</figcaption>\n${pre}</figure>\n`;
  };
  md.renderer.rules.code_block = (tokens, index, _options, _env, self) =>
    `<pre tabindex="0"${self.renderAttrs(tokens[index])}><code>${escapeHtml(tokens[index].content)}</code></pre>\n`;
  md.renderer.rules.table_open = (tokens, index, _options, _env, self) =>
    `<div class="table-scroll" tabindex="0">\n<table${self.renderAttrs(tokens[index])}>\n`;
  md.renderer.rules.table_close = () => `</table>\n</div>\n`;
}

/** A fence's title after its language: `rust title="src/main.rs"`, `sh title='Run it'`, `toml title=Cargo.toml`. */
function titleOf(info: string): string | undefined {
  const match = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|([^\s"']+))/.exec(info);
  const title = (match?.[1] ?? match?.[2] ?? match?.[3])?.trim();
  return title === "" ? undefined : title;
}

/** A fence's language: `ruby`, `ruby linenos`, `js{1,3}`, `{.python .numberLines}`; "" for none (a fence of a title alone). */
export function languageOf(info: string): string {
  const word = info.trim().split(/\s+/)[0] ?? "";
  if (word.startsWith("{"))
    return readAttributes(info.trim().slice(1, info.trim().indexOf("}")))?.classes[0] ?? "";
  if (word.includes("=")) return "";
  return word.replace(/\{.*$/, "");
}

/** A Liquid or Hugo highlight block, from its opening line to its closing one, as a fence of its language. */
function templateHighlight(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  const lineAt = (line: number) =>
    state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);
  const open = HIGHLIGHT_OPEN.exec(lineAt(startLine));
  if (!open) return false;
  let close = startLine + 1;
  while (close < endLine && !HIGHLIGHT_CLOSE.test(lineAt(close))) close++;
  if (close >= endLine) return false;
  if (silent) return true;
  const token = state.push("fence", "code", 0);
  token.info = open[1] ?? open[2];
  token.content = state.getLines(startLine + 1, close, state.sCount[startLine], true);
  token.markup = lineAt(startLine);
  token.map = [startLine, close + 1];
  state.line = close + 1;
  return true;
}
