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
import temml from "temml";
import type { MathDialect } from "../../content/types.ts";
import { reportWarning, type MarkdownWarning } from "./warnings.ts";

export const DEFAULT_MATH: MathDialect = "latex";

/** What a render's markdown-it env carries for math. */
export interface MathEnv {
  /** The site's `markdown.math`; `latex` when unset. */
  math?: MathDialect;
  /** Macros a formula defines (`\gdef`), for the page's later formulas, as MathJax keeps them for a page. */
  mathMacros?: Record<string, unknown>;
}

interface Delimiters {
  /** `$…$` inline, with the currency rules. */
  dollar: boolean;
  /** `\(…\)` inline and `\[…\]` display. */
  backslash: boolean;
  /** `$$…$$` inside a paragraph: inline (kramdown) or display (MathJax, texmath). */
  doubleInline: boolean;
  /** A `$$` block may interrupt a paragraph (texmath, goldmark); kramdown's starts after a blank line. */
  interrupts: boolean;
  /** The formula is written through Markdown: `\\(` opens it, and its backslash escapes are Markdown's (`mathjax`). */
  escaped?: true;
}

const DELIMITERS: Record<Exclude<MathDialect, "none">, Delimiters> = {
  kramdown: { dollar: false, backslash: false, doubleInline: true, interrupts: false },
  latex: { dollar: false, backslash: true, doubleInline: true, interrupts: true },
  dollars: { dollar: true, backslash: true, doubleInline: false, interrupts: true },
  mathjax: { dollar: true, backslash: false, doubleInline: false, interrupts: true, escaped: true },
};

const DOLLAR = 0x24;
const BACKSLASH = 0x5c;

function delimitersOf(env: MathEnv | undefined): Delimiters | undefined {
  const dialect = env?.math ?? DEFAULT_MATH;
  return dialect === "none" ? undefined : DELIMITERS[dialect];
}

export function mathPlugin(md: MarkdownIt): void {
  // Before `fence`, so that lines of a formula are not read as a list, a heading or a quote.
  md.block.ruler.before("fence", "math_block", mathBlock, { alt: ["paragraph", "reference", "blockquote", "list"] });
  // Before `escape`, so that `\(` opens math and `\\` in a formula stays as written.
  md.inline.ruler.before("escape", "math_inline", mathInline);
  md.core.ruler.after("inline", "math_lines", mathLines);
  // After adjacent text is joined: `$\epsilon$` is one text token there.
  md.core.ruler.after("text_join", "math_unread", unreadDollars);
  md.renderer.rules.math_inline = (tokens, index, _options, env) => renderFormula(tokens[index], env, false);
  md.renderer.rules.math_block = (tokens, index, _options, env) => `${renderFormula(tokens[index], env, true)}\n`;
}

/** The closing delimiter of each opening one. */
const CLOSERS: Record<string, string> = { $$: "$$", "\\[": "\\]", "\\(": "\\)", $: "$", "\\\\[": "\\\\]", "\\\\(": "\\\\)", "\\\\\\[": "\\\\\\]", "\\\\\\(": "\\\\\\)" };

/**
 * How a formula written through Markdown opens with a backslash: `\\(` or
 * `\\\(` (eleventy-plugin-mathjax's README gives the second), each of which
 * Markdown made `\(`, and the same with `[`.
 */
