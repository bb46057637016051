/**
 * The component calls of an MDX text as MDX runs them: each element whose
 * name starts with a capital (`<Card title="x">…</Card>`, `<Figure src={pic}
 * />`, `<Tabs.Item>`), a paired one with all it holds up to its closing tag,
 * an HTML element JSX gives a value (`<img src={pic.src} />`) and an
 * expression (`{year}`), outside code and the `import`/`export` blocks,
 * which MDX runs and never shows. A component inside another's is part of that one: what the outer
 * one gave holds it. Found here so that the site's own build can be asked
 * what each gave (astro-output.ts).
 */
import { proseOf } from "../content/template-tags.ts";
import { withoutModuleCode } from "../content/mdx.ts";
import type { TemplateCall } from "./template-calls.ts";

export interface MdxCall extends TemplateCall {
  /** The line of its last character in the source file. */
  endLine: number;
}

/** An element's opening (`<Card`, `<img`) or an expression's (`{`). */
const OPENING = /<([A-Za-z][\w.:-]*)(?=[\s/>])|\{/g;

/** The calls of `body`, in order; `bodyLine` is the body's first line in the file. */
export function mdxCalls(body: string, bodyLine: number): MdxCall[] {
  if (!/<[A-Za-z]|\{/.test(body)) return [];
  const prose = proseOf(withoutModuleLines(body), { liquid: false });
  const lineOf = (offset: number) => bodyLine + (body.slice(0, offset).match(/\n/g)?.length ?? 0);
  const calls: MdxCall[] = [];
  OPENING.lastIndex = 0;
  for (let match = OPENING.exec(prose); match !== null; match = OPENING.exec(prose)) {
    const start = match.index;
    const name = match[1];
    let end: number | undefined;
    if (name === undefined) end = expressionEnd(prose, start);
    else if (/^[A-Z]/.test(name)) end = callEnd(prose, start, name);
    else {
      // An HTML element is a call only where JSX gives it a value (`<img src={pic.src} />`); else it is HTML, shown as written.
      const tag = tagEnd(prose, start);
      if (tag !== undefined && givesValue(prose.slice(start, tag.end))) end = callEnd(prose, start, name);
      if (end === undefined) {
        OPENING.lastIndex = tag?.end ?? start + 1;
        continue;
      }
    }
    if (end === undefined) continue;
    const written = body.slice(start, end);
    // A comment (`{/* … */}`) is the author's note to themselves, no call: kept as written, as a Liquid `{# … #}` is.
    if (
      name === undefined &&
      written
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .slice(1, -1)
        .trim() === ""
    ) {
      OPENING.lastIndex = end;
      continue;
    }
    const shown = written.length > 60 ? `${written.slice(0, 57).replace(/\s+/g, " ")}…` : written;
    // An expression (`{year}`, a `{/* comment */}`) is named by what it says, as an Eleventy output is.
    calls.push({ start, end, line: lineOf(start), endLine: lineOf(end - 1), name: name ?? shown, shown });
    OPENING.lastIndex = end;
  }
  return calls;
}

/**
 * Whether JSX gives an element's tag a value that the page shows (`src={…}`,
 * `{...props}`): a `style={{…}}` or `className={…}` alone is presentation,
 * which the new page's Content-Security-Policy blocks either way, and the
 * element, with the author's Markdown it holds, is kept as written.
 */
function givesValue(tag: string): boolean {
  return [...tag.matchAll(/([\w:-]+)\s*=\s*\{|\{\s*\.\.\./g)].some(
    (match) => !["style", "className", "class"].includes(match[1] ?? "..."),
  );
}

/** Just after the `}` that closes the expression opened at `start`, read past quoted strings and nested braces. */
function expressionEnd(prose: string, start: number): number | undefined {
  let quote: string | undefined;
  let depth = 0;
  for (let at = start; at < prose.length; at++) {
    const char = prose[at];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (prose.startsWith("/*", at)) {
      // A comment (`{/* don't */}`, MDX's own) holds no string.
      const close = prose.indexOf("*/", at + 2);
      if (close < 0) return undefined;
      at = close + 1;
    } else if (char === '"' || char === "'" || char === "`") quote = char;
    else if (char === "{") depth += 1;
    else if (char === "}") {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
  }
  return undefined;
}

/** The body with each line of its `import` and `export` blocks blanked to spaces, its length kept, so that offsets stay the body's. */
function withoutModuleLines(body: string): string {
  const kept = withoutModuleCode(body).split("\n");
  return body
    .split("\n")
    .map((line, index) => (kept[index] === "" && line !== "" ? line.replace(/[^\n]/g, " ") : line))
    .join("\n");
}

/**
 * Where the element opened at `start` ends: just after its opening tag where
 * that closes itself (`/>`), else just after its closing tag, elements of
 * the same name inside it counted; undefined where it is never closed.
 */
function callEnd(prose: string, start: number, name: string): number | undefined {
  const tag = tagEnd(prose, start);
  if (tag === undefined) return undefined;
  if (tag.closes) return tag.end;
  const escaped = name.replace(/\./g, "\\.");
  const either = new RegExp(`<${escaped}(?=[\\s/>])|</${escaped}\\s*>`, "g");
  either.lastIndex = tag.end;
  let depth = 1;
  for (let found = either.exec(prose); found !== null; found = either.exec(prose)) {
    if (found[0].startsWith("</")) {
      depth -= 1;
      if (depth === 0) return found.index + found[0].length;
      continue;
    }
    const inner = tagEnd(prose, found.index);
    if (inner === undefined) return undefined;
    if (!inner.closes) depth += 1;
    either.lastIndex = inner.end;
  }
  return undefined;
}

/** The end of the tag that opens at `start` (after its `>`), read past quoted values and `{…}` expressions, and whether it closes itself. */
function tagEnd(prose: string, start: number): { end: number; closes: boolean } | undefined {
  let quote: string | undefined;
  let depth = 0;
  for (let at = start + 1; at < prose.length; at++) {
    const char = prose[at];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === "{") depth += 1;
    else if (char === "}") depth -= 1;
    else if (depth > 0) {
      if (char === "`" || char === '"' || char === "'") quote = char;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === ">") return { end: at + 1, closes: prose[at - 1] === "/" };
    else if (char === "<") return undefined;
  }
  return undefined;
}
