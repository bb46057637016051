/**
 * A formula's TeX as MathML, by Temml (math.ts says why), kept for the
 * formulas a page repeats; and the MathML without the `style` attributes
 * the page's policy would block, each written as a class of the theme's
 * stylesheet instead.
 */
import temml from "temml";

/**
 * Formulas rendered already, by mode and TeX: a blog repeats its `$$p$$`
 * and `$$\theta$$` (1,986 of one real blog's 5,183 formulas were repeats).
 * Kept only while the page defines no macro of its own (`\gdef`), whose
 * meaning would change what a formula writes; emptied when full.
 */
const RENDERED = new Map<string, string>();
const RENDERED_MAX = 10_000;

export function formulaMathml(tex: string, display: boolean, macros: Record<string, unknown>): string {
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
    if (braced !== tex && /with no arguments as (?:sub|super)script/.test(message))
      return temml.renderToString(braced, options);
    const text = tex.replace(
      /\\text\{([^{}]*)\}/g,
      (_, words: string) => `\\text{${words.replace(/(?<!\\)[_&#%]/g, "\\$&")}}`,
    );
    if (text !== tex) return temml.renderToString(text, options);
    throw error;
  }
}

/** Temml's message in one line, without its underlined excerpt, and where in the formula it arose. */
export function parseErrorOf(error: unknown): { reason: string; position?: number } {
  const message = error instanceof Error ? error.message : String(error);
  const reason = message
    .trim()
    .replace(/ at (?:position \d+|end of input):[\s\S]*$/, "")
    .replace(/\s+/g, " ");
  const position = (error as { position?: unknown }).position;
  return { reason, ...(typeof position === "number" ? { position } : {}) };
}

export function escapeHtml(text: string): string {
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
  return mathml.replace(
    /<([a-z]+)((?:\s+[a-z-]+="[^"]*")*)\s*>/g,
    (tag, name: string, attributes: string) => {
      if (!attributes.includes(' style="')) return tag;
      return `<${name}${restyled(attributes)}>`;
    },
  );
}

function restyled(attributes: string): string {
  const pairs = [...attributes.matchAll(/\s+([a-z-]+)="([^"]*)"/g)].map(
    ([, name, value]) => [name, value] as [string, string],
  );
  const style = pairs.find(([name]) => name === "style")?.[1] ?? "";
  const classes = (pairs.find(([name]) => name === "class")?.[1] ?? "").split(" ").filter(Boolean);
  const added: [string, string][] = [];
  for (const declaration of style.split(";")) {
    const [property, ...rest] = declaration.split(":");
    const value = rest.join(":").trim();
    const key = `${property.trim()}:${value}`;
    if (property.trim() === "color" && /^#[0-9a-fA-F]{3,8}$/.test(value)) added.push(["mathcolor", value]);
    else if (property.trim() === "background-color" && /^#[0-9a-fA-F]{3,8}$/.test(value))
      added.push(["mathbackground", value]);
    else if (STYLE_CLASSES[key] && !classes.includes(STYLE_CLASSES[key])) classes.push(STYLE_CLASSES[key]);
  }
  const kept = pairs.filter(
    ([name]) => name !== "style" && name !== "class" && !added.some(([other]) => other === name),
  );
  const all = [
    ...kept,
    ...added,
    ...(classes.length > 0 ? [["class", classes.join(" ")] as [string, string]] : []),
  ];
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