const ESCAPED_OPENER = /\\\\\\?[([]/y;

function escapedOpenerAt(src: string, at: number): string | undefined {
  ESCAPED_OPENER.lastIndex = at;
  return ESCAPED_OPENER.exec(src)?.[0];
}

/** A block's opening delimiter at `at`, of those the dialect reads. */
function blockOpener(src: string, at: number, delimiters: Delimiters): string | undefined {
  if (src.startsWith("$$", at)) return "$$";
  if (delimiters.backslash && src.startsWith("\\[", at)) return "\\[";
  const escaped = delimiters.escaped ? escapedOpenerAt(src, at) : undefined;
  if (escaped?.endsWith("[")) return escaped;
  return undefined;
}

/** The TeX a formula written through Markdown gave MathJax: each backslash escape of ASCII punctuation (CommonMark §2.4) its character. */
function unescaped(tex: string, delimiters: Delimiters): string {
  return delimiters.escaped ? tex.replace(/\\([!-/:-@[-`{-~])/g, "$1") : tex;
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
  const spansBlankLines = !delimiters.escaped && state.src.slice(start + opener.length, state.eMarks[startLine]).trim() === "";
  let line = startLine;
  let from = start + opener.length;
  for (; line < endLine; line++, from = state.bMarks[line] + state.tShift[line]) {
    if (line > startLine && (state.isEmpty(line) ? !spansBlankLines : state.sCount[line] < state.blkIndent)) return false;
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
function texBetween(state: StateBlock, startLine: number, endLine: number, from: number, closer: string): string {
  const lines: string[] = [];
  for (let line = startLine; line <= endLine; line++) {
    const begin = line === startLine ? from : state.bMarks[line] + state.tShift[line];
    lines.push(state.src.slice(begin, state.eMarks[line]));
  }
  const last = lines.length - 1;
  lines[last] = lines[last].trimEnd().slice(0, -closer.length);
  return lines.join("\n");
}

/** Where `closer` first stands in `text` unescaped (not after an odd run of backslashes), or -1. */
function closingAt(text: string, closer: string, from = 0): number {
  for (let at = text.indexOf(closer, from); at !== -1; at = text.indexOf(closer, at + 1)) {
    // `\$` is a dollar in TeX, and `\\)` a line break before a parenthesis: neither closes.
    if (!escapedAt(text, at)) return at;
  }
  return -1;
}

/** Whether the character at `at` follows an odd number of backslashes. */
function escapedAt(text: string, at: number): boolean {
  let count = 0;
  for (let index = at - 1; index >= 0 && text.charCodeAt(index) === BACKSLASH; index--) count++;
  return count % 2 === 1;
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
    token.meta = { display: found.display, offset: state.pos, written: state.src.slice(state.pos, found.end) };
  }
  state.pos = found.end;
  return true;
}

interface InlineFormula {
  tex: string;
  opener: string;
  display: boolean;
  /** Just past its closing delimiter. */
  end: number;
}

function inlineFormula(src: string, pos: number, delimiters: Delimiters): InlineFormula | undefined {
  const opener = src.startsWith("$$", pos) ? "$$" : src[pos] === "$" ? "$" : src.slice(pos, pos + 2);
  if (opener === "$$") return delimited(src, pos, opener, !delimiters.doubleInline);
  if (opener === "$") return delimiters.dollar && !escapedAt(src, pos) ? singleDollar(src, pos) : undefined;
  const escaped = delimiters.escaped && !escapedAt(src, pos) ? escapedOpenerAt(src, pos) : undefined;
  if (escaped) return delimited(src, pos, escaped, escaped.endsWith("["));
  if (!delimiters.backslash || escapedAt(src, pos)) return undefined;
  if (opener === "\\(") return delimited(src, pos, opener, false);
  if (opener === "\\[") return delimited(src, pos, opener, true);
  return undefined;
}

function delimited(src: string, pos: number, opener: string, display: boolean): InlineFormula | undefined {
  const closer = CLOSERS[opener];
  const at = closingAt(src, closer, pos + opener.length);
  if (at === -1) return undefined;
  const tex = src.slice(pos + opener.length, at);
  return tex.trim() === "" ? undefined : { tex, opener, display, end: at + closer.length };
}

/**
 * `$…$` as markdown-it-mathjax3 and pandoc read it: the opening `$` is
 * followed by a non-space, and the next unescaped `$` closes only after a
 * non-space and before anything but a digit; else both are text (`$5 and
 * $10`, `costs $5-$10`).
 */
function singleDollar(src: string, pos: number): InlineFormula | undefined {
  if (pos > 0 && isDigit(src.charCodeAt(pos - 1))) return undefined;
  if (isSpace(src.charCodeAt(pos + 1)) || pos + 1 >= src.length) return undefined;
  let at = src.indexOf("$", pos + 1);
  while (at !== -1 && escapedAt(src, at)) at = src.indexOf("$", at + 1);
  if (at === -1 || isSpace(src.charCodeAt(at - 1)) || isDigit(src.charCodeAt(at + 1))) return undefined;
  return { tex: src.slice(pos + 1, at), opener: "$", display: false, end: at + 1 };
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** An inline formula's line in the body: its paragraph's first line and the lines before it within the paragraph. */
function mathLines(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.type !== "inline" || !token.map || !(token.content.includes("$") || token.content.includes("\\"))) continue;
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
  for (const token of state.tokens) if (token.type === "inline" && token.map && token.content.includes("$") && namedDollars(env, token)) return;
}

/** Whether a paragraph's text holds TeX between single dollars: reported, at its line. */
function namedDollars(env: MathEnv & { warnings?: MarkdownWarning[] }, inline: Token): boolean {
  for (const child of inline.children ?? []) {
    if (child.type !== "text" || !child.content.includes("$")) continue;
    for (let at = child.content.indexOf("$"); at !== -1; at = child.content.indexOf("$", at + 1)) {
      const found = singleDollar(child.content, at);
      if (!found || !/\\[A-Za-z]|[_^{}]/.test(found.tex)) continue;
      const written = child.content.slice(at, found.end);
      const line = inline.map![0] + 1 + countLines(inline.content.slice(0, Math.max(0, inline.content.indexOf(written))));
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
function renderFormula(token: Token, env: MathEnv & { warnings?: MarkdownWarning[] }, block: boolean): string {
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
    const written = escapeHtml(token.meta?.written ?? `${token.markup}${token.content}${CLOSERS[token.markup]}`);
    return block ? `<pre class="math-source"><code>${written}</code></pre>` : `<code class="math-source">${written}</code>`;
  }
}

/**
 * Formulas rendered already, by mode and TeX: a blog repeats its `$$p$$`
 * and `$$\theta$$` (1,986 of one real blog's 5,183 formulas were repeats).
 * Kept only while the page defines no macro of its own (`\gdef`), whose
 * meaning would change what a formula writes; emptied when full.
 */
const RENDERED = new Map<string, string>();
const RENDERED_MAX = 10_000;

function formulaMathml(tex: string, display: boolean, macros: Record<string, unknown>): string {
  if (Object.keys(macros).length > 0) return withoutStyles(mathmlOf(tex, display, macros));
  const key = `${display ? "D" : "I"}${tex}`;
  const kept = RENDERED.get(key);
  if (kept !== undefined) return kept;
  const mathml = withoutStyles(mathmlOf(tex, display, macros));
  if (Object.keys(macros).length > 0) return mathml;
  if (RENDERED.size >= RENDERED_MAX) RENDERED.clear();
  RENDERED.set(key, mathml);
  return mathml;
}

/**
 * A formula as Temml writes it, read as MathJax (which the sites these
 * formulas come from ran in the browser) reads what Temml refuses: an
 * environment only display math may hold (`align*`) inside an inline
 * formula is shown as display math, a command with no braces as a sub-
 * or superscript (`t_\max`, `Q^\vec{\mu}`) is braced, as TeX itself takes
 * one token there, and `_`, `&`, `#` and `%` in `\text{…}` are those
 * characters, as MathJax shows `\text{style_fwd}`.
 */
function mathmlOf(tex: string, display: boolean, macros: Record<string, unknown>): string {
  const options = { displayMode: display, throwOnError: true, macros };
  try {
    return temml.renderToString(tex, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (!display && message.includes("can be used only in display mode")) return mathmlOf(tex, true, macros);
    const braced = tex.replace(/([_^])\s*(\\[A-Za-z]+(?:\{[^{}]*\})*)/g, "$1{$2}");
    if (braced !== tex && /with no arguments as (?:sub|super)script/.test(message)) return temml.renderToString(braced, options);
    const text = tex.replace(/\\text\{([^{}]*)\}/g, (_, words: string) => `\\text{${words.replace(/(?<!\\)[_&#%]/g, "\\$&")}}`);
    if (text !== tex) return temml.renderToString(text, options);
    throw error;
  }
}

/**
 * A heading's words as HTML, as a table of contents repeats them: its
 * formulas as MathML, never their TeX as text (each was reported at its
 * line where the heading itself was rendered), the rest as `text` gives it.
 */
export function wordsWithFormulas(inline: Token, text: (child: Token) => string): string {
  return (inline.children ?? []).map((child) => (child.type === "math_inline" ? renderFormula(child, {}, false) : text(child))).join("");
}

/** Temml's message in one line, without its underlined excerpt, and where in the formula it arose. */
function parseErrorOf(error: unknown): { reason: string; position?: number } {
  const message = error instanceof Error ? error.message : String(error);
  const reason = message.trim().replace(/ at (?:position \d+|end of input):[\s\S]*$/, "").replace(/\s+/g, " ");
  const position = (error as { position?: unknown }).position;
  return { reason, ...(typeof position === "number" ? { position } : {}) };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Temml's `style` attributes, which the page's Content-Security-Policy
 * blocks (style-src has no 'unsafe-inline'), as what the policy allows: a
 * colour as MathML's own `mathcolor` and `mathbackground` attributes
 * (MathML Core §2.1.3), the spacing and rules of arrays and boxes as classes
 * of the theme's stylesheet (`STYLE_CLASSES`). A declaration with neither is
 * left out; the formula still reads, with the browser's own spacing there.
 */
export function withoutStyles(mathml: string): string {
  if (!mathml.includes(' style="')) return mathml;
  return mathml.replace(/<([a-z]+)((?:\s+[a-z-]+="[^"]*")*)\s*>/g, (tag, name: string, attributes: string) => {
    if (!attributes.includes(' style="')) return tag;
    return `<${name}${restyled(attributes)}>`;
  });
}

function restyled(attributes: string): string {
  const pairs = [...attributes.matchAll(/\s+([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value] as [string, string]);
  const style = pairs.find(([name]) => name === "style")?.[1] ?? "";
  const classes = (pairs.find(([name]) => name === "class")?.[1] ?? "").split(" ").filter(Boolean);
  const added: [string, string][] = [];
  for (const declaration of style.split(";")) {
    const [property, ...rest] = declaration.split(":");
    const value = rest.join(":").trim();
    const key = `${property.trim()}:${value}`;
    if (property.trim() === "color" && /^#[0-9a-fA-F]{3,8}$/.test(value)) added.push(["mathcolor", value]);
    else if (property.trim() === "background-color" && /^#[0-9a-fA-F]{3,8}$/.test(value)) added.push(["mathbackground", value]);
    else if (STYLE_CLASSES[key] && !classes.includes(STYLE_CLASSES[key])) classes.push(STYLE_CLASSES[key]);
  }
  const kept = pairs.filter(([name]) => name !== "style" && name !== "class" && !added.some(([other]) => other === name));
  const all = [...kept, ...added, ...(classes.length > 0 ? [["class", classes.join(" ")] as [string, string]] : [])];
  return all.map(([name, value]) => ` ${name}="${value}"`).join("");
}

/**
 * The declarations Temml writes, each as the class the themes' stylesheets
 * give it (test/math.test.ts holds both stylesheets to every one). `display:
 * block math` needs none: Temml's `tml-display` class carries it.
 */
export const STYLE_CLASSES: Record<string, string> = {
  "padding-left:0": "tml-pl-0",
  "padding-left:0em": "tml-pl-0",
  "padding-left:0pt": "tml-pl-0",
  "padding-right:0": "tml-pr-0",
  "padding-right:0em": "tml-pr-0",
  "padding-right:0pt": "tml-pr-0",
  "padding-left:1em": "tml-pl-1",
  "padding-right:1em": "tml-pr-1",
  "padding-left:0.4em": "tml-pl-4",
  "padding-right:0.4em": "tml-pr-4",
  "padding-left:5.9776pt": "tml-pl-col",
  "padding-right:5.9776pt": "tml-pr-col",
  "padding-top:0": "tml-pt-0",
  "padding-bottom:0": "tml-pb-0",
  "padding:0": "tml-p-0",
  "width:50%": "tml-w-half",
  "width:100%": "tml-w-full",
  "math-depth:0": "tml-depth-0",
  "text-align: left": "tml-left",
  "text-align:left": "tml-left",
  "border-left:0.06em solid": "tml-bl-solid",
  "border-left:0.06em dashed": "tml-bl-dashed",
  "border-left:0.15em double": "tml-bl-double",
  "border-right:0.06em solid": "tml-br-solid",
  "border-right:0.06em dashed": "tml-br-dashed",
  "border-right:0.15em double": "tml-br-double",
  "border-top:0.06em solid": "tml-bt-solid",
  "border-top:0.06em dashed": "tml-bt-dashed",
  "border-top:0.15em double": "tml-bt-double",
  "border-bottom:0.06em solid": "tml-bb-solid",
  "border-bottom:0.06em dashed": "tml-bb-dashed",
  "border-bottom:0.15em double": "tml-bb-double",
  "padding:3pt": "tml-boxed",
  "border:1px solid": "tml-boxed",
  "padding:0.3em": "tml-colorbox",
  "font-weight:bold": "tml-bold",
};
