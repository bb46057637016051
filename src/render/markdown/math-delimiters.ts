/**
 * The delimiters of TeX math as each dialect reads them (math.ts describes
 * the dialects), and where a formula opens and ends in a text: what the
 * block and inline rules of math.ts look for, with no parser state of their
 * own.
 */
import type { MathDialect } from "../../content/types.ts";

export const DEFAULT_MATH: MathDialect = "latex";

/** What a render's markdown-it env carries for math. */
export interface MathEnv {
  /** The site's `markdown.math`; `latex` when unset. */
  math?: MathDialect;
  /** Macros a formula defines (`\gdef`), for the page's later formulas, as MathJax keeps them for a page. */
  mathMacros?: Record<string, unknown>;
}

export interface Delimiters {
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

export const DOLLAR = 0x24;
export const BACKSLASH = 0x5c;

export function delimitersOf(env: MathEnv | undefined): Delimiters | undefined {
  const dialect = env?.math ?? DEFAULT_MATH;
  return dialect === "none" ? undefined : DELIMITERS[dialect];
}

/** The closing delimiter of each opening one. */
export const CLOSERS: Record<string, string> = {
  $$: "$$",
  "\\[": "\\]",
  "\\(": "\\)",
  $: "$",
  "\\\\[": "\\\\]",
  "\\\\(": "\\\\)",
  "\\\\\\[": "\\\\\\]",
  "\\\\\\(": "\\\\\\)",
};

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
export function blockOpener(src: string, at: number, delimiters: Delimiters): string | undefined {
  if (src.startsWith("$$", at)) return "$$";
  if (delimiters.backslash && src.startsWith("\\[", at)) return "\\[";
  const escaped = delimiters.escaped ? escapedOpenerAt(src, at) : undefined;
  if (escaped?.endsWith("[")) return escaped;
  return undefined;
}

/** The TeX a formula written through Markdown gave MathJax: each backslash escape of ASCII punctuation (CommonMark §2.4) its character. */
export function unescaped(tex: string, delimiters: Delimiters): string {
  return delimiters.escaped ? tex.replace(/\\([!-/:-@[-`{-~])/g, "$1") : tex;
}

/** Where `closer` first stands in `text` unescaped (not after an odd run of backslashes), or -1. */
export function closingAt(text: string, closer: string, from = 0): number {
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

interface InlineFormula {
  tex: string;
  opener: string;
  display: boolean;
  /** Just past its closing delimiter. */
  end: number;
}

export function inlineFormula(src: string, pos: number, delimiters: Delimiters): InlineFormula | undefined {
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
export function singleDollar(src: string, pos: number): InlineFormula | undefined {
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
