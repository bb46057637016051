/**
 * TeX math, read as the generator a site came from reads it and rendered at
 * build time by Temml to MathML Core, which browsers lay out themselves: the
 * page needs no script and no math fonts, and a reader without either sees
 * the formula. One setting chooses the delimiters (`markdown: { math: … }`
 * in site.yaml):
 *
 * - `kramdown` (Jekyll): `$$…$$` only, inline inside a paragraph, display as
 *   a block of its own; a single `$` is text.
 * - `latex` (the default): `\(…\)` inline, `\[…\]` and `$$…$$` display,
 *   MathJax's own defaults and the delimiters Hugo's documentation gives
 *   goldmark's passthrough extension; `$$…$$` within a sentence is inline,
 *   as kramdown reads it, so that a Jekyll blog copied as it is reads as
 *   its author wrote it (MathJax would break the sentence around it). A
 *   single `$` is text, so a price is never a formula.
 * - `dollars`: `latex`'s and `$…$` inline, with the rules markdown-it-texmath
 *   and markdown-it-mathjax3 (Eleventy) and pandoc keep against currency: a
 *   `$` opens only before a non-space and closes only after one and before no
 *   digit, so `$5 and $10` stays text.
 * - `mathjax`: what MathJax (or KaTeX's auto-render) found in the browser
 *   in the HTML Markdown had made, as on a Hugo site without the
 *   passthrough extension: `dollars`' `$` and `$$`, `\\(…\\)` and
 *   `\\[…\\]` as the source writes them (Markdown made them `\(` and `\[`),
 *   and the formula's Markdown escapes read as Markdown read them
 *   (`D\_{KL}` is `D_{KL}`, `g^\*` is `g^*`), as its authors wrote them for it.
 * - `none`: no math; `$` and `\(` are Markdown's.
 *
 * Inside math nothing is Markdown: `_` is no emphasis and `\\` stays `\\`.
 * Math in a code span or block is code. The Markdown representation keeps
 * the TeX as written (it is the body, src/render/emit/page-markdown.ts).
 * A formula Temml cannot read is a warning at its line, and is shown as
 * written, in a `<code>`.
 */
import type MarkdownIt from "markdown-it";
import type { StateBlock, StateCore, StateInline } from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import {
  BACKSLASH,
  blockOpener,
  CLOSERS,
  closingAt,
  delimitersOf,
  DOLLAR,
  inlineFormula,
  singleDollar,
  unescaped,
  type MathEnv,
} from "./math-delimiters.ts";
import { escapeHtml, formulaMathml, parseErrorOf } from "./math-render.ts";
import { reportWarning, type MarkdownWarning } from "./warnings.ts";

export function mathPlugin(md: MarkdownIt): void {
  // Before `fence`, so that lines of a formula are not read as a list, a heading or a quote.
  md.block.ruler.before("fence", "math_block", mathBlock, {
    alt: ["paragraph", "reference", "blockquote", "list"],
  });
  // Before `escape`, so that `\(` opens math and `\\` in a formula stays as written.
  md.inline.ruler.before("escape", "math_inline", mathInline);
  md.core.ruler.after("inline", "math_lines", mathLines);
  // After adjacent text is joined: `$\epsilon$` is one text token there.
  md.core.ruler.after("text_join", "math_unread", unreadDollars);
  md.renderer.rules.math_inline = (tokens, index, _options, env) => renderFormula(tokens[index], env, false);
  md.renderer.rules.math_block = (tokens, index, _options, env) =>
    `${renderFormula(tokens[index], env, true)}\n`;
}

/** `$$` or `\[` at a line's start, to the line that ends with its closing delimiter: a display formula. */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  const first = state.src.charCodeAt(start);
  if (first !== DOLLAR && first !== BACKSLASH) return false;
  const delimiters = delimitersOf(state.env);
  if (!delimiters || state.sCount[startLine] - state.blkIndent >= 4) return false;
  const opener = blockOpener(state.src, start, delimiters);
  if (!opener) return false;
  // Interrupting a paragraph is the only time a rule is asked silently with text before it.
  if (silent && !delimiters.interrupts && state.parentType === "paragraph") return false;
  const closer = CLOSERS[opener];
  // A delimiter alone on its line opens a display block that may hold blank lines, as kramdown's and
  // texmath's do; after text, a blank line ends the search (`$$ is what it cost`), and MathJax, reading
  // the HTML Markdown made, never saw a formula across two paragraphs.
  const spansBlankLines =
    !delimiters.escaped && state.src.slice(start + opener.length, state.eMarks[startLine]).trim() === "";
  let line = startLine;
  let from = start + opener.length;
  for (; line < endLine; line++, from = state.bMarks[line] + state.tShift[line]) {
    if (line > startLine && (state.isEmpty(line) ? !spansBlankLines : state.sCount[line] < state.blkIndent))
      return false;
    const text = state.src.slice(from, state.eMarks[line]).trimEnd();
    const at = closingAt(text, closer);
    if (at === -1) continue;
    // Text after the closing delimiter makes it a paragraph's inline math.
    if (at + closer.length !== text.length) return false;
    break;
  }
  if (line >= endLine) return false;
  if (silent) return true;
  const tex = texBetween(state, startLine, line, start + opener.length, closer);
  if (tex.trim() === "") return false;
  const token = state.push("math_block", "math", 0);
  token.block = true;
  token.content = unescaped(tex, delimiters);
  token.meta = { written: `${opener}${tex}${closer}` };
  token.markup = opener;
  token.map = [startLine, line + 1];
  state.line = line + 1;
  return true;
}

