/**
 * A formula read as a reader sees it, whatever it was written in: the TeX an
 * old page left to MathJax or KaTeX in the browser (`\(…\)`, `\[…\]`,
 * `$$…$$`, `$…$` where the page's script asks for it, an environment, or
 * MathJax 2's `<script type="math/tex">`) and the MathML a new page shows
 * (its `application/x-tex` annotation where it has one, else its own text)
 * are both read as the text of the MathML Temml writes, each sign a word: so
 * `$\varphi = \frac{a}{b}$` is `φ = a b` on either side, a formula moved
 * counts as kept, and a formula the new page lacks counts as missing. TeX
 * Temml cannot read is read as written, as the new site shows it then
 * (src/render/markdown/math.ts).
 */
import { parseDocument } from "htmlparser2";
import { allElements, isElement, textOf } from "./elements.ts";
import type { ChildNode, Element } from "domhandler";
import { formulaMathml } from "../../render/markdown/math-render.ts";

/** How a page's TeX is found and read: only on a page that loads MathJax or KaTeX, which are what made TeX a formula there. */
export interface FormulaReading {
  /** Whether `$…$` is a formula: only where the page's script names `$` a delimiter (neither's default does). */
  dollar: boolean;
  /** What a formula defines with `\gdef`, for the page's later formulas, as MathJax keeps them for a page. */
  macros: Record<string, unknown>;
}

const MATH_SCRIPT = /mathjax|katex/i;
/** `['$','$']` (MathJax's `inlineMath`) or `{left: '$', …}` (KaTeX's auto-render `delimiters`). */
const DOLLAR_DELIMITER = /\[\s*(["'])\$\1\s*,\s*(["'])\$\2\s*\]|left\s*:\s*(["'])\$\3/;

/** How the page reads its TeX, or undefined where it loads no script that typesets it: there TeX is text. */
export function formulaReading(nodes: ChildNode[]): FormulaReading | undefined {
  const scripts = allElements(nodes, (element) => element.name === "script");
  const code = scripts.map((script) => `${script.attribs.onload ?? ""}\n${textOf(script)}`).join("\n");
  if (!scripts.some((script) => MATH_SCRIPT.test(script.attribs.src ?? "")) && !MATH_SCRIPT.test(code))
    return undefined;
  return { dollar: DOLLAR_DELIMITER.test(code), macros: {} };
}

/** A text with each formula in it as its signs. */
export function withFormulasShown(text: string, reading: FormulaReading): string {
  if (!/[$\\]/.test(text)) return text;
  let shown = "";
  let at = 0;
  let from = 0;
  while (at < text.length) {
    const formula = formulaAt(text, at, reading.dollar);
    if (!formula) {
      const next = text.slice(at + 1).search(/[$\\]/);
      at = next === -1 ? text.length : at + 1 + next;
      continue;
    }
    shown += `${text.slice(from, at)} ${texShown(formula.tex, formula.display, reading.macros) ?? text.slice(at, formula.end)} `;
    at = from = formula.end;
  }
  return (shown + text.slice(from)).replace(/\s+/g, " ").trim();
}

/** A `<script type="math/tex">` (MathJax 2's, kramdown 1's), as its formula's signs; undefined for any other script. */
export function scriptFormula(element: Element, reading: FormulaReading | undefined): string | undefined {
  const type = /^\s*math\/tex\s*(;\s*mode\s*=\s*display)?/i.exec(element.attribs.type ?? "");
  if (!reading || !type) return undefined;
  const tex = textOf(element);
  return texShown(tex, type[1] !== undefined, reading.macros) ?? tex;
}

/** A `<math>` element's signs: of its TeX annotation where Temml reads it, else of its own tokens. */
export function mathShown(element: Element): string {
  const annotation = allElements(
    element.children,
    (inner) => inner.name === "annotation" && /^application\/x-tex$/i.test(inner.attribs.encoding ?? ""),
  )[0];
  const display = element.attribs.display === "block";
  return (annotation && texShown(textOf(annotation), display, {})) ?? signsOf(element.children);
}

/** The signs of TeX as Temml writes it, or undefined where Temml cannot read it. */
function texShown(tex: string, display: boolean, macros: Record<string, unknown>): string | undefined {
  try {
    return signsOf(parseDocument(formulaMathml(tex, display, macros)).children);
  } catch {
    return undefined;
  }
}

/** Each token's text (`<mi>`, `<mn>`, `<mo>`, `<mtext>`), one apart from the next, so `<mi>a</mi><mi>b</mi>` is two words; annotations are no part of what is shown. */
function signsOf(nodes: ChildNode[]): string {
  const signs: string[] = [];
  const walk = (children: ChildNode[]) => {
    for (const node of children) {
      if (node.type === "text") signs.push(node.data.trim());
      else if (isElement(node) && node.name !== "annotation" && node.name !== "annotation-xml")
        walk(node.children);
    }
  };
  walk(nodes);
  return signs.filter((sign) => sign !== "").join(" ");
}

/** The delimiters MathJax and KaTeX read by default, display first: `$$` before `$`. */
const PAIRS: [string, string, boolean][] = [
  ["$$", "$$", true],
  ["\\[", "\\]", true],
  ["\\(", "\\)", false],
];
const ENVIRONMENT = /\\begin\{([A-Za-z]+\*?)\}/y;

/** The formula that opens at `at`, with where it ends (after its closing delimiter). */
function formulaAt(
  text: string,
  at: number,
  dollar: boolean,
): { tex: string; display: boolean; end: number } | undefined {
  // `\$` is a dollar sign, and `\\(` a line break and a parenthesis, to both readers.
  if (at > 0 && text[at - 1] === "\\") return undefined;
  for (const [open, close, display] of PAIRS) {
    if (!text.startsWith(open, at)) continue;
    const end = text.indexOf(close, at + open.length);
    if (end > at + open.length)
      return { tex: text.slice(at + open.length, end), display, end: end + close.length };
  }
  ENVIRONMENT.lastIndex = at;
  const environment = ENVIRONMENT.exec(text);
  if (environment) {
    const close = `\\end{${environment[1]}}`;
    const end = text.indexOf(close, ENVIRONMENT.lastIndex);
    if (end !== -1)
      return { tex: text.slice(at, end + close.length), display: true, end: end + close.length };
  }
  if (!dollar || text[at] !== "$" || text[at + 1] === "$" || /\s/.test(text[at + 1] ?? " ")) return undefined;
  // Pandoc's rule against currency, as markdown-it-texmath keeps it: `$` closes after a non-space and before no digit, so `$5 and $10` is text.
  for (let end = text.indexOf("$", at + 1); end !== -1; end = text.indexOf("$", end + 1))
    if (!/\s/.test(text[end - 1]) && text[end - 1] !== "\\" && !/\d/.test(text[end + 1] ?? ""))
      return { tex: text.slice(at + 1, end), display: false, end: end + 1 };
  return undefined;
}