/** The formula's text from after its opening delimiter to before its closing one, each line as the container leaves it. */
function texBetween(
  state: StateBlock,
  startLine: number,
  endLine: number,
  from: number,
  closer: string,
): string {
  const lines: string[] = [];
  for (let line = startLine; line <= endLine; line++) {
    const begin = line === startLine ? from : state.bMarks[line] + state.tShift[line];
    lines.push(state.src.slice(begin, state.eMarks[line]));
  }
  const last = lines.length - 1;
  lines[last] = lines[last].trimEnd().slice(0, -closer.length);
  return lines.join("\n");
}

/** `$$…$$`, `\(…\)`, `\[…\]` and, in the dialects that read it, `$…$` within a paragraph. */
function mathInline(state: StateInline, silent: boolean): boolean {
  const code = state.src.charCodeAt(state.pos);
  if (code !== DOLLAR && code !== BACKSLASH) return false;
  const delimiters = delimitersOf(state.env);
  if (!delimiters) return false;
  const found = inlineFormula(state.src, state.pos, delimiters);
  if (!found) return false;
  if (!silent) {
    const token = state.push("math_inline", "math", 0);
    token.content = unescaped(found.tex, delimiters);
    token.markup = found.opener;
    token.meta = {
      display: found.display,
      offset: state.pos,
      written: state.src.slice(state.pos, found.end),
    };
  }
  state.pos = found.end;
  return true;
}

/** An inline formula's line in the body: its paragraph's first line and the lines before it within the paragraph. */
function mathLines(state: StateCore): void {
  for (const token of state.tokens) {
    if (
      token.type !== "inline" ||
      !token.map ||
      !(token.content.includes("$") || token.content.includes("\\"))
    )
      continue;
    for (const child of token.children ?? []) {
      if (child.type !== "math_inline") continue;
      const before = token.content.slice(0, child.meta.offset);
      child.map = [token.map[0] + countLines(before), token.map[0] + countLines(before) + 1];
    }
  }
}

/**
 * TeX between single dollars (`$\theta$`, `$x_1$`) on a site that has not
 * said how its math is delimited: the default leaves it as text, so that a
 * price is never a formula, and the author hears, once a page, which
 * setting reads it. What reads as a price or a word (`$5`, `$P$`) is not
 * named: only a command, a sub- or superscript or a brace.
 */
function unreadDollars(state: StateCore): void {
  const env = state.env as MathEnv & { warnings?: MarkdownWarning[] };
  if (env.math !== undefined || !state.src.includes("$")) return;
  for (const token of state.tokens)
    if (token.type === "inline" && token.map && token.content.includes("$") && namedDollars(env, token))
      return;
}

/** Whether a paragraph's text holds TeX between single dollars: reported, at its line. */
function namedDollars(env: MathEnv & { warnings?: MarkdownWarning[] }, inline: Token): boolean {
  for (const child of inline.children ?? []) {
    if (child.type !== "text" || !child.content.includes("$")) continue;
    for (let at = child.content.indexOf("$"); at !== -1; at = child.content.indexOf("$", at + 1)) {
      const found = singleDollar(child.content, at);
      if (!found || !/\\[A-Za-z]|[_^{}]/.test(found.tex)) continue;
      const written = child.content.slice(at, found.end);
      const line =
        inline.map![0] +
        1 +
        countLines(inline.content.slice(0, Math.max(0, inline.content.indexOf(written))));
      reportWarning(env, {
        kind: "math-delimiters",
        line,
        message: `\`${written}\` reads as TeX between single dollars, which this site leaves as text (its \`markdown.math\` is the default, \`latex\`)`,
        hint: "set `markdown: { math: dollars }` in site.yaml to read `$…$` as math (prices such as `$5 and $10` stay text), or `mathjax` where the formulas were written for MathJax after Markdown (`\\_` for `_`)",
      });
      return true;
    }
  }
  return false;
}

function countLines(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/**
 * A formula as MathML, or as written in a `<code>` with a warning at its
 * line where Temml cannot read it. `trust` stays off: `\href` and `\class`
 * are refused, so a formula writes no link and no attribute of its own.
 */
function renderFormula(
  token: Token,
  env: MathEnv & { warnings?: MarkdownWarning[] },
  block: boolean,
): string {
  const display = block || token.meta?.display === true;
  try {
    return formulaMathml(token.content, display, (env.mathMacros ??= {}));
  } catch (error) {
    const { reason, position } = parseErrorOf(error);
    const line = (token.map?.[0] ?? 0) + 1 + countLines(token.content.slice(0, position ?? 0));
    reportWarning(env, {
      kind: "math",
      line,
      message: `a formula that does not parse, shown as written: ${reason}`,
      hint: "write it as LaTeX reads it (Temml reads LaTeX and the AMS environments, with MathJax's leniencies: `t_\\max`, `\\text{a_b}`), or escape its delimiter (`\\$`) if it is not math",
    });
    const written = escapeHtml(
      token.meta?.written ?? `${token.markup}${token.content}${CLOSERS[token.markup]}`,
    );
    return block
      ? `<pre class="math-source"><code>${written}</code></pre>`
      : `<code class="math-source">${written}</code>`;
  }
}

/**
 * A heading's words as HTML, as a table of contents repeats them: its
 * formulas as MathML, never their TeX as text (each was reported at its
 * line where the heading itself was rendered), the rest as `text` gives it.
 */
export function wordsWithFormulas(inline: Token, text: (child: Token) => string): string {
  return (inline.children ?? [])
    .map((child) => (child.type === "math_inline" ? renderFormula(child, {}, false) : text(child)))
    .join("");
}
